//! Loading hcldec spec files.
//!
//! The format is HashiCorp's (`cmd/hcldec/spec-format.md`): one root spec
//! block, `variables` blocks and `function` blocks. Spec arguments are
//! decoded as gohcl decodes them (so `required = "true"` works), which
//! needs evaluation: the loader asks a [`SpecEval`] for values. The dynamic
//! layer (`hcldecode`) supplies the full evaluator; [`StaticEval`] accepts
//! literal arguments only, for compile-time use by the derive.
//!
//! Extensions over the reference, accepted here and documented in
//! `docs/deviations.md`: `block_tuple`, `block_object` and `block_label`
//! spec blocks, which the reference's CLI does not register.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use super::path::{PathStep, SpecPath};
use super::transformation::Transform;
use super::{DynRef, Spec, SpecKind};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::source::{Range, SourceFile, Span};
use crate::syntax::body::{Block, Body, BodyRef, BodySchema, Content};
use crate::syntax::expr::{ExprRef, Expression};
use crate::syntax::native::analysis::{expr_as_keyword, expr_list};
use crate::syntax::native::{self, ast};
use crate::types::Type;
use crate::value::Value;

use super::namespace::{Namespace, NamespaceKind};
use super::type_constraint::{DefaultEval, OptionalAttrs};

/// What a spec argument is decoded into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A string (`name`, `block_type`).
    String,
    /// A bool (`required`).
    Bool,
    /// A whole number (`min_items`, `max_items`, `index`).
    Int,
    /// A list of strings (`labels`).
    StringList,
}

/// A decoded spec argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// A string.
    String(String),
    /// A bool.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A list of strings.
    StringList(Vec<String>),
}

/// Evaluation the loader needs from the dynamic layer.
pub trait SpecEval {
    /// Decodes a spec argument as gohcl's `DecodeExpression` does: evaluate
    /// without variables or functions, convert to `kind`. `None` for null
    /// (treated as absent) or on error (reported in `diags`).
    fn arg(
        &mut self,
        expr: ExprRef<'_>,
        kind: ArgKind,
        diags: &mut Diagnostics,
    ) -> Option<ArgValue>;

