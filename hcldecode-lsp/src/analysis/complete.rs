//! Completion (`textDocument/completion`): in a body, the attributes and
//! block types the schema reads there (a block as a snippet with its
//! labels and required attributes where the client takes snippets); in an
//! expression, an attribute's allowed values, the variables and the
//! functions; after `name.`, the attributes of a variable's value.

use hcldecode_spec::syntax::native::write_quoted;

use super::body_spec::{BodySpec, Located, locate};
use super::describe::{attr_description, block_description, markdown};
use super::items::{declared_items, function_items, one_of, variable_attributes, variable_items};
use super::json;
use super::syntax::{in_expression, native_tree};
use crate::schema::Schema;
use crate::text::Document;
use hcldecode::Spec;
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::spec::AttrSpec;
use hcldecode_spec::syntax::native::ast;
use lsp_types as lsp;

/// The completions at `pos`: in an expression, the values the attribute
/// allows (a typed enum's names, `true` and `false`), the variables and
/// the functions callable, or after `name.` the attributes of variable
/// `name`'s value; in a body, the attributes and blocks its spec reads,
/// less the attributes already set and the single blocks already there,
/// each with its description as documentation. With `snippets` (the
/// client's `snippetSupport`), a block type inserts its labels, braces and
/// required attributes as a snippet. In a JSON document: the property
/// names of the body at the cursor.
///
/// ```
/// use hcldecode::HclDecode;
/// use lsp_types::Position;
/// #[derive(HclDecode)]
/// struct Config {
///     name: String,
///     /// The port to listen on.
///     port: Option<u16>,
/// }
/// let schema = hcldecode_lsp::Schema::of::<Config>();
/// let items = hcldecode_lsp::analysis::completion(&schema, "a.hcl", &"name = \"x\"\n".into(), Position::new(1, 0), false);
/// let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
/// assert_eq!(labels, ["port"]);
/// let Some(lsp_types::Documentation::MarkupContent(doc)) = &items[0].documentation else { panic!() };
/// assert_eq!(doc.value, "The port to listen on.");
/// ```
pub fn completion(
    schema: &Schema,
    name: &str,
    text: &Document,
    pos: lsp::Position,
    snippets: bool,
) -> Vec<lsp::CompletionItem> {
    completion_with(schema, name, text, pos, snippets, &[])
}

/// [`completion`] in a document whose configuration has other files
/// (`siblings`: URI and text each): the names they declare are completed
/// after `var.` and `local.` too.
///
/// ```
/// use hcldecode::namespaces::Variable;
/// #[derive(hcldecode::HclDecode)]
/// struct C { #[hcl(block, variables = "var")] variable: Vec<Variable>, name: Option<String> }
/// let schema = hcldecode_lsp::Schema::of::<C>();
/// let vars = [("file:///m/v.hcl".to_string(), "variable \"zone\" {}\n".to_string())];
/// let items = hcldecode_lsp::analysis::completion_with(&schema, "file:///m/main.hcl", &"name = var.\n".into(), lsp_types::Position::new(0, 11), false, &vars);
/// assert_eq!(items[0].label, "zone");
/// ```
pub fn completion_with(
    schema: &Schema,
    name: &str,
    text: &Document,
    pos: lsp::Position,
    snippets: bool,
    siblings: &[(String, String)],
) -> Vec<lsp::CompletionItem> {
    let Some(tree) = native_tree(name, text) else {
        return json::completion(schema, name, text, pos, siblings);
    };
    let at = text.offset(pos);
    let src = &tree.source;
    let here = locate(src, &tree.body, schema.spec(), at as u32);
    if let Some(items) = label_items(&here, text, at) {
        return items;
    }
    if in_expression(here.body, text, at) {
        if let Some(items) = declared_items(schema, name, text, text, at, siblings) {
            return items;
        }
        if let Some(items) = variable_attributes(schema, text, at) {
            return items;
        }
        let bs = BodySpec::of(&here.specs);
        let mut out = attribute_name_at(here.body, src, text, at)
            .and_then(|n| bs.attr(n))
            .map(|a| value_items(a, text, at))
            .unwrap_or_default();
        out.extend(variable_items(schema));
        out.extend(function_items(schema));
        return out;
    }
    body_items(src, &here, snippets)
}

