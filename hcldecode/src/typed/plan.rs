//! What typed decoding keeps of a type: its spec's decode plan, made once
//! per process for a derived type ([`TypePlan`]), and how the fast path
//! reads the type directly ([`Internals`]). Neither is public API: they
//! are reached through `HclDecode`'s one hidden item,
//! `HclDecode::__INTERNALS`, which derived and std impls fill in.

use hcldecode_spec::spec::Spec;

use super::tag_spec::is_tagged_body_spec;
use crate::Type;
use crate::decode::{self, DirectBody};
use crate::eval::LiteralExpr;

/// What typed decoding needs of a type's spec: the spec with its decode
/// plan, and whether it can be read directly. The derive
/// keeps one per type for the life of the process
/// ([`Internals::type_plan`]); decoding a type that has none makes one
/// per decode. Not public API.
#[doc(hidden)]
#[derive(Debug)]
pub struct TypePlan {
    pub(super) prepared: decode::Prepared,
    /// Whether the spec can be decoded directly (`decode::direct`).
    pub(super) direct: bool,
}

impl TypePlan {
    /// Plans `spec`, a type's [`HclDecode::spec`].
    pub fn new(spec: Spec) -> TypePlan {
        // Read directly: a body's object spec (a `remain` field wraps it in
        // a hook) whose every part the values alone decide (what is not
        // read directly is read from values).
        let direct = matches!(spec, Spec::Object(_)) && trace_free(&spec);
        TypePlan {
            direct,
            prepared: decode::Prepared::new(spec),
        }
    }

    /// The spec.
    pub fn spec(&self) -> &Spec {
        self.prepared.spec()
    }
}

/// What typed decoding's fast path knows of a type: its [`TypePlan`],
/// made once per process, and how it is read without the value tree
/// (`decode::direct`). Every part is optional; [`Internals::NONE`], the
/// default, has none. Not public API.
pub struct Internals<T> {
    /// The type's plan, made once per process (`#[derive(HclDecode)]`
    /// gives one to types without type or const parameters: a static in a
    /// generic impl would be shared by its instantiations).
    pub type_plan: Option<fn() -> &'static TypePlan>,
    /// The type read from a body without the body's value; `None` where it
    /// cannot be, or after any error (the usual path then reports them).
    pub direct_body: Option<fn(&mut DirectBody<'_>) -> Option<T>>,
    /// Attribute `i` of a body read directly, where it can be read without
    /// its value (a literal, or absent); `None` otherwise, the value then
    /// decoding it.
    pub direct_literal: Option<fn(&mut DirectBody<'_>, usize) -> Option<T>>,
    /// The type read from an expression of literals alone where the
    /// attribute's type there is the given one (what evaluating and
    /// converting it gives, without the value); `None` where it cannot be.
    pub from_literal: Option<fn(LiteralExpr<'_>, &Type) -> Option<T>>,
}

impl<T> Internals<T> {
    /// Nothing known: plan per decode, decode through values.
    pub const NONE: Internals<T> = Internals {
        type_plan: None,
        direct_body: None,
        direct_literal: None,
        from_literal: None,
    };

    /// The plan made once per process, if the type has one.
    #[inline]
    pub fn type_plan(&self) -> Option<&'static TypePlan> {
        self.type_plan.map(|f| f())
    }

    /// Whether the type is read from bodies directly.
    #[inline]
    pub const fn reads_bodies(&self) -> bool {
        self.direct_body.is_some()
    }

    /// The type read from `body` directly (see [`direct_body`](Self::direct_body)).
    #[inline]
    pub fn body(&self, body: &mut DirectBody<'_>) -> Option<T> {
        (self.direct_body?)(body)
    }

    /// Attribute `i` of `body` read directly (see
    /// [`direct_literal`](Self::direct_literal)).
    #[inline]
    pub fn literal(&self, body: &mut DirectBody<'_>, i: usize) -> Option<T> {
        (self.direct_literal?)(body, i)
    }

    /// `expr` read as literals alone where the attribute's type is `ty`
    /// (see [`from_literal`](Self::from_literal)).
    #[inline]
    pub fn read_literal(&self, expr: LiteralExpr<'_>, ty: &Type) -> Option<T> {
        (self.from_literal?)(expr, ty)
    }
}

/// Whether a successful typed decode with `spec` depends only on the
/// decoded values, not on the trace (what the direct path does not read
/// directly it reads from values): no raw expressions or remaining bodies
/// (decode hooks, whose content only the trace holds), no block sets,
/// tuples or objects (whose per-block values and order the trace keeps),
/// and no object read from the same body as its parent object (enums of
/// block types, put in source order from the trace, and flattened
/// structs). The blocks of `tag = "label"` fields are read directly,
/// each as its variant.
fn trace_free(spec: &Spec) -> bool {
    match spec {
        Spec::Object(o) => o
            .properties
            .iter()
            .all(|(_, p)| !matches!(p, Spec::Object(_)) && trace_free(p)),
        Spec::Tuple(t) => t.iter().all(trace_free),
        Spec::Attr(_) | Spec::Literal(_) | Spec::Expr(_) | Spec::BlockAttrs(_) => true,
        Spec::BlockLabel(_) => true,
        Spec::Block(b) => trace_free(&b.nested),
        Spec::BlockList(b) => trace_free(&b.nested),
        Spec::BlockMap(b) => trace_free(&b.nested),
        Spec::BlockSet(_) | Spec::BlockTuple(_) | Spec::BlockObject(_) => false,
        Spec::Default(d) => trace_free(&d.primary) && trace_free(&d.default),
        // A tagged block's hook keeps the block's body to decode as its
        // variant, which the direct read does from the block itself.
        Spec::Transform(t) => {
            (decode::DecodeHook::of(t).is_none() || is_tagged_body_spec(spec))
                && trace_free(&t.wrapped)
        }
        Spec::Validate(v) => trace_free(&v.wrapped),
    }
}
