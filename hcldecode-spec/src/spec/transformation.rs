//! How a `transform` spec computes its result ([`Transform`]), and the
//! hooks only the Rust API expresses ([`Hook`]). A leaf: the evaluator
//! interface ([`SpecEval`](super::load::SpecEval)) speaks of it, and the
//! `transform` kind holds it.

use super::DynRef;
use crate::syntax::expr::Expression;

/// How a transform computes its result.
#[derive(Clone, Debug)]
pub enum Transform {
    /// An expression evaluated with the wrapped value bound to `var_name`
    /// (`nested` in spec files).
    Expr {
        /// The expression.
        expr: Expression,
        /// The variable holding the wrapped value.
        var_name: String,
    },
    /// A function of the dynamic layer, called with the wrapped value.
    Func(DynRef),
    /// A way of reading the wrapped spec that only the Rust API expresses
    /// (typed decoding's raw expressions and `remain` bodies).
    Hook(Hook),
}

/// A hook the engine recognises in a `transform` spec. Everything that
/// treats transforms as transparent (schemas, label names, validation)
/// sees the wrapped spec, and a hook's implied type is the wrapped spec's.
/// A spec file cannot express either hook: [`Spec::to_spec_file`] prints
/// the wrapped spec with a comment saying so.
///
/// ```
/// use hcldecode_spec::spec::{AttrSpec, Hook, Spec};
/// use hcldecode_spec::types::Type;
/// let spec = Hook::raw_expression(AttrSpec::new("when", Type::Dynamic, true));
/// let Spec::Transform(t) = &spec else { panic!() };
/// assert_eq!(Hook::of(t), Some(Hook::RawExpression));
/// assert!(!Hook::is_remain(&spec));
/// assert!(Hook::is_remain(&Hook::remain(spec)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hook {
    /// Wraps an `attr` spec: the attribute is read (and required if the
    /// spec says so) but not evaluated; its value is unknown (null when
    /// absent) and the decode trace holds the expression.
    RawExpression,
    /// Wraps a body's spec: the body is decoded as `PartialContent` (what
    /// the spec does not describe is not an error) and the decode trace
    /// holds what remains; the body may hold anything else.
    Remain,
}

impl Hook {
    /// What the hook does, for the comment a printed spec file has in its
    /// place.
    pub fn describe(self) -> &'static str {
        match self {
            Hook::RawExpression => {
                "the attribute's expression is kept unevaluated (hcldecode raw expression):"
            }
            Hook::Remain => "the body is decoded partially and the rest kept (hcldecode remain):",
        }
    }
}