/// The attributes and block types of the body at the cursor.
fn body_items(
    src: &SourceFile,
    here: &Located<'_, '_>,
    snippets: bool,
) -> Vec<lsp::CompletionItem> {
    let body_spec = BodySpec::of(&here.specs);
    let set = |n: &str| here.body.attribute(src, n).is_some();
    let mut out: Vec<lsp::CompletionItem> = Vec::new();
    for a in &body_spec.attrs {
        if set(&a.name) || out.iter().any(|i| i.label == a.name) {
            continue;
        }
        out.push(lsp::CompletionItem {
            label: a.name.clone(),
            kind: Some(lsp::CompletionItemKind::PROPERTY),
            detail: Some(attr_description(a)),
            documentation: a.description.as_deref().map(markdown),
            insert_text: Some(format!("{} = ", a.name)),
            ..lsp::CompletionItem::default()
        });
    }
    for b in &body_spec.blocks {
        let Some(type_name) = b.block_type_name() else {
            continue;
        };
        let single = matches!(b, Spec::Block(_) | Spec::BlockAttrs(_));
        let present = here
            .body
            .blocks
            .iter()
            .any(|x| src.text(x.type_name) == type_name);
        if (single && present) || out.iter().any(|i| i.label == type_name) {
            continue;
        }
        let (insert_text, format) = if snippets {
            (
                Some(block_snippet(type_name, b)),
                Some(lsp::InsertTextFormat::SNIPPET),
            )
        } else {
            (None, None)
        };
        out.push(lsp::CompletionItem {
            label: type_name.to_string(),
            kind: Some(lsp::CompletionItemKind::MODULE),
            detail: Some(block_description(b)),
            documentation: b.description().map(markdown),
            insert_text,
            insert_text_format: format,
            ..lsp::CompletionItem::default()
        });
    }
    out
}

/// A snippet's literal text: `$`, `}` and `\` escaped (and `,` and `|`
/// in a choice).
fn snippet_escape(s: &str, choice: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '$' | '}' | '\\') || (choice && matches!(c, ',' | '|')) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The snippet of a block of type `type_name` read by `spec`: one
/// placeholder per label (named after the label, or a choice of a typed
/// enum's variants), then one line per required attribute of its body
/// (`name = ${n}`), then an empty line for the rest:
/// `backend "${1:name}" {\n\turl = ${2}\n\t${3}\n}`.
fn block_snippet(type_name: &str, spec: &Spec) -> String {
    let labels = header_labels(spec);
    let mut required: Vec<&str> = Vec::new();
    if let Some(nested) = spec.nested() {
        let inner = BodySpec::of(&[nested]);
        for a in inner.attrs.iter().filter(|a| a.required) {
            if !required.contains(&a.name.as_str()) {
                required.push(&a.name);
            }
        }
    }
    let mut out = type_name.to_string();
    let mut n = 0;
    for (name, choices) in &labels {
        n += 1;
        if choices.is_empty() {
            out.push_str(&format!(" \"${{{n}:{}}}\"", snippet_escape(name, false)));
        } else {
            let cs: Vec<String> = choices.iter().map(|c| snippet_escape(c, true)).collect();
            out.push_str(&format!(" \"${{{n}|{}|}}\"", cs.join(",")));
        }
    }
    out.push_str(" {\n");
    for r in required {
        n += 1;
        out.push_str(&format!("\t{r} = ${{{n}}}\n"));
    }
    out.push_str(&format!("\t${{{}}}\n}}", n + 1));
    out
}

/// The labels of a block `spec` reads, in order: each one's name and, for
/// a typed enum's tag, the variants' names (none otherwise).
fn header_labels(spec: &Spec) -> Vec<(String, Vec<String>)> {
    let mut labels: Vec<(String, Vec<String>)> = spec
        .map_labels()
        .iter()
        .map(|l| (l.clone(), Vec::new()))
        .collect();
    if let Some(nested) = spec.nested() {
        let inner = BodySpec::of(&[nested]);
        let mut own: Vec<_> = inner.labels.iter().collect();
        own.sort_by_key(|l| l.index);
        own.dedup_by_key(|l| l.index);
        for l in own {
            let choices = l
                .variants
                .as_ref()
                .map(|vs| vs.iter().map(|(n, _)| n.clone()).collect())
                .unwrap_or_default();
            labels.push((l.name.clone(), choices));
        }
    }
    labels
}

/// A label being typed in a block header (`step "bu|`, `step |`): the
/// block type, which label (from 0), where its typed text starts and
/// whether it is quoted.
struct HeaderLabel<'t> {
    type_name: &'t str,
    index: usize,
    typed_start: usize,
    quoted: bool,
}

