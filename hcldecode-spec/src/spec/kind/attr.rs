//! `attr`: one attribute of the body, converted to a type (a type with
//! `optional(...)` attributes becomes a transform of the attribute read as
//! `any`, as the reference's extended build does).

use std::sync::Arc;

use super::transform::{Hook, OptionalType, Transform};
use crate::diagnostic::Diagnostic;
use crate::spec::load::{Args, Loader};
use crate::spec::print::{arg, close, description_arg, open_named, required_arg};
use crate::spec::type_constraint::{
    OptionalAttrs, get_type, type_constraint_with_defaults, uses_optional,
};
use crate::spec::{AttrSpec, Spec, TransformSpec, ValueConstraint};
use crate::syntax::body::BodyRef;
use crate::syntax::expr::ExprRef;
use crate::types::Type;

impl AttrSpec {
    /// An attribute without a [`ValueConstraint`].
    ///
    /// ```
    /// use hcldecode_spec::spec::AttrSpec;
    /// use hcldecode_spec::types::Type;
    /// let a = AttrSpec::new("port", Type::Number, true);
    /// assert!(a.required && a.constraint.is_none());
    /// ```
    pub fn new(name: impl Into<String>, ty: Type, required: bool) -> AttrSpec {
        AttrSpec {
            name: name.into(),
            ty,
            required,
            constraint: None,
            description: None,
        }
    }

    /// The attribute with a description.
    ///
    /// ```
    /// use hcldecode_spec::spec::AttrSpec;
    /// use hcldecode_spec::types::Type;
    /// let a = AttrSpec::new("port", Type::Number, true).with_description("The port to listen on.");
    /// assert_eq!(a.description.as_deref(), Some("The port to listen on."));
    /// ```
    pub fn with_description(mut self, description: impl Into<String>) -> AttrSpec {
        self.description = Some(description.into());
        self
    }
}

impl AttrSpec {
    /// Writes an `attr` block.
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        let inner = open_named(out, "attr", key, level, "name", &self.name);
        arg(out, inner, "type", &self.ty.to_type_expr());
        required_arg(out, inner, self.required);
        description_arg(out, inner, self.description.as_deref());
        close(out, level);
    }
}

impl Loader<'_> {
    /// Loads an `attr` spec block (its body's arguments as gohcl decodes
    /// them; `implied` is the block's label, the name when none is given).
    pub(in crate::spec) fn attr(&mut self, body: BodyRef<'_>, implied: String) -> Spec {
        let Some(args) = self.args(
            body,
            &[
                ("name", false),
                ("type", false),
                ("required", false),
                ("description", false),
            ],
            false,
        ) else {
            return Spec::err_spec();
        };
        let Some((name, required)) = self.name_and_required(&args, "name") else {
            return Spec::err_spec();
        };
        let description = self.description_arg(&args);
        let optional = self.optional_type_arg(&args, "type");
        let ty = match &optional {
            Some((ty, _)) => ty.clone(),
            None => self.type_arg(&args, "type"),
        };
        let name = name.unwrap_or(implied);
        if name.is_empty() {
            self.diags.push(
                Diagnostic::error(
                    "Missing name in attribute spec",
                    "The name attribute is required, to specify the attribute name that is expected in an input HCL file.",
                )
                .with_subject(body.missing_item().range()),
            );
            return Spec::err_spec();
        }
        if let Some((ty, opt)) = optional {
            let opt = opt.map(Arc::new);
            let Some(f) = self.eval.optional_transform(&ty, opt.clone()) else {
                return Spec::Attr(AttrSpec {
                    description,
                    ..AttrSpec::new(name, ty, required)
                });
            };
            // As the reference's extended build: the attribute is read as
            // any value, the defaults applied, then converted.
            let constraint = ValueConstraint::from_optional(&ty, opt.as_deref());
            return Spec::Transform(TransformSpec {
                wrapped: Box::new(Spec::Attr(AttrSpec {
                    name,
                    ty: Type::Dynamic,
                    required,
                    constraint: Some(Arc::new(constraint)),
                    description,
                })),
                transform: Transform::Optional(OptionalType {
                    ty,
                    attrs: opt,
                    apply: f,
                }),
            });
        }
        Spec::Attr(AttrSpec {
            description,
            ..AttrSpec::new(name, ty, required)
        })
    }

    /// A `type` argument that calls `optional`: evaluated as ext/typeexpr's
    /// type constraint with defaults. `None` for other type expressions.
    pub(in crate::spec) fn optional_type_arg(
        &mut self,
        args: &Args<'_>,
        name: &str,
    ) -> Option<(Type, Option<OptionalAttrs>)> {
        let Some(ExprRef::Native { file, expr }) = args.expr(name) else {
            return None;
        };
        if !uses_optional(file, expr.get()) {
            return None;
        }
        let (ty, opt, d) = match self.eval.default_eval() {
            Some(de) => type_constraint_with_defaults(file, expr.get(), de),
            None => get_type(file, expr.get(), true, None),
        };
        self.diags.extend(d);
        Some((ty, opt))
    }
}

impl Hook {
    /// An attribute whose expression is kept unevaluated.
    pub fn raw_expression(attr: AttrSpec) -> Spec {
        Hook::RawExpression.wrap(Spec::Attr(attr))
    }
}
