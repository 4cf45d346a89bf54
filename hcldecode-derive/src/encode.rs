//! `#[derive(HclEncode)]`: writes a value of a type `HclDecode` reads back
//! as HCL. It reads the same model ([`crate::ast`]) as the decode derive,
//! so both agree on names, kinds and labels; what it cannot write is a
//! compile error at the attribute or type concerned.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Body, Container, Field, Variant, VariantForm};
use crate::attr::{Ctxt, Default_, Kind};
use crate::shape::Shape;
use hcldecode_spec::spec::field::BlockShape;

/// Whether a field holds a raw expression (`Expression`, `Option<..>`,
/// `Box<..>`, `Spanned<..>`; `shape` sees through the last three).
fn is_raw_expression(s: &Shape) -> bool {
    match s {
        Shape::Expression => true,
        Shape::Option(i) => matches!(**i, Shape::Expression),
        _ => false,
    }
}

fn has_expression(s: &Shape) -> bool {
    match s {
        Shape::Expression => true,
        Shape::Option(i) | Shape::List(i) | Shape::Set(i) | Shape::Map(i) => has_expression(i),
        Shape::Tuple(ts) => ts.iter().any(has_expression),
        _ => false,
    }
}

/// Reports every field the encoder cannot write: an `Expression` inside
/// a collection (which `HclDecode` does not read either) has no source
/// text of its own to write.
fn check_fields(cx: &mut Ctxt, fields: &[Field<'_>]) {
    for f in fields {
        if f.attrs.serde.is_none() && has_expression(&f.shape) && !is_raw_expression(&f.shape) {
            cx.error(
                f.ty.span(),
                "HclEncode writes `Expression`, `Option<Expression>` and `Box<Expression>` fields; an expression inside a collection has no source text of its own to write",
            );
        }
    }
}

/// The statements writing `fields` into `__body`, and the label pushes.
/// `access(field)` is an expression giving a reference to the field.
struct FieldsCode {
    body: Vec<TokenStream>,
    labels: Vec<TokenStream>,
    /// `(name, value)` of each attribute field, when the struct is only
    /// attributes (an attribute's object value).
    object: Option<Vec<TokenStream>>,
}

/// Which body the statements write into: a `BodyWriter` (`encode_body`,
/// through `__private::encode`) or straight to the text (`write_body`,
/// through `__private::encode_stream`, whose helpers have the same names).
#[derive(Clone, Copy, PartialEq)]
enum Target {
    Writer,
    Stream,
}

impl Target {
    /// The helpers' module, spanned as the field whose code names it (so
    /// that a field type's error points where it did before there were
    /// two targets).
    fn module(self, span: proc_macro2::Span) -> TokenStream {
        match self {
            Target::Writer => quote_spanned!(span=> __enc),
            Target::Stream => quote_spanned!(span=> __stream),
        }
    }
}

fn fields_code(
    fields: &[Field<'_>],
    access: &dyn Fn(&syn::Ident) -> TokenStream,
    target: Target,
) -> FieldsCode {
    let mut body = Vec::new();
    let mut labels = Vec::new();
    let mut object = Some(Vec::new());
    for f in fields {
        let acc = access(f.ident);
        let name = &f.name;
        let span = f.ty.span();
        let m = target.module(span);
        match f.kind {
            Kind::Attr if f.attrs.serde.is_some() => {
                body.push(match target {
                    Target::Writer => quote_spanned!(span=> ::hcldecode::__private::serde::attr(__body, #name, #acc)?;),
                    Target::Stream => quote_spanned!(span=> __stream::attr_value(__body, #name, ::hcldecode::__private::serde::value(#acc)?)?;),
                });
                if let Some(o) = &mut object {
                    o.push(
                        quote_spanned!(span=> (#name, ::hcldecode::__private::serde::value(#acc)?)),
                    );
                }
            }
            Kind::Attr if is_raw_expression(&f.shape) => {
                object = None;
                body.push(quote_spanned!(span=> #m::expr_attr(__body, #name, #acc)?;));
            }
            Kind::Attr => {
                // Straight to the text, a name that is an identifier is
                // not checked again at each write.
                let attr =
                    if target == Target::Stream && !hcldecode_spec::syntax::is_identifier(name) {
                        quote!(attr_checked)
                    } else {
                        quote!(attr)
                    };
                body.push(unless_default(
                    f,
                    &acc,
                    quote_spanned!(span=> #m::#attr(__body, #name, #acc)?;),
                ));
                if let Some(o) = &mut object {
                    o.push(quote_spanned!(span=> (#name, __enc::HclEncode::to_value(#acc)?)));
                }
            }
            Kind::Label => {
                object = None;
                labels.push(match target {
                    Target::Writer => quote_spanned!(span=>
                        __labels.push(::std::string::ToString::to_string(&**#acc));
                    ),
                    Target::Stream => quote_spanned!(span=> __stream::label(__labels, &**#acc);),
                });
            }
            Kind::BlockAttrs => {
                object = None;
                body.push(unless_default(
                    f,
                    &acc,
                    quote_spanned!(span=> #m::block_attrs(__body, #name, #acc)?;),
                ));
            }
            Kind::Block => {
                object = None;
                body.push(block_code(f, &acc, &m));
            }
            Kind::Flatten => {
                object = None;
                body.push(quote_spanned!(span=> #m::flatten(__body, #acc)?;));
            }
            Kind::Remain => {
                object = None;
                body.push(quote_spanned!(span=> #m::remain(__body, #acc)?;));
            }
        }
    }
    FieldsCode {
        body,
        labels,
        object,
    }
}

/// `write`, unless the field has a default (`#[hcl(default)]`) and its
/// value encodes as the default does: what a file leaves out is written
/// as left out (decoding fills the default in again).
fn unless_default(f: &Field<'_>, acc: &TokenStream, write: TokenStream) -> TokenStream {
    let Some(d) = &f.attrs.default else {
        return write;
    };
    let span = f.ty.span();
    let ty = f.ty;
    let default = match &d.value {
        Default_::Trait => quote_spanned!(span=> <#ty as ::core::default::Default>::default),
        Default_::Path(p) => p.to_token_stream(),
    };
    quote_spanned!(span=>
        if !__enc::is_default::<#ty>(#acc, #default)? {
            #write
        }
    )
}

/// One block of `v` (a reference) with the map keys `keys` as its first
/// labels; an enum of block types names its block (or, tagged, its first
/// label) after the variant.
fn one_block(f: &Field<'_>, keys: &[syn::Ident], v: &TokenStream, m: &TokenStream) -> TokenStream {
    let name = &f.name;
    let span = f.ty.span();
    let tagged = f.attrs.tag.is_some();
    if keys.is_empty() {
        quote_spanned!(span=> #m::variant_block(__body, #name, #tagged, #v)?;)
    } else {
        quote_spanned!(span=> #m::block(__body, #name, &[#(#keys),*], #v)?;)
    }
}

fn block_code(f: &Field<'_>, acc: &TokenStream, m: &TokenStream) -> TokenStream {
    let span = f.ty.span();
    match f.shape.block_kind() {
        BlockShape::Single => one_block(f, &[], acc, m),
        BlockShape::Optional => {
            let one = one_block(f, &[], &quote!(__v), m);
            quote_spanned!(span=>
                if let ::core::option::Option::Some(__v) = #acc {
                    #one
                }
            )
        }
        BlockShape::List | BlockShape::Set => {
            let one = one_block(f, &[], &quote!(__v), m);
            quote_spanned!(span=>
                for __v in #acc.iter() {
                    #one
                }
            )
        }
        BlockShape::Map(depth) => {
            let keys: Vec<_> = (0..depth).map(|i| format_ident!("__k{}", i)).collect();
            let vals: Vec<_> = (0..depth).map(|i| format_ident!("__v{}", i)).collect();
            let last = &vals[depth - 1];
            let mut code = one_block(f, &keys, &quote!(#last), m);
            for i in (0..depth).rev() {
                let k = &keys[i];
                let v = &vals[i];
                let src = if i == 0 {
                    acc.clone()
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

/// Whether a `remain` field is among `fields`: such a type is written
/// through `BodyWriter` (the trait's default `write_body`), its remaining
/// body being source text the formatter lays out anyway, and a wrong
/// field type is reported once, by `encode_body`'s code.
fn has_remain(fields: &[Field<'_>]) -> bool {
    fields.iter().any(|f| f.kind == Kind::Remain)
}

/// `write_expr` for a struct of plain attributes, writing the object
/// `to_value` makes (fields sorted by name, nulls left out) without making
/// it. Nothing (the default, through `to_value`) where the order is not
/// plain: names past ASCII (which objects put in NFC) or repeated, or a
/// `serde` or `Expression` field.
fn object_writer(fields: &[Field<'_>]) -> TokenStream {
    let plain = fields.iter().all(|f| {
        f.kind == Kind::Attr
            && f.attrs.serde.is_none()
            && !is_raw_expression(&f.shape)
            && f.name.is_ascii()
    });
    if !plain {
        return TokenStream::new();
    }
    let mut sorted: Vec<&Field<'_>> = fields.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    if sorted.windows(2).any(|w| w[0].name == w[1].name) {
        return TokenStream::new();
    }
    let entries = sorted.iter().map(|f| {
        let name = &f.name;
        let id = f.ident;
        quote! {
            (#name, &(|__o: &mut __stream::ExprOut<'_>| __enc::HclEncode::write_expr(&self.#id, __o)) as &__stream::FieldWriter<'_>)
        }
    });
    quote! {
        fn write_expr(&self, __out: &mut __stream::ExprOut<'_>) -> ::core::result::Result<(), __enc::EncodeError> {
            __stream::object(__out, &[#(#entries),*])
        }
    }
}

fn struct_items(cx: &mut Ctxt, fields: &[Field<'_>], tyname: &str) -> TokenStream {
    check_fields(cx, fields);
    let FieldsCode {
        body,
        labels,
        object,
    } = fields_code(fields, &|id| quote!((&self.#id)), Target::Writer);
    let FieldsCode {
        body: stream,
        labels: stream_labels,
        ..
    } = fields_code(fields, &|id| quote!((&self.#id)), Target::Stream);
    let write_expr = object_writer(fields);
    let streamed = if has_remain(fields) {
        TokenStream::new()
    } else {
        quote! {
            fn write_body(&self, __body: &mut __stream::BodyOut) -> ::core::result::Result<(), __enc::EncodeError> {
                #(#stream)*
                ::core::result::Result::Ok(())
            }
            fn write_labels(&self, __labels: &mut __stream::BodyOut) -> ::core::result::Result<(), __enc::EncodeError> {
                #(#stream_labels)*
                ::core::result::Result::Ok(())
            }
        }
    };
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
        #write_expr
        #streamed
    }
}

/// An enum of block types: each variant is the body (and labels) of a
/// block named after it ([`variant_name`]), a unit variant an empty body.
fn block_enum_items(cx: &mut Ctxt, vs: &[Variant<'_>], tyname: &str) -> TokenStream {
    let mut body_arms = Vec::new();
    let mut label_arms = Vec::new();
    let mut stream_arms = Vec::new();
    let mut stream_label_arms = Vec::new();
    let mut remain = false;
    let mut name_arms = Vec::new();
    for v in vs {
        let id = v.ident;
        let name = &v.name;
        name_arms.push(quote!(Self::#id { .. } => #name));
        match &v.form {
            VariantForm::Unit => {
                body_arms.push(quote!(Self::#id => {}));
                label_arms.push(quote!(Self::#id => {}));
                stream_arms.push(quote!(Self::#id => {}));
                stream_label_arms.push(quote!(Self::#id => {}));
            }
            VariantForm::Newtype(_) => {
                body_arms
                    .push(quote!(Self::#id(__x) => __enc::HclEncode::encode_body(__x, __body)?,));
                label_arms.push(
                    quote!(Self::#id(__x) => __enc::HclEncode::encode_labels(__x, __labels)?,),
                );
                stream_arms
                    .push(quote!(Self::#id(__x) => __enc::HclEncode::write_body(__x, __body)?,));
                stream_label_arms.push(
                    quote!(Self::#id(__x) => __enc::HclEncode::write_labels(__x, __labels)?,),
                );
            }
            VariantForm::Struct(fields) => {
                check_fields(cx, fields);
                remain |= has_remain(fields);
                let ids: Vec<_> = fields.iter().map(|f| f.ident).collect();
                let FieldsCode { body, labels, .. } =
                    fields_code(fields, &|id| quote!(#id), Target::Writer);
                body_arms.push(quote!(Self::#id { #(#ids),* } => { #(#body)* }));
                label_arms.push(
                    quote!(#[allow(unused_variables)] Self::#id { #(#ids),* } => { #(#labels)* }),
                );
                let FieldsCode { body, labels, .. } =
                    fields_code(fields, &|id| quote!(#id), Target::Stream);
                stream_arms.push(quote!(Self::#id { #(#ids),* } => { #(#body)* }));
                stream_label_arms.push(
                    quote!(#[allow(unused_variables)] Self::#id { #(#ids),* } => { #(#labels)* }),
                );
            }
        }
    }
    let streamed = if remain {
        TokenStream::new()
    } else {
        quote! {
            #[allow(unused_variables)]
            fn write_body(&self, __body: &mut __stream::BodyOut) -> ::core::result::Result<(), __enc::EncodeError> {
                match self {
                    #(#stream_arms)*
                }
                ::core::result::Result::Ok(())
            }
            #[allow(unused_variables)]
            fn write_labels(&self, __labels: &mut __stream::BodyOut) -> ::core::result::Result<(), __enc::EncodeError> {
                match self {
                    #(#stream_label_arms)*
                }
                ::core::result::Result::Ok(())
            }
        }
    };
    quote! {
        fn to_value(&self) -> ::core::result::Result<__enc::Value, __enc::EncodeError> {
            ::core::result::Result::Err(__enc::not_a_value(#tyname))
        }
        #[allow(unused_variables)]
        fn encode_body(&self, __body: &mut __enc::BodyWriter) -> ::core::result::Result<(), __enc::EncodeError> {
            match self {
                #(#body_arms)*
            }
            ::core::result::Result::Ok(())
        }
        #[allow(unused_variables)]
        fn encode_labels(&self, __labels: &mut ::std::vec::Vec<::std::string::String>) -> ::core::result::Result<(), __enc::EncodeError> {
            match self {
                #(#label_arms)*
            }
            ::core::result::Result::Ok(())
        }
        #streamed
        fn variant_name(&self) -> ::core::option::Option<&'static str> {
            ::core::option::Option::Some(match self {
                #(#name_arms,)*
            })
        }
    }
}

pub fn expand(cx: &mut Ctxt, c: &Container<'_>) -> Option<TokenStream> {
    let input = c.input;
    let ident = &input.ident;
    let tyname = ident.to_string();
    let items = match &c.data {
        Body::Struct(fields) => struct_items(cx, fields, &tyname),
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
        Body::BlockEnum(vs) => block_enum_items(cx, vs, &tyname),
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
            use ::hcldecode::__private::encode as __enc;
            use ::hcldecode::__private::encode_stream as __stream;
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
            use ::hcldecode::__private::encode as __enc;
            impl #impl_generics __enc::HclEncode for #ident #ty_generics #where_clause {
                fn to_value(&self) -> ::core::result::Result<__enc::Value, __enc::EncodeError> {
                    ::core::result::Result::Err(__enc::EncodeError::Custom(::std::string::String::from("HclEncode derive failed")))
                }
            }
        };
    }
}