    /// Evaluates a `literal` spec's `value` (spec functions available).
    fn literal(&mut self, expr: ExprRef<'_>, diags: &mut Diagnostics) -> Option<Value>;

    /// Evaluates an entry of a `variables` block (spec functions available)
    /// and remembers it.
    fn variable(&mut self, name: &str, expr: ExprRef<'_>, diags: &mut Diagnostics);

    /// The result type of a transform applied to a value of type `wrapped`.
    fn transform_type(&mut self, transform: &Transform, wrapped: Type) -> Type;

    /// Evaluating the default values of `optional(type, default)`
    /// attributes; `None` (the default) when this evaluator cannot, and
    /// `optional` then takes no default.
    fn default_eval(&mut self) -> Option<&mut dyn DefaultEval> {
        None
    }

    /// The transform function of an `attr` spec whose type has optional
    /// attributes: applies the defaults of `optional` to the attribute's
    /// value (read as `any`) and converts it to `ty`, a null to a null of
    /// `ty`. `None` (the default): the attribute keeps the plain type.
    fn optional_transform(
        &mut self,
        ty: &Type,
        optional: Option<Arc<OptionalAttrs>>,
    ) -> Option<DynRef> {
        let _ = (ty, optional);
        None
    }
}

/// A user-defined function declared in a spec file.
#[derive(Clone, Debug)]
pub struct FunctionDecl {
    /// The name it is called by.
    pub name: String,
    /// Positional parameter names.
    pub params: Vec<String>,
    /// The variadic parameter, which receives a tuple of the extra arguments.
    pub variadic_param: Option<String>,
    /// The result expression.
    pub result: Expression,
    /// The `function "name"` header.
    pub def_range: Range,
}

/// A loaded spec file.
#[derive(Clone, Debug)]
pub struct SpecFile {
    /// The root spec.
    pub root: Spec,
    /// User-defined functions, in declaration order (a later declaration of
    /// the same name replaces an earlier one, as in the reference).
    pub functions: Vec<FunctionDecl>,
    /// Namespaces declared by `namespace "var" { kind = "variables",
    /// block_type = "variable" }` blocks (an extension), in order.
    pub namespaces: Vec<Namespace>,
}

fn spec_schema(labelled: bool) -> BodySchema {
    let labels: &[&str] = if labelled { &["key"] } else { &[] };
    // Every kind spec files may hold, and `tuple`, terraform-provider-hcl's
    // spelling of `array`.
    SpecKind::ALL
        .into_iter()
        .filter(|k| k.in_spec_files())
        .map(SpecKind::name)
        .chain(["tuple"])
        .fold(BodySchema::new(), |s, t| s.block(t, labels))
}

/// Parses and loads a spec file from its text.
///
/// On errors the returned spec may be partial (specs with errors are
/// replaced by null literals, as the reference does); callers must not
/// decode with it when the diagnostics have errors.
pub fn load_spec_file(file: Arc<SourceFile>, eval: &mut dyn SpecEval) -> (SpecFile, Diagnostics) {
    let (parsed, mut diags) = native::parse_config(file);
    if diags.has_errors() {
        return (
            SpecFile {
                root: Spec::err_spec(),
                functions: Vec::new(),
                namespaces: Vec::new(),
            },
            diags,
        );
    }
    let body = Body::native(parsed.source.clone(), parsed.body.clone());
    let (spec_file, d) = load_spec_body(&body, eval);
    diags.extend(d);
    (spec_file, diags)
}

/// [`load_spec_file`] of a file already parsed (without syntax errors):
/// its body.
pub fn load_spec_body(body: &Body, eval: &mut dyn SpecEval) -> (SpecFile, Diagnostics) {
    let mut diags = Diagnostics::new();
    let mut loader = Loader {
        eval,
        diags: Diagnostics::new(),
        origins: Vec::new(),
        paths: vec![(0, None)],
        at: 0,
        unlabelled: spec_schema(false),
        labelled: spec_schema(true),
        arg_schemas: Vec::new(),
    };
    let (functions, rest) = loader.decls(body);
    let (namespaces, rest) = loader.namespaces(&rest);
    let root = loader.root(&rest);
    if !loader.diags.has_errors() {
        let errs = root.validate();
        // Where each spec was declared, by path (the last declaration of a
        // path wins), resolved only when there is something to report.
        let mut origins: HashMap<SpecPath, Range> = HashMap::new();
        if !errs.is_empty() {
            for (at, file, span) in &loader.origins {
                origins.insert(loader.spec_path(*at), file.range(*span));
            }
        }
        for e in errs {
            let range = origins.get(&e.path).cloned();
            let mut d = Diagnostic::error(e.summary, e.detail).with_code(e.kind.code());
            d.subject = range;
            loader.diags.push(d);
        }
    }
    diags.extend(loader.diags);
    (
        SpecFile {
            root,
            functions,
            namespaces,
        },
        diags,
    )
}

/// Readers of one argument kind each (`ArgKind` and `ArgValue` share the
/// variant names): `None` when absent or not decoded.
macro_rules! typed_args {
    ($($name:ident: $kind:ident -> $t:ty;)*) => {$(
        pub(super) fn $name(&mut self, args: &Args<'_>, name: &str, failed: &mut bool) -> Option<$t> {
            match self.arg(args, name, ArgKind::$kind, failed) {
                Some(ArgValue::$kind(v)) => Some(v),
                _ => None,
            }
        }
    )*};
}

pub(super) struct Loader<'e> {
    pub(super) eval: &'e mut dyn SpecEval,
    pub(super) diags: Diagnostics,
    /// Where each spec in the tree was declared (its path in `paths`), for
    /// validation messages.
    pub(super) origins: Vec<(usize, Arc<SourceFile>, Span)>,
    /// The paths of the specs read, as a tree: each entry is its parent's
    /// index and its last step (the root has none).
    pub(super) paths: Vec<(usize, Option<PathStep>)>,
    /// The path of the spec being read.
    pub(super) at: usize,
    pub(super) unlabelled: BodySchema,
    pub(super) labelled: BodySchema,
    /// The argument schema of each spec kind, built once per load (keyed by
    /// the address of the kind's field list).
    pub(super) arg_schemas: Vec<(*const (&'static str, bool), Rc<BodySchema>)>,
}

/// Arguments of a spec block, decoded as gohcl does.
pub(super) struct Args<'a> {
    schema: Rc<BodySchema>,
    content: Content<'a>,
    /// What is left of the body, for specs with nested spec blocks.
    pub(super) rest: Option<Body>,
}

impl<'a> Args<'a> {
    pub(super) fn expr(&self, name: &str) -> Option<ExprRef<'a>> {
        self.content.attribute(&self.schema, name).map(|a| a.expr)
    }
}

impl Loader<'_> {
    /// `userfunc.DecodeUserFunctions` and the `variables` blocks; returns
    /// the functions and the rest of the body.
    fn decls(&mut self, body: &Body) -> (Vec<FunctionDecl>, Body) {
        let mut functions: Vec<FunctionDecl> = Vec::new();
        let schema = BodySchema::new().block("function", &["name"]);
        let ((content, rest), failed) =
            own_errors(&mut self.diags, |d| body.partial_content(&schema, d));
        if !failed {
            for block in &content.blocks {
                if let Some(f) = self.function(block) {
                    functions.retain(|g| g.name != f.name);
                    functions.push(f);
                }
            }
        }

        let schema = BodySchema::new().block("variables", &[]);
        let (content, rest) = rest.partial_content(&schema, &mut self.diags);
        for block in &content.blocks {
            let attrs = block.body.just_attributes(&mut self.diags);
            for attr in attrs {
                self.eval.variable(attr.name, attr.expr, &mut self.diags);
            }
        }
        (functions, rest)
    }

