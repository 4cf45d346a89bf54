//! Traversals of variables read from the tokens before the cursor, for
//! completion: `net.zones[0].` (a variable and its steps) and the
//! collection a `for` iterator ranges over. Tokens, not the syntax tree:
//! the expression being typed is incomplete.

use hcldecode::Value;
use hcldecode_spec::syntax::native::token::{Token, TokenKind};

use super::describe::attribute;
use super::syntax::tokens;

/// A step of a traversal: `.name` or `["name"]`, or `[0]`.
#[derive(Debug, PartialEq)]
pub(super) enum Step {
    Name(String),
    Index(usize),
}

/// The part of `v` that `steps` reach (an index steps into a list, set or
/// tuple, or takes a map's key).
pub(super) fn resolve<'v>(mut v: &'v Value, steps: &[Step]) -> Option<&'v Value> {
    for step in steps {
        v = match step {
            Step::Name(name) => attribute(v, name)?,
            Step::Index(i) => match v.elements() {
                Some(elems) => elems.get(*i)?,
                None => attribute(v, &i.to_string())?,
            },
        };
    }
    Some(v)
}

/// The variable and steps of the traversal that ends, with a `.`, just
/// before what is typed at `at` (`net.zones[0].` or `net["eu"].na`), read
/// from its tokens `toks` (so never inside a string's text or a
/// comment).
pub(super) fn traversal_before(
    text: &str,
    toks: &[Token],
    at: usize,
) -> Option<(String, Vec<Step>)> {
    let mut i = toks
        .iter()
        .rposition(|t| (t.span.end as usize) <= at && t.kind != TokenKind::Eof)?;
    // What is typed of the next name, if anything.
    if toks[i].kind == TokenKind::Ident && toks[i].span.end as usize == at {
        i = i.checked_sub(1)?;
    }
    if toks[i].kind != TokenKind::Dot || toks[i].span.end as usize > at {
        return None;
    }
    let (root, steps, _) = steps_back(toks, text, i.checked_sub(1)?)?;
    Some((root, steps))
}

/// The variable reference whose name or attribute step is the identifier
/// token starting at `start` (`region`, `zones[1].name`): the variable,
/// its steps through that name, and where the reference starts.
pub(super) fn reference_at(text: &str, start: usize) -> Option<(String, Vec<Step>, usize)> {
    let toks = tokens(text);
    let k = toks
        .iter()
        .position(|t| t.span.start as usize == start && t.kind == TokenKind::Ident)?;
    steps_back(&toks, text, k)
}

/// A variable and its attribute and literal index steps, read backward
/// from the last of them, token `k`; where the variable's name starts.
fn steps_back(toks: &[Token], text: &str, mut k: usize) -> Option<(String, Vec<Step>, usize)> {
    let tok_text = |k: usize| &text[toks[k].span.start as usize..toks[k].span.end as usize];
    let mut steps = Vec::new();
    loop {
        match toks[k].kind {
            TokenKind::Ident => {
                let name = tok_text(k).to_string();
                match k.checked_sub(1).map(|j| toks[j].kind) {
                    Some(TokenKind::Dot) => {
                        steps.push(Step::Name(name));
                        k = k.checked_sub(2)?;
                    }
                    _ => {
                        steps.reverse();
                        return Some((name, steps, toks[k].span.start as usize));
                    }
                }
            }
            TokenKind::CBrack => {
                let key = k.checked_sub(1)?;
                match toks[key].kind {
                    TokenKind::NumberLit => {
                        steps.push(Step::Index(tok_text(key).parse().ok()?));
                        k = key.checked_sub(1)?;
                    }
                    TokenKind::CQuote => {
                        let lit = key.checked_sub(1)?;
                        let open = lit.checked_sub(1)?;
                        let name = tok_text(lit);
                        if toks[lit].kind != TokenKind::QuotedLit
                            || toks[open].kind != TokenKind::OQuote
                            || name.contains('\\')
                        {
                            return None;
                        }
                        steps.push(Step::Name(name.to_string()));
                        k = open.checked_sub(1)?;
                    }
                    _ => return None,
                }
                if toks[k].kind != TokenKind::OBrack {
                    return None;
                }
                k = k.checked_sub(1)?;
            }
            _ => return None,
        }
    }
}

/// Where the cursor at `at` is inside a `for` expression (of brackets not
/// closed before it) whose value iterator is `name` and whose collection
/// is a variable and steps: that variable and those steps. The innermost
/// such `for` wins. `toks` are `text`'s tokens.
pub(super) fn for_collection(
    text: &str,
    toks: &[Token],
    at: usize,
    name: &str,
) -> Option<(String, Vec<Step>)> {
    let end = toks.iter().rposition(|t| (t.span.end as usize) <= at)?;
    let mut depth = 0usize;
    for k in (0..=end).rev() {
        match toks[k].kind {
            TokenKind::CBrack
            | TokenKind::CBrace
            | TokenKind::CParen
            | TokenKind::TemplateSeqEnd => depth += 1,
            TokenKind::OBrack
            | TokenKind::OBrace
            | TokenKind::OParen
            | TokenKind::TemplateInterp => {
                if depth > 0 {
                    depth -= 1;
                } else if let Some(found) = for_header(toks, text, k + 1, name) {
                    return Some(found);
                }
            }
            _ => {}
        }
    }
    None
}

