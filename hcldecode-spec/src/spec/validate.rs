//! Schema validation: rules a spec tree must follow to decode anything
//! meaningful. The spec-file loader reports violations with ranges in the
//! spec file; the derive reports them as compile errors on the fields.

use crate::diagnostic::Code;
use crate::name_map::NameMap;
use std::fmt;

pub use super::path::{PathStep, SpecPath};

use super::Spec;

/// A broken schema rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The offending spec.
    pub path: SpecPath,
    /// Which rule, with what a caller needs to describe it its own way (the
    /// derive speaks of fields, not spec paths).
    pub kind: SpecErrorKind,
    /// Short summary.
    pub summary: String,
    /// Explanation, naming other specs by their paths.
    pub detail: String,
}

/// Which schema rule a [`SpecError`] breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SpecErrorKind {
    /// A `block_label` outside the nested spec of a block.
    BlockLabelOutsideBlock,
    /// Label indices with a gap: `missing` is the first index not used.
    InconsistentBlockLabelIndices {
        /// The first index missing.
        missing: usize,
    },
    /// A second property `name` in one object spec.
    DuplicateObjectProperty {
        /// The property's name.
        name: String,
    },
    /// `name` read as `here` at the error's path and as `there` at `other`
    /// in the same body ("an attribute", "a block_list").
    AttributeBlockNameCollision {
        /// The name read twice.
        name: String,
        /// How it is read at the error's path.
        here: String,
        /// How it is read at `other`.
        there: String,
        /// The other spec reading it.
        other: SpecPath,
    },
    /// A `block_map` or `block_object` (`kind`) without labels.
    InvalidBlockLabelNames {
        /// The spec kind.
        kind: &'static str,
    },
    /// `min_items` greater than a non-zero `max_items`.
    InvalidBlockCountLimits {
        /// `min_items`.
        min: usize,
        /// `max_items`.
        max: usize,
    },
}

impl SpecErrorKind {
    /// The diagnostic code of this rule.
    pub fn code(&self) -> Code {
        match self {
            SpecErrorKind::BlockLabelOutsideBlock => Code::BlockLabelOutsideBlock,
            SpecErrorKind::InconsistentBlockLabelIndices { .. } => {
                Code::InconsistentBlockLabelIndices
            }
            SpecErrorKind::DuplicateObjectProperty { .. } => Code::DuplicateObjectProperty,
            SpecErrorKind::AttributeBlockNameCollision { .. } => Code::AttributeBlockNameCollision,
            SpecErrorKind::InvalidBlockLabelNames { .. } => Code::InvalidBlockLabelNames,
            SpecErrorKind::InvalidBlockCountLimits { .. } => Code::InvalidBlockCountLimits,
        }
    }

    /// The summary.
    pub fn summary(&self) -> &'static str {
        match self {
            SpecErrorKind::BlockLabelOutsideBlock => "Block label outside a block",
            SpecErrorKind::InconsistentBlockLabelIndices { .. } => {
                "Inconsistent block label indices"
            }
            SpecErrorKind::DuplicateObjectProperty { .. } => "Duplicate object property",
            SpecErrorKind::AttributeBlockNameCollision { .. } => {
                "Attribute and block name collision"
            }
            SpecErrorKind::InvalidBlockLabelNames { .. } => "Invalid block label name list",
            SpecErrorKind::InvalidBlockCountLimits { .. } => "Invalid block count limits",
        }
    }

    /// The detail, with another spec named by `place` (`at nested.x` in
    /// [`SpecError::detail`]).
    pub fn detail(&self, place: impl Fn(&SpecPath) -> String) -> String {
        match self {
            SpecErrorKind::BlockLabelOutsideBlock => "A block_label spec can only be used in the nested spec of a block, block_list, block_set or block_map.".into(),
            SpecErrorKind::InconsistentBlockLabelIndices { missing } => format!(
                "Block label specs must use consecutive indices starting at zero, but index {missing} is missing."
            ),
            SpecErrorKind::DuplicateObjectProperty { name } => {
                format!("The object spec already has a property named {name:?}.")
            }
            SpecErrorKind::AttributeBlockNameCollision {
                name,
                here,
                there,
                other,
            } => format!(
                "{name:?} is read as {here} here but as {there} {}; one body cannot have both.",
                place(other)
            ),
            SpecErrorKind::InvalidBlockLabelNames { kind } => {
                format!("A {kind} must have at least one label specified.")
            }
            SpecErrorKind::InvalidBlockCountLimits { min, max } => {
                format!("min_items ({min}) must not be greater than max_items ({max}).")
            }
        }
    }
}

