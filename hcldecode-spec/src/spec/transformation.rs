//! How a `transform` spec computes its result ([`Transform`]), and the
//! hooks only the Rust API expresses ([`Hook`]). A leaf: the evaluator
//! interface ([`SpecEval`](super::load::SpecEval)) speaks of it, and the
//! `transform` kind holds it.

use std::sync::Arc;

use super::DynRef;
use super::type_constraint::OptionalAttrs;
use crate::syntax::expr::Expression;
use crate::types::Type;

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
    /// An `attr` spec whose `type` has `optional()` attributes: the
    /// attribute is read as any value, the defaults are applied, then it is
    /// converted to the type.
    Optional(OptionalType),
}

/// The type constraint of an `attr` spec with `optional()` attributes, as
/// the spec file wrote it, and the dynamic layer's function applying it.
///
/// ```
/// use hcldecode_spec::spec::type_constraint::OptionalAttrs;
/// use hcldecode_spec::types::Type;
/// let attrs = OptionalAttrs { ty: Type::empty_object(), optional: vec![], defaults: vec![], children: vec![] };
/// assert_eq!(hcldecode_spec::spec::OptionalType::type_expr(&Type::empty_object(), Some(&attrs)).as_deref(), Some("object({})"));
/// ```
#[derive(Clone, Debug)]
pub struct OptionalType {
    /// The type values are converted to (its object types without the
    /// optional markers).
    pub ty: Type,
    /// Which attributes are optional and their defaults, node by node.
    pub attrs: Option<Arc<OptionalAttrs>>,
    /// The function that applies the defaults and converts.
    pub apply: DynRef,
}

impl OptionalType {
    /// The type expression, `optional(type, default)` included, that a
    /// spec file writes for `ty` with `attrs`; `None` when a default has no
    /// HCL text.
    pub fn type_expr(ty: &Type, attrs: Option<&OptionalAttrs>) -> Option<String> {
        let child = |k: &str| attrs.and_then(|o| o.child(k));
        Some(match ty {
            Type::List(e) => format!("list({})", Self::type_expr(e, child(""))?),
            Type::Set(e) => format!("set({})", Self::type_expr(e, child(""))?),
            Type::Map(e) => format!("map({})", Self::type_expr(e, child(""))?),
            Type::Tuple(es) => {
                let parts = es
                    .iter()
                    .enumerate()
                    .map(|(i, e)| Self::type_expr(e, child(&i.to_string())))
                    .collect::<Option<Vec<_>>>()?;
                format!("tuple([{}])", parts.join(", "))
            }
            Type::Object(ot) => {
                let mut parts = Vec::new();
                for (n, t) in ot.attrs() {
                    let inner = Self::type_expr(t, child(n))?;
                    let name = if crate::syntax::is_identifier(n) {
                        n.to_string()
                    } else {
                        crate::go_quote::quote(n)
                    };
                    let optional = attrs.is_some_and(|o| o.optional.iter().any(|x| x == &**n));
                    let default = attrs.and_then(|o| o.defaults.iter().find(|(k, _)| k == &**n));
                    parts.push(match (optional, default) {
                        (true, Some((_, d))) => {
                            format!("{name} = optional({inner}, {})", d.to_hcl()?)
                        }
                        (true, None) => format!("{name} = optional({inner})"),
                        _ => format!("{name} = {inner}"),
                    });
                }
                format!("object({{{}}})", parts.join(", "))
            }
            other => other.to_type_expr(),
        })
    }
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
                "the attribute's expression is kept unevaluated (hcldecode raw expression,\n\
                 an `Expression` field), which a spec file cannot say: loaded, this\n\
                 attribute is evaluated, as any value:"
            }
            Hook::Remain => {
                "the body is decoded partially and the rest kept (hcldecode remain, a\n\
                 `remain` field), which a spec file cannot say: loaded, this spec\n\
                 decodes the whole body, and anything else in it is an error:"
            }
        }
    }
}