/// The label typed at `at`, when the line up to `at` is a block header:
/// an identifier, a space, then complete labels (quoted or not) and the
/// one being typed.
fn header_label(text: &str, at: usize) -> Option<HeaderLabel<'_>> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..at];
    let is_id = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    let lead = line.len() - line.trim_start().len();
    let name_len = line[lead..].find(|c: char| !is_id(c))?;
    let type_name = &line[lead..lead + name_len];
    let mut i = lead + name_len;
    if name_len == 0 || !line[i..].starts_with([' ', '\t']) {
        return None;
    }
    let mut index = 0;
    loop {
        i += line[i..].len() - line[i..].trim_start_matches([' ', '\t']).len();
        let rest = &line[i..];
        if rest.is_empty() {
            return Some(HeaderLabel {
                type_name,
                index,
                typed_start: at,
                quoted: false,
            });
        }
        if let Some(quoted) = rest.strip_prefix('"') {
            let mut escaped = false;
            let close = quoted.char_indices().find(|&(_, c)| {
                let end = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                end
            });
            match close {
                Some((k, _)) => i += k + 2,
                None => {
                    let typed_start = line_start + i + 1;
                    return Some(HeaderLabel {
                        type_name,
                        index,
                        typed_start,
                        quoted: true,
                    });
                }
            }
        } else {
            let len = rest.find(|c: char| !is_id(c)).unwrap_or(rest.len());
            if len == rest.len() && len > 0 {
                let typed_start = line_start + i;
                return Some(HeaderLabel {
                    type_name,
                    index,
                    typed_start,
                    quoted: false,
                });
            }
            if len == 0 || !rest[len..].starts_with([' ', '\t']) {
                return None;
            }
            i += len;
        }
        index += 1;
    }
}

/// The completions of a label typed in the header of a block the body at
/// the cursor reads: a typed enum's variant names for its tag (replacing
/// what is typed, quoted where the label is not yet), none for another
/// label. `None` when the cursor is in no such header.
fn label_items(
    here: &Located<'_, '_>,
    text: &Document,
    at: usize,
) -> Option<Vec<lsp::CompletionItem>> {
    let h = header_label(text, at)?;
    let spec = BodySpec::of(&here.specs).block(h.type_name)?;
    let labels = header_labels(spec);
    let Some((_, variants)) = labels.get(h.index) else {
        return Some(Vec::new());
    };
    let range = text.range(h.typed_start, at);
    Some(
        variants
            .iter()
            .map(|v| lsp::CompletionItem {
                label: v.clone(),
                kind: Some(lsp::CompletionItemKind::ENUM_MEMBER),
                detail: Some(format!("{} variant", h.type_name)),
                text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
                    range,
                    new_text: if h.quoted {
                        v.clone()
                    } else {
                        hcldecode_spec::json_text::json_string(v)
                    },
                })),
                ..lsp::CompletionItem::default()
            })
            .collect(),
    )
}

/// The name of the attribute whose value the cursor is in: the syntax
/// tree's, else the line's `name =` (an attribute without a value yet is
/// not in the tree).
fn attribute_name_at<'t>(
    body: &ast::Body,
    src: &'t SourceFile,
    text: &'t str,
    at: usize,
) -> Option<&'t str> {
    for a in body.attributes.iter() {
        let s = a.span();
        if (a.equals().end as usize) <= at && at <= s.end as usize {
            return Some(src.text(a.name));
        }
    }
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let (name, _) = text[line_start..at].split_once('=')?;
    let name = name.trim();
    hcldecode_spec::syntax::native::is_valid_identifier(name).then_some(name)
}

/// The values attribute `a` allows, where they are few and known: a typed
/// enum's names (quoted), or `true` and `false`. Each replaces what is
/// typed of the value so far (from the start of the word or string at the
/// cursor).
fn value_items(a: &AttrSpec, text: &Document, at: usize) -> Vec<lsp::CompletionItem> {
    let values: Vec<String> = match a.constraint.as_deref().and_then(one_of) {
        Some(names) => names
            .iter()
            .map(|n| {
                let mut q = String::new();
                write_quoted(&mut q, n);
                q
            })
            .collect(),
        None if a.ty == hcldecode::Type::Bool => vec!["true".into(), "false".into()],
        None => return Vec::new(),
    };
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|(_, c)| !c.is_whitespace() && !matches!(c, '=' | '(' | '[' | ',' | '{'))
        .last()
        .map_or(at, |(i, _)| i);
    let range = text.range(start, at);
    values
        .into_iter()
        .map(|v| lsp::CompletionItem {
            label: v.clone(),
            kind: Some(lsp::CompletionItemKind::ENUM_MEMBER),
            detail: Some(format!("a value of {}", a.name)),
            filter_text: Some(v.clone()),
            text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
                range,
                new_text: v,
            })),
            ..lsp::CompletionItem::default()
        })
        .collect()
}
