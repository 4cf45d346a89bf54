//! Parsing `#[hcl(...)]` attributes into options, collecting every error.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, Lit, LitInt, LitStr, Token};

use hcldecode_spec::syntax::suggest::name_suggestion;

/// Collects errors so that all of them are reported at once.
#[derive(Default)]
pub struct Ctxt {
    errors: Option<syn::Error>,
}

impl Ctxt {
    pub fn error(&mut self, span: Span, msg: impl std::fmt::Display) {
        self.push(syn::Error::new(span, msg));
    }

    pub fn push(&mut self, e: syn::Error) {
        match &mut self.errors {
            Some(all) => all.combine(e),
            None => self.errors = Some(e),
        }
    }

    pub fn has_errors(&self) -> bool {
        self.errors.is_some()
    }

    pub fn finish(self) -> Result<(), syn::Error> {
        match self.errors {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// A string option with where it was written.
#[derive(Clone)]
pub struct Spanned_<T> {
    pub value: T,
    pub span: Span,
}

pub type SpannedStr = Spanned_<String>;

/// What a field is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Attr,
    Block,
    Label,
    BlockAttrs,
    Remain,
    Flatten,
}

impl Kind {
    pub fn key(self) -> &'static str {
        match self {
            Kind::Attr => "attr",
            Kind::Block => "block",
            Kind::Label => "label",
            Kind::BlockAttrs => "block_attrs",
            Kind::Remain => "remain",
            Kind::Flatten => "flatten",
        }
    }
}

/// `default` or `default = "path"`.
#[derive(Clone)]
pub enum Default_ {
    Trait,
    Path(syn::ExprPath),
}

#[derive(Default)]
pub struct FieldAttrs {
    pub kind: Option<Spanned_<Kind>>,
    pub rename: Option<SpannedStr>,
    pub default: Option<Spanned_<Default_>>,
    pub type_expr: Option<SpannedStr>,
    pub min_items: Option<Spanned_<usize>>,
    pub max_items: Option<Spanned_<usize>>,
    pub required: Option<Span>,
    pub labels: Option<Spanned_<Vec<String>>>,
    /// `serde`: the attribute's value deserializes with serde.
    pub serde: Option<Span>,
    /// `tag = "label"`: an enum's variant is named by the block's first
    /// label.
    pub tag: Option<Span>,
    /// `variables = "var"`: the field's blocks declare variables, seen as
    /// `var.NAME`.
    pub variables: Option<SpannedStr>,
    /// `locals = "local"`: the field's blocks hold local values, seen as
    /// `local.NAME`.
    pub locals: Option<SpannedStr>,
}

#[derive(Default)]
pub struct ContainerAttrs {
    pub rename_all: Option<Spanned_<RenameRule>>,
    pub check_spec: Option<SpannedStr>,
    /// Keys of an object value that are no field are ignored, not errors.
    pub ignore_unknown: bool,
}

#[derive(Default)]
pub struct VariantAttrs {
    pub rename: Option<SpannedStr>,
}

const FIELD_KEYS: &[&str] = &[
    "attr",
    "block",
    "label",
    "block_attrs",
    "remain",
    "flatten",
    "rename",
    "default",
    "type",
    "min_items",
    "max_items",
    "required",
    "labels",
    "serde",
    "tag",
    "variables",
    "locals",
];
const CONTAINER_KEYS: &[&str] = &["rename_all", "check_spec", "ignore_unknown"];
const VARIANT_KEYS: &[&str] = &["rename"];

/// An HCL identifier: a letter or `_`, then letters, digits, `_`, `-`.
fn is_identifier(s: &str) -> bool {
    let mut c = s.chars();
    c.next().is_some_and(|f| f.is_alphabetic() || f == '_')
        && c.all(|x| x.is_alphanumeric() || x == '_' || x == '-')
}

fn unknown_key(cx: &mut Ctxt, path: &syn::Path, what: &str, keys: &[&str]) {
    let name = path
        .get_ident()
        .map(|i| i.to_string())
        .unwrap_or_else(|| quote::quote!(#path).to_string());
    let hint = match name_suggestion(&name, keys.iter().copied()) {
        Some(s) => format!("; did you mean `{s}`?"),
        None => format!("; expected one of: {}", keys.join(", ")),
    };
    cx.error(
        path.span(),
        format!("unknown {what} attribute `hcl({name})`{hint}"),
    );
}

fn lit_str(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<LitStr> {
    meta.value()?.parse::<LitStr>()
}

fn lit_usize(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<Spanned_<usize>> {
    let lit: LitInt = meta.value()?.parse()?;
    Ok(Spanned_ {
        value: lit.base10_parse()?,
        span: lit.span(),
    })
}

fn set_once<T>(cx: &mut Ctxt, slot: &mut Option<T>, v: T, span: Span, key: &str) {
    if slot.is_some() {
        cx.error(span, format!("duplicate `hcl({key})` attribute"));
    } else {
        *slot = Some(v);
    }
}

/// The doc comment (`///` lines, `#[doc = "..."]`) of an item: its lines
/// joined, each without the one space after `///`, the whole trimmed;
/// `None` when there is none or it is blank.
pub fn doc_comment(attrs: &[Attribute]) -> Option<String> {
    let mut lines = Vec::new();
    for a in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        if let syn::Meta::NameValue(nv) = &a.meta
            && let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
        {
            let v = s.value();
            lines.push(v.strip_prefix(' ').map(str::to_string).unwrap_or(v));
        }
    }
    let doc = lines.join("\n");
    let doc = doc.trim();
    (!doc.is_empty()).then(|| doc.to_string())
}

fn hcl_attrs(attrs: &[Attribute]) -> impl Iterator<Item = &Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("hcl"))
}

pub fn field_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> FieldAttrs {
    let mut out = FieldAttrs::default();
    for attr in hcl_attrs(attrs) {
        let r = attr.parse_nested_meta(|meta| {
            let span = meta.path.span();
            let key = meta
                .path
                .get_ident()
                .map(|i| i.to_string())
                .unwrap_or_default();
            match field_kind(&key) {
                Some(k) => set_kind(cx, &mut out, k, span),
                None => field_key(cx, &mut out, &meta, &key, span)?,
            }
            Ok(())
        });
        if let Err(e) = r {
            cx.push(e);
        }
    }
    out
}

/// The kind of field a key names (`attr`, `block`, ...).
fn field_kind(key: &str) -> Option<Kind> {
    Some(match key {
        "attr" => Kind::Attr,
        "block" => Kind::Block,
        "label" => Kind::Label,
        "block_attrs" => Kind::BlockAttrs,
        "remain" => Kind::Remain,
        "flatten" => Kind::Flatten,
        _ => return None,
    })
}

/// Sets the field's kind; a second one is an error at it.
fn set_kind(cx: &mut Ctxt, out: &mut FieldAttrs, k: Kind, span: proc_macro2::Span) {
    if let Some(prev) = &out.kind {
        cx.error(
            span,
            format!(
                "a field is one kind of thing: `{}` conflicts with `{}`",
                k.key(),
                prev.value.key()
            ),
        );
    } else {
        out.kind = Some(Spanned_ { value: k, span });
    }
}

/// A string value, with its span.
fn spanned_str(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<Spanned_<String>> {
    let s = lit_str(meta)?;
    Ok(Spanned_ {
        value: s.value(),
        span: s.span(),
    })
}

/// One `key` or `key = value` of a field other than its kind.
fn field_key(
    cx: &mut Ctxt,
    out: &mut FieldAttrs,
    meta: &syn::meta::ParseNestedMeta<'_>,
    key: &str,
    span: proc_macro2::Span,
) -> syn::Result<()> {
    match key {
        "rename" => set_once(cx, &mut out.rename, spanned_str(meta)?, span, "rename"),
        "type" => set_once(cx, &mut out.type_expr, spanned_str(meta)?, span, "type"),
        "default" => {
            let d = default_value(meta, span)?;
            set_once(cx, &mut out.default, d, span, "default");
        }
        "min_items" => {
            let v = lit_usize(meta)?;
            set_once(cx, &mut out.min_items, v, span, "min_items");
        }
        "max_items" => {
            let v = lit_usize(meta)?;
            set_once(cx, &mut out.max_items, v, span, "max_items");
        }
        "required" => set_once(cx, &mut out.required, span, span, "required"),
        "serde" => set_once(cx, &mut out.serde, span, span, "serde"),
        "tag" => {
            let s = lit_str(meta)?;
            if s.value() != "label" {
                cx.error(
                    s.span(),
                    format!(
                        "unknown tag {:?}: a block's variant is named by its first label, `tag = \"label\"`",
                        s.value()
                    ),
                );
            }
            set_once(cx, &mut out.tag, s.span(), span, "tag");
        }
        "variables" | "locals" => {
            let v = spanned_str(meta)?;
            if !is_identifier(&v.value) {
                cx.error(
                    v.span,
                    format!(
                        "{:?} is not a name expressions can use (an identifier, such as \"var\")",
                        v.value
                    ),
                );
            }
            let slot = if key == "variables" {
                &mut out.variables
            } else {
                &mut out.locals
            };
            set_once(cx, slot, v, span, key);
        }
        "labels" => {
            let v = label_names(cx, meta)?;
            set_once(cx, &mut out.labels, v, span, "labels");
        }
        _ => {
            unknown_key(cx, &meta.path, "field", FIELD_KEYS);
            skip_value(meta)?;
        }
    }
    Ok(())
}

/// `default` (the type's `Default`) or `default = "path"` (a function).
fn default_value(
    meta: &syn::meta::ParseNestedMeta<'_>,
    span: proc_macro2::Span,
) -> syn::Result<Spanned_<Default_>> {
    if !meta.input.peek(Token![=]) {
        return Ok(Spanned_ {
            value: Default_::Trait,
            span,
        });
    }
    let s = lit_str(meta)?;
    let path: syn::ExprPath = s.parse()?;
    Ok(Spanned_ {
        value: Default_::Path(path),
        span: s.span(),
    })
}

/// `labels = ["a", "b"]`: each must be a string literal.
fn label_names(
    cx: &mut Ctxt,
    meta: &syn::meta::ParseNestedMeta<'_>,
) -> syn::Result<Spanned_<Vec<String>>> {
    let arr: syn::ExprArray = meta.value()?.parse()?;
    let mut names = Vec::new();
    for e in &arr.elems {
        match e {
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) => names.push(s.value()),
            other => cx.error(other.span(), "a label name must be a string literal"),
        }
    }
    Ok(Spanned_ {
        value: names,
        span: arr.span(),
    })
}

/// Consumes `= value` after an unknown key, so parsing can go on.
fn skip_value(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        let _: Expr = meta.value()?.parse()?;
    } else if meta.input.peek(syn::token::Paren) {
        let _content;
        syn::parenthesized!(_content in meta.input);
        let _: proc_macro2::TokenStream = _content.parse()?;
    }
    Ok(())
}

pub fn container_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> ContainerAttrs {
    let mut out = ContainerAttrs::default();
    for attr in hcl_attrs(attrs) {
        let r = attr.parse_nested_meta(|meta| {
            let span = meta.path.span();
            if meta.path.is_ident("rename_all") {
                let s = lit_str(&meta)?;
                match RenameRule::parse(&s.value()) {
                    Some(rule) => {
                        let v = Spanned_ {
                            value: rule,
                            span: s.span(),
                        };
                        set_once(cx, &mut out.rename_all, v, span, "rename_all");
                    }
                    None => {
                        let names: Vec<&str> = RenameRule::ALL.iter().map(|(n, _)| *n).collect();
                        let hint = name_suggestion(&s.value(), names.iter().copied())
                            .map(|n| format!("; did you mean \"{n}\"?"))
                            .unwrap_or_else(|| format!("; expected one of: {}", names.join(", ")));
                        cx.error(
                            s.span(),
                            format!("unknown rename_all rule \"{}\"{hint}", s.value()),
                        );
                    }
                }
            } else if meta.path.is_ident("ignore_unknown") {
                out.ignore_unknown = true;
            } else if meta.path.is_ident("check_spec") {
                let s = lit_str(&meta)?;
                let v = Spanned_ {
                    value: s.value(),
                    span: s.span(),
                };
                set_once(cx, &mut out.check_spec, v, span, "check_spec");
            } else {
                let is_field_key = meta
                    .path
                    .get_ident()
                    .is_some_and(|i| FIELD_KEYS.contains(&i.to_string().as_str()));
                if is_field_key {
                    cx.error(
                        span,
                        "this is a field attribute; on a struct or enum, `hcl(...)` takes rename_all or check_spec",
                    );
                } else {
                    unknown_key(cx, &meta.path, "container", CONTAINER_KEYS);
                }
                skip_value(&meta)?;
            }
            Ok(())
        });
        if let Err(e) = r {
            cx.push(e);
        }
    }
    out
}

pub fn variant_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> VariantAttrs {
    let mut out = VariantAttrs::default();
    for attr in hcl_attrs(attrs) {
        let r = attr.parse_nested_meta(|meta| {
            let span = meta.path.span();
            if meta.path.is_ident("rename") {
                let s = lit_str(&meta)?;
                let v = Spanned_ {
                    value: s.value(),
                    span: s.span(),
                };
                set_once(cx, &mut out.rename, v, span, "rename");
            } else {
                unknown_key(cx, &meta.path, "variant", VARIANT_KEYS);
                skip_value(&meta)?;
            }
            Ok(())
        });
        if let Err(e) = r {
            cx.push(e);
        }
    }
    out
}

/// serde's `rename_all` rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

impl RenameRule {
    pub const ALL: [(&'static str, RenameRule); 8] = [
        ("lowercase", RenameRule::Lower),
        ("UPPERCASE", RenameRule::Upper),
        ("PascalCase", RenameRule::Pascal),
        ("camelCase", RenameRule::Camel),
        ("snake_case", RenameRule::Snake),
        ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
        ("kebab-case", RenameRule::Kebab),
        ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
    ];

    pub fn parse(s: &str) -> Option<RenameRule> {
        RenameRule::ALL
            .iter()
            .find(|(n, _)| *n == s)
            .map(|(_, r)| *r)
    }

    /// Words of a Rust identifier (snake_case field or PascalCase variant).
    fn words(ident: &str) -> Vec<String> {
        let mut words = Vec::new();
        let mut cur = String::new();
        let chars: Vec<char> = ident.trim_start_matches("r#").chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            if c == '_' {
                if !cur.is_empty() {
                    words.push(std::mem::take(&mut cur));
                }
                continue;
            }
            let boundary = c.is_uppercase()
                && !cur.is_empty()
                && (chars[i - 1].is_lowercase()
                    || chars[i - 1].is_ascii_digit()
                    || chars.get(i + 1).is_some_and(|n| n.is_lowercase()));
            if boundary {
                words.push(std::mem::take(&mut cur));
            }
            cur.push(c);
        }
        if !cur.is_empty() {
            words.push(cur);
        }
        words
    }

