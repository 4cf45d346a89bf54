//! The pass before decoding a body that declares namespaces: variables
//! given their values and checked, local values evaluated in the order of
//! their references, and the context the rest of the body is decoded in.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::type_constraint::{self, OptionalAttrs};
use hcldecode_spec::syntax::body::{Attribute, Block, Body, BodySchema};
use hcldecode_spec::syntax::expr::ExprRef;
use hcldecode_spec::syntax::suggest::{did_you_mean, name_suggestion};

use super::order::{components, is_cycle};
use super::{Inputs, Namespace, NamespaceKind};
use crate::eval::traversal::{Traversal, TraversalStep, expr_variables};
use crate::eval::{self, EvalContext, Limits};
use crate::parse::{self, Syntax};
use crate::spec_values::optional::{Defaults, convert_with_defaults, type_constraint};
use crate::{Type, Value};

/// A declared variable, as the pass reads it.
struct Declared<'b> {
    name: &'b str,
    /// Its block's type and label.
    at: Range,
    ty: Type,
    optional: Option<OptionalAttrs>,
    default: Option<ExprRef<'b>>,
    nullable: bool,
    validations: Vec<(ExprRef<'b>, Option<ExprRef<'b>>)>,
}

/// Where variables' defaults and rules are evaluated: the application's
/// context, with the decode's limits where it sets none.
#[derive(Clone, Copy)]
struct Base<'a> {
    ctx: &'a Arc<EvalContext>,
    limits: &'a Limits,
}

/// A value given from outside: the value, and what gave it (for
/// messages), with its range when it was written in a file.
struct Given {
    value: Value,
    from: String,
    range: Option<Range>,
}

/// Gives the variables and local values `namespaces` declare in `body`
/// their values, reporting what is wrong in `diags`, and returns the
/// context the rest of the body is decoded in: `base` (variables and
/// functions given by the application) with the namespaces added. `refs`
/// are the references the rest of the body makes (checked against the
/// declared names). Expressions are evaluated with `limits` where their
/// context sets none (the decode's).
pub(crate) fn prepare(
    body: &Body,
    namespaces: &[Namespace],
    base: Option<&Arc<EvalContext>>,
    inputs: Option<&Inputs>,
    refs: &[Traversal],
    limits: &Limits,
    diags: &mut Diagnostics,
) -> EvalContext {
    let vars_ns = namespaces
        .iter()
        .find(|n| n.kind == NamespaceKind::Variables);
    let locals_ns = namespaces.iter().find(|n| n.kind == NamespaceKind::Locals);
    // The main decode reports what is wrong with the blocks' shape.
    let content = body.as_ref().partial_content(
        &super::schema::blocks_schema(namespaces),
        &mut Diagnostics::new(),
    );
    // What the locals refer to, read once for the checks below.
    let local_refs = local_refs_of(&content.blocks, locals_ns);
    let base_ctx = base.cloned().unwrap_or_default();
    let mut ctx = EvalContext::child_of(base_ctx.clone());
    let mut var_names: Vec<&str> = Vec::new();
    if let Some(ns) = vars_ns {
        let declared = declarations(&content.blocks, &ns.block_type, limits, diags);
        var_names = declared.iter().map(|d| d.name).collect();
        let given = given_values(inputs, &declared, limits, diags);
        let allow_missing = inputs.is_some_and(|i| i.allow_missing);
        let seen: Vec<&Traversal> = refs.iter().chain(&local_refs).collect();
        let var = variables(
            ns,
            &declared,
            &given,
            allow_missing,
            Base {
                ctx: &base_ctx,
                limits,
            },
            &seen,
            diags,
        );
        ctx.set_variable(ns.name.as_str(), var);
    }
    let mut local_names: Vec<&str> = Vec::new();
    if let Some(ns) = locals_ns {
        let attrs = local_attributes(&content.blocks, &ns.block_type, diags);
        local_names = attrs.iter().map(|a| a.name).collect();
        ctx = locals(ns, &attrs, ctx, refs, limits, diags);
    }
    let declared = [(vars_ns, var_names), (locals_ns, local_names)];
    report_undeclared(local_refs.iter().chain(refs), &declared, diags);
    ctx
}

