//! What a configuration declares, for tools (a language server, a
//! documentation generator: terraform-config-inspect's job, for any
//! schema): each variable with its type, default, description and range,
//! each local value with its range and the declared names it refers to.

use std::collections::HashSet;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::source::Range;
use hcldecode_spec::syntax::body::{Body, BodySchema};
use hcldecode_spec::syntax::expr::ExprRef;
use hcldecode_spec::syntax::json;

use super::prepare::referenced;
use super::{Namespace, NamespaceKind};
use crate::eval::traversal::expr_variables;
use crate::eval::{self};

/// The declarations of a body ([`inspect`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Declarations {
    /// The variables, in source order (a name declared twice: its first).
    pub variables: Vec<DeclaredVariable>,
    /// The local values, in source order (a name defined twice: its
    /// first).
    pub locals: Vec<DeclaredLocal>,
}

/// A declared variable.
#[derive(Clone, Debug, PartialEq)]
pub struct DeclaredVariable {
    /// The namespace's name (`var`).
    pub namespace: String,
    /// The variable's name.
    pub name: String,
    /// Its block's type and label (`variable "region"`).
    pub range: Range,
    /// Its label (`"region"`, quotes included).
    pub name_range: Range,
    /// The `type` as written (`list(string)`).
    pub type_expr: Option<String>,
    /// The `default` as written.
    pub default: Option<String>,
    /// The `description`, when it is a literal string.
    pub description: Option<String>,
    /// `sensitive = true`.
    pub sensitive: bool,
}

/// A declared local value.
#[derive(Clone, Debug, PartialEq)]
pub struct DeclaredLocal {
    /// The namespace's name (`local`).
    pub namespace: String,
    /// The local's name.
    pub name: String,
    /// Its name in its `locals` block.
    pub range: Range,
    /// Its value expression.
    pub expr_range: Range,
    /// The declared namespaces' names it refers to (`var.region`,
    /// `local.env`), in the order written.
    pub references: Vec<Reference>,
}

/// A reference to a declared name.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// The namespace (`var`, `local`).
    pub namespace: String,
    /// The name in it.
    pub name: String,
    /// The whole traversal (`var.region`).
    pub range: Range,
}

/// The variables and locals `body` declares in `namespaces`, as written
/// (nothing is evaluated but literal descriptions and `sensitive`).
///
/// ```
/// use hcldecode::declare::{Namespace, inspect};
/// let (file, _) = hcldecode::parse::parse_native(
///     b"variable \"region\" {\n  type = string\n  description = \"Where.\"\n}\nlocals {\n  name = \"x-${var.region}\"\n}\n",
///     "m.hcl",
/// );
/// let ns = [Namespace::variables("variable", "var"), Namespace::locals("locals", "local")];
/// let d = inspect(&file.body, &ns);
/// assert_eq!(d.variables[0].name, "region");
/// assert_eq!(d.variables[0].type_expr.as_deref(), Some("string"));
/// assert_eq!(d.variables[0].description.as_deref(), Some("Where."));
/// assert_eq!(d.locals[0].references[0].name, "region");
/// assert_eq!(d.locals[0].references[0].range.to_string(), "m.hcl:6,15-25");
/// ```
pub fn inspect(body: &Body, namespaces: &[Namespace]) -> Declarations {
    let content = body.as_ref().partial_content(
        &super::schema::blocks_schema(namespaces),
        &mut Diagnostics::new(),
    );
    let var_schema = BodySchema::new()
        .attribute("type", false)
        .attribute("default", false)
        .attribute("description", false)
        .attribute("sensitive", false);
    // As written: the expression's source text (JSON's included).
    let text = |e: ExprRef<'_>| e.file().text(e.span()).to_string();
    // A JSON variable's `type` is a string holding the type expression:
    // its content is what is written as `type = list(string)` natively.
    let type_text = |e: ExprRef<'_>| match e {
        ExprRef::Json {
            doc,
            value: json::Value::String(s),
        } => s.value(doc).to_string(),
        _ => text(e),
    };
    let mut out = Declarations::default();
    // The names seen, by namespace: a set, as a configuration may declare
    // thousands.
    let mut seen: HashSet<(&str, String)> = HashSet::new();
    for b in &content.blocks {
        let Some(ns) = namespaces.iter().find(|n| n.block_type == b.type_name) else {
            continue;
        };
        match ns.kind {
            NamespaceKind::Variables => {
                let [label] = b.labels.as_slice() else {
                    continue;
                };
                if !seen.insert((ns.name.as_str(), label.value.to_string())) {
                    continue;
                }
                let c = b.body.partial_content(&var_schema, &mut Diagnostics::new());
                let get = |n: &str| c.attribute(&var_schema, n).map(|a| a.expr);
                let literal =
                    |e: ExprRef<'_>| eval::evaluate_into(e, None, &mut Diagnostics::new());
                out.variables.push(DeclaredVariable {
                    namespace: ns.name.clone(),
                    name: label.value.to_string(),
                    range: b.file.range(b.def_span),
                    name_range: label.range(),
                    type_expr: get("type").map(type_text),
                    default: get("default").map(text),
                    description: get("description")
                        .and_then(|e| literal(e).as_str().map(str::to_string)),
                    sensitive: get("sensitive").is_some_and(|e| literal(e).as_bool() == Some(true)),
                });
            }
            NamespaceKind::Locals => {
                for a in b.body.just_attributes(&mut Diagnostics::new()) {
                    if !seen.insert((ns.name.as_str(), a.name.to_string())) {
                        continue;
                    }
                    let references = expr_variables(a.expr)
                        .iter()
                        .filter_map(|t| {
                            namespaces.iter().find_map(|n| {
                                referenced(t, &n.name).map(|name| Reference {
                                    namespace: n.name.clone(),
                                    name: name.to_string(),
                                    range: t.range(),
                                })
                            })
                        })
                        .collect();
                    out.locals.push(DeclaredLocal {
                        namespace: ns.name.clone(),
                        name: a.name.to_string(),
                        range: a.name_range(),
                        expr_range: a.expr.range(),
                        references,
                    });
                }
            }
        }
    }
    out
}
