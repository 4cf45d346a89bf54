//! One module per spec kind (or family of kinds): how the engine decodes
//! it, where its value comes from (`sourceRange`) and which variables it
//! reads (`variablesNeeded`), as hcldec's `spec.go` keeps them together.
//! The kinds' static side (the spec struct, loading, validation, printing,
//! implied type and schema) is in `hcldecode_spec::spec`'s module of the
//! same name. The shared walk (`Decoder::body`, `Decoder::spec`, the
//! per-kind dispatch) is in the parent module.

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
