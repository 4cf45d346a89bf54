//! The trait impls around a derived type's generated bodies: `HclBody`
//! and `HclBlocks` of one block, the keyed leaf, `HclTagged`, the fast
//! path's `Internals`, and the stubs emitted after a compile error.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use crate::ast::{Body, Container, Field, VariantForm};
use crate::attr::Kind;

/// The impls of a type decoded from a block body whose `HclBody` items are
/// `b`: `HclBody`, `HclBlocks` (one block), the keyed leaf and the tagged
/// block impls.
pub fn body_trait_impls(
    c: &Container<'_>,
    impl_generics: &syn::ImplGenerics<'_>,
    ident: &syn::Ident,
    ty_generics: &syn::TypeGenerics<'_>,
    where_clause: Option<&syn::WhereClause>,
    where_: &TokenStream,
    b: TokenStream,
) -> TokenStream {
    let tagged = tagged_impl(c, impl_generics, ty_generics, where_clause);
    let keyed = keyed_leaf(impl_generics, ident, ty_generics, where_);
    let description = c.doc.as_ref().map(|doc| {
        quote! {
            fn description() -> ::core::option::Option<&'static str> {
                ::core::option::Option::Some(#doc)
            }
        }
    });
    quote! {
        impl #impl_generics __hcl::HclBody for #ident #ty_generics #where_ {
            #b
            #description
        }
        impl #impl_generics __hcl::HclBlocks for #ident #ty_generics #where_ {
            fn block_spec(opts: &__hcl::BlockOptions) -> __hcl::Spec {
                __hcl::spec::struct_block_spec::<Self>(opts)
            }
            fn from_blocks(
                __value: &__hcl::Value,
                __at: __hcl::At<'_>,
                opts: &__hcl::BlockOptions,
            ) -> ::core::result::Result<Self, __hcl::Error> {
                __hcl::read::struct_from_block::<Self>(__value, __at, opts)
            }
            fn __direct_blocks(
                __b: &mut __hcl::DirectBody<'_>,
                __i: usize,
                opts: &__hcl::BlockOptions,
            ) -> ::core::option::Option<Self> {
                __hcl::direct::struct_direct_block::<Self>(__b, __i, opts)
            }
            fn locate_blocks(
                __path: &[__hcl::PathSegment<'_>],
                __at: __hcl::At<'_>,
            ) -> ::core::option::Option<__hcl::Range> {
                __hcl::read::locate_single_block::<Self>(__path, __at)
            }
        }
        #keyed
        #tagged
    }
}

