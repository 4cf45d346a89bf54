//! `attr`: one attribute of the body, evaluated and converted to the
//! spec's type.

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::{AttrSpec, Spec};
use hcldecode_spec::syntax::body::{Attribute, Content};

use crate::decode::decoder::{Decoder, Here};
use crate::decode::trace::{AttrTrace, Recorder, Trace};
use crate::eval;
use crate::eval::traversal::{Traversal, expr_variables};
use crate::value::Value;
use crate::value::convert::convert;

impl Decoder<'_> {
    /// `AttrSpec.decode`.
    pub(in crate::decode) fn decode_attr<R: Recorder>(
        &self,
        spec: &Spec,
        a: &AttrSpec,
        here: Here<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let attr = self.attribute(spec, here, &a.name);
        self.decode_found_attr::<R>(spec, a, attr, here, diags)
    }

    /// [`decode_attr`](Self::decode_attr) of `attr`, the attribute found
    /// for it (`None`: absent).
    pub(in crate::decode) fn decode_found_attr<R: Recorder>(
        &self,
        spec: &Spec,
        a: &AttrSpec,
        attr: Option<&Attribute<'_>>,
        here: Here<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        match attr {
            Some(attr) => self.decode_present_attr::<R>(a, attr, diags),
            None => {
                let t = R::rec(|| Trace::Absent(here.content.missing_item_range()));
                (self.plan.null(spec, || a.ty.clone()), t)
            }
        }
    }

    /// [`decode_found_attr`](Self::decode_found_attr) of an attribute the
    /// body has: what it decodes to needs nothing else of the body (the
    /// direct path reads it without the body's content).
    pub(in crate::decode) fn decode_present_attr<R: Recorder>(
        &self,
        a: &AttrSpec,
        attr: &Attribute<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let t = R::rec(|| Trace::Attr(AttrTrace::new(attr)));
        if self.body_unknown() {
            return (Value::unknown(a.ty.clone()), t);
        }
        if let Some(v) = eval::literal_as(attr.expr, &a.ty) {
            return (v, t);
        }
        let v = eval::evaluate_under(attr.expr, self.body_ctx(), self.limits, diags);
        let v = match convert(&v, &a.ty) {
            Ok(v) => v,
            Err(_) if self.element_errors && self.push_element_errors(attr, &v, &a.ty, diags) => {
                Value::unknown(a.ty.clone())
            }
            Err(err) => {
                diags.push(
                    Diagnostic::error(
                        "Incorrect attribute value type",
                        format!("Inappropriate value for attribute {:?}: {err}.", a.name),
                    )
                    .with_code(Code::IncorrectAttributeValueType)
                    .with_subject(attr.expr.range())
                    .with_context(Range::between(&attr.name_range(), &attr.expr.range()))
                    .with_values(eval::describe_variables(attr.expr, self.body_ctx())),
                );
                Value::unknown(a.ty.clone())
            }
        };
        (v, t)
    }
}

/// `AttrSpec.sourceRange`: the attribute's expression, or where it is
/// missing.
pub(in crate::decode) fn source_range(a: &AttrSpec, content: &Content<'_>) -> Option<Range> {
    Some(
        content
            .attributes
            .iter()
            .flatten()
            .find(|x| x.name == a.name)
            .map(|x| x.expr.range())
            .unwrap_or_else(|| content.missing_item_range()),
    )
}

/// `AttrSpec.variablesNeeded`: the variables of the attribute's expression.
pub(in crate::decode) fn variables(a: &AttrSpec, content: &Content<'_>, out: &mut Vec<Traversal>) {
    if let Some(attr) = content
        .attributes
        .iter()
        .flatten()
        .find(|x| x.name == a.name)
    {
        out.extend(expr_variables(attr.expr));
    }
}
