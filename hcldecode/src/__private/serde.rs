//! `#[derive(HclEncode)]`'s `serde` fields: written through the serde
//! serializer (which lives in [`crate::serde`], built on the encoder).

pub use crate::serde::encode_field::*;