    /// The `namespace "NAME" { kind = "variables" | "locals", block_type
    /// = "TYPE" }` blocks (an extension: docs/spec-format.md, "Variables
    /// and locals"), and the body without them.
    fn namespaces(&mut self, body: &Body) -> (Vec<Namespace>, Body) {
        let schema = BodySchema::new().block("namespace", &["name"]);
        let (content, rest) = body.partial_content(&schema, &mut self.diags);
        let args = BodySchema::new()
            .attribute("kind", true)
            .attribute("block_type", true);
        let mut out: Vec<Namespace> = Vec::new();
        for block in &content.blocks {
            let (c, failed) = own_errors(&mut self.diags, |d| block.body.content(&args, d));
            if failed {
                continue;
            }
            let text = |name: &str| {
                let a = c.attribute(&args, name)?;
                let t = match a.expr {
                    ExprRef::Native { file, expr } => literal_text(file, expr.get()),
                    ExprRef::Json { doc, value } => {
                        value.as_string().map(|s| s.value(doc).to_string())
                    }
                };
                Some((t, a.expr.range()))
            };
            let name = block.labels[0].value;
            let (Some((kind, kind_at)), Some((ty, ty_at))) = (text("kind"), text("block_type"))
            else {
                continue;
            };
            let kind = match kind.as_deref() {
                Some("variables") => NamespaceKind::Variables,
                Some("locals") => NamespaceKind::Locals,
                _ => {
                    self.diags.push(
                        Diagnostic::error(
                            "Invalid namespace kind",
                            "A namespace's kind is \"variables\" (blocks with one label, each a variable) or \"locals\" (blocks whose attributes are local values).",
                        )
                        .with_subject(kind_at),
                    );
                    continue;
                }
            };
            let Some(ty) = ty.filter(|t| crate::syntax::is_identifier(t)) else {
                self.diags.push(
                    Diagnostic::error(
                        "Invalid namespace block type",
                        "A namespace's block_type is a literal string naming a block type.",
                    )
                    .with_subject(ty_at),
                );
                continue;
            };
            if !crate::syntax::is_identifier(name) || out.iter().any(|n| n.name == name) {
                self.diags.push(
                    Diagnostic::error(
                        "Invalid namespace name",
                        format!(
                            "A namespace name is an identifier, declared once: {name:?} is not."
                        ),
                    )
                    .with_subject(block.labels[0].range()),
                );
                continue;
            }
            out.push(Namespace {
                kind,
                block_type: ty,
                name: name.to_string(),
            });
        }
        (out, rest)
    }