/// The value of namespace `ns`'s variables: each declared one's (given,
/// or its default; unknown where `allow_missing` lets it be absent),
/// validated, and an unknown for each undeclared name that `refs` use, so
/// the undeclared-reference error is the only one they make.
fn variables(
    ns: &Namespace,
    declared: &[Declared<'_>],
    given: &HashMap<String, Given>,
    allow_missing: bool,
    base: Base<'_>,
    refs: &[&Traversal],
    diags: &mut Diagnostics,
) -> Value {
    let mut values: Vec<(String, Value)> = Vec::new();
    for d in declared {
        let v = if allow_missing && d.default.is_none() && !given.contains_key(d.name) {
            Value::unknown(d.ty.clone())
        } else {
            value_of(d, given.get(d.name), base, diags)
        };
        values.push((d.name.to_string(), v));
    }
    let mut check_ctx = EvalContext::child_of(base.ctx.clone());
    check_ctx.set_variable(ns.name.as_str(), Value::object(values.clone()));
    for d in declared {
        validate(d, &check_ctx, base.limits, diags);
    }
    // Sets, not scans: a configuration may declare thousands of names and
    // refer to them thousands of times.
    let mut known: HashSet<String> = values.iter().map(|(n, _)| n.clone()).collect();
    for t in refs {
        if let Some(name) = referenced(t, &ns.name)
            && !known.contains(name)
        {
            known.insert(name.to_string());
            values.push((name.to_string(), Value::dynamic()));
        }
    }
    Value::object(values)
}

/// `ctx` with namespace `ns`'s local values set: evaluated in dependency
/// order (a cycle is one error naming its members), each in a context
/// holding the locals it uses; an unknown for each undeclared name that
/// `refs` use.
fn locals(
    ns: &Namespace,
    attrs: &[Attribute<'_>],
    ctx: EvalContext,
    refs: &[Traversal],
    limits: &Limits,
    diags: &mut Diagnostics,
) -> EvalContext {
    let index: HashMap<&str, usize> = attrs.iter().enumerate().map(|(i, a)| (a.name, i)).collect();
    let deps: Vec<Vec<usize>> = attrs
        .iter()
        .map(|a| {
            let mut d: Vec<usize> = expr_variables(a.expr)
                .iter()
                .filter_map(|t| referenced(t, &ns.name))
                .filter_map(|n| index.get(n).copied())
                .collect();
            d.sort_unstable();
            d.dedup();
            d
        })
        .collect();
    let mut values: Vec<Value> = vec![Value::dynamic(); attrs.len()];
    let shared = Arc::new(ctx);
    for comp in components(&deps) {
        if is_cycle(&deps, &comp) {
            diags.push(cycle(attrs, &comp, &ns.name));
            continue;
        }
        let i = comp[0];
        let local: Vec<(String, Value)> = deps[i]
            .iter()
            .map(|&j| (attrs[j].name.to_string(), values[j].clone()))
            .collect();
        let mut own = EvalContext::child_of(shared.clone());
        own.set_variable(
            ns.name.as_str(),
            with_undeclared(local, attrs[i].expr, &ns.name),
        );
        let mut d = Diagnostics::new();
        let v = eval::evaluate_under(attrs[i].expr, Some(&own), limits, &mut d);
        if !d.has_errors() {
            values[i] = v;
        }
        diags.extend(d);
    }
    let mut ctx = Arc::try_unwrap(shared).unwrap_or_else(EvalContext::child_of);
    let mut all: Vec<(String, Value)> = attrs
        .iter()
        .zip(values)
        .map(|(a, v)| (a.name.to_string(), v))
        .collect();
    let mut known: HashSet<String> = all.iter().map(|(n, _)| n.clone()).collect();
    for t in refs {
        if let Some(name) = referenced(t, &ns.name)
            && !known.contains(name)
        {
            known.insert(name.to_string());
            all.push((name.to_string(), Value::dynamic()));
        }
    }
    ctx.set_variable(ns.name.as_str(), Value::object(all));
    ctx
}

/// One error for each reference, in the order written, to a name its
/// namespace does not declare (`declared`: each namespace and its names),
/// with "Did you mean" (also as the diagnostic's suggestion).
fn report_undeclared<'t>(
    refs: impl Iterator<Item = &'t Traversal>,
    declared: &[(Option<&Namespace>, Vec<&str>)],
    diags: &mut Diagnostics,
) {
    let mut reported: HashSet<Range> = HashSet::new();
    let sets: Vec<HashSet<&str>> = declared
        .iter()
        .map(|(_, names)| names.iter().copied().collect())
        .collect();
    for t in refs {
        for ((ns, names), set) in declared.iter().zip(&sets) {
            let Some(ns) = ns else { continue };
            let Some(name) = referenced(t, &ns.name) else {
                continue;
            };
            let range = t.range();
            if set.contains(name) || reported.contains(&range) {
                continue;
            }
            reported.insert(range.clone());
            let (summary, what) = if ns.kind == NamespaceKind::Variables {
                (
                    "Reference to undeclared input variable",
                    "An input variable",
                )
            } else {
                ("Reference to undeclared local value", "A local value")
            };
            let replacement = name_suggestion(name, names.iter().copied());
            let mut detail = format!("{what} with the name {name:?} has not been declared.");
            if let Some(s) = replacement {
                detail.push_str(&format!(" Did you mean {s:?}?"));
            }
            diags.push(
                Diagnostic::error(summary, detail)
                    .with_subject(range)
                    .with_code(Code::UndeclaredReference)
                    .with_suggestion(replacement),
            );
        }
    }
}

/// The name `t` refers to in namespace `ns` (`var.NAME`, `var["NAME"]`).
pub(super) fn referenced<'t>(t: &'t Traversal, ns: &str) -> Option<&'t str> {
    if t.root_name() != ns {
        return None;
    }
    match t.steps.get(1)? {
        TraversalStep::Attr { name, .. } => Some(name),
        TraversalStep::Index { key, .. } => key.as_str(),
        TraversalStep::Root { .. } => None,
    }
}

