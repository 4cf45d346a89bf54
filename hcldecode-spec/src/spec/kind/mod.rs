//! One module per spec kind (or family of kinds): its struct, how a spec
//! file declares it (the loader's method for its block type) and how it is
//! printed back. The walks over the whole tree (schemas, implied types,
//! validation, the loader's dispatch on block types, the printer's on
//! kinds) are in the parent and its `load`, `print` and `validate`
//! modules; the decoder's half of each kind is in `hcldecode`'s
//! `decode::kind` module of the same name.

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

pub use attr::AttrSpec;
pub use block::BlockSpec;
pub use block_attrs::BlockAttrsSpec;
pub use block_label::BlockLabelSpec;
pub use block_list::{BlockCollectionSpec, BlockCount};
pub use block_map::BlockMapSpec;
pub use default::DefaultSpec;
pub use literal::LiteralSpec;
pub use object::ObjectSpec;
pub use transform::{Hook, OptionalType, Transform, TransformSpec, ValidateSpec};
