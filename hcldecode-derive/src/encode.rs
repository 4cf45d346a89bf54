//! `#[derive(HclEncode)]`: writes a value of a type `HclDecode` reads back
//! as HCL. It reads the same model ([`crate::ast`]) as the decode derive,
//! so both agree on names, kinds and labels; what it does not support yet
//! is a compile error at the attribute or type concerned.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Body, Container, Field, VariantForm};
use crate::attr::{Ctxt, Kind};
use crate::shape::{BlockKind, Shape};

fn is_expression(s: &Shape) -> bool {
    match s {
        Shape::Expression => true,
        Shape::Option(i) | Shape::List(i) | Shape::Set(i) | Shape::Map(i) => is_expression(i),
        Shape::Tuple(ts) => ts.iter().any(is_expression),
        _ => false,
    }
}

/// Reports every field option the encoder does not support yet.
fn check_fields(cx: &mut Ctxt, fields: &[Field<'_>]) {
    for f in fields {
        match f.kind {
            Kind::Remain => cx.error(
                f.kind_span,
                "HclEncode does not support `hcl(remain)` yet: a remaining Body cannot be written back",
            ),
            Kind::Flatten => cx.error(
                f.kind_span,
                "HclEncode does not support `hcl(flatten)` yet",
            ),
            _ => {}
        }
        if let Some(s) = f.attrs.serde {
            cx.error(s, "HclEncode does not support `hcl(serde)` fields yet");
        }
        if let Some(s) = f.attrs.tag {
            cx.error(
                s,
                "HclEncode does not support tagged enums (`hcl(tag = \"label\")`) yet",
            );
        }
        if is_expression(&f.shape) {
            cx.error(
                f.ty.span(),
                "HclEncode does not support Expression fields yet: an unevaluated expression has no value to write",
            );
        }
    }
}

/// The statements writing `fields` (reached as `#access.field`) into
/// `__body`, and the label pushes.
struct FieldsCode {
    body: Vec<TokenStream>,
    labels: Vec<TokenStream>,
    /// `(name, value)` of each attribute field, when the struct is only
    /// attributes (an attribute's object value).
    object: Option<Vec<TokenStream>>,
}

fn fields_code(fields: &[Field<'_>]) -> FieldsCode {
    let mut body = Vec::new();
    let mut labels = Vec::new();
    let mut object = Some(Vec::new());
    for f in fields {
        let id = f.ident;
        let name = &f.name;
        let span = f.ty.span();
        match f.kind {
            Kind::Attr => {
                body.push(quote_spanned!(span=> __enc::attr(__body, #name, &self.#id)?;));
                if let Some(o) = &mut object {
                    o.push(quote_spanned!(span=> (#name, __enc::HclEncode::to_value(&self.#id)?)));
                }
            }
            Kind::Label => {
                object = None;
                labels.push(quote_spanned!(span=>
                    __labels.push(::std::string::ToString::to_string(&*self.#id));
                ));
            }
            Kind::BlockAttrs => {
                object = None;
                body.push(quote_spanned!(span=> __enc::block_attrs(__body, #name, &self.#id)?;));
            }
            Kind::Block => {
                object = None;
                body.push(block_code(f));
            }
            // Reported by `check_fields`.
            Kind::Remain | Kind::Flatten => {}
        }
    }
    FieldsCode {
        body,
        labels,
        object,
    }
}

fn block_code(f: &Field<'_>) -> TokenStream {
    let id = f.ident;
    let name = &f.name;
    let span = f.ty.span();
    match f.shape.block_kind() {
        BlockKind::Single => quote_spanned!(span=> __enc::block(__body, #name, &[], &self.#id)?;),
        BlockKind::Optional => quote_spanned!(span=>
            if let ::core::option::Option::Some(__v) = &self.#id {
                __enc::block(__body, #name, &[], __v)?;
            }
        ),
        BlockKind::List | BlockKind::Set => quote_spanned!(span=>
            for __v in self.#id.iter() {
                __enc::block(__body, #name, &[], __v)?;
            }
        ),
        BlockKind::Map(depth) => {
            let keys: Vec<_> = (0..depth).map(|i| format_ident!("__k{}", i)).collect();
            let vals: Vec<_> = (0..depth).map(|i| format_ident!("__v{}", i)).collect();
            let last = &vals[depth - 1];
            let mut code =
                quote_spanned!(span=> __enc::block(__body, #name, &[#(#keys),*], #last)?;);
            for i in (0..depth).rev() {
                let k = &keys[i];
                let v = &vals[i];
                let src = if i == 0 {
                    quote!(&self.#id)
                } else {
                    let prev = &vals[i - 1];
                    quote!(#prev)
                };
                code = quote_spanned!(span=>
                    for (#k, #v) in __enc::entries(#src) {
                        #code
                    }
                );
            }
            code
        }
    }
}

pub fn expand(cx: &mut Ctxt, c: &Container<'_>) -> Option<TokenStream> {
    let input = c.input;
    let ident = &input.ident;
    let tyname = ident.to_string();
    let items = match &c.data {
        Body::Struct(fields) => {
            check_fields(cx, fields);
            let FieldsCode {
                body,
                labels,
                object,
            } = fields_code(fields);
            let to_value = match object {
                Some(props) => quote! {
                    ::core::result::Result::Ok(__enc::object(::std::vec![#(#props),*]))
                },
                None => quote! {
                    ::core::result::Result::Err(__enc::not_a_value(#tyname))
                },
            };
            quote! {
                fn to_value(&self) -> ::core::result::Result<__enc::Value, __enc::EncodeError> {
                    #to_value
                }
                fn encode_body(&self, __body: &mut __enc::BodyWriter) -> ::core::result::Result<(), __enc::EncodeError> {
                    #(#body)*
                    ::core::result::Result::Ok(())
                }
                fn encode_labels(&self, __labels: &mut ::std::vec::Vec<::std::string::String>) -> ::core::result::Result<(), __enc::EncodeError> {
                    #(#labels)*
                    ::core::result::Result::Ok(())
                }
            }
        }
        Body::UnitEnum(vs) => {
            let arms = vs.iter().map(|v| {
                let id = v.ident;
                let name = &v.name;
                quote!(Self::#id => #name)
            });
            quote! {
                fn to_value(&self) -> ::core::result::Result<__enc::Value, __enc::EncodeError> {
                    ::core::result::Result::Ok(__enc::Value::string(match self {
                        #(#arms,)*
                    }))
                }
            }
        }
        Body::BlockEnum(vs) => {
            for v in vs {
                if !matches!(v.form, VariantForm::Unit) {
                    cx.error(
                        v.ident.span(),
                        "HclEncode does not support enums of block types yet (variants holding a body); only enums of unit variants, written as strings",
                    );
                }
            }
            quote!()
        }
    };
    if cx.has_errors() {
        return None;
    }
    let mut generics = input.generics.clone();
    for p in generics.type_params_mut() {
        p.bounds
            .push(syn::parse_quote!(::hcldecode::encode::HclEncode));
    }
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    Some(quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            use ::hcldecode::encode::__private as __enc;
            impl #impl_generics __enc::HclEncode for #ident #ty_generics #where_clause {
                #items
            }
        };
    })
}

/// An impl that compiles whatever the input, emitted after a compile
/// error so that it is the only error the user sees.
pub fn stub(input: &syn::DeriveInput) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        const _: () = {
            use ::hcldecode::encode::__private as __enc;
            impl #impl_generics __enc::HclEncode for #ident #ty_generics #where_clause {
                fn to_value(&self) -> ::core::result::Result<__enc::Value, __enc::EncodeError> {
                    ::core::result::Result::Err(__enc::EncodeError::Custom(::std::string::String::from("HclEncode derive failed")))
                }
            }
        };
    }
}
