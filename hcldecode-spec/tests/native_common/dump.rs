//! Text dumps of tokens, trees, diagnostics and static analysis results, in
//! the exact form the reference dumper printed for hclsyntax.

use std::collections::HashMap;
use std::fmt::Write;

use hcldecode_spec::diag::{Diagnostic, Severity};
use hcldecode_spec::source::{Range, SourceFile, Span};
use hcldecode_spec::syntax::native::analysis::{self, Traversal};
use hcldecode_spec::syntax::native::ast::*;
use hcldecode_spec::syntax::native::token::Token;

pub fn full_range(r: &Option<Range>) -> String {
    match r {
        None => "nil".into(),
        Some(r) => format!(
            "{}:{}:{}-{}:{}:{}",
            r.start.line, r.start.column, r.start.byte, r.end.line, r.end.column, r.end.byte
        ),
    }
}

pub fn diag(d: &Diagnostic) -> String {
    let sev = match d.severity {
        Severity::Error => "E",
        Severity::Warning => "W",
    };
    format!(
        "{}|{}|{}|{}|{}",
        sev,
        d.summary,
        d.detail,
        full_range(&d.subject),
        full_range(&d.context)
    )
}

pub fn tokens(file: &SourceFile, toks: &[Token]) -> String {
    let mut out = String::new();
    for t in toks {
        let _ = writeln!(
            out,
            "{} {}",
            t.kind.go_name(),
            full_range(&Some(file.range(t.span)))
        );
    }
    out
}

/// Quotes like the reference dumper: printable ASCII as is, everything
/// else as `\u{hex}`.
pub fn q(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if (' '..'\x7f').contains(&c) && c != '"' && c != '\\' {
            out.push(c);
        } else {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
    out.push('"');
    out
}

/// String values are NFC-normalized when they become values (as
/// `cty.StringVal` does), so the reference's dumps show them normalized.
fn nfc(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    s.nfc().collect()
}

fn r(s: Span) -> String {
    format!("{}-{}", s.start, s.end)
}

pub struct Dumper<'a> {
    pub src: &'a SourceFile,
    pub out: String,
    anon: HashMap<u32, usize>,
    next: usize,
}

impl<'a> Dumper<'a> {
    pub fn new(src: &'a SourceFile) -> Self {
        Dumper {
            src,
            out: String::new(),
            anon: HashMap::new(),
            next: 0,
        }
    }