/// `for a, b in coll :` starting at token `k`: the collection, when `name`
/// is its value iterator (`b`, or `a` alone).
fn for_header(toks: &[Token], text: &str, k: usize, name: &str) -> Option<(String, Vec<Step>)> {
    let word = |i: usize| {
        let t = toks.get(i)?;
        (t.kind == TokenKind::Ident).then(|| &text[t.span.start as usize..t.span.end as usize])
    };
    if word(k)? != "for" {
        return None;
    }
    let mut i = k + 1;
    let mut value = word(i)?;
    i += 1;
    if toks.get(i)?.kind == TokenKind::Comma {
        value = word(i + 1)?;
        i += 2;
    }
    if word(i)? != "in" || value != name {
        return None;
    }
    let (root, steps, next) = steps_forward(toks, text, i + 1)?;
    (toks.get(next)?.kind == TokenKind::Colon).then_some((root, steps))
}

/// A variable and its attribute and literal index steps, read forward from
/// token `k`; the token after them.
fn steps_forward(toks: &[Token], text: &str, mut k: usize) -> Option<(String, Vec<Step>, usize)> {
    let kind = |i: usize| toks.get(i).map(|t| t.kind);
    let tok_text = |i: usize| &text[toks[i].span.start as usize..toks[i].span.end as usize];
    if kind(k)? != TokenKind::Ident {
        return None;
    }
    let root = tok_text(k).to_string();
    k += 1;
    let mut steps = Vec::new();
    loop {
        match (kind(k), kind(k + 1), kind(k + 2)) {
            (Some(TokenKind::Dot), Some(TokenKind::Ident), _) => {
                steps.push(Step::Name(tok_text(k + 1).to_string()));
                k += 2;
            }
            (Some(TokenKind::OBrack), Some(TokenKind::NumberLit), Some(TokenKind::CBrack)) => {
                steps.push(Step::Index(tok_text(k + 1).parse().ok()?));
                k += 3;
            }
            (Some(TokenKind::OBrack), Some(TokenKind::OQuote), Some(TokenKind::QuotedLit))
                if kind(k + 3) == Some(TokenKind::CQuote)
                    && kind(k + 4) == Some(TokenKind::CBrack)
                    && !tok_text(k + 2).contains('\\') =>
            {
                steps.push(Step::Name(tok_text(k + 2).to_string()));
                k += 5;
            }
            _ => return Some((root, steps, k)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::syntax::tokens;
    use super::{Step, for_collection, traversal_before};

    fn at_end(text: &str) -> Option<(String, Vec<Step>)> {
        traversal_before(text, &tokens(text), text.len())
    }

    #[test]
    fn traversals_before_the_cursor() {
        let name = |s: &str| Step::Name(s.to_string());
        assert_eq!(at_end("x = net."), Some(("net".into(), vec![])));
        assert_eq!(at_end("x = net.zo"), Some(("net".into(), vec![])));
        assert_eq!(
            at_end("x = net.a.b."),
            Some(("net".into(), vec![name("a"), name("b")]))
        );
        assert_eq!(
            at_end("x = zones[0].na"),
            Some(("zones".into(), vec![Step::Index(0)]))
        );
        assert_eq!(
            at_end("x = by[\"eu\"].subnets[1]."),
            Some((
                "by".into(),
                vec![name("eu"), name("subnets"), Step::Index(1)]
            ))
        );
        assert_eq!(
            at_end("x = \"${net.a."),
            Some(("net".into(), vec![name("a")]))
        );
        assert_eq!(at_end("x = \"net.\""), None);
        assert_eq!(at_end("x = f(1)."), None);
        assert_eq!(at_end("x = a[b]."), None);
        assert_eq!(at_end("x = a[\"\\n\"]."), None);
        assert_eq!(at_end("x = ."), None);
    }

    #[test]
    fn collections_of_for_iterators_around_the_cursor() {
        let name = |s: &str| Step::Name(s.to_string());
        let at_end = |text: &str, n: &str| for_collection(text, &tokens(text), text.len(), n);
        assert_eq!(
            at_end("x = [for z in zones : z.", "z"),
            Some(("zones".into(), vec![]))
        );
        assert_eq!(
            at_end("x = {for k, v in by[\"eu\"].subnets : k => v.", "v"),
            Some(("by".into(), vec![name("eu"), name("subnets")]))
        );
        // A key iterator, an iterator of another name, a collection that
        // is not a variable's, a `for` closed before the cursor.
        assert_eq!(at_end("x = {for k, v in by : k => k.", "k"), None);
        assert_eq!(at_end("x = [for z in zones : y.", "y"), None);
        assert_eq!(at_end("x = [for z in f(zones) : z.", "z"), None);
        assert_eq!(at_end("x = [for z in zones : z]\ny = z.", "z"), None);
        // Nested: the inner brackets are skipped, the outer `for` found.
        assert_eq!(
            at_end("x = [for z in zones : [z.a, (z.", "z"),
            Some(("zones".into(), vec![]))
        );
        assert_eq!(
            at_end("x = \"${[for z in zones : z.", "z"),
            Some(("zones".into(), vec![]))
        );
    }
}