    fn function(&mut self, block: &Block<'_>) -> Option<FunctionDecl> {
        let schema = BodySchema::new()
            .attribute("params", true)
            .attribute("variadic_param", false)
            .attribute("result", true);
        let (content, failed) = own_errors(&mut self.diags, |d| block.body.content(&schema, d));
        if failed {
            return None;
        }
        let get = |n: &str| content.attribute(&schema, n).map(|a| a.expr);
        let params_expr = get("params")?;
        let result = get("result")?;
        // Spec files are native syntax.
        let ExprRef::Native { file, expr } = params_expr else {
            return None;
        };
        let items = match expr_list(expr.get(), file) {
            Ok(items) => items,
            Err(d) => {
                self.diags.extend(d);
                return None;
            }
        };
        let mut params = Vec::with_capacity(items.len());
        for item in items {
            match expr_as_keyword(item, file) {
                Some(k) => params.push(k.to_string()),
                None => {
                    self.diags.push(
                        Diagnostic::error(
                            "Invalid param element",
                            "Each parameter name must be an identifier.",
                        )
                        .with_subject(file.range(item.span)),
                    );
                    return None;
                }
            }
        }
        let variadic_param = match get("variadic_param") {
            None | Some(ExprRef::Json { .. }) => None,
            Some(ExprRef::Native { file, expr }) => match expr_as_keyword(expr.get(), file) {
                Some(k) => Some(k.to_string()),
                None => {
                    self.diags.push(
                        Diagnostic::error(
                            "Invalid variadic_param",
                            "The variadic parameter name must be an identifier.",
                        )
                        .with_subject(file.range(expr.span)),
                    );
                    return None;
                }
            },
        };
        Some(FunctionDecl {
            name: block.labels[0].value.to_string(),
            params,
            variadic_param,
            result: result.to_expression(),
            def_range: block.def_range(),
        })
    }

    /// `decodeSpecRoot`.
    fn root(&mut self, body: &Body) -> Spec {
        self.only_spec_block(
            body,
            "A spec file must have exactly one root block specifying how to map to a JSON value.",
            None,
        )
    }

    /// The one spec block of `body` (`decodeSpecRoot` and
    /// `decodeBlockNestedSpec` alike), read with `step` added to the path;
    /// none or several is an error with `detail`. A missing block is not
    /// reported when reading the body already failed.
    fn only_spec_block(&mut self, body: &Body, detail: &str, step: Option<PathStep>) -> Spec {
        let (content, failed) = self.spec_blocks(body);
        match content.blocks.len() {
            0 => {
                if !failed {
                    self.diags.push(
                        Diagnostic::error("Missing spec block", detail)
                            .with_subject(body.missing_item_range()),
                    );
                }
                Spec::err_spec()
            }
            1 => match step {
                Some(step) => self.with_path(step, |l| l.spec_block(&content.blocks[0])),
                None => self.spec_block(&content.blocks[0]),
            },
            _ => {
                self.diags.push(
                    Diagnostic::error("Extraneous spec block", detail)
                        .with_subject(content.blocks[1].def_range()),
                );
                Spec::err_spec()
            }
        }
    }