impl SpecError {
    /// The error of `kind` at `path`, with its summary and detail.
    pub fn new(path: SpecPath, kind: SpecErrorKind) -> SpecError {
        SpecError {
            path,
            summary: kind.summary().into(),
            detail: kind.detail(|p| format!("at {p}")),
            kind,
        }
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}; {}", self.path, self.summary, self.detail)
    }
}

impl std::error::Error for SpecError {}

pub(super) fn validate(spec: &Spec) -> Vec<SpecError> {
    let mut errs = Vec::new();
    let mut paths = Paths::default();
    check_body(spec, ROOT, false, &mut paths, &mut errs);
    errs
}

/// A step of a path in [`Paths`], borrowing property names from the spec.
#[derive(Clone, Copy)]
enum Step<'a> {
    Root,
    Property(&'a str),
    Index(usize),
    Nested,
    Primary,
    Default,
    Wrapped,
}

/// The paths of the specs visited, as a tree of steps: a path is the index
/// of its last step, built into a [`SpecPath`] only for an error, so that
/// validating costs the size of the spec, not the size times the depth.
struct Paths<'a> {
    nodes: Vec<(usize, Step<'a>)>,
}

/// The root's path in [`Paths`].
const ROOT: usize = 0;

impl Default for Paths<'_> {
    fn default() -> Self {
        Paths {
            nodes: vec![(ROOT, Step::Root)],
        }
    }
}

impl<'a> Paths<'a> {
    fn child(&mut self, parent: usize, step: Step<'a>) -> usize {
        self.nodes.push((parent, step));
        self.nodes.len() - 1
    }

    fn path(&self, mut at: usize) -> SpecPath {
        let mut steps = Vec::new();
        while at != ROOT {
            let (parent, step) = self.nodes[at];
            steps.push(match step {
                Step::Root => break,
                Step::Property(p) => PathStep::Property(p.to_string()),
                Step::Index(i) => PathStep::Index(i),
                Step::Nested => PathStep::Nested,
                Step::Primary => PathStep::Primary,
                Step::Default => PathStep::Default,
                Step::Wrapped => PathStep::Wrapped,
            });
            at = parent;
        }
        steps.reverse();
        SpecPath(steps)
    }
}

/// What one body's specs read: the first path naming each attribute or
/// block type, to report collisions.
#[derive(Default)]
struct BodyNames<'a> {
    attrs: NameMap<&'a str, usize>,
    blocks: NameMap<&'a str, (usize, &'static str)>,
    labels: Vec<(usize, usize)>,
}

