//! Signature help (`textDocument/signatureHelp`).

use lsp_types as lsp;

use super::syntax::tokens;
use crate::schema::Schema;
use crate::text::Document;
use hcldecode::parse::Syntax;
use hcldecode_spec::syntax::native::token::TokenKind;

/// The call the cursor is in: the function's name and the index of the
/// argument at the cursor (the commas before it at the call's own depth).
fn call_at(text: &str, at: usize) -> Option<(String, usize)> {
    enum Frame {
        Call(String, usize),
        Other,
    }
    let toks = tokens(text);
    let mut stack: Vec<Frame> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.span.end as usize > at || t.kind == TokenKind::Eof {
            break;
        }
        match t.kind {
            TokenKind::OParen => {
                // `name(` or `ns::name(`: the identifiers and `::` before.
                let mut start = i;
                while start > 0 {
                    let prev = toks[start - 1].kind;
                    let expect_ident = start == i || toks[start].kind == TokenKind::DoubleColon;
                    if (expect_ident && prev == TokenKind::Ident)
                        || (!expect_ident && prev == TokenKind::DoubleColon)
                    {
                        start -= 1;
                    } else {
                        break;
                    }
                }
                if start < i && toks[start].kind == TokenKind::Ident {
                    let (a, b) = (
                        toks[start].span.start as usize,
                        toks[i - 1].span.end as usize,
                    );
                    let name = text.get(a..b).unwrap_or_default().to_string();
                    stack.push(Frame::Call(name, 0));
                } else {
                    stack.push(Frame::Other);
                }
            }
            TokenKind::OBrack
            | TokenKind::OBrace
            | TokenKind::TemplateInterp
            | TokenKind::TemplateControl => stack.push(Frame::Other),
            TokenKind::CParen
            | TokenKind::CBrack
            | TokenKind::CBrace
            | TokenKind::TemplateSeqEnd => {
                stack.pop();
            }
            TokenKind::Comma => {
                if let Some(Frame::Call(_, n)) = stack.last_mut() {
                    *n += 1;
                }
            }
            _ => {}
        }
    }
    stack.into_iter().rev().find_map(|f| match f {
        Frame::Call(name, n) => Some((name, n)),
        Frame::Other => None,
    })
}

/// The signature help at `pos`: the signature of the function whose call
/// the cursor is in (its parameters with their types, a variadic one
/// marked `...`), the active parameter counted from the commas before the
/// cursor (the variadic parameter for every argument past the others).
/// In a JSON document, the call inside a `${ ... }` of a string in an
/// attribute's value, read from the string's decoded text (so `\"` and
/// `\u0022` are the quotes they stand for).
///
/// ```
/// use hcldecode::function::Functions;
/// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
/// let text = "[{\"a\": \"${join(\\\",\\\", [], )}\"}]";
/// let h = hcldecode_lsp::analysis::signature_help(&schema, "a.hcl.json", &text.into(), lsp_types::Position::new(0, 26)).unwrap();
/// assert_eq!(h.active_parameter, Some(1));
/// ```
///
/// ```
/// use hcldecode::function::Functions;
/// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
/// let text = "a = join(\",\", [\"x\"], )\n";
/// let h = hcldecode_lsp::analysis::signature_help(&schema, "a.hcl", &text.into(), lsp_types::Position::new(0, 21)).unwrap();
/// assert_eq!(h.signatures[0].label, "join(separator string, lists... list(string))");
/// assert_eq!(h.active_parameter, Some(1));
/// ```
pub fn signature_help(
    schema: &Schema,
    name: &str,
    text: &Document,
    pos: lsp::Position,
) -> Option<lsp::SignatureHelp> {
    let at = text.offset(pos);
    let (fname, arg) = if Syntax::for_path(name) == Syntax::Json {
        // Inside a `${ ... }` of a string in an attribute's value: the
        // call in its decoded text.
        let (t, n) = super::json_template::interpolation_at(schema, name, text, at)?;
        call_at(t.native(), n)?
    } else {
        call_at(text, at)?
    };
    let f = schema.function(&fname)?;
    let mut label = format!("{fname}(");
    let utf16 = |s: &str| u32::try_from(s.encode_utf16().count()).unwrap_or(u32::MAX);
    let mut params = Vec::new();
    let all = f
        .params()
        .iter()
        .map(|p| (p, ""))
        .chain(f.var_param().map(|p| (p, "...")));
    for (i, (p, dots)) in all.enumerate() {
        if i > 0 {
            label.push_str(", ");
        }
        let start = utf16(&label);
        label.push_str(&format!("{}{dots} {}", p.name, p.ty));
        params.push(lsp::ParameterInformation {
            label: lsp::ParameterLabel::LabelOffsets([start, utf16(&label)]),
            documentation: (!p.description.is_empty())
                .then(|| lsp::Documentation::String(p.description.clone())),
        });
    }
    label.push(')');
    let fixed = f.params().len();
    let active = match f.var_param() {
        Some(_) => arg.min(fixed),
        None => arg,
    };
    let active = u32::try_from(active).ok();
    let description = f.description();
    Some(lsp::SignatureHelp {
        signatures: vec![lsp::SignatureInformation {
            label,
            documentation: (!description.is_empty())
                .then(|| lsp::Documentation::String(description.to_string())),
            parameters: Some(params),
            active_parameter: active,
        }],
        active_signature: Some(0),
        active_parameter: active,
    })
}
