//! `#[derive(HclDecode)]`: typed configuration structs decoded by hcldecode.
//!
//! Use it through the `hcldecode` crate, which re-exports it.
#![deny(missing_docs)]

use proc_macro::TokenStream;

/// Derives `hcldecode::HclDecode` for a struct.
#[proc_macro_derive(HclDecode, attributes(hcl))]
pub fn derive_hcl_decode(input: TokenStream) -> TokenStream {
    let _ = input;
    TokenStream::new()
}
