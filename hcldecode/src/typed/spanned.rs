//! [`Spanned`]: a decoded value with the source ranges it came from.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

use hcldecode_spec::source::Range;
use hcldecode_spec::spec::Spec;

use super::blocks::{BlockOptions, BodyShape, HclBlocks, HclBody, HclKeyed, missing_block};
use super::{At, Error, HclDecode, OptionalAttrs};
use crate::Type;
use crate::decode::DirectBody;
use crate::value::Value;

/// A decoded value and where it was written, for an application's own
/// checks after decoding ("port `htp` is not defined") to point at it.
///
/// It decodes as `T` does, in any field position:
/// - an attribute field: [`range`](Self::range) is the value expression's
///   range, [`name_range`](Self::name_range) the attribute name's,
///   [`full_range`](Self::full_range) name through value;
/// - an element of a list, set, tuple, map or object attribute: the
///   element's expression (in native syntax; in JSON syntax the whole
///   attribute's value);
/// - a label field: the label;
/// - a block field (`#[hcl(block)] task: Vec<Spanned<Task>>`): the block's
///   definition (type and labels, gohcl's `DefRange`), and `name_range` its
///   type name.
///
/// It derefs to `T`. Equality, order and hashing are `T`'s: two values
/// written in different places are equal when the values are.
///
/// ```
/// use hcldecode::{HclDecode, Spanned};
/// #[derive(HclDecode)]
/// struct Service {
///     #[hcl(label)]
///     name: Spanned<String>,
///     port: Spanned<u16>,
/// }
/// #[derive(HclDecode)]
/// struct Config {
///     #[hcl(block)]
///     service: Vec<Spanned<Service>>,
/// }
/// let src = "service \"web\" {\n  port = 8080\n}\n";
/// let cfg: Config = hcldecode::from_str(src, "app.hcl").unwrap();
/// let web = &cfg.service[0];
/// assert_eq!(*web.port, 8080);
/// assert_eq!(web.port.range().to_string(), "app.hcl:2,10-14");
/// assert_eq!(web.port.full_range().unwrap().to_string(), "app.hcl:2,3-14");
/// assert_eq!(web.name.range().to_string(), "app.hcl:1,9-14");
/// assert_eq!(web.range().to_string(), "app.hcl:1,1-14");
/// assert_eq!(web.name_range().unwrap().to_string(), "app.hcl:1,1-8");
/// ```
#[derive(Clone)]
pub struct Spanned<T> {
    value: T,
    range: Range,
    name_range: Option<Range>,
    full_range: Option<Range>,
}

impl<T> Spanned<T> {
    /// `value` made in code, with no source position (also
    /// `Spanned::from(value)`, and `Spanned::default()`): its
    /// [`range`](Self::range) is [`Range::unknown`], and an error about it
    /// renders without a snippet. Encoding writes the value as `T` does.
    ///
    /// ```
    /// use hcldecode::Spanned;
    /// let port = Spanned::new(8080u16);
    /// assert_eq!(*port, 8080);
    /// assert!(!port.has_position());
    /// assert_eq!(Spanned::from(8080u16), port);
    /// assert_eq!(*Spanned::<u16>::default(), 0);
    /// ```
    pub fn new(value: T) -> Spanned<T> {
        Spanned::with_range(value, Range::unknown())
    }

    /// `value`, written at `range`.
    ///
    /// ```
    /// use hcldecode::Spanned;
    /// use hcldecode_spec::source::{SourceFile, Span};
    /// let f = SourceFile::new("a.hcl", "a = 1\n");
    /// let one = Spanned::with_range(1u8, f.range(Span::new(4, 5)));
    /// assert!(one.has_position());
    /// assert_eq!(one.range().to_string(), "a.hcl:1,5-6");
    /// ```
    pub fn with_range(value: T, range: Range) -> Spanned<T> {
        Spanned {
            value,
            range,
            name_range: None,
            full_range: None,
        }
    }

    /// Whether the value has a source position (it was decoded, or made
    /// with [`with_range`](Self::with_range) from a real one).
    pub fn has_position(&self) -> bool {
        !self.range.is_unknown()
    }

    /// Where the value was written: an attribute's value expression, an
    /// element's, a label, a block's definition (type and labels).
    pub fn range(&self) -> &Range {
        &self.range
    }

    /// The name the value was written under: an attribute's name, a
    /// block's type name. `None` for elements and labels.
    pub fn name_range(&self) -> Option<&Range> {
        self.name_range.as_ref()
    }

    /// An attribute's whole range, name through value (where Terraform
    /// puts an attribute's "context"). `None` outside attributes.
    pub fn full_range(&self) -> Option<&Range> {
        self.full_range.as_ref()
    }

    /// The value.
    pub fn get(&self) -> &T {
        &self.value
    }

