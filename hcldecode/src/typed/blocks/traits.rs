//! The traits and options of block fields that the block modules share:
//! a body type's shape, its trait, a block map's levels and a field's
//! options.

use hcldecode_spec::spec::Spec;

use crate::typed::variant_read::VariantRead;
use crate::typed::{At, Error, HclDecode};
use crate::value::Value;

/// How a body type is read from blocks.
///
/// ```
/// use hcldecode::typed::{BodyShape, HclBody};
/// #[derive(hcldecode::HclDecode)]
/// struct Run {
///     command: String,
/// }
/// #[derive(hcldecode::HclDecode)]
/// enum Step {
///     Run(Run),
///     Pause,
/// }
/// assert!(matches!(Run::body_shape(), BodyShape::Struct(_)));
/// let BodyShape::Variants(v) = Step::body_shape() else { panic!() };
/// assert_eq!(v[1].0, "pause");
/// ```
#[derive(Clone, Debug)]
pub enum BodyShape {
    /// A struct: blocks of one type (named by the field), each body decoded
    /// with this spec.
    Struct(Spec),
    /// An enum with one variant per block type: `(block type, body spec)`
    /// in declaration order. Blocks of all these types are read, in source
    /// order.
    Variants(Vec<(String, Spec)>),
}

/// A type decoded from a block's body: a struct or an enum of block types
/// deriving [`HclDecode`]. The derive implements it; a field
/// `#[hcl(block)] x: Vec<T>` needs `T: HclBody`.
///
/// ```
/// use hcldecode::typed::HclBody;
/// #[derive(hcldecode::HclDecode)]
/// struct Step {
///     #[hcl(label)]
///     name: String,
/// }
/// assert_eq!(Step::body_shape_label_names(), ["name"]);
/// # trait Names { fn body_shape_label_names() -> Vec<String>; }
/// # impl<T: HclBody> Names for T {
/// #     fn body_shape_label_names() -> Vec<String> {
/// #         match T::body_shape() {
/// #             hcldecode::typed::BodyShape::Struct(s) => s.label_names(),
/// #             _ => vec![],
/// #         }
/// #     }
/// # }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an HCL block body",
    label = "not decodable from a block",
    note = "derive `HclDecode` on a struct (or on an enum whose variants are block types) to decode it from blocks"
)]
pub trait HclBody: HclDecode {
    /// What blocks it is read from.
    fn body_shape() -> BodyShape;

    /// For an enum of block types, the block types (as in
    /// [`BodyShape::Variants`]); empty for a struct.
    fn variants() -> &'static [&'static str] {
        &[]
    }

    /// For an enum of block types, how variant `variant` is read from a
    /// body directly (`decode::direct`), where it is (a newtype variant of
    /// a struct read directly); `None` by default. Not public API.
    #[doc(hidden)]
    fn __direct_variant(variant: usize) -> Option<VariantRead<Self>> {
        let _ = variant;
        None
    }

    /// Builds it from the value decoded from one block: `variant` is the
    /// index of the block's type in [`BodyShape::Variants`] (0 for a
    /// struct).
    fn from_block(variant: usize, value: &Value, at: At<'_>) -> Result<Self, Error>;

    /// What blocks of this type are for: a derived type's doc comment
    /// (`None` by default). It becomes the description of the block
    /// specs reading it ([`Spec::description`]) where the field has no
    /// doc comment of its own; editors show it, decoding ignores it.
    ///
    /// ```
    /// use hcldecode::typed::{BlockOptions, HclBlocks, HclBody};
    /// /// A firewall rule.
    /// #[derive(hcldecode::HclDecode)]
    /// struct Rule {
    ///     port: u16,
    /// }
    /// assert_eq!(Rule::description(), Some("A firewall rule."));
    /// let opts = BlockOptions { type_name: "rule".into(), ..Default::default() };
    /// assert_eq!(<Vec<Rule>>::block_spec(&opts).description(), Some("A firewall rule."));
    /// ```
    fn description() -> Option<&'static str> {
        None
    }
}

/// What a `#[hcl(block)]` field's options say about its blocks.
///
/// ```
/// use hcldecode::typed::{BlockOptions, HclBlocks};
/// #[derive(hcldecode::HclDecode)]
/// struct Rule {
///     name: String,
/// }
/// let opts = BlockOptions { type_name: "rule".into(), min_items: 1, ..Default::default() };
/// let spec = <Vec<Rule> as HclBlocks>::block_spec(&opts);
/// assert_eq!(spec.kind_name(), "block_list");
/// ```
#[derive(Clone, Debug, Default)]
pub struct BlockOptions {
    /// The block type (the field's HCL name).
    pub type_name: String,
    /// `min_items`.
    pub min_items: usize,
    /// `max_items` (0: no limit).
    pub max_items: usize,
    /// `required` (for `Option` blocks).
    pub required: bool,
    /// Names of the labels map levels are keyed by (`labels = [...]`);
    /// missing names default to `name` for one level and `label1`,
    /// `label2`... for several.
    pub labels: Vec<String>,
    /// `tag = "label"`: the blocks of an enum of block types are all of
    /// type `type_name`, and the first label names the variant
    /// (`step "run" {}` is `Step::Run`). The first of `labels` names the
    /// label in messages (default `type`).
    pub tag: bool,
}

/// A value of a label-keyed block map: a body type, or a further map level.
///
/// ```
/// use std::collections::HashMap;
/// use hcldecode::typed::HclKeyed;
/// #[derive(hcldecode::HclDecode)]
/// struct Dc {
///     weight: u8,
/// }
/// assert_eq!(<HashMap<String, HashMap<String, Dc>> as HclKeyed>::DEPTH, 2);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the value of a block map",
    note = "a block map's values are structs deriving `HclDecode`, or further `String`-keyed maps of them"
)]
pub trait HclKeyed: Sized {
    /// The body type at the bottom.
    type Leaf: HclBody;
    /// Map levels below this one (0 for a body type).
    const DEPTH: usize;
    /// A value holding just `leaf` under `keys` (`DEPTH` of them).
    fn from_leaf(keys: &[String], leaf: Self::Leaf) -> Self;
    /// Adds `leaf` under `keys`; false if something is there already.
    fn insert_leaf(&mut self, keys: &[String], leaf: Self::Leaf) -> bool;
}
