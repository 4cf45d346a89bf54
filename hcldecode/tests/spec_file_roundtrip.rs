//! `T::spec().to_spec_file()` round-trips (printed with
//! `to_spec_file_with_namespaces(&T::namespaces())`, the same text for a
//! type without namespaces): for the derived types of the other test files (copied here, grouped by file, in the modules under
//! `spec_file_roundtrip/`), the printed spec loads without errors, and
//! decoding each document with the loaded spec gives the same value and
//! the same diagnostics (codes, summaries, details, ranges) as decoding
//! it with `T::spec()`, both with typed decoding's options
//! (`element_errors` and `keep_block_types`) and with hcldec's defaults.
//! Documents meant to be valid are also decoded into `T` by the
//! `Decoder`, so each checks a configuration the type accepts.
//!
//! What a spec file cannot say (docs/spec-format.md, "Printing a derived
//! spec"; docs/deviations.md): for these `exceptions.rs` checks that the
//! printed text has a `#` comment at the place and still loads, that the
//! documents which need what it cannot say decode differently (as the
//! table says), and that the others still round-trip.
//!
//! | derived                                          | printed as                                                        | why it cannot round-trip |
//! |--------------------------------------------------|-------------------------------------------------------------------|--------------------------|
//! | `#[hcl(block, tag = "label")]` enum (`tagged_blocks.rs`) | the tag's `block_label`, the kinds and their bodies commented out | the body is decoded by the kind the label names, in Rust; a spec file decodes every block of a type with one spec, so what the body holds is "Unsupported argument" |
//! | `#[hcl(remain)]` field                           | the body's other items, after a comment                           | a spec file decodes a body completely: what the field keeps is "Unsupported argument" / "Unsupported block type" |
//! | `Expression` field                               | an `any` attribute, after a comment                               | typed decoding keeps the expression unevaluated (an unknown value); a spec file evaluates it |
//! | `#[hcl(block, variables / locals)]` field (`variables.rs`, the module example) | `namespace` blocks (`to_spec_file_with_namespaces`), a comment at the field | a spec file's namespace blocks are not part of its result: the field is always empty there |
//! | map of blocks with `any` in it (`typed_per_block.rs`'s `VarsM`, `GroupM`, `GroupBA`) | a `block_object`, after a comment                | a spec file's `block_map` may not hold `any`; the `block_object` gives an object where typed decoding gives a map of blocks sharing one type |
//! | `#[hcl(type = "…")]` with `optional(…)` (`typed_objects.rs`'s `Declared`) | the `any` attribute, after a comment naming the Rust function | the derive's transform is a Rust function: the defaults are not applied |
//! | a type containing itself, nested deeper than its spec unrolls (`typed_recursive.rs`) | the innermost level's labels, after comments  | the deepest block's contents are unsupported, not "Blocks nested too deep" |
//!
//! Not exceptions, but decode options a spec file does not carry: with
//! hcldec's defaults, blocks of one collection whose values differ in type
//! (`Value` fields, structs with `Option` fields as attributes) are
//! unified, or are "Unconsistent argument types", where typed decoding
//! keeps each block's type; the printed spec says so in a comment, and
//! both specs decode alike with either option set (each document is
//! compared with both; the block maps of `any` above with typed
//! decoding's alone, as hcldec's unify the typed spec's map).

#![cfg(feature = "derive")]
// The structs exist to be decoded; their fields are not read back.
#![allow(dead_code)]

use hcldecode::decode::{self, DecodeOptions};
use hcldecode::eval::EvalContext;
use hcldecode::parse::{Syntax, parse};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::{Decoder, Diagnostics, HclDecode, Value};

#[path = "spec_file_roundtrip/examples.rs"]
mod examples;
#[path = "spec_file_roundtrip/exceptions.rs"]
mod exceptions;
#[path = "spec_file_roundtrip/typed.rs"]
mod typed;
#[path = "spec_file_roundtrip/typed_more.rs"]
mod typed_more;
#[path = "spec_file_roundtrip/typed_per_block.rs"]
mod typed_per_block;
#[path = "spec_file_roundtrip/writing.rs"]
mod writing;

/// Typed decoding's options (`Decoder::new()`'s).
fn typed_options() -> DecodeOptions {
    DecodeOptions::new()
        .element_errors(true)
        .keep_block_types(true)
}

/// The spec file `T`'s derive prints: its namespaces and its spec.
pub fn printed<T: HclDecode>() -> String {
    T::spec().to_spec_file_with_namespaces(&T::namespaces())
}

/// `T`'s printed spec, loaded: it must load without errors or warnings.
pub fn loaded<T: HclDecode>() -> (String, LoadedSpec) {
    let text = printed::<T>();
    let (spec, diags) = LoadedSpec::load_str(&text, "derived.hcldec");
    assert!(
        diags.is_empty(),
        "the printed spec does not load: {diags}\n{text}"
    );
    (text, spec.unwrap())
}

/// A parsed document (native syntax, or JSON for a `.json` name).
fn parsed(name: &str, src: &str) -> hcldecode::parse::File {
    let (file, d) = parse(src.as_bytes(), name, Syntax::for_path(name));
    assert!(!d.has_errors(), "{name} does not parse: {d}");
    file
}