/// `local` (the values of `expr`'s dependencies) as an object, with an
/// unknown value for each name `expr` refers to that is not in it
/// (undeclared ones, reported once elsewhere).
fn with_undeclared(mut local: Vec<(String, Value)>, expr: ExprRef<'_>, ns: &str) -> Value {
    for t in expr_variables(expr) {
        if let Some(n) = referenced(&t, ns)
            && !local.iter().any(|(e, _)| e == n)
        {
            local.push((n.to_string(), Value::dynamic()));
        }
    }
    Value::object(local)
}

/// The references the local values make.
fn local_refs_of(blocks: &[Block<'_>], locals: Option<&Namespace>) -> Vec<Traversal> {
    let Some(ns) = locals else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for b in blocks.iter().filter(|b| b.type_name == ns.block_type) {
        for a in b.body.just_attributes(&mut Diagnostics::new()) {
            out.extend(expr_variables(a.expr));
        }
    }
    out
}

/// The variables the `block_type` blocks declare, in source order; a name
/// declared twice is an error at the second (the first counts).
fn declarations<'b>(
    blocks: &[Block<'b>],
    block_type: &str,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Vec<Declared<'b>> {
    let schema = BodySchema::new()
        .attribute("type", false)
        .attribute("default", false)
        .attribute("nullable", false)
        .block("validation", &[]);
    let rule = BodySchema::new()
        .attribute("condition", false)
        .attribute("error_message", false);
    let mut out: Vec<Declared<'b>> = Vec::new();
    for b in blocks.iter().filter(|b| b.type_name == block_type) {
        let [label] = b.labels.as_slice() else {
            continue;
        };
        let at = b.file.range(b.def_span);
        if let Some(first) = out.iter().find(|d| d.name == label.value) {
            diags.push(
                Diagnostic::error(
                    "Duplicate variable declaration",
                    format!(
                        "A variable named {:?} was already declared at {}. Variable names must be unique.",
                        label.value, first.at
                    ),
                )
                .with_subject(label.range())
                .with_code(Code::DuplicateDeclaration),
            );
            continue;
        }
        let content = b.body.partial_content(&schema, &mut Diagnostics::new());
        let (ty, optional) = match content.attribute(&schema, "type") {
            Some(a) => type_of(a, limits, diags),
            None => (Type::Dynamic, None),
        };
        let nullable = content.attribute(&schema, "nullable").is_none_or(|a| {
            eval::evaluate_under(a.expr, None, limits, &mut Diagnostics::new())
                != Value::bool(false)
        });
        let validations = content
            .blocks
            .iter()
            .filter_map(|v| {
                let c = v.body.partial_content(&rule, &mut Diagnostics::new());
                let cond = c.attribute(&rule, "condition")?.expr;
                Some((cond, c.attribute(&rule, "error_message").map(|m| m.expr)))
            })
            .collect();
        out.push(Declared {
            name: label.value,
            at,
            ty,
            optional,
            default: content.attribute(&schema, "default").map(|a| a.expr),
            nullable,
            validations,
        });
    }
    out
}

/// A `type` attribute's type constraint (`any` when it is not one, with
/// the error).
fn type_of(
    a: &Attribute<'_>,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> (Type, Option<OptionalAttrs>) {
    let (ty, opt, d) = match a.expr {
        ExprRef::Native { file, expr } => {
            type_constraint::type_constraint_with_defaults(file, expr.get(), &mut Defaults)
        }
        // JSON syntax writes the type as a string of native syntax.
        ExprRef::Json { .. } => {
            let v = eval::evaluate_under(a.expr, None, limits, &mut Diagnostics::new());
            match v.as_str() {
                Some(s) => type_constraint(s),
                None => (Type::Dynamic, None, Diagnostics::new()),
            }
        }
    };
    for mut e in d.into_iter() {
        e.code.get_or_insert(Code::VariableInvalidDeclaration);
        if e.subject.is_none() {
            e.subject = Some(a.expr.range());
        }
        diags.push(e);
    }
    (ty, opt)
}

/// The values given from outside, by variable name (the one of highest
/// precedence for each): the environment, then files in order, then
/// values given in code.
fn given_values(
    inputs: Option<&Inputs>,
    declared: &[Declared<'_>],
    limits: &Limits,
    diags: &mut Diagnostics,
) -> HashMap<String, Given> {
    let mut out: HashMap<String, Given> = HashMap::new();
    let Some(inputs) = inputs else { return out };
    if let Some(env) = &inputs.env {
        given_by_environment(env, declared, &mut out, limits, diags);
    }
    for (filename, text) in &inputs.files {
        given_by_file(filename, text, declared, &mut out, limits, diags);
    }
    given_in_code(inputs, declared, &mut out, limits, diags);
    out
}

/// The values the environment gives (`PREFIX_name`); other variables of
/// the environment are other programs'.
fn given_by_environment(
    env: &super::EnvInput,
    declared: &[Declared<'_>],
    out: &mut HashMap<String, Given>,
    limits: &Limits,
    diags: &mut Diagnostics,
) {
    let vars: Vec<(String, String)> = match &env.vars {
        Some(v) => v.clone(),
        None => std::env::vars().collect(),
    };
    for (key, raw) in vars {
        let Some(name) = key.strip_prefix(env.prefix.as_str()) else {
            continue;
        };
        let Some(d) = declared.iter().find(|d| d.name == name) else {
            continue;
        };
        let from = format!("the environment variable {key}");
        let Some(value) = from_text(d, &raw, &from, limits, diags) else {
            continue;
        };
        let range = None;
        out.insert(name.to_string(), Given { value, from, range });
    }
}

/// The values a file of values gives (`name = value` lines, native or
/// JSON); a value for an undeclared variable is a warning.
fn given_by_file(
    filename: &str,
    text: &str,
    declared: &[Declared<'_>],
    out: &mut HashMap<String, Given>,
    limits: &Limits,
    diags: &mut Diagnostics,
) {
    let (file, d) = parse::parse_with_limits(
        text.as_bytes(),
        filename,
        Syntax::for_path(filename),
        limits,
    );
    let failed = d.has_errors();
    diags.extend(d);
    if failed {
        return;
    }
    for a in file.body.just_attributes(diags) {
        if !declared.iter().any(|d| d.name == a.name) {
            diags.push(
                Diagnostic::warning(
                    "Value for undeclared variable",
                    format!(
                        "A variable named {:?} was given a value, but no variable of that name is declared.",
                        a.name
                    ),
                )
                .with_subject(a.name_range())
                .with_code(Code::UndeclaredReference),
            );
            continue;
        }
        let value = eval::evaluate_under(a.expr, None, limits, diags);
        let from = format!("the file {filename}");
        let range = Some(a.expr.range());
        out.insert(a.name.to_string(), Given { value, from, range });
    }
}

/// The values given in code and as `--var` text; one for an undeclared
/// variable is an error.
fn given_in_code(
    inputs: &Inputs,
    declared: &[Declared<'_>],
    out: &mut HashMap<String, Given>,
    limits: &Limits,
    diags: &mut Diagnostics,
) {
    let find = |name: &str| declared.iter().find(|d| d.name == name);
    let undeclared = |name: &str| {
        let names: Vec<&str> = declared.iter().map(|d| d.name).collect();
        let mut detail = format!(
            "A value was given for the variable {name:?}, but no variable of that name is declared."
        );
        if let Some(s) = did_you_mean(name, names) {
            detail.push_str(&s);
        }
        Diagnostic::error("Value for undeclared variable", detail)
            .with_code(Code::UndeclaredReference)
    };
    for (name, value) in &inputs.values {
        if find(name).is_none() {
            diags.push(undeclared(name));
            continue;
        }
        let (value, from, range) = (value.clone(), "the application".to_string(), None);
        out.insert(name.clone(), Given { value, from, range });
    }
    for (name, text) in &inputs.texts {
        let from = format!("--var {name}");
        let Some(d) = find(name) else {
            diags.push(undeclared(name));
            continue;
        };
        if let Some(value) = from_text(d, text, &from, limits, diags) {
            out.insert(
                name.clone(),
                Given {
                    value,
                    from,
                    range: None,
                },
            );
        }
    }
}

/// The value `raw` stands for, as Terraform reads `-var` and `TF_VAR_`
/// values: for a variable of type `string` the text as given, for any
/// other type an HCL expression (none, with the error, when it is not one).
fn from_text(
    d: &Declared<'_>,
    raw: &str,
    from: &str,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Option<Value> {
    if d.ty == Type::String {
        return Some(Value::string(raw));
    }
    let mut d2 = Diagnostics::new();
    let v = match crate::parse_expression(raw, from) {
        Ok(e) => eval::evaluate_under(e.as_ref(), None, limits, &mut d2),
        Err(e) => {
            d2.extend(e);
            Value::dynamic()
        }
    };
    if d2.has_errors() {
        diags.push(
            Diagnostic::error(
                "Invalid value for variable",
                format!(
                    "The value of {from} for variable {:?} is not a valid expression for its type {}; text is read as written only for variables of type string.",
                    d.name,
                    d.ty.to_type_expr()
                ),
            )
            .with_subject(d.at.clone())
            .with_code(Code::VariableInvalidValue),
        );
        return None;
    }
    Some(v)
}

/// Variable `d`'s value: the one given, else its default, converted to its
/// type; unknown (with the error) where there is none or it does not fit.
fn value_of(
    d: &Declared<'_>,
    given: Option<&Given>,
    base: Base<'_>,
    diags: &mut Diagnostics,
) -> Value {
    let unknown = || Value::unknown(d.ty.clone());
    let (raw, from, range) = match (given, d.default) {
        (Some(g), _) => (g.value.clone(), g.from.clone(), g.range.clone()),
        (None, Some(expr)) => {
            let mut ed = Diagnostics::new();
            let v = eval::evaluate_under(expr, Some(base.ctx), base.limits, &mut ed);
            let failed = ed.has_errors();
            diags.extend(ed);
            if failed {
                return unknown();
            }
            (v, "its default".to_string(), Some(expr.range()))
        }
        (None, None) => {
            diags.push(
                Diagnostic::error(
                    "No value for required variable",
                    format!(
                        "The variable {:?} has no default, and no value was given for it.",
                        d.name
                    ),
                )
                .with_subject(d.at.clone())
                .with_code(Code::VariableRequired),
            );
            return unknown();
        }
    };
    let subject = range.unwrap_or_else(|| d.at.clone());
    if raw.is_null() && !d.nullable {
        diags.push(
            Diagnostic::error(
                "Invalid value for variable",
                format!(
                    "The value of {from} for variable {:?} is null, and the variable is declared with nullable = false.",
                    d.name
                ),
            )
            .with_subject(subject)
            .with_code(Code::VariableInvalidValue),
        );
        return unknown();
    }
    match convert_with_defaults(&raw, &d.ty, d.optional.as_ref()) {
        Ok(v) => v,
        Err(e) => {
            diags.push(
                Diagnostic::error(
                    "Invalid value for variable",
                    format!(
                        "The value of {from} is not suitable for variable {:?} of type {}: {e}.",
                        d.name,
                        d.ty.to_type_expr()
                    ),
                )
                .with_subject(subject)
                .with_code(Code::VariableInvalidValue),
            );
            unknown()
        }
    }
}

/// Checks variable `d`'s validation rules in `ctx` (which holds the
/// variables): each false condition is an error at it with its message.
fn validate(d: &Declared<'_>, ctx: &EvalContext, limits: &Limits, diags: &mut Diagnostics) {
    for (cond, message) in &d.validations {
        let mut cd = Diagnostics::new();
        let ok = eval::evaluate_under(*cond, Some(ctx), limits, &mut cd);
        if cd.has_errors() {
            diags.extend(cd);
            continue;
        }
        if !ok.is_known() {
            continue;
        }
        let Some(ok) = ok.as_bool() else {
            diags.push(
                Diagnostic::error(
                    "Invalid validation condition",
                    format!(
                        "The condition of a validation rule of variable {:?} must be a boolean.",
                        d.name
                    ),
                )
                .with_subject(cond.range())
                .with_code(Code::VariableInvalidDeclaration),
            );
            continue;
        };
        if ok {
            continue;
        }
        let text = message
            .map(|m| eval::evaluate_under(m, Some(ctx), limits, &mut Diagnostics::new()))
            .and_then(|m| m.as_str().map(str::to_string))
            .unwrap_or_else(|| format!("The value of variable {:?} is not valid.", d.name));
        diags.push(
            Diagnostic::error(
                "Invalid value for variable",
                format!(
                    "{text}\n\nThis was checked by the validation rule at {}.",
                    cond.range()
                ),
            )
            .with_subject(cond.range())
            .with_code(Code::VariableValidation),
        );
    }
}

/// The attributes of every `block_type` block, in source order; a name
/// defined twice is an error at the second (the first counts).
fn local_attributes<'b>(
    blocks: &[Block<'b>],
    block_type: &str,
    diags: &mut Diagnostics,
) -> Vec<Attribute<'b>> {
    let mut out: Vec<Attribute<'b>> = Vec::new();
    let mut seen: HashMap<&'b str, usize> = HashMap::new();
    for b in blocks.iter().filter(|b| b.type_name == block_type) {
        for a in b.body.just_attributes(diags) {
            if let Some(first) = seen.get(a.name).map(|&i| &out[i]) {
                diags.push(
                    Diagnostic::error(
                        "Duplicate local value definition",
                        format!(
                            "A local value named {:?} was already defined at {}. Local value names must be unique.",
                            a.name,
                            first.name_range()
                        ),
                    )
                    .with_subject(a.name_range())
                    .with_code(Code::DuplicateDeclaration),
                );
                continue;
            }
            seen.insert(a.name, out.len());
            out.push(a);
        }
    }
    out
}

/// The one error for a cycle of local values, at its first member (in
/// source order), naming every member with its range.
fn cycle(attrs: &[Attribute<'_>], comp: &[usize], ns: &str) -> Diagnostic {
    let members: Vec<String> = comp
        .iter()
        .map(|&i| format!("{ns}.{} ({})", attrs[i].name, attrs[i].name_range()))
        .collect();
    Diagnostic::error(
        "Cycle in local values",
        format!(
            "These local values refer to each other, so none of them can be evaluated: {}.",
            members.join(", ")
        ),
    )
    .with_subject(attrs[comp[0]].name_range())
    .with_code(Code::LocalCycle)
}
