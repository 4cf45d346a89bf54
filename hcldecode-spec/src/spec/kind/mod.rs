//! One module per spec kind (or family of kinds): its struct's methods,
//! how a spec file declares it (the loader's method for its block type)
//! and how it is printed back; the structs themselves, which hold `Spec`s
//! as `Spec` holds them, are in `spec::tree`. The walks over the whole
//! tree (schemas, implied types, validation, the loader's dispatch on
//! block types, the printer's on kinds) are in the parent and its `load`,
//! `print` and `validate` modules; the decoder's half of each kind is in
//! `hcldecode`'s `decode::kind` module of the same name.

pub(super) mod attr;
pub(super) mod block;
pub(super) mod block_attrs;
pub(super) mod block_label;
pub(super) mod block_list;
pub(super) mod block_map;
pub(super) mod default;
pub(super) mod literal;
pub(super) mod object;
pub(super) mod transform;

pub use transform::{Hook, OptionalType, Transform};
