//! `block_list`, `block_tuple` and `block_set`: every block of a type,
//! each body decoded with the nested spec, as one collection.

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::{BlockCollectionSpec, BlockCount, Spec};
use hcldecode_spec::syntax::body::{Block, Content};

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
    /// `BlockListSpec.decode`, `BlockTupleSpec.decode`, `BlockSetSpec.decode`.
    pub(in crate::decode) fn decode_block_list<R: Recorder>(
        &self,
        spec: &Spec,
        b: &BlockCollectionSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
        kind: Kind,
    ) -> (Value, R::T) {
        let mut elems = Vec::new();
        let mut traces: Vec<BlockTrace> = Vec::new();
        let blocks: Vec<_> = Self::indexed_blocks_of(content, &b.type_name).collect();
        let mut decoded = self.bodies_on_threads::<R>(&blocks, 0, &b.nested);
        for (i, block) in blocks {
            let (v, t) = decoded.next(diags, |diags| {
                self.block_body::<R>(i, block, &block.labels, &b.nested, diags)
            });
            R::push_block(&mut traces, t);
            if dynblock::BlockScope::is_unknown(block) {
                // A block generated from an unknown for_each: the whole
                // collection is unknown, as in the reference.
                let v = Value::unknown(self.plan.implied_type(spec));
                return (v, R::rec(|| Trace::Blocks(traces)));
            }
            elems.push(v);
        }
        let v = self.block_list_value(spec, b, elems, content, diags, kind);
        (v, R::rec(|| Trace::Blocks(traces)))
    }

    /// The `i`th block of `b`'s type in `content`, for diagnostics.
    fn nth_block<'c, 'b>(
        content: &'c Content<'b>,
        b: &BlockCollectionSpec,
        i: usize,
    ) -> Option<&'c Block<'b>> {
        Self::blocks_of(content, &b.type_name).nth(i)
    }

    fn block_list_value(
        &self,
        spec: &Spec,
        b: &BlockCollectionSpec,
        elems: Vec<Value>,
        content: &Content<'_>,
        diags: &mut Diagnostics,
        kind: Kind,
    ) -> Value {
        self.check_count(b, elems.len(), content, diags);
        if kind == Kind::Tuple {
            return Value::tuple(elems);
        }
        if elems.is_empty() {
            let ety = self.plan.implied_type(&b.nested);
            return match kind {
                Kind::Set => Value::set_empty(ety),
                _ => Value::list_empty(ety),
            };
        }
        // Blocks of one type (the common case) need no unification.
        if elems[1..].iter().all(|v| v.ty() == elems[0].ty()) {
            let ety = elems[0].ty();
            return match kind {
                Kind::Set => Value::set(ety.clone(), elems),
                _ => Value::list_of_type(self.plan.collection_type(spec, ety, Type::list), elems),
            };
        }
        if self.keep_block_types {
            // Each block as decoded (`DecodeOptions::keep_block_types`).
            return Value::tuple(elems);
        }
        match self.unified(b, elems, content, diags) {
            Some((ety, out)) if kind == Kind::Set => Value::set(ety, out),
            Some((ety, out)) => Value::list(ety, out),
            None => Value::dynamic(),
        }
    }

    /// Reports too few or too many blocks.
    fn check_count(
        &self,
        b: &BlockCollectionSpec,
        n: usize,
        content: &Content<'_>,
        diags: &mut Diagnostics,
    ) {
        match b.count(n) {
            BlockCount::TooFew => diags.push(
                Diagnostic::error(
                    format!("Insufficient {} blocks", b.type_name),
                    format!(
                        "At least {} {:?} blocks are required.",
                        b.min_items, b.type_name
                    ),
                )
                .with_code(Code::InsufficientBlocks)
                .with_subject(content.missing_item_range()),
            ),
            BlockCount::TooMany => {
                let mut d = Diagnostic::error(
                    format!("Too many {} blocks", b.type_name),
                    format!(
                        "No more than {} {:?} blocks are allowed",
                        b.max_items, b.type_name
                    ),
                )
                .with_code(Code::TooManyBlocks);
                d.subject = Self::nth_block(content, b, b.max_items)
                    .and_then(|bl| self.block_source_range(bl, &b.nested));
                diags.push(d);
            }
            _ => {}
        }
    }

    /// The blocks' values converted to the type they unify to (cty's
    /// `UnifyUnsafe`); `None` after the error at the first block that does
    /// not fit.
    fn unified(
        &self,
        b: &BlockCollectionSpec,
        elems: Vec<Value>,
        content: &Content<'_>,
        diags: &mut Diagnostics,
    ) -> Option<(Type, Vec<Value>)> {
        let types: Vec<Type> = elems.iter().map(|v| v.ty().clone()).collect();
        let mut inconsistent = |i: usize, detail: String| {
            let mut d = Diagnostic::error(
                format!("Unconsistent argument types in {} blocks", b.type_name),
                detail,
            )
            .with_code(Code::InconsistentBlockTypes);
            d.subject = Self::nth_block(content, b, i)
                .and_then(|bl| self.block_source_range(bl, &b.nested));
            diags.push(d);
        };
        let Some((ety, convs)) = unify_unsafe(&types) else {
            let mut d = inconsistent_block_types(&b.type_name);
            d.subject = Self::nth_block(content, b, 0)
                .and_then(|bl| self.block_source_range(bl, &b.nested));
            diags.push(d);
            return None;
        };
        let mut out = Vec::with_capacity(elems.len());
        for (i, (v, conv)) in elems.into_iter().zip(convs).enumerate() {
            let Some(c) = conv else {
                out.push(v);
                continue;
            };
            match c.apply(&v) {
                // A conversion from the dynamic pseudo-type (a bare `any`
                // attribute set to `null`) makes an unknown value: the
                // blocks do not really share a type. Report the first
                // block that differs from the first, as for objects.
                Ok(n) if !n.is_wholly_known() && v.is_wholly_known() => {
                    let j = types.iter().position(|t| t != &types[0]).unwrap_or(i);
                    inconsistent(
                        j,
                        format!(
                            "Block with index {j} has inconsistent argument types: its value is of type {}, the value of the block with index 0 of type {}; all must share one type.",
                            types[j].to_type_expr(),
                            types[0].to_type_expr()
                        ),
                    );
                    return None;
                }
                Ok(v) => out.push(v),
                Err(err) => {
                    inconsistent(
                        i,
                        format!("Block with index {i} has inconsistent argument types: {err}."),
                    );
                    return None;
                }
            }
        }
        // Unifying types with `any` in them can leave values of different
        // types that one list cannot hold (the reference panics).
        if let Some(i) = out.iter().position(|v| v.ty() != &ety) {
            inconsistent(
                i,
                format!(
                    "Block with index {i} has inconsistent argument types: its value has type {}, which is not the {} all blocks must share.",
                    out[i].ty().to_type_expr(),
                    ety.to_type_expr()
                ),
            );
            return None;
        }
        Some((ety, out))
    }
}

/// Which collection the blocks make.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::decode) enum Kind {
    List,
    Tuple,
    Set,
}

/// `sourceRange`: the first block's value's source, or where blocks are
/// missing.
pub(in crate::decode) fn source_range(
    d: &Decoder<'_>,
    b: &BlockCollectionSpec,
    content: &Content<'_>,
) -> Option<Range> {
    first_block_range(d, &b.type_name, &b.nested, content)
}

/// `variablesNeeded`: the variables decoding the blocks' bodies needs.
pub(in crate::decode) fn variables(
    b: &BlockCollectionSpec,
    content: &Content<'_>,
    variables: VariablesOf,
    out: &mut Vec<Traversal>,
) {
    blocks_variables(&b.type_name, &b.nested, content, false, variables, out);
}