/// Checks `spec` as the spec of one body (the root, or a block's nested
/// spec when `in_block`), then recurses into nested block bodies.
fn check_body<'a>(
    spec: &'a Spec,
    path: usize,
    in_block: bool,
    paths: &mut Paths<'a>,
    errs: &mut Vec<SpecError>,
) {
    let mut names = BodyNames::default();
    let mut nested: Vec<(&'a Spec, usize)> = Vec::new();
    walk_same_body(spec, path, &mut names, &mut nested, paths, errs);

    if !in_block {
        for (_, p) in &names.labels {
            errs.push(SpecError::new(
                paths.path(*p),
                SpecErrorKind::BlockLabelOutsideBlock,
            ));
        }
    } else {
        let mut indices: Vec<usize> = names.labels.iter().map(|(i, _)| *i).collect();
        indices.sort_unstable();
        indices.dedup();
        for (want, got) in indices.iter().enumerate() {
            if *got != want {
                let p = names
                    .labels
                    .iter()
                    .find(|(i, _)| i == got)
                    .map(|(_, p)| paths.path(*p));
                errs.push(SpecError::new(
                    p.unwrap_or_default(),
                    SpecErrorKind::InconsistentBlockLabelIndices { missing: want },
                ));
                break;
            }
        }
    }

    for (n, p) in nested {
        check_body(n, p, true, paths, errs);
    }
}

fn walk_same_body<'a>(
    spec: &'a Spec,
    path: usize,
    names: &mut BodyNames<'a>,
    nested: &mut Vec<(&'a Spec, usize)>,
    paths: &mut Paths<'a>,
    errs: &mut Vec<SpecError>,
) {
    match spec {
        Spec::Object(o) => {
            let mut seen: NameMap<&str, ()> =
                NameMap::with_capacity_and_hasher(o.properties.len(), Default::default());
            for (k, s) in &o.properties {
                let p = paths.child(path, Step::Property(k));
                if seen.insert(k, ()).is_some() {
                    errs.push(SpecError::new(
                        paths.path(p),
                        SpecErrorKind::DuplicateObjectProperty { name: k.clone() },
                    ));
                }
                walk_same_body(s, p, names, nested, paths, errs);
            }
        }
        Spec::Tuple(t) => {
            for (i, s) in t.iter().enumerate() {
                let p = paths.child(path, Step::Index(i));
                walk_same_body(s, p, names, nested, paths, errs);
            }
        }
        Spec::Attr(a) => {
            if let Some((bp, kind)) = names.blocks.get(a.name.as_str()) {
                errs.push(SpecError::new(
                    paths.path(path),
                    SpecErrorKind::AttributeBlockNameCollision {
                        name: a.name.to_string(),
                        here: "an attribute".into(),
                        there: format!("a {kind}"),
                        other: paths.path(*bp),
                    },
                ));
            }
            names.attrs.entry(&a.name).or_insert(path);
        }
        Spec::Block(b) => {
            claim_block(&b.type_name, "block", path, names, paths, errs);
            nested.push((&b.nested, paths.child(path, Step::Nested)));
        }
        Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
            check_items(b.min_items, b.max_items, path, paths, errs);
            claim_block(&b.type_name, spec.kind_name(), path, names, paths, errs);
            nested.push((&b.nested, paths.child(path, Step::Nested)));
        }
        Spec::BlockMap(b) | Spec::BlockObject(b) => {
            if b.labels.is_empty() {
                errs.push(SpecError::new(
                    paths.path(path),
                    SpecErrorKind::InvalidBlockLabelNames {
                        kind: spec.kind_name(),
                    },
                ));
            }
            claim_block(&b.type_name, spec.kind_name(), path, names, paths, errs);
            nested.push((&b.nested, paths.child(path, Step::Nested)));
        }
        Spec::BlockAttrs(b) => claim_block(&b.type_name, "block_attrs", path, names, paths, errs),
        Spec::BlockLabel(l) => names.labels.push((l.index, path)),
        Spec::Default(d) => {
            let p = paths.child(path, Step::Primary);
            walk_same_body(&d.primary, p, names, nested, paths, errs);
            let p = paths.child(path, Step::Default);
            walk_same_body(&d.default, p, names, nested, paths, errs);
        }
        Spec::Transform(t) => {
            let p = paths.child(path, Step::Wrapped);
            walk_same_body(&t.wrapped, p, names, nested, paths, errs)
        }
        Spec::Validate(v) => {
            let p = paths.child(path, Step::Wrapped);
            walk_same_body(&v.wrapped, p, names, nested, paths, errs)
        }
        Spec::Literal(_) | Spec::Expr(_) => {}
    }
}