    /// The spec blocks of `body` and whether reading them reported errors.
    pub(super) fn spec_blocks<'a>(&mut self, body: &'a Body) -> (Content<'a>, bool) {
        own_errors(&mut self.diags, |d| body.content(&self.unlabelled, d))
    }

    pub(super) fn with_path<T>(&mut self, step: PathStep, f: impl FnOnce(&mut Self) -> T) -> T {
        let parent = self.at;
        self.paths.push((parent, Some(step)));
        self.at = self.paths.len() - 1;
        let r = f(self);
        self.at = parent;
        r
    }

    /// The path at index `at` of `paths`.
    fn spec_path(&self, mut at: usize) -> SpecPath {
        let mut steps = Vec::new();
        while let (parent, Some(step)) = &self.paths[at] {
            steps.push(step.clone());
            at = *parent;
        }
        steps.reverse();
        SpecPath(steps)
    }

    /// `gohcl.DecodeBody` into a struct with the given attribute fields
    /// (`required` for non-pointer fields) and, if `remain`, a remain body.
    /// `None` when decoding reported errors (the caller gives up).
    pub(super) fn args<'a>(
        &mut self,
        body: BodyRef<'a>,
        fields: &'static [(&'static str, bool)],
        remain: bool,
    ) -> Option<Args<'a>> {
        let key = fields.as_ptr();
        let schema = match self.arg_schemas.iter().find(|(k, _)| *k == key) {
            Some((_, s)) => s.clone(),
            None => {
                let mut names: Vec<&(&str, bool)> = fields.iter().collect();
                names.sort_by_key(|(n, _)| *n);
                let s = Rc::new(
                    names
                        .iter()
                        .fold(BodySchema::new(), |s, (n, req)| s.attribute(n, *req)),
                );
                self.arg_schemas.push((key, s.clone()));
                s
            }
        };
        let ((content, rest), failed) = own_errors(&mut self.diags, |d| {
            if remain {
                let (c, r) = body.partial_content_and_rest(&schema, d);
                (c, Some(r))
            } else {
                (body.content(&schema, d), None)
            }
        });
        if failed {
            return None;
        }
        Some(Args {
            schema,
            content,
            rest,
        })
    }

    /// Decodes argument `name` of `args` as `kind`.
    pub(super) fn arg(
        &mut self,
        args: &Args<'_>,
        name: &str,
        kind: ArgKind,
        failed: &mut bool,
    ) -> Option<ArgValue> {
        let expr = args.expr(name)?;
        // Its own errors, not those of earlier arguments, fail it.
        let eval = &mut self.eval;
        let (v, bad) = own_errors(&mut self.diags, |d| eval.arg(expr, kind, d));
        if bad {
            *failed = true;
        }
        v
    }

    typed_args! {
        string_arg: String -> String;
        bool_arg: Bool -> bool;
        int_arg: Int -> i64;
    }

    pub(super) fn type_arg(&mut self, args: &Args<'_>, name: &str) -> Type {
        match args.expr(name) {
            None | Some(ExprRef::Json { .. }) => Type::Dynamic,
            Some(ExprRef::Native { file, expr }) => {
                let (ty, d) = super::typeexpr::eval_type_expr(file, expr.get());
                self.diags.extend(d);
                ty
            }
        }
    }

    /// A block count argument: gohcl decodes it into an `int`; negative
    /// counts are rejected here (the reference ignores them).
    pub(super) fn count_arg(&mut self, args: &Args<'_>, name: &str, failed: &mut bool) -> usize {
        let Some(n) = self.int_arg(args, name, failed) else {
            return 0;
        };
        if n < 0 {
            let range = args.expr(name).map(|e| e.range());
            let mut d = Diagnostic::error(
                "Invalid block count",
                format!("{name} must not be negative."),
            );
            d.subject = range;
            self.diags.push(d);
            *failed = true;
            return 0;
        }
        n as usize
    }

    /// The name argument `name` (of `attr`, `block`, `block_attrs`) and
    /// `required` (false when absent); `None` when either failed.
    pub(super) fn name_and_required(
        &mut self,
        args: &Args<'_>,
        name: &str,
    ) -> Option<(Option<String>, bool)> {
        let mut failed = false;
        let value = self.string_arg(args, name, &mut failed);
        let required = self.bool_arg(args, "required", &mut failed);
        (!failed).then(|| (value, required.unwrap_or(false)))
    }

    /// The `description` argument (an extension: what the item is for,
    /// for editors; decoding ignores it). It must be a literal string, in
    /// JSON a string: otherwise an error coded
    /// [`Code::InvalidSpecDescription`](crate::diag::Code) and no
    /// description.
    pub(super) fn description_arg(&mut self, args: &Args<'_>) -> Option<String> {
        let expr = args.expr("description")?;
        let text = match expr {
            ExprRef::Native { file, expr } => literal_text(file, expr.get()),
            ExprRef::Json { doc, value } => value.as_string().map(|s| s.value(doc).to_string()),
        };
        if text.is_none() {
            self.diags.push(
                Diagnostic::coded(
                    Code::InvalidSpecDescription,
                    "Invalid description",
                    "A description must be a literal string, without interpolations or directives.",
                )
                .with_subject(expr.range()),
            );
        }
        text
    }

    /// The block type of a `kind` spec: `type_name`, else the spec
    /// block's label `implied`; `None` (reported) when that is empty.
    pub(super) fn block_type(
        &mut self,
        type_name: Option<String>,
        implied: String,
        kind: &str,
        body: BodyRef<'_>,
    ) -> Option<String> {
        let type_name = type_name.unwrap_or(implied);
        if type_name.is_empty() {
            self.diags.push(
                Diagnostic::error(
                    format!("Missing block_type in {kind} spec"),
                    "The block_type attribute is required, to specify the block type name that is expected in an input HCL file.",
                )
                .with_subject(body.missing_item().range()),
            );
            return None;
        }
        Some(type_name)
    }

    /// The nested spec of a block kind (`block`, `block_list`, ...).
    pub(super) fn block_nested(&mut self, args: &Args<'_>) -> Spec {
        self.nested(
            args,
            "A block spec must have exactly one child spec specifying how to decode block contents.",
        )
    }

    /// `self.implied_type(spec).has_dynamic_types()`, without building the
    /// type where that is not needed (a block_map is checked at every
    /// level of nesting, so building each level's whole type would cost
    /// the depth times the spec's size).
    pub(super) fn implied_has_dynamic(&mut self, spec: &Spec) -> bool {
        match spec {
            Spec::Object(o) => {
                if !o
                    .properties
                    .iter()
                    .any(|(_, s)| self.implied_has_dynamic(s))
                {
                    return false;
                }
                // A repeated name keeps only the last type, which may be
                // the one without.
                self.implied_type(spec).has_dynamic_types()
            }
            Spec::Tuple(t) => t.iter().any(|s| self.implied_has_dynamic(s)),
            Spec::Block(b) => self.implied_has_dynamic(&b.nested),
            Spec::BlockList(b) | Spec::BlockSet(b) => self.implied_has_dynamic(&b.nested),
            Spec::BlockMap(b) => self.implied_has_dynamic(&b.nested),
            Spec::Default(d) => self.implied_has_dynamic(&d.primary),
            Spec::Validate(v) => self.implied_has_dynamic(&v.wrapped),
            other @ (Spec::Attr(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::BlockTuple(_)
            | Spec::BlockObject(_)
            | Spec::BlockAttrs(_)
            | Spec::BlockLabel(_)
            | Spec::Transform(_)) => self.implied_type(other).has_dynamic_types(),
        }
    }

    /// `hcldec.ImpliedType`, asking the evaluator for transform types.
    pub(super) fn implied_type(&mut self, spec: &Spec) -> Type {
        if let Spec::Transform(t) = spec {
            let wrapped = self.implied_type(&t.wrapped);
            return self.eval.transform_type(&t.transform, wrapped);
        }
        // Transforms below this level come back through `nested`.
        spec.implied_type_from(&mut |s| self.implied_type(s), &|_, wrapped| wrapped)
    }

    /// `decodeBlockNestedSpec` over the remaining body of `args`.
    pub(super) fn nested(&mut self, args: &Args<'_>, missing_detail: &str) -> Spec {
        match &args.rest {
            Some(rest) => self.only_spec_block(rest, missing_detail, Some(PathStep::Nested)),
            None => Spec::err_spec(),
        }
    }
}