    fn w(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn lit_key(&self, l: &Literal) -> String {
        match l {
            Literal::Null => "null".into(),
            Literal::Bool(b) => b.to_string(),
            Literal::Number(_) => "num".into(),
            Literal::String(t) => q(&nfc(t.get(self.src))),
        }
    }

    pub fn steps(&mut self, steps: &[Step]) {
        for s in steps {
            match s {
                Step::Attr { name, span } => {
                    let t = format!(" .{}@{}", q(self.src.text(*name)), r(*span));
                    self.w(&t);
                }
                Step::Index { key, span } => {
                    let t = format!(" [{}]@{}", self.lit_key(key), r(*span));
                    self.w(&t);
                }
            }
        }
    }

    pub fn traversal(&mut self, t: &Traversal) {
        let s = format!(" root {}@{}", q(self.src.text(t.root)), r(t.root));
        self.w(&s);
        self.steps(&t.steps);
    }

    pub fn expr(&mut self, e: &Expr) {
        let sp = r(e.span);
        match &e.kind {
            ExprKind::Literal(l) => {
                let s = match l {
                    Literal::Null => format!("(null {sp})"),
                    Literal::Bool(b) => format!("(bool {b} {sp})"),
                    Literal::Number(_) => format!("(num {sp})"),
                    Literal::String(t) => format!("(str {} {sp})", q(&nfc(t.get(self.src)))),
                };
                self.w(&s);
            }
            ExprKind::Invalid => self.w(&format!("(invalid {sp})")),
            ExprKind::ScopeTraversal { root, steps } => {
                let s = format!("(scope {sp} root {}@{}", q(self.src.text(*root)), r(*root));
                self.w(&s);
                self.steps(steps);
                self.w(")");
            }
            ExprKind::RelativeTraversal { source, steps } => {
                self.w(&format!("(rel {sp} "));
                self.expr(source);
                self.steps(steps);
                self.w(")");
            }
            ExprKind::FunctionCall(c) => {
                let s = format!(
                    "(call {} {} {} {} {}",
                    q(self.src.text(c.name)),
                    r(c.name),
                    r(c.open_paren),
                    r(c.close_paren),
                    c.expand_final
                );
                self.w(&s);
                for a in &c.args {
                    self.w(" ");
                    self.expr(a);
                }
                self.w(")");
            }
            ExprKind::Conditional {
                cond,
                true_result,
                false_result,
            } => {
                self.w(&format!("(cond {sp} "));
                self.expr(cond);
                self.w(" ");
                self.expr(true_result);
                self.w(" ");
                self.expr(false_result);
                self.w(")");
            }
            ExprKind::BinaryOp { op, lhs, rhs } => {
                self.w(&format!("(binop {} {sp} ", op.symbol()));
                self.expr(lhs);
                self.w(" ");
                self.expr(rhs);
                self.w(")");
            }
            ExprKind::UnaryOp {
                op,
                operand,
                symbol,
            } => {
                let o = match op {
                    UnaryOp::Not => "!",
                    UnaryOp::Negate => "neg",
                };
                self.w(&format!("(unop {o} {sp} {} ", r(*symbol)));
                self.expr(operand);
                self.w(")");
            }
            ExprKind::Tuple { exprs, open } => {
                self.w(&format!("(tuple {sp} {}", r(*open)));
                for a in exprs {
                    self.w(" ");
                    self.expr(a);
                }
                self.w(")");
            }
            ExprKind::Object { items, open } => {
                self.w(&format!("(object {sp} {}", r(*open)));
                for it in items {
                    self.w(&format!(" (item {} ", it.force_non_literal));
                    self.expr(&it.key);
                    self.w(" ");
                    self.expr(&it.value);
                    self.w(")");
                }
                self.w(")");
            }
            ExprKind::For(f) => self.for_expr(&sp, f),
            ExprKind::Index {
                collection,
                key,
                brackets,
            } => self.index(e, &sp, collection, key, *brackets),
            ExprKind::Splat {
                source,
                each,
                item,
                marker,
            } => self.splat(&sp, source, each, *item, *marker),
            ExprKind::AnonSymbol { id } => {
                let n = self.anon.get(id).copied().unwrap_or(0);
                self.w(&format!("(anon #{n} {sp})"));
            }
            ExprKind::Template { parts } => {
                self.w(&format!("(template {sp}"));
                for a in parts {
                    self.w(" ");
                    self.expr(a);
                }
                self.w(")");
            }
            ExprKind::StringTemplate { .. } => {
                let parts = e.template_parts().unwrap_or_default();
                self.w(&format!("(template {sp}"));
                for a in parts.iter() {
                    self.w(" ");
                    self.expr(a);
                }
                self.w(")");
            }
            ExprKind::TemplateJoin { tuple } => {
                self.w("(join ");
                self.expr(tuple);
                self.w(")");
            }
            ExprKind::TemplateWrap { wrapped } => {
                self.w(&format!("(wrap {sp} "));
                self.expr(wrapped);
                self.w(")");
            }
            ExprKind::Parens(inner) => {
                self.w(&format!("(parens {sp} "));
                self.expr(inner);
                self.w(")");
            }
        }
    }

    fn for_expr(&mut self, sp: &str, f: &ForExpr) {
        let kv = f.key_var.map(|s| self.src.text(s)).unwrap_or("");
        let s = format!(
            "(for {sp} {} {} {} {} ",
            r(f.open),
            r(f.close),
            q(kv),
            q(self.src.text(f.val_var))
        );
        self.w(&s);
        self.expr(&f.coll);
        self.w(" ");
        self.opt(f.key_expr.as_ref());
        self.w(" ");
        self.expr(&f.val_expr);
        self.w(" ");
        self.opt(f.cond.as_ref());
        self.w(&format!(" {})", f.group));
    }

    fn index(&mut self, e: &Expr, sp: &str, collection: &Expr, key: &Expr, brackets: Span) {
        // The `[` (`OpenRange`) is `start_span` of an index.
        let open = e.start_span();
        self.w(&format!("(index {sp} {} {} ", r(open), r(brackets)));
        self.expr(collection);
        self.w(" ");
        self.expr(key);
        self.w(")");
    }

    fn splat(&mut self, sp: &str, source: &Expr, each: &Expr, item: u32, marker: Span) {
        self.next += 1;
        let id = self.next;
        self.anon.insert(item, id);
        self.w(&format!("(splat {sp} {} #{id} ", r(marker)));
        self.expr(source);
        self.w(" ");
        self.expr(each);
        self.w(")");
    }

    fn opt(&mut self, e: Option<&Expr>) {
        match e {
            Some(e) => self.expr(e),
            None => self.w("nil"),
        }
    }

    pub fn body(&mut self, b: &Body) {
        self.w(&format!("(body {} {}", r(b.span), r(b.end_span)));
        for a in &b.attributes {
            let s = format!(
                " (attr {} {} {} {} ",
                q(self.src.text(a.name)),
                r(a.name),
                r(a.equals()),
                r(a.span())
            );
            self.w(&s);
            self.expr(&a.expr);
            self.w(")");
        }
        for bl in &b.blocks {
            let s = format!(
                " (block {} {}",
                q(self.src.text(bl.type_name)),
                r(bl.type_name)
            );
            self.w(&s);
            for l in &bl.labels {
                let s = format!(" {}@{}", q(l.value.get(self.src)), r(l.span));
                self.w(&s);
            }
            self.w(&format!(" {} {} ", r(bl.open_brace), r(bl.close_brace)));
            self.body(&bl.body);
            self.w(")");
        }
        self.w(")");
    }
}

/// Variables, keyword, absolute traversal, list and map of an expression.
pub fn analysis_of(src: &SourceFile, e: &Expr) -> String {
    let mut d = Dumper::new(src);
    for t in analysis::variables(e, src) {
        d.w("{");
        d.traversal(&t);
        d.w("}");
    }
    let kw = analysis::expr_as_keyword(e, src).unwrap_or("");
    d.w(&format!(" kw={}", q(kw)));
    match analysis::abs_traversal_for_expr(e, src) {
        Ok(t) => {
            d.w(" abs={");
            d.traversal(&t);
            d.w("}");
        }
        Err(ds) => d.w(&format!(" abs=ERR({})", diag(&ds[0]))),
    }
    match analysis::expr_list(e, src) {
        Ok(l) => d.w(&format!(" list={}", l.len())),
        Err(ds) => d.w(&format!(" list=ERR({})", diag(&ds[0]))),
    }
    match analysis::expr_map(e, src) {
        Ok(l) => d.w(&format!(" map={}", l.len())),
        Err(ds) => d.w(&format!(" map=ERR({})", diag(&ds[0]))),
    }
    d.out
}

pub fn body_analysis(src: &SourceFile, b: &Body, out: &mut String) {
    for a in &b.attributes {
        out.push_str(src.text(a.name));
        out.push(':');
        out.push_str(&analysis_of(src, &a.expr));
        out.push('\n');
    }
    for bl in &b.blocks {
        body_analysis(src, &bl.body, out);
    }
}