    /// The value, without its ranges.
    pub fn into_inner(self) -> T {
        self.value
    }

    /// `value` at `at`'s ranges; the error for a position that is not
    /// known (decoding then gives every `Spanned` its ranges the usual
    /// way).
    fn at(value: T, at: At<'_>) -> Result<Spanned<T>, Error> {
        let Some(range) = at.range() else {
            return Err(Error::unknown(at.diagnostic(
                "Position unknown",
                "The value's source range is not known.",
            )));
        };
        let (name_range, full_range) = if at.is_block() {
            (at.block_type_range(), None)
        } else if at.is_element() {
            (None, None)
        } else {
            (at.attribute_name_range(), at.attribute_range())
        };
        Ok(Spanned {
            value,
            range,
            name_range,
            full_range,
        })
    }
}

impl<T> From<T> for Spanned<T> {
    /// [`Spanned::new`]: `value` with no source position.
    fn from(value: T) -> Spanned<T> {
        Spanned::new(value)
    }
}

impl<T: Default> Default for Spanned<T> {
    /// `T`'s default with no source position.
    fn default() -> Spanned<T> {
        Spanned::new(T::default())
    }
}

impl<T> Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> DerefMut for Spanned<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.value
    }
}

impl<T> AsRef<T> for Spanned<T> {
    fn as_ref(&self) -> &T {
        &self.value
    }
}

impl<T> Borrow<T> for Spanned<T> {
    fn borrow(&self) -> &T {
        &self.value
    }
}

impl<T: fmt::Debug> fmt::Debug for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.has_position() {
            return self.value.fmt(f);
        }
        write!(f, "{:?} @ {}", self.value, self.range)
    }
}

impl<T: fmt::Display> fmt::Display for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

impl<T: PartialEq> PartialEq for Spanned<T> {
    fn eq(&self, other: &Spanned<T>) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Spanned<T> {}

impl<T: PartialOrd> PartialOrd for Spanned<T> {
    fn partial_cmp(&self, other: &Spanned<T>) -> Option<Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl<T: Ord> Ord for Spanned<T> {
    fn cmp(&self, other: &Spanned<T>) -> Ordering {
        self.value.cmp(&other.value)
    }
}

impl<T: Hash> Hash for Spanned<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state)
    }
}

super::impls::wrapper_impl! {
    Spanned: |value, at| Spanned::at(T::from_hcl(value, at)?, at), optional: T::optional(),
        constraint: T::hcl_constraint(),
        literal: |body, i| {
            let attr = body.present(i)?;
            Spanned::at(T::__INTERNALS.literal(body, i)?, At::syntax(&attr)).ok()
        },
        // An element's position is the value path's to give.
        from_literal: |_e, _ty| None,
        // A block's body (a root body has no position to give).
        body: |body| {
            let at = At::syntax_block(body.block()?);
            Spanned::at(T::__INTERNALS.body(body)?, at).ok()
        };
}

impl<T: HclBody> HclBody for Spanned<T> {
    fn body_shape() -> BodyShape {
        T::body_shape()
    }
    fn variants() -> &'static [&'static str] {
        T::variants()
    }
    fn from_block(variant: usize, value: &Value, at: At<'_>) -> Result<Self, Error> {
        let t = T::from_block(variant, value, at)?;
        Spanned::at(t, at)
    }
    fn description() -> Option<&'static str> {
        T::description()
    }
}

/// Exactly one block, with its position.
impl<T: HclBody> HclBlocks for Spanned<T> {
    fn block_spec(opts: &BlockOptions) -> Spec {
        super::blocks::single_spec::<T>(opts, true)
    }
    fn from_blocks(value: &Value, at: At<'_>, opts: &BlockOptions) -> Result<Self, Error> {
        match super::blocks::single_from::<Spanned<T>>(value, at, opts, true)? {
            Some(t) => Ok(t),
            None => Err(missing_block(at, opts)),
        }
    }
    fn locate_blocks(
        path: &[super::PathSegment<'_>],
        at: At<'_>,
    ) -> Option<hcldecode_spec::source::Range> {
        super::blocks::locate_single_block::<T>(path, at)
    }
    fn __direct_blocks(body: &mut DirectBody<'_>, i: usize, opts: &BlockOptions) -> Option<Self> {
        super::blocks::struct_direct_block::<Spanned<T>>(body, i, opts)
    }
}

/// Blocks of a tagged field, each with its position.
impl<T: super::HclTagged> super::HclTagged for Spanned<T> {}

/// A block map's blocks, each with its position.
impl<T: HclBody> HclKeyed for Spanned<T> {
    type Leaf = Spanned<T>;
    const DEPTH: usize = 0;
    fn from_leaf(_: &[String], leaf: Spanned<T>) -> Self {
        leaf
    }
    fn insert_leaf(&mut self, _: &[String], _: Spanned<T>) -> bool {
        false
    }
}