    pub fn apply(self, ident: &str) -> String {
        let words = RenameRule::words(ident);
        let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
        let cap = |w: &String| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase(),
                None => String::new(),
            }
        };
        match self {
            RenameRule::Lower => lower.concat(),
            RenameRule::Upper => lower.concat().to_uppercase(),
            RenameRule::Pascal => words.iter().map(cap).collect(),
            RenameRule::Camel => {
                let mut out = String::new();
                for (i, w) in words.iter().enumerate() {
                    if i == 0 {
                        out.push_str(&w.to_lowercase());
                    } else {
                        out.push_str(&cap(w));
                    }
                }
                out
            }
            RenameRule::Snake => lower.join("_"),
            RenameRule::ScreamingSnake => lower.join("_").to_uppercase(),
            RenameRule::Kebab => lower.join("-"),
            RenameRule::ScreamingKebab => lower.join("-").to_uppercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RenameRule;

    #[test]
    fn rename_rules_match_serde() {
        assert_eq!(RenameRule::Snake.apply("RawExec"), "raw_exec");
        assert_eq!(RenameRule::Snake.apply("HTTPServer"), "http_server");
        assert_eq!(RenameRule::Kebab.apply("max_items"), "max-items");
        assert_eq!(RenameRule::Camel.apply("max_items"), "maxItems");
        assert_eq!(RenameRule::Pascal.apply("max_items"), "MaxItems");
        assert_eq!(RenameRule::ScreamingSnake.apply("RawExec"), "RAW_EXEC");
        assert_eq!(RenameRule::Lower.apply("RawExec"), "rawexec");
    }
}
