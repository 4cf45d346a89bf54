//! Compile-time schema checks. The struct's spec is built here as far as
//! the syntax allows and checked with the validator spec files are checked
//! with at run time (`Spec::validate`), type expressions with the same
//! evaluator (`typeexpr`), and spec files named by `check_spec` are loaded
//! with the same loader (`StaticEval`). Errors point at the field concerned.

use std::collections::HashMap;

use proc_macro2::Span;

use hcldecode_spec::diag::{Code, Diagnostics};
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::spec::field::{self, BlockField, BlockShape};
use hcldecode_spec::spec::load::{StaticEval, load_spec_file};
use hcldecode_spec::spec::type_constraint::{get_type, uses_optional};
use hcldecode_spec::spec::typeexpr::eval_type_expr;
use hcldecode_spec::spec::{
    AttrSpec, BlockAttrsSpec, BlockCollectionSpec, BlockMapSpec, BlockSpec, ObjectSpec, PathStep,
    Spec, SpecErrorKind,
};
use hcldecode_spec::syntax::native;
use hcldecode_spec::types::Type;

use crate::ast::Field;
use crate::attr::{Ctxt, Kind, SpannedStr};
use crate::shape::{Shape, is_string};

/// Formats diagnostics for a compile error.
fn diag_text(diags: &Diagnostics) -> String {
    diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            if d.detail.is_empty() {
                d.summary.clone()
            } else {
                format!("{}: {}", d.summary, d.detail)
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Parses and evaluates a type expression.
fn type_expr(text: &str) -> Result<Type, String> {
    let file = SourceFile::new("type", text);
    let (expr, diags) = native::parse_expression(&file);
    if diags.has_errors() {
        return Err(diag_text(&diags));
    }
    // `optional(...)` attributes: ext/typeexpr's type constraints (the
    // defaults are evaluated when the spec is built, at run time; a literal
    // one that cannot convert to its attribute's type is an error here).
    let (ty, diags) = if uses_optional(&file, &expr) {
        let (ty, _, d) = get_type(&file, &expr, true, Some(&mut StaticEval));
        (ty, d)
    } else {
        eval_type_expr(&file, &expr)
    };
    if diags.has_errors() {
        return Err(diag_text(&diags));
    }
    Ok(ty)
}

/// The element shape of a map field (for `block_attrs`).
fn map_elem(shape: &Shape) -> Option<&Shape> {
    match shape {
        Shape::Option(s) => map_elem(s),
        Shape::Map(e) => Some(e),
        _ => None,
    }
}

/// Checks the options of each field and parses `type = "..."`.
pub fn check_fields(cx: &mut Ctxt, fields: &mut [Field<'_>]) {
    let mut seen_body_field = false;
    let mut remain: Option<Span> = None;
    for f in fields.iter_mut() {
        check_options(cx, f);
        match f.kind {
            Kind::Label => {
                if seen_body_field {
                    cx.error(
                        f.kind_span,
                        "label fields come first: a block's labels are read, in order, before its body",
                    );
                }
                if !is_string(f.ty) {
                    cx.error(
                        syn::spanned::Spanned::span(f.ty),
                        "a label field must be a `String`: labels are strings",
                    );
                }
            }
            Kind::Remain => {
                if remain.is_some() {
                    cx.error(
                        f.kind_span,
                        "only one field can take the rest of the body (`remain`)",
                    );
                }
                remain = Some(f.kind_span);
            }
            _ => seen_body_field = true,
        }
        check_type(cx, f);
    }
}

/// Each option of a field applies to its kind (and shape).
fn check_options(cx: &mut Ctxt, f: &Field<'_>) {
    let a = &f.attrs;
    let kind = f.kind;
    let only = |cx: &mut Ctxt, span: Span, key: &str, kinds: &[Kind]| {
        if !kinds.contains(&kind) {
            let names: Vec<&str> = kinds.iter().map(|k| k.key()).collect();
            cx.error(
                span,
                format!(
                    "`{key}` does not apply to a `{}` field; it applies to {}",
                    kind.key(),
                    names.join(", ")
                ),
            );
        }
    };
    if let Some(d) = &a.default {
        if kind == Kind::Label {
            cx.error(
                d.span,
                "a label cannot have a default: every block has its labels",
            );
        } else {
            only(cx, d.span, "default", &[Kind::Attr, Kind::BlockAttrs]);
        }
    }
    if let Some(t) = &a.type_expr {
        only(cx, t.span, "type", &[Kind::Attr, Kind::BlockAttrs]);
    }
    for (opt, key) in [(&a.min_items, "min_items"), (&a.max_items, "max_items")] {
        if let Some(o) = opt {
            only(cx, o.span, key, &[Kind::Block]);
        }
    }
    if matches!(f.shape, Shape::Option(_))
        && kind == Kind::Block
        && let Some(o) = a.min_items.as_ref().or(a.max_items.as_ref())
    {
        cx.error(
            o.span,
            "`min_items` and `max_items` apply to a list, set or map of blocks; an `Option` block takes at most one (say `required` for exactly one)",
        );
    }
    if let Some(r) = a.required {
        only(cx, r, "required", &[Kind::Block, Kind::BlockAttrs]);
        if kind == Kind::Block && !matches!(f.shape, Shape::Option(_)) {
            cx.error(
                r,
                "`required` applies to `Option` blocks; a block field of another type says itself how many blocks it takes",
            );
        }
    }
    if let Some(l) = &a.labels {
        only(cx, l.span, "labels", &[Kind::Block]);
    }
    if let Some(s) = a.serde {
        only(cx, s, "serde", &[Kind::Attr]);
    }
    for (opt, key) in [(&a.variables, "variables"), (&a.locals, "locals")] {
        if let Some(o) = opt {
            only(cx, o.span, key, &[Kind::Block]);
        }
    }
    if let (Some(_), Some(l)) = (&a.variables, &a.locals) {
        cx.error(
            l.span,
            "a block field declares variables or locals, not both: give each its own block type",
        );
    }
    if let Some(t) = a.tag {
        only(cx, t, "tag", &[Kind::Block]);
        if matches!(f.shape, Shape::Map(_)) {
            cx.error(
                t,
                "`tag` applies to a block field of one enum, `Option`, `Vec` or set of one; in a block map the labels are the keys",
            );
        }
    }
    if let Some(r) = &a.rename
        && matches!(kind, Kind::Remain | Kind::Flatten)
    {
        cx.error(
            r.span,
            format!("a `{}` field has no HCL name to rename", kind.key()),
        );
    }
}

/// `type = "..."` parsed and checked against the field's Rust type, and a
/// `block_attrs` field's map.
fn check_type(cx: &mut Ctxt, f: &mut Field<'_>) {
    let kind = f.kind;
    if let Some(t) = &f.attrs.type_expr {
        match type_expr(&t.value) {
            Err(msg) => cx.error(t.span, format!("invalid type expression: {msg}")),
            Ok(ty) => {
                let held = match kind {
                    Kind::BlockAttrs => match map_elem(&f.shape) {
                        Some(e) => e.can_hold(&ty),
                        None => Ok(()),
                    },
                    _ => f.shape.can_hold(&ty),
                };
                match held {
                    Ok(()) => f.declared = Some(ty),
                    Err(why) => cx.error(
                        t.span,
                        format!("type `{}` does not fit the field: {why}", ty.to_type_expr()),
                    ),
                }
            }
        }
    }
    if kind == Kind::BlockAttrs && map_elem(&f.shape).is_none() && f.shape != Shape::Unknown {
        cx.error(
            syn::spanned::Spanned::span(f.ty),
            "a `block_attrs` field is a `String`-keyed map of its attributes",
        );
    }
}

/// The spec a field reads, as far as known at compile time (nested block
/// bodies are not known: empty objects), built by the builder the
/// generated `spec()` uses ([`field`]), from what the field's syntax shows.
pub fn field_spec(f: &Field<'_>, label_index: usize) -> Option<Spec> {
    let has_default = f.attrs.default.is_some();
    Some(match f.kind {
        Kind::Attr => field::attr(
            &f.name,
            attr_type(f),
            field::attr_required(has_default, f.shape.optional()),
        ),
        Kind::Block => {
            let opts = BlockField {
                type_name: f.name.clone(),
                min_items: f.attrs.min_items.as_ref().map_or(0, |m| m.value),
                max_items: f.attrs.max_items.as_ref().map_or(0, |m| m.value),
                required: f.attrs.required.is_some(),
                labels: f
                    .attrs
                    .labels
                    .as_ref()
                    .map(|l| l.value.clone())
                    .unwrap_or_default(),
            };
            let shape = match f.shape.block_kind() {
                // A type the derive does not know, given counts: checked
                // as a list would be (its impl says what it reads).
                BlockShape::Single
                    if f.shape == Shape::Unknown
                        && (f.attrs.min_items.is_some() || f.attrs.max_items.is_some()) =>
                {
                    BlockShape::List
                }
                s => s,
            };
            field::block(shape, &opts, Spec::Object(ObjectSpec::default()))
        }
        Kind::Label => field::label(label_index, &f.name),
        Kind::BlockAttrs => field::block_attrs(
            &f.name,
            f.declared
                .clone()
                .unwrap_or_else(|| map_elem(&f.shape).map_or(Type::Dynamic, Shape::hcl_type)),
            field::block_attrs_required(
                f.attrs.required.is_some(),
                has_default,
                f.shape.optional(),
            ),
            None,
        ),
        Kind::Flatten => Spec::Object(ObjectSpec::default()),
        Kind::Remain => return None,
    })
}

/// The type an attribute field's spec declares: `type = "..."`'s (read as
/// any value when it has `optional(...)` attributes), else its Rust type's.
fn attr_type(f: &Field<'_>) -> Type {
    match (&f.declared, &f.attrs.type_expr) {
        (Some(_), Some(src)) if src.value.contains("optional") => Type::Dynamic,
        (Some(t), _) => t.clone(),
        (None, _) => field::attr_type(f.shape.hcl_type(), false),
    }
}

/// Whether the field's outline ([`field::outline`]) is known at compile
/// time: its Rust type is one the derive can see through (a user type's
/// impls decide its HCL type, whether it may be absent, and for a block
/// field whether it is a collection).
pub fn outline_known(f: &Field<'_>) -> bool {
    match f.kind {
        Kind::Attr => f.declared.is_some() || !f.shape.has_unknown(),
        // A type the derive does not know is taken for a body type (one
        // block), as a struct or enum is, unless it is given counts.
        Kind::Block => {
            f.shape != Shape::Unknown
                || (f.attrs.min_items.is_none() && f.attrs.max_items.is_none())
        }
        Kind::BlockAttrs => !f.shape.has_unknown(),
        Kind::Label | Kind::Flatten => true,
        Kind::Remain => false,
    }
}

/// The property key of a field in the struct's object spec (the HCL name).
pub fn property_key(f: &Field<'_>) -> String {
    match f.kind {
        Kind::Flatten => format!("{}", f.ident),
        _ => f.name.clone(),
    }
}

/// Builds the struct's spec and runs the validator on it as the body of a
/// block (labels are allowed), reporting each violation at its field.
pub fn validate(cx: &mut Ctxt, fields: &[Field<'_>]) {
    let mut props = Vec::new();
    let mut owners: Vec<usize> = Vec::new();
    let mut label_index = 0;
    for (i, f) in fields.iter().enumerate() {
        if let Some(s) = field_spec(f, label_index) {
            if f.kind == Kind::Label {
                label_index += 1;
            }
            props.push((property_key(f), s));
            owners.push(i);
        }
    }
    let spec = Spec::Block(BlockSpec {
        type_name: "derive".into(),
        nested: Box::new(Spec::Object(ObjectSpec { properties: props })),
        required: false,
        description: None,
    });
    // One error per field; a collision says more than a duplicate.
    let mut found: Vec<Option<SpecErrorKind>> = vec![None; fields.len()];
    let mut dup_count: HashMap<(String, Code), usize> = HashMap::new();
    for e in spec.validate() {
        let Some(PathStep::Property(key)) = e.path.0.get(1) else {
            continue;
        };
        let candidates: Vec<usize> = owners
            .iter()
            .copied()
            .filter(|&i| property_key(&fields[i]) == *key)
            .collect();
        // Duplicates and collisions are reported at the later fields.
        let code = e.kind.code();
        let later = matches!(
            code,
            Code::DuplicateObjectProperty | Code::AttributeBlockNameCollision
        );
        let n = dup_count.entry((key.clone(), code)).or_insert(0);
        let pick = if later {
            *n += 1;
            candidates.get(*n).or(candidates.last())
        } else {
            candidates.first()
        };
        let Some(&i) = pick else { continue };
        let replace = match &found[i] {
            None => true,
            Some(k) => {
                k.code() == Code::DuplicateObjectProperty
                    && code == Code::AttributeBlockNameCollision
            }
        };
        if replace {
            found[i] = Some(e.kind);
        }
    }
    for (f, err) in fields.iter().zip(found) {
        let Some(kind) = err else {
            continue;
        };
        let span = match kind.code() {
            Code::InvalidBlockCountLimits => {
                f.attrs.min_items.as_ref().map_or(f.name_span, |m| m.span)
            }
            _ => f.name_span,
        };
        // In the words of fields, not of spec paths.
        let detail = match &kind {
            SpecErrorKind::DuplicateObjectProperty { name } => {
                format!("Another field of this struct already has the HCL name {name:?}.")
            }
            _ => kind.detail(|other| match other.0.get(1) {
                Some(PathStep::Property(key)) => format!("by the field named {key}"),
                _ => format!("at {other}"),
            }),
        };
        cx.error(span, format!("{}: {detail}", kind.summary()));
    }
}

/// What a spec reads from its body: an attribute, a block or a label.
#[derive(Clone, Debug)]
enum Read {
    Attr(AttrSpec),
    Block(Spec),
    Label(usize),
}

/// The reads of a spec file's object, by input name, recursing into
/// same-body specs.
fn reads(spec: &Spec, key: &str, out: &mut Vec<(String, String, Read)>) {
    match spec {
        Spec::Object(o) => {
            for (k, s) in &o.properties {
                reads(s, k, out);
            }
        }
        Spec::Tuple(t) => {
            for s in t {
                reads(s, key, out);
            }
        }
        Spec::Attr(a) => out.push((a.name.clone(), key.to_string(), Read::Attr(a.clone()))),
        Spec::Block(BlockSpec { type_name, .. })
        | Spec::BlockList(BlockCollectionSpec { type_name, .. })
        | Spec::BlockSet(BlockCollectionSpec { type_name, .. })
        | Spec::BlockTuple(BlockCollectionSpec { type_name, .. })
        | Spec::BlockMap(BlockMapSpec { type_name, .. })
        | Spec::BlockObject(BlockMapSpec { type_name, .. })
        | Spec::BlockAttrs(BlockAttrsSpec { type_name, .. }) => out.push((
            type_name.clone(),
            key.to_string(),
            Read::Block(spec.clone()),
        )),
        Spec::BlockLabel(l) => out.push((l.name.clone(), key.to_string(), Read::Label(l.index))),
        Spec::Default(d) => reads(&d.primary, key, out),
        Spec::Transform(t) => reads(&t.wrapped, key, out),
        Spec::Validate(v) => reads(&v.wrapped, key, out),
        Spec::Literal(_) | Spec::Expr(_) => {}
    }
}

/// A description of a block spec's kind and count rules, for comparison.
fn block_desc(s: &Spec) -> String {
    match s {
        Spec::Block(b) => format!("block (required = {})", b.required),
        Spec::BlockList(b) | Spec::BlockSet(b) | Spec::BlockTuple(b) => format!(
            "{} (min_items = {}, max_items = {})",
            s.kind_name(),
            b.min_items,
            b.max_items
        ),
        Spec::BlockMap(b) | Spec::BlockObject(b) => {
            format!("{} with {} label(s)", s.kind_name(), b.labels.len())
        }
        Spec::BlockAttrs(b) => format!("block_attrs (required = {})", b.required),
        other @ (Spec::Object(_)
        | Spec::Tuple(_)
        | Spec::Attr(_)
        | Spec::Literal(_)
        | Spec::Expr(_)
        | Spec::BlockLabel(_)
        | Spec::Default(_)
        | Spec::Transform(_)
        | Spec::Validate(_)) => other.kind_name().to_string(),
    }
}

/// The spec file `path` names, read and loaded at compile time (errors at
/// the attribute's path); its full path, for the rebuild it triggers.
fn load_spec(
    cx: &mut Ctxt,
    path: &SpannedStr,
) -> Option<(std::path::PathBuf, hcldecode_spec::spec::load::SpecFile)> {
    let full = resolve(&path.value);
    let text = match std::fs::read_to_string(&full) {
        Ok(t) => t,
        Err(e) => {
            cx.error(
                path.span,
                format!("cannot read spec file {}: {e}", path.value),
            );
            return None;
        }
    };
    let file = SourceFile::new(path.value.clone(), text);
    let (loaded, diags) = load_spec_file(file, &mut StaticEval);
    if diags.has_errors() {
        let msgs: Vec<String> = diags
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.to_string())
            .collect();
        cx.error(
            path.span,
            format!("the spec file does not load: {}", msgs.join("; ")),
        );
        return None;
    }
    Some((full, loaded))
}

/// `#[hcl(check_spec = "...")]`: loads the spec file at compile time and
/// reports every difference from the struct at the field concerned.
pub fn check_spec(
    cx: &mut Ctxt,
    fields: &[Field<'_>],
    path: &SpannedStr,
    owner: &str,
) -> Option<std::path::PathBuf> {
    let (full, loaded) = load_spec(cx, path)?;
    // A struct with labels is read from blocks: its body is the nested
    // spec of a spec file whose root reads such blocks.
    let has_labels = fields.iter().any(|f| f.kind == Kind::Label);
    let root = match loaded.root.nested() {
        Some(nested) if has_labels => nested,
        _ => &loaded.root,
    };
    let mut file_reads = Vec::new();
    reads(root, "", &mut file_reads);

    let mut label_index = 0;
    let mut matched = vec![false; file_reads.len()];
    for f in fields {
        let Some(spec) = field_spec(f, label_index) else {
            continue;
        };
        let what = match f.kind {
            Kind::Flatten => continue,
            Kind::Attr => "attribute",
            Kind::Label => "label",
            _ => "block",
        };
        if f.kind == Kind::Label {
            label_index += 1;
        }
        let found = file_reads.iter().enumerate().find(|(i, (name, _, r))| {
            !matched[*i]
                && *name == f.name
                // A label only for a label.
                && matches!(spec, Spec::BlockLabel(_)) == matches!(r, Read::Label(_))
        });
        let Some((i, (_, key, read))) = found else {
            cx.error(
                f.name_span,
                format!(
                    "the spec file {} has no {what} {:?}, which this field reads",
                    path.value, f.name
                ),
            );
            continue;
        };
        matched[i] = true;
        let at = |cx: &mut Ctxt, msg: String| {
            cx.error(
                f.name_span,
                format!(
                    "differs from the spec file {} (property {key:?}): {msg}",
                    path.value
                ),
            )
        };
        compare_read(cx, f, &spec, read, &at);
    }
    let extra: Vec<String> = file_reads
        .iter()
        .zip(&matched)
        .filter(|(_, m)| !**m)
        .map(|((name, key, r), _)| {
            let what = match r {
                Read::Attr(_) => "attribute",
                Read::Block(_) => "block",
                Read::Label(_) => "label",
            };
            format!("{what} {name:?} (property {key:?})")
        })
        .collect();
    if !extra.is_empty() {
        cx.error(
            path.span,
            format!(
                "the spec file {} reads {}, which no field of `{owner}` reads",
                path.value,
                extra.join(", ")
            ),
        );
    }
    Some(full)
}

/// Checks one field against what the spec file reads under its name:
/// kinds, types, requiredness, label indices; `at` reports a difference.
fn compare_read(
    cx: &mut Ctxt,
    f: &Field<'_>,
    spec: &Spec,
    read: &Read,
    at: &dyn Fn(&mut Ctxt, String),
) {
    match read {
        Read::Attr(theirs) => {
            if let Spec::Attr(mine) = spec {
                compare_attr(cx, f, mine, theirs, at);
            } else {
                at(
                    cx,
                    format!(
                        "there {:?} is an attribute, here a {}",
                        f.name,
                        spec.kind_name()
                    ),
                );
            }
        }
        Read::Label(idx) => {
            if let Spec::BlockLabel(mine) = spec
                && mine.index != *idx
            {
                at(
                    cx,
                    format!("there it is label {idx}, here label {}", mine.index),
                );
            }
        }
        Read::Block(theirs) => compare_block(cx, f, spec, theirs, at),
    }
}

/// [`compare_read`] of an attribute the spec file reads as one.
fn compare_attr(
    cx: &mut Ctxt,
    f: &Field<'_>,
    mine: &AttrSpec,
    theirs: &AttrSpec,
    at: &dyn Fn(&mut Ctxt, String),
) {
    if let Err(why) = f.shape.can_hold(&theirs.ty) {
        at(
            cx,
            format!("its type is {}, and {why}", theirs.ty.to_type_expr()),
        );
    } else if let Some(d) = &f.declared
        && d != &theirs.ty
        && !theirs.ty.is_dynamic()
    {
        at(
            cx,
            format!(
                "its type is {}, this field's is {}",
                theirs.ty.to_type_expr(),
                d.to_type_expr()
            ),
        );
    }
    if mine.required != theirs.required {
        at(
            cx,
            format!(
                "there the attribute has required = {}, here {}",
                theirs.required,
                if mine.required {
                    "it is required (not an Option, no default)"
                } else {
                    "it is optional"
                }
            ),
        );
    }
}

/// [`compare_read`] of what the spec file reads as a block.
fn compare_block(
    cx: &mut Ctxt,
    f: &Field<'_>,
    spec: &Spec,
    theirs: &Spec,
    at: &dyn Fn(&mut Ctxt, String),
) {
    if let Spec::Attr(_) = spec {
        at(
            cx,
            format!(
                "there {:?} is a {}, here an attribute",
                f.name,
                theirs.kind_name()
            ),
        );
    } else if let (Spec::BlockAttrs(mine), Spec::BlockAttrs(theirs)) = (spec, theirs) {
        if let Some(e) = map_elem(&f.shape)
            && let Err(why) = e.can_hold(&theirs.element_type)
        {
            at(
                cx,
                format!(
                    "its element_type is {}, and {why}",
                    theirs.element_type.to_type_expr()
                ),
            );
        }
        if mine.required != theirs.required {
            at(
                cx,
                format!(
                    "there required = {}, here {}",
                    theirs.required, mine.required
                ),
            );
        }
    } else {
        compare_block_desc(cx, spec, theirs, at);
    }
}

/// [`compare_block`] of blocks by kind and count rules.
fn compare_block_desc(cx: &mut Ctxt, spec: &Spec, theirs: &Spec, at: &dyn Fn(&mut Ctxt, String)) {
    let (a, b) = (block_desc(spec), block_desc(theirs));
    if a != b {
        at(cx, format!("there it is a {b}, here a {a}"));
    }
}

/// A `check_spec` path: relative to `CARGO_MANIFEST_DIR`, or else to the
/// directory of the source file the derive is in.
pub fn resolve(path: &str) -> std::path::PathBuf {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let full = std::path::Path::new(&dir).join(path);
    if full.is_file() {
        return full;
    }
    let beside = proc_macro::Span::call_site()
        .local_file()
        .and_then(|f| f.parent().map(|d| d.join(path)));
    match beside {
        Some(p) if p.is_file() => p,
        _ => full,
    }
}