/// Runs `f` with diagnostics of its own, adds them to `diags` and says
/// whether `f` reported errors (errors from before do not count).
fn own_errors<T>(diags: &mut Diagnostics, f: impl FnOnce(&mut Diagnostics) -> T) -> (T, bool) {
    let mut d = Diagnostics::new();
    let v = f(&mut d);
    let failed = d.has_errors();
    diags.extend(d);
    (v, failed)
}

/// The text of a literal string expression (a quoted string or heredoc
/// without interpolations or directives); `None` for anything else.
fn literal_text(file: &SourceFile, e: &ast::Expr) -> Option<String> {
    match &e.unwrap_parens().kind {
        ast::ExprKind::StringTemplate { text, .. } => Some(text.get(file).to_string()),
        ast::ExprKind::Template { parts } => {
            let mut s = String::new();
            for p in parts {
                match &p.kind {
                    ast::ExprKind::Literal(ast::Literal::String(t)) => s.push_str(t.get(file)),
                    _ => return None,
                }
            }
            Some(s)
        }
        ast::ExprKind::Literal(ast::Literal::String(t)) => Some(t.get(file).to_string()),
        _ => None,
    }
}

/// Evaluation with no dynamic layer: arguments and literals must be
/// literal values. Used by the derive to read spec files at compile time.
#[derive(Debug, Default)]
pub struct StaticEval;

