//! The generated `spec()`'s check against the compile-time spec (the
//! `self-check` feature, which the workspace's own tests turn on): the
//! derive writes each field's outline line of the spec it checked
//! ([`field::outline`]) into the code, and the spec built at run time must
//! give the same lines. Both come from one builder (`spec::field`); the
//! check is what keeps them one.

use hcldecode_spec::spec::field;
use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Field;
use crate::attr::Kind;
use crate::check::{field_spec, outline_known, property_key};

/// A field's `(key, expected line)` entry: `None` for the line where the
/// field's Rust type is one the derive cannot see through; no entry for a
/// `remain` field (no property).
pub fn entry(f: &Field<'_>, label_index: usize) -> Option<TokenStream> {
    if !cfg!(feature = "self-check") || f.kind == Kind::Remain {
        return None;
    }
    let key = property_key(f);
    let line = match field_spec(f, label_index) {
        Some(s) if outline_known(f) => {
            let line = field::line(&s);
            quote!(::core::option::Option::Some(#line))
        }
        _ => quote!(::core::option::Option::None),
    };
    Some(quote!((#key, #line)))
}

/// `spec` (an expression giving the struct's spec), checked against the
/// entries when the feature is on.
pub fn wrap(spec: TokenStream, entries: &[TokenStream]) -> TokenStream {
    if !cfg!(feature = "self-check") {
        return spec;
    }
    quote! {{
        let __spec = #spec;
        __hcl::spec::check_outline(::core::any::type_name::<Self>(), &__spec, &[#(#entries),*]);
        __spec
    }}
}