/// `src` decoded with `T::spec()` as typed decoding's engine does (its
/// namespaces given their values first), with `options`.
fn with_typed_spec<T: HclDecode>(
    body: &hcldecode::Body,
    ctx: Option<&EvalContext>,
    options: DecodeOptions,
) -> (Value, Diagnostics) {
    let namespaces = T::namespaces();
    if namespaces.is_empty() {
        return decode::decode_with(body, &T::spec(), ctx, None, options);
    }
    let (ctx, mut diags) = hcldecode::declare::evaluate(body, &namespaces, None, ctx);
    let (v, d) = decode::decode_with(body, &T::spec(), Some(&ctx), None, options);
    diags.extend(d);
    (v, diags)
}

/// One decode with each spec: (typed value, typed diagnostics, spec-file
/// value, spec-file diagnostics).
fn both<T: HclDecode>(
    loaded: &LoadedSpec,
    name: &str,
    src: &str,
    ctx: Option<&EvalContext>,
    options: DecodeOptions,
) -> (Value, Diagnostics, Value, Diagnostics) {
    let file = parsed(name, src);
    let (tv, td) = with_typed_spec::<T>(&file.body, ctx, options);
    let (fv, fd) = loaded.decode_with(&file.body, ctx, options);
    (tv, td, fv, fd)
}

/// Documents for one type: valid ones (which `T` decodes from) and
/// invalid ones (which the engine reports errors in).
#[derive(Default)]
pub struct Docs<'a> {
    ok: Vec<(&'a str, &'a str)>,
    bad: Vec<(&'a str, &'a str)>,
    ctx: Option<EvalContext>,
    dynamic_blocks: bool,
    typed_options_only: bool,
}

impl<'a> Docs<'a> {
    /// No documents yet.
    pub fn new() -> Docs<'a> {
        Docs::default()
    }

    /// A valid native-syntax document.
    pub fn ok(self, src: &'a str) -> Docs<'a> {
        self.ok_file("in.hcl", src)
    }

    /// A valid document named `name` (JSON for `.json`).
    pub fn ok_file(mut self, name: &'a str, src: &'a str) -> Docs<'a> {
        self.ok.push((name, src));
        self
    }

    /// A native-syntax document `T` is not decoded from: the engine's
    /// errors, or those of `T`'s Rust values (which the spec does not
    /// see: the spec's values must still agree).
    pub fn bad(mut self, src: &'a str) -> Docs<'a> {
        self.bad.push(("in.hcl", src));
        self
    }

    /// Variables the documents' expressions may use.
    pub fn variable(mut self, name: &str, value: impl Into<Value>) -> Docs<'a> {
        self.ctx
            .get_or_insert_with(EvalContext::new)
            .set_variable(name, value.into());
        self
    }

    /// `dynamic` blocks in the documents are expanded.
    pub fn dynamic_blocks(mut self) -> Docs<'a> {
        self.dynamic_blocks = true;
        self
    }

    /// Compared with typed decoding's options alone, not with hcldec's
    /// defaults too (for a block map of `any`, written as a block object:
    /// hcldec's defaults unify the typed spec's map).
    pub fn typed_options_only(mut self) -> Docs<'a> {
        self.typed_options_only = true;
        self
    }

    /// The typed decoder, with the documents' variables.
    fn decoder(&self) -> Decoder {
        let dec = Decoder::new().dynamic_blocks(self.dynamic_blocks);
        match &self.ctx {
            Some(ctx) => dec.context(ctx.clone()),
            None => dec,
        }
    }

    /// Checks that the loaded spec decodes `src` as `T::spec()` does,
    /// with typed decoding's options and with hcldec's defaults.
    fn same<T: HclDecode>(&self, text: &str, loaded: &LoadedSpec, name: &str, src: &str) {
        let sets = if self.typed_options_only { 1 } else { 2 };
        for options in [typed_options(), DecodeOptions::new()]
            .into_iter()
            .take(sets)
        {
            let options = options.dynamic_blocks(self.dynamic_blocks);
            let (tv, td, fv, fd) = both::<T>(loaded, name, src, self.ctx.as_ref(), options);
            assert_eq!(
                td, fd,
                "{name}: diagnostics differ ({options:?})\n{src}\n{text}"
            );
            assert!(
                tv.raw_equals(&fv),
                "{name}: values differ ({options:?}):\n typed: {tv:?}\n  file: {fv:?}\n{src}\n{text}"
            );
        }
    }

    /// Checks `T`'s printed spec against every document; the number of
    /// documents.
    pub fn round_trip<T: HclDecode>(&self) -> usize {
        let (text, spec) = loaded::<T>();
        for (name, src) in &self.ok {
            if let Err(e) = self.decoder().decode_str::<T>(src, name) {
                panic!(
                    "{name} is not a valid {}: {e}\n{src}",
                    std::any::type_name::<T>()
                );
            }
            self.same::<T>(&text, &spec, name, src);
        }
        for (name, src) in &self.bad {
            assert!(
                self.decoder().decode_str::<T>(src, name).is_err(),
                "{name} is a valid {}:\n{src}",
                std::any::type_name::<T>()
            );
            self.same::<T>(&text, &spec, name, src);
        }
        self.ok.len() + self.bad.len()
    }
}

/// What the loaded spec gives for a document where the typed spec gives
/// something else (an exception): (typed value, typed diagnostics, file
/// value, file diagnostics), with typed decoding's options.
pub fn differs<T: HclDecode>(
    loaded: &LoadedSpec,
    src: &str,
) -> (Value, Diagnostics, Value, Diagnostics) {
    both::<T>(loaded, "in.hcl", src, None, typed_options())
}

/// The summaries of `diags`' errors.
pub fn error_summaries(diags: &Diagnostics) -> Vec<&str> {
    diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.summary.as_str())
        .collect()
}
