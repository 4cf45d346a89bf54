//! Reaching a field type's trait impls from generated code.
//!
//! Generated code reaches a field type's trait impls through a `Probe`, by
//! autoref specialisation: `(&Probe::<T>::NEW).method()` resolves to the
//! real impl when `T` implements the trait, and to a fallback otherwise.
//! The fallback is never run: for such a `T` the one `assert_*` call the
//! derive emits per field fails to compile, so the user sees one error per
//! field instead of one per use.

use super::direct::{direct_attr, direct_attr_or, direct_label};
use super::read::{Slot, attr, attr_or, blocks, flatten, remain};
use super::{
    At, BlockOptions, DirectBody, Error, HclBlocks, HclBody, HclDecode, HclRemain, HclTagged,
    OptionalAttrs, PathSegment, Range, Spec, Type, Value, ValueConstraint,
};

use std::marker::PhantomData;

/// A stand-in for a field type in method calls.
pub struct Probe<T>(PhantomData<fn() -> T>);

impl<T> Probe<T> {
    /// The probe.
    pub const NEW: Probe<T> = Probe(PhantomData);
}

/// Fails to compile unless `T` is [`HclDecode`].
pub fn assert_decode<T: HclDecode>() {}
/// Fails to compile unless `T` is [`HclBlocks`].
pub fn assert_blocks<T: HclBlocks>() {}
/// Fails to compile unless `T` is [`HclTagged`] (a `tag = "label"`
/// field's type).
pub fn assert_tagged<T: HclTagged>() {}
/// Fails to compile unless `T` is [`HclRemain`].
pub fn assert_remain<T: HclRemain>() {}
/// Fails to compile unless `T` is [`HclBody`].
pub fn assert_body<T: HclBody>() {}

const UNREACHABLE: &str = "the derive's trait assertion failed to compile";

/// A probe trait (`$probe`: the methods of `$bound`, on `Probe<T>`) and
/// its fallback (`$fallback`: the same methods on `&Probe<T>` for any `T`,
/// never called), from one list of the methods and what they call. The
/// fallback keeps a field of the wrong type from erroring twice: only the
/// derive's trait assertion reports it.
macro_rules! probe {
    (
        $(#[$doc:meta])*
        $probe:ident, $fallback:ident: $bound:ident, $t_doc:literal;
        $(
            $(#[$m_doc:meta])*
            fn $m:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty => $call:expr;
        )*
    ) => {
        $(#[$doc])*
        pub trait $probe {
            #[doc = $t_doc]
            type T;
            $(
                $(#[$m_doc])*
                fn $m(&self $(, $arg: $ty)*) -> $ret;
            )*
        }

        impl<T: $bound> $probe for Probe<T> {
            type T = T;
            $(
                fn $m(&self $(, $arg: $ty)*) -> $ret {
                    $call
                }
            )*
        }

        #[doc = concat!("The fallback of [`", stringify!($probe), "`].")]
        pub trait $fallback {
            #[doc = $t_doc]
            type T;
            $(
                /// Never called.
                fn $m(&self $(, _: $ty)*) -> $ret {
                    unreachable!("{UNREACHABLE}")
                }
            )*
        }

        impl<T> $fallback for &Probe<T> {
            type T = T;
        }
    };
}

probe! {
    /// [`HclDecode`] operations on a probe.
    DecodeProbe, DecodeFallback: HclDecode, "The field type.";
    /// [`HclDecode::hcl_type`].
    fn hcl_type(&self) -> Type => T::hcl_type();
    /// [`HclDecode::optional`].
    fn optional(&self) -> bool => T::optional();
    /// [`HclDecode::hcl_optional`].
    fn hcl_optional(&self) -> Option<OptionalAttrs> => T::hcl_optional();
    /// [`HclDecode::hcl_constraint`].
    fn hcl_constraint(&self) -> Option<ValueConstraint> => T::hcl_constraint();
    /// [`HclDecode::attr_spec`].
    fn attr_spec(&self, name: &str, required: bool) -> Spec => T::attr_spec(name, required);
    /// [`HclDecode::spec`].
    fn spec(&self) -> Spec => T::spec();
    /// [`attr`].
    fn attr(&self, v: &Value, at: At<'_>, i: Slot, name: &str) -> Result<Self::T, Error> =>
        attr::<T>(v, at, i, name);
    /// [`attr_or`].
    fn attr_or(
        &self,
        v: &Value,
        at: At<'_>,
        i: Slot,
        name: &str,
        d: impl FnOnce() -> Self::T
    ) -> Result<Self::T, Error> => attr_or::<T>(v, at, i, name, d);
    /// [`flatten`].
    fn flatten(&self, v: &Value, at: At<'_>, i: Slot, name: &str) -> Result<Self::T, Error> =>
        flatten::<T>(v, at, i, name);
    /// [`direct_attr`].
    fn direct_attr(&self, b: &mut DirectBody<'_>, i: usize) -> Option<Self::T> =>
        direct_attr::<T>(b, i);
    /// [`direct_label`].
    fn direct_label(&self, b: &mut DirectBody<'_>, i: usize) -> Option<Self::T> =>
        direct_label::<T>(b, i);
    /// [`direct_attr_or`].
    fn direct_attr_or(
        &self,
        b: &mut DirectBody<'_>,
        i: usize,
        d: impl FnOnce() -> Self::T
    ) -> Option<Self::T> => direct_attr_or::<T>(b, i, d);
    /// [`HclDecode::locate`] of property `i` (named `name`) of `at`.
    fn locate(
        &self,
        path: &[PathSegment<'_>],
        at: At<'_>,
        i: usize,
        name: &str
    ) -> Option<Range> => T::locate(path, at.property(i, name));
}

probe! {
    /// [`HclBlocks`] operations on a probe.
    BlocksProbe, BlocksFallback: HclBlocks, "The field type.";
    /// [`HclBlocks::block_spec`].
    fn block_spec(&self, opts: &BlockOptions) -> Spec => T::block_spec(opts);
    /// [`blocks`].
    fn blocks(
        &self,
        v: &Value,
        at: At<'_>,
        i: Slot,
        opts: &BlockOptions
    ) -> Result<Self::T, Error> => blocks::<T>(v, at, i, opts);
    /// [`HclBlocks::__direct_blocks`].
    fn direct_blocks(
        &self,
        b: &mut DirectBody<'_>,
        i: usize,
        opts: &BlockOptions
    ) -> Option<Self::T> => T::__direct_blocks(b, i, opts);
    /// [`HclBlocks::locate_blocks`] of property `i` (named `name`) of `at`.
    fn locate_blocks(
        &self,
        path: &[PathSegment<'_>],
        at: At<'_>,
        i: usize,
        name: &str
    ) -> Option<Range> => T::locate_blocks(path, at.property(i, name));
}

probe! {
    /// [`HclRemain`] on a probe.
    RemainProbe, RemainFallback: HclRemain, "The field type.";
    /// [`remain`].
    fn remain(&self, at: At<'_>) -> Self::T => remain::<T>(at);
}

probe! {
    /// [`HclBody`] on a probe.
    BodyProbe, BodyFallback: HclBody, "The variant's type.";
    /// [`HclDecode::spec`].
    fn body_spec(&self) -> Spec => T::spec();
    /// [`HclBody::from_block`].
    fn decode_block(&self, v: &Value, at: At<'_>) -> Result<Self::T, Error> =>
        T::from_block(0, v, at);
}
