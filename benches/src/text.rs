//! Text helpers: quoting as the Python script does, the indenting
//! writer `W` with aligned attributes, inline objects and lists.

use crate::rng::Rng;
use crate::vocabulary::DURATIONS;

/// An HCL quoted-string literal for `s` (`quote(s)` in the script).
pub(crate) fn quote(s: &str) -> String {
    quote_impl(s, false)
}

/// `quote(s, rng)`: with probability 0.3, non-ASCII characters of the
/// basic plane are written as `\uXXXX`.
pub(crate) fn quote_r(s: &str, rng: &mut Rng) -> String {
    let uesc = rng.chance(0.3);
    quote_impl(s, uesc)
}

pub(crate) fn quote_impl(s: &str, uesc: bool) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if next == Some('{') => {
                out.push(c);
                out.push(c);
                out.push('{');
                i += 1;
            }
            c if uesc && (c as u32) > 127 && (c as u32) < 0x10000 => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
        i += 1;
    }
    out.push('"');
    out
}

pub(crate) fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// `k.ljust(width)`.
pub(crate) fn ljust(k: &str, width: usize) -> String {
    let mut s = k.to_string();
    for _ in char_len(k)..width {
        s.push(' ');
    }
    s
}

/// Line writer with indentation and hclfmt-style alignment of attribute
/// runs (`W` in the script).
#[derive(Default)]
pub(crate) struct W {
    lines: Vec<String>,
}

impl W {
    pub(crate) fn line(&mut self, depth: usize, text: &str) {
        if text.is_empty() {
            self.lines.push(String::new());
        } else {
            self.lines.push(format!("{}{text}", "  ".repeat(depth)));
        }
    }

    pub(crate) fn raw(&mut self, text: &str) {
        self.lines.push(text.to_string());
    }

    pub(crate) fn attrs(
        &mut self,
        depth: usize,
        pairs: &[(String, String)],
        comment: Option<(&str, &str)>,
    ) {
        if pairs.is_empty() {
            return;
        }
        let width = pairs.iter().map(|(k, _)| char_len(k)).max().unwrap_or(0);
        for (k, v) in pairs {
            let mut text = format!("{} = {v}", ljust(k, width));
            if let Some((ck, c)) = comment
                && ck == k
            {
                text.push_str("  ");
                text.push_str(c);
            }
            self.line(depth, &text);
        }
    }

    pub(crate) fn text(&self) -> String {
        let mut s = self.lines.join("\n");
        s.push('\n');
        s
    }
}

pub(crate) fn p(k: &str, v: impl Into<String>) -> (String, String) {
    (k.to_string(), v.into())
}

pub(crate) fn lst(items: &[String], rng: &mut Rng) -> String {
    if items.is_empty() {
        return "[]".into();
    }
    let sep = if rng.chance(0.85) { ", " } else { "," };
    let tail = if rng.chance(0.1) { "," } else { "" };
    format!("[{}{tail}]", items.join(sep))
}

pub(crate) fn obj_inline(pairs: &[(String, String)]) -> String {
    if pairs.is_empty() {
        return "{}".into();
    }
    let items: Vec<String> = pairs.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    format!("{{ {} }}", items.join(", "))
}

/// A multi-line object constructor (`obj_block` with single-line values,
/// the only kind the script writes).
pub(crate) fn obj_block(
    w: &mut W,
    depth: usize,
    name: &str,
    pairs: &[(String, String)],
    rng: &mut Rng,
) {
    if pairs.is_empty() {
        w.line(depth, &format!("{name} = {{}}"));
        return;
    }
    w.line(depth, &format!("{name} = {{"));
    let commas = rng.chance(0.3);
    let width = pairs.iter().map(|(k, _)| char_len(k)).max().unwrap_or(0);
    for (i, (k, v)) in pairs.iter().enumerate() {
        let comma = if commas && i + 1 < pairs.len() {
            ","
        } else {
            ""
        };
        w.line(depth + 1, &format!("{} = {v}{comma}", ljust(k, width)));
    }
    w.line(depth, "}");
}

pub(crate) fn dur(rng: &mut Rng) -> String {
    quote(rng.choice(DURATIONS))
}

pub(crate) fn b(rng: &mut Rng, p: f64) -> String {
    if rng.chance(p) { "true" } else { "false" }.to_string()
}