/// Records block type `type_name` (read by a `kind` spec at `path`) in
/// `names`; an attribute of that name read before is a collision.
fn claim_block<'a>(
    type_name: &'a str,
    kind: &'static str,
    path: usize,
    names: &mut BodyNames<'a>,
    paths: &Paths<'a>,
    errs: &mut Vec<SpecError>,
) {
    if let Some(ap) = names.attrs.get(type_name) {
        errs.push(collision(paths.path(path), type_name, &paths.path(*ap)));
    }
    names.blocks.entry(type_name).or_insert((path, kind));
}

fn check_items(min: usize, max: usize, path: usize, paths: &Paths<'_>, errs: &mut Vec<SpecError>) {
    if max > 0 && min > max {
        errs.push(SpecError::new(
            paths.path(path),
            SpecErrorKind::InvalidBlockCountLimits { min, max },
        ));
    }
}

fn collision(path: SpecPath, name: &str, attr_path: &SpecPath) -> SpecError {
    SpecError::new(
        path,
        SpecErrorKind::AttributeBlockNameCollision {
            name: name.to_string(),
            here: "a block".into(),
            there: "an attribute".into(),
            other: attr_path.clone(),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{AttrSpec, BlockCollectionSpec, BlockLabelSpec, BlockSpec, ObjectSpec};
    use crate::types::Type;

    fn attr(name: &str) -> Spec {
        Spec::Attr(AttrSpec::new(name, Type::String, false))
    }

    fn obj(props: Vec<(&str, Spec)>) -> Spec {
        Spec::Object(ObjectSpec {
            properties: props.into_iter().map(|(k, s)| (k.to_string(), s)).collect(),
        })
    }

    #[test]
    fn valid_spec_has_no_errors() {
        let s = obj(vec![
            ("a", attr("a")),
            ("a2", attr("a")),
            (
                "b",
                Spec::BlockList(BlockCollectionSpec {
                    type_name: "b".into(),
                    nested: Box::new(obj(vec![(
                        "name",
                        Spec::BlockLabel(BlockLabelSpec::new(0, "name")),
                    )])),
                    min_items: 1,
                    max_items: 2,
                    description: None,
                }),
            ),
        ]);
        assert_eq!(s.validate(), vec![]);
    }

    #[test]
    fn reports_every_violation_with_paths() {
        let s = obj(vec![
            ("x", attr("x")),
            ("x", attr("y")),
            (
                "blk",
                Spec::Block(BlockSpec {
                    type_name: "x".into(),
                    nested: Box::new(obj(vec![])),
                    required: false,
                    description: None,
                }),
            ),
            (
                "l",
                Spec::BlockList(BlockCollectionSpec {
                    type_name: "l".into(),
                    nested: Box::new(obj(vec![(
                        "lbl",
                        Spec::BlockLabel(BlockLabelSpec::new(1, "n")),
                    )])),
                    min_items: 3,
                    max_items: 2,
                    description: None,
                }),
            ),
            ("top", Spec::BlockLabel(BlockLabelSpec::new(0, "n"))),
        ]);
        let errs = s.validate();
        let got: Vec<(String, Code)> = errs
            .iter()
            .map(|e| (e.path.to_string(), e.kind.code()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("x".to_string(), Code::DuplicateObjectProperty),
                ("blk".to_string(), Code::AttributeBlockNameCollision),
                ("l".to_string(), Code::InvalidBlockCountLimits),
                ("top".to_string(), Code::BlockLabelOutsideBlock),
                (
                    "l.nested.lbl".to_string(),
                    Code::InconsistentBlockLabelIndices
                ),
            ]
        );
        assert_eq!(
            errs[1].kind,
            SpecErrorKind::AttributeBlockNameCollision {
                name: "x".into(),
                here: "a block".into(),
                there: "an attribute".into(),
                other: errs[0].path.clone(),
            }
        );
        assert_eq!(
            errs[1].detail,
            "\"x\" is read as a block here but as an attribute at x; one body cannot have both."
        );
    }
}
