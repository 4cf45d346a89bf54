//! Evaluation of JSON-syntax expressions: a port of `expression.Value` of
//! HashiCorp's `hcl/v2/json/structure.go`.
//!
//! With a context (variables, functions or local variables), strings,
//! object keys included, are native-syntax templates, evaluated by the
//! native evaluator; without one they are literal strings, `${` and all.
//! Numbers are exact, arrays are tuples, objects are objects, `null` is an
//! untyped null.

use std::collections::HashMap;
use std::sync::Arc;

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::expr::json_template_source;
use hcldecode_spec::syntax::json::{Document, JsonString, Value as JsonValue};
use hcldecode_spec::syntax::native;

use super::EvalContext;
use super::native::MAX_DEPTH;
use crate::Type;
use crate::limits::Budget;
use crate::value::convert::convert;
use crate::value::{Number, Value};

/// Evaluates the JSON value `v` of `doc`. `ctx` and `locals` both `None`
/// is the literal mode; anything else evaluates strings as templates.
pub(crate) fn eval(
    doc: &Arc<Document>,
    v: JsonValue,
    ctx: Option<&EvalContext>,
    locals: Option<&[(&str, Value)]>,
    budget: &Budget,
    diags: &mut Diagnostics,
) -> Value {
    let ev = Evaluator {
        doc,
        ctx,
        locals,
        budget,
        templates: ctx.is_some() || locals.is_some(),
    };
    ev.value(v, 0, diags)
}

struct Evaluator<'a> {
    doc: &'a Arc<Document>,
    ctx: Option<&'a EvalContext>,
    locals: Option<&'a [(&'a str, Value)]>,
    /// The evaluation's budget, for the templates in strings.
    budget: &'a Budget,
    templates: bool,
}

impl Evaluator<'_> {
    fn value(&self, v: JsonValue, depth: usize, diags: &mut Diagnostics) -> Value {
        match v {
            JsonValue::String(s) => self.string(s, diags),
            JsonValue::Number(span) => match Number::parse(self.doc.text(span)) {
                Ok(n) => Value::number(n),
                // The parser has checked the literal as cty does.
                Err(_) => Value::unknown(Type::Number),
            },
            JsonValue::Bool(b, _) => Value::bool(b),
            JsonValue::Null(_) => Value::null(Type::Dynamic),
            JsonValue::Invalid(_) => Value::dynamic(),
            JsonValue::Array(_) | JsonValue::Object(_) if depth >= MAX_DEPTH => {
                diags.push(
                    Diagnostic::coded(
                        Code::ExpressionTooDeep,
                        "Expression too deeply nested",
                        format!("Expressions may be nested at most {MAX_DEPTH} levels deep."),
                    )
                    .with_subject(self.doc.range(v.start_span())),
                );
                Value::dynamic()
            }
            JsonValue::Array(a) => {
                let items = a.items(self.doc);
                let mut vals = Vec::with_capacity(items.len());
                for &item in items {
                    vals.push(self.value(item, depth + 1, diags));
                }
                Value::tuple(vals)
            }
            JsonValue::Object(o) => self.object(o, depth, diags),
        }
    }

    /// A string: a template with a context, literal without.
    fn string(&self, s: JsonString, diags: &mut Diagnostics) -> Value {
        let text = s.value(self.doc);
        // A template without `${` or `%{` is its text: no need to parse it.
        if !self.templates || !(text.contains("${") || text.contains("%{")) {
            return Value::string(text);
        }
        let (file, span) = json_template_source(self.doc, s);
        let (expr, d) = native::parse_template_in(&file, span, &Default::default());
        let failed = d.has_errors();
        diags.extend(d);
        if failed {
            return Value::dynamic();
        }
        super::native::eval(&file, &expr, self.ctx, self.locals, self.budget, diags)
    }

    fn object(
        &self,
        o: hcldecode_spec::syntax::json::Object,
        depth: usize,
        diags: &mut Diagnostics,
    ) -> Value {
        let props = o.props(self.doc);
        let mut attrs: Vec<(Arc<str>, Value)> = Vec::with_capacity(props.len());
        // Where each attribute's name is; an index by name for big objects.
        let mut spans: Vec<Span> = Vec::with_capacity(props.len());
        let mut index: Option<HashMap<Arc<str>, usize>> =
            (props.len() > 16).then(|| HashMap::with_capacity(props.len()));
        let mut known = true;
        for p in props {
            let name = self.string(p.key, diags);
            let val = self.value(p.value, depth + 1, diags);
            let name_range = || self.doc.range(p.key.span);
            let name = match convert(&name, &Type::String) {
                Ok(n) => n,
                Err(err) => {
                    diags.push(
                        Diagnostic::coded(
                            Code::InvalidObjectKey,
                            "Invalid object key expression",
                            format!("Cannot use this expression as an object key: {err}."),
                        )
                        .with_subject(name_range()),
                    );
                    continue;
                }
            };
            if name.is_null() {
                diags.push(
                    Diagnostic::coded(
                        Code::InvalidObjectKey,
                        "Invalid object key expression",
                        "Cannot use null value as an object key.",
                    )
                    .with_subject(name_range()),
                );
                continue;
            }
            let Some(key) = name.as_str_arc() else {
                // Unknown: the object's type cannot be known.
                known = false;
                continue;
            };
            let prev = match &index {
                Some(m) => m.get(&key).copied(),
                None => attrs.iter().position(|(k, _)| *k == key),
            };
            if let Some(i) = prev {
                diags.push(
                    Diagnostic::coded(
                        Code::DuplicateObjectKey,
                        "Duplicate object attribute",
                        format!(
                            "An attribute named {:?} was already defined at {}.",
                            &*key,
                            self.doc.range(spans[i])
                        ),
                    )
                    .with_subject(name_range()),
                );
                continue;
            }
            if let Some(m) = &mut index {
                m.insert(key.clone(), attrs.len());
            }
            attrs.push((key, val));
            spans.push(p.key.span);
        }
        if !known {
            return Value::dynamic();
        }
        Value::object(attrs)
    }
}
