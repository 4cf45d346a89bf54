//! `block_attrs`: the attributes of one block, as a map of one element
//! type.

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::BlockAttrsSpec;
use hcldecode_spec::syntax::body::{Attribute, Content};

use crate::Type;
use crate::decode::decoder::{Decoder, duplicate_block, missing_block};
use crate::decode::trace::{AttrTrace, Recorder, Trace};
use crate::eval;
use crate::eval::traversal::{Traversal, expr_variables};
use crate::value::Value;
use crate::value::convert::{convert, unify_unsafe};

impl Decoder<'_> {
    /// `BlockAttrsSpec.decode`.
    pub(in crate::decode) fn decode_block_attrs<R: Recorder>(
        &self,
        b: &BlockAttrsSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let mut iter = Self::blocks_of(content, &b.type_name);
        let Some(block) = iter.next() else {
            if b.required {
                diags.push(missing_block(&b.type_name, content));
            }
            return (
                Value::null(Type::map(b.element_type.clone())),
                R::rec(|| Trace::Absent(content.missing_item_range())),
            );
        };
        if let Some(other) = iter.next() {
            diags.push(duplicate_block(&b.type_name, block, other));
        }
        let attrs = block.body.just_attributes(diags);
        let trace = R::rec(|| Trace::BlockAttrs {
            def_range: block.def_range(),
            attrs: attrs.iter().map(AttrTrace::new).collect(),
        });
        // Unlike the reference, whose dynamic-block bodies pass
        // `JustAttributes` through unwrapped, the attributes see the
        // block's iterators (docs/deviations.md).
        let v = self.in_block(block, |d| d.block_attrs_value(b, &attrs, diags));
        (v, trace)
    }

    fn block_attrs_value(
        &self,
        b: &BlockAttrsSpec,
        attrs: &[Attribute<'_>],
        diags: &mut Diagnostics,
    ) -> Value {
        if attrs.is_empty() {
            return Value::map_empty(b.element_type.clone());
        }
        let mut vals: Vec<(String, Value)> = Vec::with_capacity(attrs.len());
        for attr in attrs {
            if self.body_unknown() {
                vals.push((
                    attr.name.to_string(),
                    Value::unknown(b.element_type.clone()),
                ));
                continue;
            }
            let v = eval::evaluate_under(attr.expr, self.body_ctx(), self.limits, diags);
            let v = match convert(&v, &b.element_type) {
                Ok(v) => v,
                Err(err) => {
                    diags.push(
                        Diagnostic::error(
                            "Invalid attribute value",
                            format!(
                                "Invalid value for attribute of {:?} block: {err}.",
                                b.type_name
                            ),
                        )
                        .with_code(Code::InvalidBlockAttributeValue)
                        .with_subject(attr.expr.range())
                        .with_context(Range::between(&attr.name_range(), &attr.expr.range()))
                        .with_values(eval::describe_variables(attr.expr, self.body_ctx())),
                    );
                    Value::unknown(b.element_type.clone())
                }
            };
            vals.push((attr.name.to_string(), v));
        }
        if !b.element_type.has_dynamic_types() {
            return Value::map(b.element_type.clone(), vals);
        }
        // Each attribute as written where their types differ: an object,
        // not a map of their unified type (`keep_block_types`: a Rust map
        // of values has no one-type rule).
        if self.keep_block_types {
            let first = vals[0].1.ty().clone();
            if vals.iter().all(|(_, v)| v.ty() == &first) {
                return Value::map(first, vals);
            }
            return Value::object(vals);
        }
        // With `any` in the element type the values can differ in type; a
        // map needs one, so they unify as for `map(any)`. The reference
        // panics here.
        let types: Vec<Type> = vals.iter().map(|(_, v)| v.ty().clone()).collect();
        let unified = unify_unsafe(&types).and_then(|(ety, convs)| {
            let mut out = Vec::with_capacity(vals.len());
            for ((k, v), c) in vals.iter().zip(convs) {
                let v = match c {
                    Some(c) => c.apply(v).ok()?,
                    None => v.clone(),
                };
                out.push((k.clone(), v));
            }
            Some((ety, out))
        });
        match unified {
            // Values keeping types other than the unified one (which `any`
            // parts allow) cannot form one map either.
            Some((ety, out)) if out.iter().all(|(_, v)| v.ty() == &ety) => Value::map(ety, out),
            _ => {
                let kinds: Vec<String> = attrs
                    .iter()
                    .zip(&vals)
                    .map(|(a, (_, v))| format!("{:?} is {}", a.name, v.ty().friendly_name()))
                    .collect();
                let first = attrs.first().map(|a| a.range());
                let last = attrs.last().map(|a| a.range());
                let mut d = Diagnostic::error(
                    "Inconsistent attribute types",
                    format!(
                        "The attributes of a {:?} block must all have values of one type, because element_type is {}; here {}.",
                        b.type_name,
                        b.element_type.to_type_expr(),
                        kinds.join(", ")
                    ),
                )
                .with_code(Code::InconsistentAttributeTypes);
                d.subject = match (first, last) {
                    (Some(f), Some(l)) => Some(Range::between(&f, &l)),
                    _ => None,
                };
                diags.push(d);
                Value::dynamic()
            }
        }
    }
}

/// `BlockAttrsSpec.sourceRange`: the block's definition, or where it is
/// missing.
pub(in crate::decode) fn source_range(b: &BlockAttrsSpec, content: &Content<'_>) -> Option<Range> {
    Some(
        Decoder::blocks_of(content, &b.type_name)
            .next()
            .map(|bl| bl.def_range())
            .unwrap_or_else(|| content.missing_item_range()),
    )
}

/// `BlockAttrsSpec.variablesNeeded`: the variables of the block's
/// attributes, in source order.
pub(in crate::decode) fn variables(
    b: &BlockAttrsSpec,
    content: &Content<'_>,
    out: &mut Vec<Traversal>,
) {
    if let Some(block) = content.blocks.iter().find(|x| x.type_name == b.type_name) {
        let mut d = Diagnostics::new();
        let attrs = block.body.just_attributes(&mut d);
        if d.has_errors() {
            return;
        }
        let mut vars: Vec<Traversal> = attrs.iter().flat_map(|a| expr_variables(a.expr)).collect();
        vars.sort_by_key(|t| t.range().start.byte);
        out.extend(vars);
    }
}
