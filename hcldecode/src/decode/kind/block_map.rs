//! `block_map` and `block_object`: every block of a type, keyed by its
//! labels, one map (or object) level per label.

use std::collections::HashMap;

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::{BlockMapSpec, Spec};
use hcldecode_spec::syntax::body::Content;

use crate::Type;
use crate::decode::decoder::{
    Decoder, VariablesOf, blocks_variables, first_block_range, inconsistent_block_types,
};
use crate::decode::dynblock;
use crate::decode::trace::{BlockTrace, Recorder, Trace};
use crate::eval::traversal::Traversal;
use crate::value::Value;
use crate::value::convert::unify_unsafe;

impl Decoder<'_> {
    /// `BlockMapSpec.decode`, `BlockObjectSpec.decode`.
    pub(in crate::decode) fn decode_block_map<R: Recorder>(
        &self,
        spec: &Spec,
        b: &BlockMapSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
        as_object: bool,
    ) -> (Value, R::T) {
        let n = b.labels.len();
        let mut root: Node<'_> = Node::default();
        let mut traces: Vec<BlockTrace> = Vec::new();
        // Content has checked the label count against the schema.
        let blocks: Vec<_> = Self::indexed_blocks_of(content, &b.type_name)
            .filter(|(_, block)| block.labels.len() >= n && n > 0)
            .collect();
        let mut decoded = self.bodies_on_threads::<R>(&blocks, n, &b.nested);
        for (i, block) in blocks {
            let (val, t) = decoded.next(diags, |diags| {
                self.block_body::<R>(i, block, &block.labels[n..], &b.nested, diags)
            });
            R::push_block(&mut traces, t);
            if dynblock::BlockScope::is_unknown(block) {
                let v = Value::unknown(self.plan.implied_type(spec));
                return (v, R::rec(|| Trace::Blocks(traces)));
            }
            let mut target = &mut root;
            for label in &block.labels[..n - 1] {
                target = target.child(label.value);
            }
            let key = block.labels[n - 1].value;
            if target.find(key).is_some() {
                let labels: String = block
                    .labels
                    .iter()
                    .map(|l| format!(" {:?}", l.value))
                    .collect();
                diags.push(
                    Diagnostic::error(
                        format!("Duplicate {} block", b.type_name),
                        format!(
                            "A block for {}{labels} was already defined. The {} labels must be unique.",
                            b.type_name, b.type_name
                        ),
                    )
                    .with_code(Code::DuplicateBlock)
                    .with_subject(block.def_range()),
                );
                continue;
            }
            target.push(key, Node::leaf(val));
        }
        let trace = R::rec(|| Trace::Blocks(traces));
        if root.children.is_empty() {
            if as_object {
                return (Value::empty_object(), trace);
            }
            // One map level whatever the number of labels, as the
            // reference does (its implied type has one level per label).
            return (Value::map_empty(self.plan.implied_type(&b.nested)), trace);
        }
        (
            {
                // One label: the map type the spec implies, shared, when
                // the values have its element type.
                let map_ty = (n == 1 && !as_object).then_some((self, spec));
                let shape = Shape {
                    as_object,
                    keep_types: self.keep_block_types,
                };
                root.into_value(shape, &b.type_name, content, diags, map_ty)
            },
            trace,
        )
    }
}

/// What a block map's levels are made of: objects (`block_object`), or
/// maps whose blocks keep their own types where they differ (an object
/// then, `DecodeOptions::keep_block_types`) or are unified.
#[derive(Clone, Copy)]
struct Shape {
    as_object: bool,
    keep_types: bool,
}

/// A level of a block map being built: children keyed by label, in the
/// order first seen (indexed by a hash map once there are many, so that
/// thousands of blocks stay linear).
#[derive(Default)]
struct Node<'b> {
    value: Option<Value>,
    children: Vec<(&'b str, Node<'b>)>,
    index: Option<HashMap<&'b str, usize>>,
}

impl<'b> Node<'b> {
    fn leaf(v: Value) -> Node<'b> {
        Node {
            value: Some(v),
            children: Vec::new(),
            index: None,
        }
    }

    fn find(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(m) => m.get(key).copied(),
            None => self.children.iter().position(|(k, _)| *k == key),
        }
    }

    fn push(&mut self, key: &'b str, node: Node<'b>) {
        if let Some(m) = &mut self.index {
            m.insert(key, self.children.len());
        } else if self.children.len() >= 16 {
            let mut m: HashMap<&'b str, usize> = self
                .children
                .iter()
                .enumerate()
                .map(|(i, (k, _))| (*k, i))
                .collect();
            m.insert(key, self.children.len());
            self.index = Some(m);
        }
        self.children.push((key, node));
    }

    fn child(&mut self, key: &'b str) -> &mut Node<'b> {
        let i = match self.find(key) {
            Some(i) => i,
            None => {
                self.push(key, Node::default());
                self.children.len() - 1
            }
        };
        &mut self.children[i].1
    }

    fn into_value(
        self,
        shape: Shape,
        type_name: &str,
        content: &Content<'_>,
        diags: &mut Diagnostics,
        map_ty: Option<(&Decoder<'_>, &Spec)>,
    ) -> Value {
        if let Some(v) = self.value {
            return v;
        }
        let entries: Vec<(&str, Value)> = self
            .children
            .into_iter()
            .map(|(k, n)| {
                let v = n.into_value(shape, type_name, content, diags, None);
                (k, v)
            })
            .collect();
        if shape.as_object {
            return Value::object(entries);
        }
        // Blocks of one type (the common case) need no unification.
        if let Some((_, first)) = entries.first()
            && entries[1..].iter().all(|(_, v)| v.ty() == first.ty())
        {
            return match map_ty {
                Some((d, spec)) => {
                    Value::map_typed(d.plan.collection_type(spec, first.ty(), Type::map), entries)
                }
                None => Value::map(first.ty().clone(), entries),
            };
        }
        if shape.keep_types {
            // Each block as decoded (`DecodeOptions::keep_block_types`).
            return Value::object(entries);
        }
        let types: Vec<Type> = entries.iter().map(|(_, v)| v.ty().clone()).collect();
        match unify_unsafe(&types) {
            Some((ety, convs)) => {
                let entries = entries
                    .into_iter()
                    .zip(convs)
                    .map(|((k, v), c)| {
                        let v = match c {
                            Some(c) => c.apply(&v).unwrap_or_else(|_| Value::unknown(ety.clone())),
                            None => v,
                        };
                        (k, v)
                    })
                    .collect::<Vec<_>>();
                if entries.iter().any(|(_, v)| v.ty() != &ety) {
                    diags.push(
                        inconsistent_block_types(type_name)
                            .with_subject(content.missing_item_range()),
                    );
                    return Value::dynamic();
                }
                Value::map(ety, entries)
            }
            None => {
                diags.push(
                    inconsistent_block_types(type_name).with_subject(content.missing_item_range()),
                );
                Value::dynamic()
            }
        }
    }
}

/// `sourceRange`: the first block's value's source, or where blocks are
/// missing.
pub(in crate::decode) fn source_range(
    d: &Decoder<'_>,
    b: &BlockMapSpec,
    content: &Content<'_>,
) -> Option<Range> {
    first_block_range(d, &b.type_name, &b.nested, content)
}

/// `variablesNeeded`: the variables decoding the blocks' bodies needs.
pub(in crate::decode) fn variables(
    b: &BlockMapSpec,
    content: &Content<'_>,
    variables: VariablesOf,
    out: &mut Vec<Traversal>,
) {
    blocks_variables(&b.type_name, &b.nested, content, false, variables, out);
}