impl SpecEval for StaticEval {
    fn arg(
        &mut self,
        expr: ExprRef<'_>,
        kind: ArgKind,
        diags: &mut Diagnostics,
    ) -> Option<ArgValue> {
        let ExprRef::Native { file, expr } = expr else {
            return None;
        };
        let text = |e: &ast::Expr| literal_text(file, e);
        let e = expr.unwrap_parens();
        if let ast::ExprKind::Literal(ast::Literal::Null) = e.kind {
            return None;
        }
        let v = match kind {
            ArgKind::String => text(e).map(ArgValue::String),
            ArgKind::Bool => match &e.kind {
                ast::ExprKind::Literal(ast::Literal::Bool(b)) => Some(ArgValue::Bool(*b)),
                _ => match text(e).as_deref() {
                    Some("true") => Some(ArgValue::Bool(true)),
                    Some("false") => Some(ArgValue::Bool(false)),
                    _ => None,
                },
            },
            ArgKind::Int => match &e.kind {
                ast::ExprKind::Literal(ast::Literal::Number(s)) => {
                    file.text(*s).parse::<i64>().ok().map(ArgValue::Int)
                }
                _ => None,
            },
            ArgKind::StringList => match &e.kind {
                ast::ExprKind::Tuple { exprs, .. } => exprs
                    .iter()
                    .map(text)
                    .collect::<Option<Vec<_>>>()
                    .map(ArgValue::StringList),
                _ => None,
            },
        };
        if v.is_none() {
            diags.push(
                Diagnostic::error(
                    "Unsuitable value type",
                    "This argument must be a literal value when the spec is read at compile time.",
                )
                .with_subject(file.range(expr.start_span()))
                .with_context(file.range(expr.span)),
            );
        }
        v
    }

    /// A literal's value where the syntax gives it; anything evaluation
    /// must decide (a function call, an operator) is unknown here.
    fn literal(&mut self, expr: ExprRef<'_>, _diags: &mut Diagnostics) -> Option<Value> {
        Some(match expr {
            ExprRef::Native { file, expr } => static_value(file, expr.get()),
            ExprRef::Json { .. } => Value::unknown(Type::Dynamic),
        })
    }

    fn variable(&mut self, _name: &str, _expr: ExprRef<'_>, _diags: &mut Diagnostics) {}

    fn transform_type(&mut self, _transform: &Transform, _wrapped: Type) -> Type {
        Type::Dynamic
    }

    fn default_eval(&mut self) -> Option<&mut dyn DefaultEval> {
        Some(self)
    }
}

/// Defaults of `optional` read at compile time: a literal one is its value,
/// so one that cannot convert to its attribute's type fails as it does at
/// run time (the same conversion); anything else is unknown, which converts
/// to any type, and is evaluated when the spec is built at run time.
impl DefaultEval for StaticEval {
    fn eval(
        &mut self,
        file: &Arc<SourceFile>,
        expr: &ast::Expr,
        _diags: &mut Diagnostics,
    ) -> Option<Value> {
        Some(static_value(file, expr))
    }
}

/// The value of `expr` where it is literal; unknown otherwise.
fn static_value(file: &SourceFile, expr: &ast::Expr) -> Value {
    crate::literal::expression_value(file, expr).unwrap_or_else(|| Value::unknown(Type::Dynamic))
}
