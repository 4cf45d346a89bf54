//! Code generation: the `HclDecode` impl (spec and construction) and the
//! block-body impls, from the checked model.

use std::collections::HashSet;

use proc_macro2::{TokenStream, TokenTree};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use hcldecode_spec::types::Type;

use crate::ast::{Body, Container, Field, Variant, VariantForm};
use crate::attr::{Default_, Kind};
use crate::check::property_key;

/// `Type` construction tokens.
fn type_tokens(t: &Type) -> TokenStream {
    match t {
        Type::Dynamic => quote!(__hcl::Type::Dynamic),
        Type::Bool => quote!(__hcl::Type::Bool),
        Type::Number => quote!(__hcl::Type::Number),
        Type::String => quote!(__hcl::Type::String),
        Type::List(e) => {
            let e = type_tokens(e);
            quote!(__hcl::Type::list(#e))
        }
        Type::Set(e) => {
            let e = type_tokens(e);
            quote!(__hcl::Type::set(#e))
        }
        Type::Map(e) => {
            let e = type_tokens(e);
            quote!(__hcl::Type::map(#e))
        }
        Type::Object(o) => {
            let items = o.attrs().iter().map(|(n, t)| {
                let n: &str = n;
                let t = type_tokens(t);
                quote!((#n, #t))
            });
            quote!(__hcl::Type::object(::std::vec![#(#items),*]))
        }
        Type::Tuple(ts) => {
            let items = ts.iter().map(type_tokens);
            quote!(__hcl::Type::tuple(::std::vec![#(#items),*]))
        }
    }
}

/// Whether `tokens` mention one of the type parameters.
fn mentions(tokens: TokenStream, params: &HashSet<String>) -> bool {
    tokens.into_iter().any(|t| match t {
        TokenTree::Ident(i) => params.contains(&i.to_string()),
        TokenTree::Group(g) => mentions(g.stream(), params),
        _ => false,
    })
}

struct Gen<'a> {
    c: &'a Container<'a>,
    params: HashSet<String>,
    /// Where-predicates for field types that mention type parameters.
    bounds: Vec<TokenStream>,
}

impl Gen<'_> {
    fn bound(&mut self, ty: &syn::Type, tr: TokenStream) {
        if mentions(ty.to_token_stream(), &self.params) {
            self.bounds.push(quote!(#ty: #tr));
        }
    }
}

/// `spec` with the field's doc comment as its description, where it has
/// one (it replaces the description of the field type's doc comment).
fn described(f: &Field<'_>, spec: TokenStream) -> TokenStream {
    match &f.doc {
        Some(doc) => quote!(__hcl::spec::described(#spec, #doc)),
        None => spec,
    }
}

fn block_opts(f: &Field<'_>) -> TokenStream {
    let name = &f.name;
    let min = f.attrs.min_items.as_ref().map_or(0, |m| m.value);
    let max = f.attrs.max_items.as_ref().map_or(0, |m| m.value);
    let required = f.attrs.required.is_some();
    let labels = f
        .attrs
        .labels
        .as_ref()
        .map(|l| l.value.clone())
        .unwrap_or_default();
    let tag = f.attrs.tag.is_some();
    // Made once per field (they depend on its attributes alone, so a
    // static serves every instantiation of a generic type): every body
    // read would otherwise build and drop them.
    quote! {
        {
            static OPTS: ::std::sync::OnceLock<__hcl::BlockOptions> = ::std::sync::OnceLock::new();
            OPTS.get_or_init(|| __hcl::BlockOptions {
                type_name: ::std::string::String::from(#name),
                min_items: #min,
                max_items: #max,
                required: #required,
                labels: ::std::vec![#(::std::string::String::from(#labels)),*],
                tag: #tag,
            })
        }
    }
}

/// The spec, construction and attribute-type code of a set of fields
/// (a struct, or a struct-like variant). `ctor` is `Self` or
/// `Self::Variant`.
struct StructCode {
    spec: TokenStream,
    from: TokenStream,
    hcl_type: TokenStream,
    hcl_optional: TokenStream,
    hcl_constraint: TokenStream,
    /// The body of the direct read (`Internals::direct_body`), where every
    /// field can be read directly (attributes and blocks).
    direct: Option<TokenStream>,
    /// The body of `HclDecode::locate`: a Rust field name steps to the
    /// field's property.
    locate: TokenStream,
}

/// `T` of a type written `Option<T>`.
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    match ty {
        syn::Type::Group(g) => option_inner(&g.elem),
        syn::Type::Paren(p) => option_inner(&p.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let seg = p.path.segments.last()?;
            if seg.ident != "Option" {
                return None;
            }
            match &seg.arguments {
                syn::PathArguments::AngleBracketed(a) => match a.args.first()? {
                    syn::GenericArgument::Type(t) if a.args.len() == 1 => Some(t),
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    }
}

/// `(&Probe::<T>::NEW)`: reaches `T`'s impls (see `__private`).
fn probe(ty: &syn::Type) -> TokenStream {
    quote_spanned!(ty.span()=> (&__hcl::probe::Probe::<#ty>::NEW))
}

fn struct_code(g: &mut Gen<'_>, fields: &[Field<'_>], ctor: TokenStream) -> StructCode {
    let mut parts = Parts {
        direct_gets: Some(Vec::new()),
        ..Parts::default()
    };
    // Where each property's name sorts among the struct's: its position in
    // the decoded object's type (which sorts by name), passed as a hint.
    let mut sorted: Vec<String> = fields
        .iter()
        .filter(|f| f.kind != Kind::Remain)
        .map(property_key)
        .collect();
    sorted.sort();
    sorted.dedup();
    for (i, f) in fields.iter().enumerate() {
        let tspan = f.ty.span();
        let orig = f.ty;
        // A `serde` field decodes as `Serde<T>` (or `Option<Serde<T>>`)
        // and is unwrapped when the struct is built.
        let serde = f.attrs.serde.is_some() && f.kind == Kind::Attr;
        let option_inner = if serde { option_inner(f.ty) } else { None };
        let wrapped: Option<syn::Type> = match (serde, option_inner) {
            (false, _) => None,
            (true, Some(inner)) => Some(syn::parse_quote_spanned!(tspan=>
                ::core::option::Option<::hcldecode::serde::Serde<#inner>>)),
            (true, None) => {
                Some(syn::parse_quote_spanned!(tspan=> ::hcldecode::serde::Serde<#orig>))
            }
        };
        let ty: &syn::Type = wrapped.as_ref().unwrap_or(f.ty);
        let p = probe(ty);
        let name = &f.name;
        let key = property_key(f);
        let var = format_ident!("__f{}", i);
        let ident = f.ident;
        let has_default = f.attrs.default.is_some();
        let default_fn = default_fn(f, serde, option_inner.is_some());
        let hint = sorted.binary_search(&key).unwrap_or(usize::MAX);
        let index = parts.index;
        let idx = quote!(__hcl::read::Slot { index: #index, hint: #hint });
        let c = FieldCtx {
            f,
            ty,
            p: p.clone(),
            name,
            key: key.clone(),
            var: var.clone(),
            idx: idx.clone(),
            has_default,
            default_fn: default_fn.clone(),
            serde,
            index,
        };
        let rust_name = f.ident.unraw().to_string();
        let locate = match f.kind {
            Kind::Attr | Kind::Label | Kind::BlockAttrs => {
                Some(quote!(#rust_name => #p.locate(__rest, __at, #index, #name)))
            }
            Kind::Flatten => Some(quote!(#rust_name => #p.locate(__rest, __at, #index, #key))),
            Kind::Block => {
                Some(quote!(#rust_name => #p.locate_blocks(__rest, __at, #index, #name)))
            }
            Kind::Remain => None,
        };
        parts.locate_arms.extend(locate);
        parts
            .outline
            .extend(crate::self_check::entry(f, parts.label_index));
        match f.kind {
            Kind::Attr => attr_code(g, &mut parts, &c),
            Kind::Label => label_code(g, &mut parts, &c),
            Kind::Block => block_code(g, &mut parts, &c),
            Kind::BlockAttrs => block_attrs_code(g, &mut parts, &c),
            Kind::Flatten => flatten_code(g, &mut parts, &c),
            Kind::Remain => remain_code(g, &mut parts, &c),
        }
        parts.vars.push(var.clone());
        match (serde, option_inner.is_some()) {
            (false, _) => parts.inits.push(quote!(#ident: #var)),
            (true, true) => parts.inits.push(quote!(#ident: #var.map(|__s| __s.0))),
            (true, false) => parts.inits.push(quote!(#ident: #var.0)),
        }
    }
    parts.finish(g, ctor, &sorted)
}

/// The function giving a field's default (`#[hcl(default)]`), wrapped
/// as a `serde` field is.
fn default_fn(f: &Field<'_>, serde: bool, optional: bool) -> Option<TokenStream> {
    let tspan = f.ty.span();
    let orig = f.ty;
    f.attrs.default.as_ref().map(|d| {
        let plain = match &d.value {
            Default_::Trait => {
                quote_spanned!(tspan=> <#orig as ::core::default::Default>::default)
            }
            Default_::Path(p) => p.to_token_stream(),
        };
        match (serde, optional) {
            (false, _) => plain,
            (true, true) => quote!(|| (#plain)().map(::hcldecode::serde::Serde)),
            (true, false) => quote!(|| ::hcldecode::serde::Serde((#plain)())),
        }
    })
}
/// A `label` field: its label spec, read from the block header.
fn label_code(g: &mut Gen<'_>, parts: &mut Parts, c: &FieldCtx<'_>) {
    let FieldCtx {
        ty,
        p,
        name,
        key,
        var,
        idx,
        index,
        ..
    } = c;
    g.bound(ty, quote!(__hcl::HclDecode));
    parts.asserts.push(c.assert("assert_decode"));
    let li = parts.label_index;
    parts.label_index += 1;
    parts
        .props
        .push(quote!((#key, __hcl::spec::field::label(#li, #name))));
    if let Some(gets) = &mut parts.direct_gets {
        gets.push(quote!(let #var = #p.direct_label(__b, #index)?;));
    }
    parts
        .lets
        .push(quote!(let #var = __errs.take(#p.attr(__value, __at, #idx, #name));));
    parts.other_field(name, quote!(__hcl::Type::String));
    parts.index += 1;
}

/// A `block` field: the spec and reader of its blocks.
fn block_code(g: &mut Gen<'_>, parts: &mut Parts, c: &FieldCtx<'_>) {
    let FieldCtx {
        f,
        ty,
        p,
        name,
        key,
        var,
        idx,
        index,
        ..
    } = c;
    g.bound(ty, quote!(__hcl::HclBlocks));
    parts.asserts.push(c.assert("assert_blocks"));
    if f.attrs.tag.is_some() {
        parts.asserts.push(c.assert("assert_tagged"));
    }
    let opts = block_opts(f);
    let spec = described(f, quote!(#p.block_spec(#opts)));
    parts.props.push(quote!((#key, #spec)));
    parts
        .lets
        .push(quote!(let #var = __errs.take(#p.blocks(__value, __at, #idx, #opts));));
    if let Some(gets) = &mut parts.direct_gets {
        gets.push(quote!(let #var = #p.direct_blocks(__b, #index, #opts)?;));
    }
    parts.other_field(name, quote!(__hcl::Type::Dynamic));
    parts.index += 1;
}

/// A `block_attrs` field: a block read as a map of its attributes.
fn block_attrs_code(g: &mut Gen<'_>, parts: &mut Parts, c: &FieldCtx<'_>) {
    let FieldCtx {
        f,
        ty,
        p,
        name,
        key,
        var,
        idx,
        has_default,
        default_fn,
        ..
    } = c;
    g.bound(ty, quote!(__hcl::HclDecode));
    parts.asserts.push(c.assert("assert_decode"));
    let elem = match &f.declared {
        Some(t) => type_tokens(t),
        None => quote!(__hcl::spec::element_type(#p.hcl_type())),
    };
    let required = f.attrs.required.is_some();
    let required =
        quote!(__hcl::spec::field::block_attrs_required(#required, #has_default, #p.optional()));
    let spec = described(
        f,
        quote!(__hcl::spec::field::block_attrs(#name, #elem, #required, #p.hcl_constraint())),
    );
    parts.props.push(quote!((#key, #spec)));
    parts.direct_gets = None;
    let get = match &default_fn {
        Some(d) => quote!(#p.attr_or(__value, __at, #idx, #name, #d)),
        None => quote!(#p.attr(__value, __at, #idx, #name)),
    };
    parts.lets.push(quote!(let #var = __errs.take(#get);));
    parts.other_field(name, quote!(__hcl::Type::Dynamic));
    parts.index += 1;
}

/// A `flatten` field: a struct read from the same body.
fn flatten_code(g: &mut Gen<'_>, parts: &mut Parts, c: &FieldCtx<'_>) {
    let FieldCtx {
        ty,
        p,
        key,
        var,
        idx,
        ..
    } = c;
    parts.flatten = true;
    g.bound(ty, quote!(__hcl::HclDecode));
    parts.asserts.push(c.assert("assert_decode"));
    parts.props.push(quote!((#key, #p.spec())));
    parts.direct_gets = None;
    parts
        .lets
        .push(quote!(let #var = __errs.take(#p.flatten(__value, __at, #idx, #key));));
    parts.other_field(key, quote!(__hcl::Type::Dynamic));
    parts.index += 1;
}

/// A `remain` field: what the other fields leave of the body.
fn remain_code(g: &mut Gen<'_>, parts: &mut Parts, c: &FieldCtx<'_>) {
    let FieldCtx { ty, p, var, .. } = c;
    g.bound(ty, quote!(__hcl::HclRemain));
    parts.asserts.push(c.assert("assert_remain"));
    parts.remain = true;
    parts.direct_gets = None;
    parts
        .lets
        .push(quote!(let #var = ::core::option::Option::Some(#p.remain(__at));));
}

/// An attribute field's part of its struct's code.
fn attr_code(g: &mut Gen<'_>, parts: &mut Parts, c: &FieldCtx<'_>) {
    let FieldCtx {
        f,
        ty,
        p,
        name,
        key,
        var,
        idx,
        has_default,
        default_fn,
        serde,
        index,
        ..
    } = c;
    g.bound(ty, quote!(__hcl::HclDecode));
    parts.asserts.push(c.assert("assert_decode"));
    let required = quote!(__hcl::spec::field::attr_required(#has_default, #p.optional()));
    let spec = quote!(#p.attr_spec(#name, #required));
    let spec = match (&f.declared, &f.attrs.type_expr) {
        // With `optional(...)`: the constraint and its defaults
        // are built from the text when the spec is.
        (Some(_), Some(src)) if src.value.contains("optional") => {
            let src = &src.value;
            quote!(__hcl::spec::with_type_constraint(#spec, #src))
        }
        (Some(t), _) => {
            let t = type_tokens(t);
            quote!(__hcl::spec::with_type(#spec, #t))
        }
        (None, _) => spec,
    };
    let spec = if *has_default {
        quote!(__hcl::spec::defaulted(#spec))
    } else {
        spec
    };
    let spec = described(f, spec);
    parts.props.push(quote!((#key, #spec)));
    let get = match default_fn {
        Some(d) => quote!(#p.attr_or(__value, __at, #idx, #name, #d)),
        None => quote!(#p.attr(__value, __at, #idx, #name)),
    };
    parts.lets.push(quote!(let #var = __errs.take(#get);));
    let direct = match (default_fn, *serde) {
        (_, true) => None,
        (Some(d), false) => Some(quote!(#p.direct_attr_or(__b, #index, #d))),
        (None, false) => Some(quote!(#p.direct_attr(__b, #index))),
    };
    match (direct, &mut parts.direct_gets) {
        (Some(get), Some(gets)) => gets.push(quote!(let #var = #get?;)),
        _ => parts.direct_gets = None,
    }
    let plain = f.declared.is_none();
    parts.type_fields.push(quote!(__hcl::spec::FieldType {
        name: #name,
        ty: #p.hcl_type(),
        attr: #plain,
        required: #required,
        optional: #p.hcl_optional(),
        constraint: if #has_default {
            #p.hcl_constraint().map(__hcl::ValueConstraint::nullable)
        } else {
            #p.hcl_constraint()
        },
    }));
    parts.index += 1;
}

/// What a struct's fields contribute to its generated code, gathered
/// field by field.
#[derive(Default)]
struct Parts {
    props: Vec<TokenStream>,
    asserts: Vec<TokenStream>,
    lets: Vec<TokenStream>,
    vars: Vec<proc_macro2::Ident>,
    inits: Vec<TokenStream>,
    type_fields: Vec<TokenStream>,
    /// `HclDecode::locate`'s match arms, a field's Rust name each.
    locate_arms: Vec<TokenStream>,
    remain: bool,
    flatten: bool,
    label_index: usize,
    /// The field's slot among the decoded ones (labels and attributes
    /// and blocks, not `remain`).
    index: usize,
    /// How each field is read from a body decoded directly (`None`: it
    /// cannot be, nor then the struct).
    direct_gets: Option<Vec<TokenStream>>,
    /// The compile-time outline's entries (`self_check`).
    outline: Vec<TokenStream>,
}

/// One field, as the code for its kind needs it.
struct FieldCtx<'a> {
    f: &'a Field<'a>,
    ty: &'a syn::Type,
    p: TokenStream,
    name: &'a String,
    key: String,
    var: proc_macro2::Ident,
    idx: TokenStream,
    has_default: bool,
    default_fn: Option<TokenStream>,
    serde: bool,
    index: usize,
}

impl FieldCtx<'_> {
    /// A call of the derive's assertion `tr` on the field's type.
    fn assert(&self, tr: &str) -> TokenStream {
        let tr = format_ident!("{}", tr);
        let ty = self.ty;
        quote_spanned!(ty.span()=> __hcl::probe::#tr::<#ty>();)
    }
}

impl Parts {
    /// The object-type entry of a field that is not a plain attribute
    /// (label, block, `block_attrs`, flatten): named `name`, of type `ty`.
    fn other_field(&mut self, name: &str, ty: TokenStream) {
        self.type_fields.push(quote!(__hcl::spec::FieldType { name: #name, ty: #ty, attr: false, required: false, optional: ::core::option::Option::None, constraint: ::core::option::Option::None }));
    }

    /// The struct's code from its fields' parts.
    fn finish(self, g: &Gen<'_>, ctor: TokenStream, sorted: &[String]) -> StructCode {
        let Parts {
            props,
            asserts,
            lets,
            vars,
            inits,
            type_fields,
            locate_arms,
            remain,
            flatten,
            direct_gets,
            outline,
            ..
        } = self;
        let spec = crate::self_check::wrap(
            quote!(__hcl::spec::object_spec(::std::vec![#(#props),*], #remain)),
            &outline,
        );
        let spec = quote! {
            {
                #(#asserts)*
                #spec
            }
        };
        let ignore_unknown = g.c.attrs.ignore_unknown;
        let keys = sorted;
        let from = quote! {
            __hcl::read::check_object(__value, __at)?;
            __hcl::read::check_keys(__value, __at, &[#(#keys),*], #ignore_unknown)?;
            let mut __errs = __hcl::Errors::new();
            #(#lets)*
            match (#(#vars,)*) {
                (#(::core::option::Option::Some(#vars),)*) => ::core::result::Result::Ok(#ctor { #(#inits),* }),
                #[allow(unreachable_patterns)]
                _ => ::core::result::Result::Err(__errs.into_error()),
            }
        };
        let hcl_type = quote! {
            __hcl::spec::object_type(::std::vec![#(#type_fields),*])
        };
        let hcl_optional = quote! {
            __hcl::spec::object_optional(::std::vec![#(#type_fields),*])
        };
        let hcl_constraint = quote! {
            __hcl::spec::object_constraint(
                ::std::vec![#(#type_fields),*],
                #ignore_unknown,
                #flatten,
                <Self as __hcl::HclDecode>::hcl_optional().is_some()
                    || <Self as __hcl::HclDecode>::hcl_type().has_dynamic_types(),
            )
        };
        let direct = direct_gets.map(|gets| {
            quote! {
                #(#gets)*
                ::core::option::Option::Some(#ctor { #(#inits),* })
            }
        });
        let locate = if locate_arms.is_empty() {
            quote!(__hcl::read::locate_any(__path, __at))
        } else {
            quote! {
            let ::core::option::Option::Some((__hcl::PathSegment::Key(__k), __rest)) = __path.split_first() else {
                return __hcl::read::locate_any(__path, __at);
            };
            let _ = __rest;
            let __found: ::core::option::Option<__hcl::Range> = match *__k {
                #(#locate_arms,)*
                _ => return __hcl::read::locate_any(__path, __at),
            };
            __found.or_else(|| __hcl::read::here(__at))
            }
        };
        StructCode {
            spec,
            from,
            hcl_type,
            hcl_optional,
            hcl_constraint,
            direct,
            locate,
        }
    }
}

pub fn expand(c: &Container<'_>, spec_file: Option<&std::path::Path>) -> TokenStream {
    let input = c.input;
    let params: HashSet<String> = input
        .generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect();
    let mut g = Gen {
        c,
        params,
        bounds: Vec::new(),
    };
    let ident = &input.ident;
    let body = match &c.data {
        Body::Struct(fields) => expand_struct(&mut g, fields),
        Body::UnitEnum(vs) => expand_unit_enum(vs),
        Body::BlockEnum(vs) => expand_block_enum(&mut g, vs),
    };
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let mut preds: Vec<TokenStream> = where_clause
        .map(|w| w.predicates.iter().map(|p| p.to_token_stream()).collect())
        .unwrap_or_default();
    preds.extend(g.bounds.iter().cloned());
    let where_ = if preds.is_empty() {
        quote!()
    } else {
        quote!(where #(#preds),*)
    };
    let _ = g.c;
    // Rebuild when the spec file changes.
    let check_spec = spec_file.map(|p| {
        let path = p.to_string_lossy();
        quote! {
            const _: &[u8] = ::core::include_bytes!(#path);
        }
    });
    let Impls {
        decode,
        body: body_impls,
        direct,
    } = body;
    let internals = crate::trait_impls::internals(&input.generics, direct);
    let body_impls = body_impls.map(|b| {
        crate::trait_impls::body_trait_impls(
            c,
            &impl_generics,
            ident,
            &ty_generics,
            where_clause,
            &where_,
            b,
        )
    });
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            use ::hcldecode::__private as __hcl;
            #[allow(unused_imports)]
            use __hcl::probe::{
                BlocksFallback as _, BlocksProbe as _, BodyFallback as _, BodyProbe as _,
                DecodeFallback as _, DecodeProbe as _, RemainFallback as _, RemainProbe as _,
            };
            #check_spec
            impl #impl_generics __hcl::HclDecode for #ident #ty_generics #where_ {
                #decode
                #internals
            }
            #body_impls
        };
    }
}

struct Impls {
    decode: TokenStream,
    body: Option<TokenStream>,
    /// The body of the direct read, for a struct read directly.
    direct: Option<TokenStream>,
}

/// `HclDecode::namespaces` for a struct whose block fields declare
/// variables or locals (none: the trait's default).
fn namespaces_code(fields: &[Field<'_>]) -> TokenStream {
    let decls: Vec<TokenStream> = fields
        .iter()
        .filter_map(|f| {
            let block = &f.name;
            if let Some(v) = &f.attrs.variables {
                let ns = &v.value;
                Some(quote!(::hcldecode::namespaces::Namespace::variables(#block, #ns)))
            } else {
                f.attrs.locals.as_ref().map(|l| {
                    let ns = &l.value;
                    quote!(::hcldecode::namespaces::Namespace::locals(#block, #ns))
                })
            }
        })
        .collect();
    if decls.is_empty() {
        return TokenStream::new();
    }
    quote! {
        fn namespaces() -> ::std::vec::Vec<::hcldecode::namespaces::Namespace> {
            ::std::vec![#(#decls),*]
        }
    }
}

fn expand_struct(g: &mut Gen<'_>, fields: &[Field<'_>]) -> Impls {
    let StructCode {
        spec,
        from,
        hcl_type,
        hcl_optional,
        hcl_constraint,
        direct,
        locate,
    } = struct_code(g, fields, quote!(Self));
    let namespaces = namespaces_code(fields);
    Impls {
        decode: quote! {
            #namespaces
            fn hcl_type() -> __hcl::Type {
                #hcl_type
            }
            fn hcl_optional() -> ::core::option::Option<__hcl::OptionalAttrs> {
                #hcl_optional
            }
            fn hcl_constraint() -> ::core::option::Option<__hcl::ValueConstraint> {
                #hcl_constraint
            }
            fn from_hcl(
                __value: &__hcl::Value,
                __at: __hcl::At<'_>,
            ) -> ::core::result::Result<Self, __hcl::Error> {
                #from
            }
            fn spec() -> __hcl::Spec {
                __hcl::spec::guarded_spec(::core::any::type_name::<Self>(), || #spec)
            }
            fn locate(
                __path: &[__hcl::PathSegment<'_>],
                __at: __hcl::At<'_>,
            ) -> ::core::option::Option<__hcl::Range> {
                #locate
            }
        },
        direct,
        body: Some(quote! {
            fn body_shape() -> __hcl::BodyShape {
                __hcl::BodyShape::Struct(<Self as __hcl::HclDecode>::spec())
            }
            fn from_block(
                _: usize,
                __value: &__hcl::Value,
                __at: __hcl::At<'_>,
            ) -> ::core::result::Result<Self, __hcl::Error> {
                <Self as __hcl::HclDecode>::from_hcl(__value, __at)
            }
        }),
    }
}

fn expand_unit_enum(vs: &[Variant<'_>]) -> Impls {
    let names: Vec<&str> = vs.iter().map(|v| v.name.as_str()).collect();
    let n = vs.len();
    let arms = vs.iter().enumerate().map(|(i, v)| {
        let id = v.ident;
        if i + 1 == n {
            quote!(_ => ::core::result::Result::Ok(Self::#id))
        } else {
            quote!(#i => ::core::result::Result::Ok(Self::#id))
        }
    });
    Impls {
        decode: quote! {
            fn hcl_type() -> __hcl::Type {
                __hcl::Type::String
            }
            fn hcl_constraint() -> ::core::option::Option<__hcl::ValueConstraint> {
                __hcl::spec::unit_constraint(&[#(#names),*])
            }
            fn from_hcl(
                __value: &__hcl::Value,
                __at: __hcl::At<'_>,
            ) -> ::core::result::Result<Self, __hcl::Error> {
                match __hcl::read::unit_variant(__value, __at, &[#(#names),*])? {
                    #(#arms,)*
                }
            }
        },
        body: None,
        direct: None,
    }
}

fn expand_block_enum(g: &mut Gen<'_>, vs: &[Variant<'_>]) -> Impls {
    let names: Vec<&str> = vs.iter().map(|v| v.name.as_str()).collect();
    let mut specs = Vec::new();
    let mut arms = Vec::new();
    // The variants read directly: newtype variants (of a struct with a
    // plan of its own, checked when the read is asked for).
    let mut direct_arms = Vec::new();
    for (i, v) in vs.iter().enumerate() {
        let id = v.ident;
        let name = &v.name;
        match &v.form {
            VariantForm::Unit => {
                specs.push(quote!((#name, __hcl::spec::object_spec(::std::vec![], false))));
                arms.push(quote!(#i => ::core::result::Result::Ok(Self::#id)));
            }
            VariantForm::Newtype(ty) => {
                g.bound(ty, quote!(__hcl::HclBody));
                let tspan = ty.span();
                let p = probe(ty);
                specs.push(quote_spanned!(tspan=> (#name, { __hcl::probe::assert_body::<#ty>(); #p.body_spec() })));
                arms.push(quote!(#i => #p.decode_block(__value, __at).map(Self::#id)));
                direct_arms.push(quote_spanned!(tspan=>
                    #i => __hcl::VariantRead::of::<#ty>(|__b| {
                        <#ty as __hcl::HclDecode>::__INTERNALS.body(__b).map(Self::#id)
                    }),
                ));
            }
            VariantForm::Struct(fields) => {
                let code = struct_code(g, fields, quote!(Self::#id));
                let spec = code.spec;
                let from = code.from;
                specs.push(quote!((#name, #spec)));
                arms.push(quote!(#i => { #from }));
            }
        }
    }
    let spec_vec = quote!(::std::vec![#(#specs),*]);
    Impls {
        decode: quote! {
            fn from_hcl(
                __value: &__hcl::Value,
                __at: __hcl::At<'_>,
            ) -> ::core::result::Result<Self, __hcl::Error> {
                __hcl::read::variants_from_body::<Self>(__value, __at)
            }
            fn spec() -> __hcl::Spec {
                __hcl::spec::guarded_spec(::core::any::type_name::<Self>(), || __hcl::spec::variants_spec(#spec_vec))
            }
        },
        body: Some(quote! {
            fn body_shape() -> __hcl::BodyShape {
                __hcl::BodyShape::Variants(
                    #spec_vec
                        .into_iter()
                        .map(|(n, s): (&str, __hcl::Spec)| (::std::string::String::from(n), s))
                        .collect(),
                )
            }
            fn variants() -> &'static [&'static str] {
                &[#(#names),*]
            }
            fn __direct_variant(
                __variant: usize,
            ) -> ::core::option::Option<__hcl::VariantRead<Self>> {
                match __variant {
                    #(#direct_arms)*
                    _ => ::core::option::Option::None,
                }
            }
            fn from_block(
                __variant: usize,
                __value: &__hcl::Value,
                __at: __hcl::At<'_>,
            ) -> ::core::result::Result<Self, __hcl::Error> {
                match __variant {
                    #(#arms,)*
                    _ => ::core::result::Result::Err(__at.error("Unexpected block", "This block type is not one of the enum's variants.")),
                }
            }
        }),
        direct: None,
    }
}
