//! `#[derive(HclDecode)]`: typed configuration structs decoded by hcldecode.
//!
//! Use it through the `hcldecode` crate, which re-exports it; the attributes
//! are documented in `hcldecode::typed::derive_reference`.
//!
//! The derive follows serde_derive's structure: the input and its `#[hcl]`
//! attributes are parsed into a model ([`ast`], [`attr`]), the model is
//! checked ([`check`]: the struct's spec is built as far as the syntax
//! shows and run through `hcldecode_spec`'s validator and type-expression
//! evaluator, and `check_spec` files are loaded with its loader), every
//! error is collected, and only then is code generated ([`expand`]). After
//! an error, stub impls are emitted so that the error is all the user sees.
#![deny(missing_docs)]

use proc_macro::TokenStream;
use proc_macro2::Span;
use syn::{DeriveInput, parse_macro_input};

mod ast;
mod attr;
mod check;
mod encode;
mod expand;
mod self_check;
mod shape;
mod trait_impls;

use ast::{Body, VariantForm};
use attr::Ctxt;

/// Derives `hcldecode::HclDecode` for a struct or enum. See
/// `hcldecode::typed::derive_reference` for the attributes.
#[proc_macro_derive(HclDecode, attributes(hcl))]
pub fn derive_hcl_decode(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    derive(&input).into()
}

/// Derives `hcldecode::encode::HclEncode` for a struct or enum, with the
/// attributes of `HclDecode`: a value is written as HCL that `HclDecode`
/// reads back. `Expression` fields and `remain` bodies are written as
/// their source text; an `Expression` inside a collection (which
/// `HclDecode` does not read either) is a compile error.
#[proc_macro_derive(HclEncode, attributes(hcl))]
pub fn derive_hcl_encode(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    derive_encode(&input).into()
}

fn derive_encode(input: &DeriveInput) -> proc_macro2::TokenStream {
    let mut cx = Ctxt::default();
    let out = ast::container(&mut cx, input).and_then(|c| encode::expand(&mut cx, &c));
    match (out, cx.finish()) {
        (Some(out), Ok(())) => out,
        (_, r) => {
            let mut out = match r {
                Err(e) => e.to_compile_error(),
                Ok(()) => proc_macro2::TokenStream::new(),
            };
            out.extend(encode::stub(input));
            out
        }
    }
}

fn derive(input: &DeriveInput) -> proc_macro2::TokenStream {
    let mut cx = Ctxt::default();
    let Some(mut c) = ast::container(&mut cx, input) else {
        return fail(cx, input);
    };
    let owner = input.ident.to_string();
    let mut spec_file = None;
    match &mut c.data {
        Body::Struct(fields) => {
            check::check_fields(&mut cx, fields);
            check::validate(&mut cx, fields);
            if let Some(path) = &c.attrs.check_spec
                && !cx.has_errors()
            {
                spec_file = check::check_spec(&mut cx, fields, path, &owner);
            }
        }
        Body::UnitEnum(vs) | Body::BlockEnum(vs) => {
            if let Some(p) = &c.attrs.check_spec {
                cx.error(p.span, "check_spec applies to structs");
            }
            let mut seen: Vec<(String, Span)> = Vec::new();
            for v in vs.iter_mut() {
                if let Some((_, _)) = seen.iter().find(|(n, _)| *n == v.name) {
                    cx.error(
                        v.name_span,
                        format!("another variant already has the HCL name {:?}", v.name),
                    );
                }
                seen.push((v.name.clone(), v.name_span));
                if let VariantForm::Struct(fields) = &mut v.form {
                    check::check_fields(&mut cx, fields);
                    check::validate(&mut cx, fields);
                }
            }
        }
    }
    if cx.has_errors() {
        return fail(cx, input);
    }
    expand::expand(&c, spec_file.as_deref())
}

fn fail(cx: Ctxt, input: &DeriveInput) -> proc_macro2::TokenStream {
    let mut out = match cx.finish() {
        Err(e) => e.to_compile_error(),
        Ok(()) => proc_macro2::TokenStream::new(),
    };
    out.extend(trait_impls::stubs(input));
    out
}