/// What the fast path knows of the type, `HclDecode`'s one hidden item:
/// the spec's plan, made once per process (a static in a generic impl would
/// be shared by every instantiation, whose specs differ, so types with type
/// or const parameters plan per decode), and the direct read of its body.
pub fn internals(generics: &syn::Generics, direct: Option<TokenStream>) -> Option<TokenStream> {
    let type_plan = (generics.type_params().next().is_none()
        && generics.const_params().next().is_none())
    .then(|| {
        quote! {
            || {
                static PLAN: ::std::sync::OnceLock<__hcl::TypePlan> = ::std::sync::OnceLock::new();
                PLAN.get_or_init(|| __hcl::TypePlan::new(<Self as __hcl::HclDecode>::spec()))
            }
        }
    });
    if type_plan.is_none() && direct.is_none() {
        return None;
    }
    let some = |t: Option<TokenStream>| match t {
        Some(t) => quote!(::core::option::Option::Some(#t)),
        None => quote!(::core::option::Option::None),
    };
    let type_plan = some(type_plan);
    let direct = some(direct.map(|body| {
        quote! {
            |__b: &mut __hcl::DirectBody<'_>| -> ::core::option::Option<Self> { #body }
        }
    }));
    Some(quote! {
        const __INTERNALS: __hcl::Internals<Self> = __hcl::Internals {
            type_plan: #type_plan,
            direct_body: #direct,
            direct_literal: ::core::option::Option::None,
            from_literal: ::core::option::Option::None,
        };
    })
}

/// `HclKeyed` for a derived type: its own leaf (the value of a block map
/// with no labels left).
/// `HclTagged` (blocks readable with `tag = "label"`) for a struct that
/// reads no labels, or an enum whose variants read none: a newtype
/// variant's body type must be `HclTagged` too. The bound is written
/// higher-ranked so that a concrete body type that is not `HclTagged`
/// leaves the impl out rather than failing it (a bound on a concrete type
/// must otherwise hold where it is written): such an enum is fine, only
/// not as a tagged field's type, where the field's assertion reports it.
fn tagged_impl(
    c: &Container<'_>,
    impl_generics: &syn::ImplGenerics<'_>,
    ty_generics: &syn::TypeGenerics<'_>,
    where_clause: Option<&syn::WhereClause>,
) -> TokenStream {
    let reads_labels = |fields: &[Field<'_>]| fields.iter().any(|f| f.kind == Kind::Label);
    let mut preds: Vec<TokenStream> = where_clause
        .map(|w| w.predicates.iter().map(|p| p.to_token_stream()).collect())
        .unwrap_or_default();
    match &c.data {
        Body::Struct(fields) if !reads_labels(fields) => {}
        Body::BlockEnum(vs) => {
            for v in vs {
                match &v.form {
                    VariantForm::Struct(fields) if reads_labels(fields) => {
                        return TokenStream::new();
                    }
                    VariantForm::Newtype(ty) => {
                        preds.push(quote!(for<'__hcl_t> #ty: __hcl::HclTagged));
                    }
                    _ => {}
                }
            }
        }
        _ => return TokenStream::new(),
    }
    let ident = &c.input.ident;
    quote! {
        impl #impl_generics __hcl::HclTagged for #ident #ty_generics where #(#preds),* {}
    }
}

fn keyed_leaf(
    impl_generics: impl ToTokens,
    ident: &syn::Ident,
    ty_generics: impl ToTokens,
    where_: impl ToTokens,
) -> TokenStream {
    quote! {
        impl #impl_generics __hcl::HclKeyed for #ident #ty_generics #where_ {
            type Leaf = Self;
            const DEPTH: usize = 0;
            fn from_leaf(_: &[::std::string::String], leaf: Self) -> Self {
                leaf
            }
            fn insert_leaf(&mut self, _: &[::std::string::String], _: Self) -> bool {
                false
            }
        }
    }
}

/// Impls that compile whatever the input, emitted after a compile error so
/// that it is the only error the user sees.
pub fn stubs(input: &syn::DeriveInput) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let unreachable = quote!(::core::unreachable!("HclDecode derive failed"));
    let keyed = keyed_leaf(&impl_generics, ident, &ty_generics, where_clause);
    quote! {
        const _: () = {
            use ::hcldecode::__private as __hcl;
            impl #impl_generics __hcl::HclDecode for #ident #ty_generics #where_clause {
                fn from_hcl(_: &__hcl::Value, _: __hcl::At<'_>) -> ::core::result::Result<Self, __hcl::Error> {
                    #unreachable
                }
            }
            impl #impl_generics __hcl::HclTagged for #ident #ty_generics #where_clause {}
            impl #impl_generics __hcl::HclBody for #ident #ty_generics #where_clause {
                fn body_shape() -> __hcl::BodyShape {
                    #unreachable
                }
                fn from_block(_: usize, _: &__hcl::Value, _: __hcl::At<'_>) -> ::core::result::Result<Self, __hcl::Error> {
                    #unreachable
                }
            }
            impl #impl_generics __hcl::HclBlocks for #ident #ty_generics #where_clause {
                fn block_spec(_: &__hcl::BlockOptions) -> __hcl::Spec {
                    #unreachable
                }
                fn from_blocks(_: &__hcl::Value, _: __hcl::At<'_>, _: &__hcl::BlockOptions) -> ::core::result::Result<Self, __hcl::Error> {
                    #unreachable
                }
            }
            #keyed
        };
    }
}
