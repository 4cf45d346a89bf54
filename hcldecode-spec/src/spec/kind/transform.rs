//! `transform` (a spec file's `result` expression, a Rust function or a
//! [`Hook`]) and `validate` (a Rust function checking the value).

use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;
use crate::spec::load::Loader;
use crate::spec::path::PathStep;
use crate::spec::print::{
    arg, close, close_nested, comment, description_arg, open, open_named, required_arg,
};
pub use crate::spec::transformation::{Hook, OptionalType, Transform};
use crate::spec::{Spec, TransformSpec, ValidateSpec};
use crate::syntax::body::BodyRef;
use crate::syntax::expr::Expression;
use crate::syntax::expr::NativeExpr;
use crate::syntax::native::ast;

impl Hook {
    /// Wraps `spec` in a transform with this hook.
    pub fn wrap(self, spec: Spec) -> Spec {
        Spec::Transform(TransformSpec {
            wrapped: Box::new(spec),
            transform: Transform::Hook(self),
        })
    }

    /// The body `spec` describes, decoded partially with the rest kept.
    pub fn remain(spec: Spec) -> Spec {
        Hook::Remain.wrap(spec)
    }

    /// The hook of a transform spec, if it has one.
    pub fn of(t: &TransformSpec) -> Option<Hook> {
        match t.transform {
            Transform::Hook(h) => Some(h),
            _ => None,
        }
    }

    /// Whether `spec` is a body spec wrapped by [`Hook::Remain`].
    pub fn is_remain(spec: &Spec) -> bool {
        matches!(spec, Spec::Transform(t) if Hook::of(t) == Some(Hook::Remain))
    }
}

impl TransformSpec {
    /// Writes a `transform` block where the transform is a spec file's
    /// `result` expression, a comment and the wrapped spec otherwise.
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        let inner = level + 1;
        let t = self;
        match &t.transform {
            Transform::Expr { expr, var_name } if var_name == "nested" => {
                open(out, "transform", key, level);
                arg(out, inner, "result", expr.source_text());
                close_nested(out, &t.wrapped, level);
            }
            Transform::Func(f) => {
                let d = f.describe();
                comment(
                    out,
                    level,
                    d.as_deref().unwrap_or(
                        "a transform by a Rust function, which a spec file cannot call, wraps:",
                    ),
                );
                t.wrapped.print(out, key, level);
            }
            Transform::Hook(h) => {
                comment(out, level, h.describe());
                t.wrapped.print(out, key, level);
            }
            Transform::Optional(o) => {
                // The attribute as the spec file wrote it: reloading it
                // gives the same type and defaults.
                if let (Spec::Attr(a), Some(ty)) = (
                    &*t.wrapped,
                    OptionalType::type_expr(&o.ty, o.attrs.as_deref()),
                ) {
                    let inner = open_named(out, "attr", key, level, "name", &a.name);
                    arg(out, inner, "type", &ty);
                    required_arg(out, inner, a.required);
                    description_arg(out, inner, a.description.as_deref());
                    close(out, level);
                } else {
                    comment(
                        out,
                        level,
                        "optional() attributes whose defaults have no spec-file form:",
                    );
                    t.wrapped.print(out, key, level);
                }
            }
            Transform::Expr { .. } => {
                comment(out, level, "a transform without a spec-file form wraps:");
                t.wrapped.print(out, key, level);
            }
        }
    }
}

impl ValidateSpec {
    /// Writes a comment and the wrapped spec: a validation has no
    /// spec-file form.
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        let d = self.func.describe();
        comment(
            out,
            level,
            d.as_deref().unwrap_or(
                "validated by a Rust function, which a spec file cannot call (loaded,\n\
                 the value is not checked):",
            ),
        );
        self.wrapped.print(out, key, level);
    }
}

impl Loader<'_> {
    /// Loads a `transform` spec block.
    pub(in crate::spec) fn transform(&mut self, body: BodyRef<'_>) -> Spec {
        let Some(args) = self.args(body, &[("result", false)], true) else {
            return Spec::err_spec();
        };
        let expr = match args.expr("result") {
            Some(e) => e.to_expression(),
            None => null_expression(body),
        };
        let Some(rest) = &args.rest else {
            return Spec::err_spec();
        };
        let (content, failed) = self.spec_blocks(rest);
        if content.blocks.len() != 1 {
            if failed {
                return Spec::err_spec();
            }
            self.diags.push(
                Diagnostic::error(
                    "Invalid transform spec",
                    "A transform spec block must have exactly one nested spec block.",
                )
                .with_subject(body.missing_item().range()),
            );
            return Spec::err_spec();
        }
        let wrapped = self.with_path(PathStep::Wrapped, |l| l.spec_block(&content.blocks[0]));
        Spec::Transform(TransformSpec {
            wrapped: Box::new(wrapped),
            transform: Transform::Expr {
                expr,
                var_name: "nested".into(),
            },
        })
    }
}

/// gohcl's stand-in for an absent expression argument: `null`, placed at
/// the body's missing-item position.
fn null_expression(body: BodyRef<'_>) -> Expression {
    let range = body.missing_item().range();
    let file = SourceFile::new(range.filename.to_string(), "null");
    Expression::Native {
        file,
        expr: NativeExpr::new(ast::Expr {
            span: crate::source::Span::new(0, 4),
            kind: ast::ExprKind::Literal(ast::Literal::Null),
        }),
    }
}
