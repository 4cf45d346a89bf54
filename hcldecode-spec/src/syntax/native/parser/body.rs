//! Bodies: attributes and blocks (`parseBody`, `finishParsingBodyAttribute`,
//! `finishParsingBodyBlock`), with the recovery hclsyntax does after a bad item.

use super::Parser;
use crate::source::Span;
use crate::syntax::native::ast::*;
use crate::syntax::native::spans::rb;
use crate::syntax::native::strings::go_quote;
use crate::syntax::native::token::{Token, TokenKind};
use std::sync::Arc;

use TokenKind as T;

const DEFINITION_REQUIRED: &str = "Argument or block definition required";
const DEFINITION_HERE: &str = "An argument or block definition is required here.";
const DEFINITION_OR_EQUALS: &str = "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.";

/// A body item.
pub(super) enum Item {
    Attr(Attribute),
    Block(Block),
}

impl<'a> Parser<'a> {
    pub(crate) fn parse_body(&mut self, end: TokenKind) -> Body {
        let start_range = self.prev_range();
        // Items are gathered on shared stacks and moved into exactly sized
        // vectors at the end, saving the reallocations of growing ones.
        let attrs_start = self.scratch_attrs.len();
        let blocks_start = self.scratch_blocks.len();
        let mut index: Option<crate::name_map::NameMap<&'a str, usize>> = None;
        let end_range;
        loop {
            let next = self.peek();
            if next.kind == end {
                end_range = next.span;
                self.read();
                break;
            }
            match next.kind {
                T::Newline => {
                    self.read();
                }
                T::Ident => match self.parse_body_item() {
                    Some(Item::Block(b)) => self.scratch_blocks.push(b),
                    Some(Item::Attr(a)) => {
                        let name = self.text(a.name);
                        let attributes = &self.scratch_attrs[attrs_start..];
                        let existing = match &index {
                            Some(m) => m.get(name).copied(),
                            None => attributes.iter().position(|e| {
                                e.name.len() == a.name.len() && self.file.text(e.name) == name
                            }),
                        };
                        if let Some(i) = existing {
                            let detail = format!(
                                "The argument {} was already set at {}. Each argument may be set only once.",
                                go_quote(name),
                                self.res.range(self.scratch_attrs[attrs_start + i].name)
                            );
                            self.err("Attribute redefined", &detail, a.name, None);
                        } else {
                            let n = self.scratch_attrs.len() - attrs_start;
                            if let Some(m) = &mut index {
                                m.insert(name, n);
                            } else if n >= 16 {
                                let mut m = crate::name_map::NameMap::default();
                                for (i, e) in self.scratch_attrs[attrs_start..].iter().enumerate() {
                                    m.insert(self.file.text(e.name), i);
                                }
                                m.insert(name, n);
                                index = Some(m);
                            }
                            self.scratch_attrs.push(a);
                        }
                    }
                    None => {}
                },
                _ => {
                    let bad = self.read();
                    if !self.recovery {
                        match bad.kind {
                            T::OQuote => self.err(
                                "Invalid argument name",
                                "Argument names must not be quoted.",
                                bad.span,
                                None,
                            ),
                            T::Eof => {
                                if end == T::CBrace {
                                    self.err(
                                        "Unclosed configuration block",
                                        "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                                        start_range,
                                        None,
                                    )
                                } else {
                                    self.err(
                                        "Unclosed configuration body",
                                        "Found end of file before the end of this configuration body.",
                                        start_range,
                                        None,
                                    )
                                }
                            }
                            _ => self.err(DEFINITION_REQUIRED, DEFINITION_HERE, bad.span, None),
                        }
                    }
                    end_range = self.prev_range();
                    self.recover(end);
                    break;
                }
            }
        }
        Body {
            attributes: self.scratch_attrs.split_off(attrs_start).into_boxed_slice(),
            blocks: self
                .scratch_blocks
                .split_off(blocks_start)
                .into_boxed_slice(),
            span: rb(start_range, end_range),
            end_span: Span::empty(end_range.end),
        }
    }

    pub(super) fn parse_body_item(&mut self) -> Option<Item> {
        let ident = self.body_item_name()?;
        let next = self.peek();
        match next.kind {
            T::Equal => Some(Item::Attr(self.finish_parsing_body_attribute(ident, false))),
            T::OQuote | T::OBrace | T::Ident => {
                Some(Item::Block(self.finish_parsing_body_block(ident)))
            }
            _ => self.definition_required(ident.span, DEFINITION_OR_EQUALS),
        }
    }

    /// The name an argument or block definition starts with.
    pub(super) fn body_item_name(&mut self) -> Option<Token> {
        let ident = self.read();
        if ident.kind != T::Ident {
            return self.definition_required(ident.span, DEFINITION_HERE);
        }
        Some(ident)
    }

    /// Skips a body item that is neither an argument nor a block.
    pub(super) fn definition_required<R>(&mut self, at: Span, detail: &str) -> Option<R> {
        self.recover_after_body_item();
        self.err(DEFINITION_REQUIRED, detail, at, None);
        None
    }

    pub(super) fn parse_single_attr_body(&mut self) -> Option<Body> {
        let ident = self.body_item_name()?;
        let next = self.peek();
        match next.kind {
            T::Equal => {
                let attr = self.finish_parsing_body_attribute(ident, true);
                let span = attr.span();
                Some(Body {
                    attributes: Box::new([attr]),
                    blocks: Box::default(),
                    span,
                    end_span: Span::empty(span.end),
                })
            }
            T::OQuote | T::OBrace | T::Ident => {
                self.recover_after_body_item();
                let detail = format!(
                    "A single-line block definition can contain only a single argument. If you meant to define argument {}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.",
                    go_quote(self.text(ident.span))
                );
                self.err(
                    "Argument definition required",
                    &detail,
                    rb(ident.span, next.span),
                    None,
                );
                None
            }
            _ => self.definition_required(ident.span, DEFINITION_OR_EQUALS),
        }
    }

    pub(super) fn finish_parsing_body_attribute(
        &mut self,
        ident: Token,
        single_line: bool,
    ) -> Attribute {
        let eq = self.read();
        let m = self.mark();
        let expr = self.parse_expression();
        let mut end_range;
        if self.recovery && self.errs_since(m) {
            end_range = self.prev_range();
            self.recover_after_body_item();
        } else {
            end_range = self.prev_range();
            if !single_line {
                let end = self.peek();
                if end.kind != T::Newline && end.kind != T::Eof {
                    if !self.recovery {
                        let (summary, detail) = if end.kind == T::Comma {
                            (
                                "Unexpected comma after argument",
                                "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                            )
                        } else {
                            (
                                "Missing newline after argument",
                                "An argument definition must end with a newline.",
                            )
                        };
                        self.err(summary, detail, end.span, Some(rb(ident.span, end.span)));
                    }
                    end_range = self.prev_range();
                    self.recover_after_body_item();
                } else {
                    end_range = self.prev_range();
                    self.read();
                }
            }
        }
        Attribute::new(ident.span, expr, rb(ident.span, end_range), eq.span)
    }

    pub(super) fn finish_parsing_body_block(&mut self, ident: Token) -> Block {
        let labels_start = self.scratch_labels.len();
        let Some(o_brace) = self.parse_block_labels(ident) else {
            return Block {
                type_name: ident.span,
                labels: self
                    .scratch_labels
                    .split_off(labels_start)
                    .into_boxed_slice(),
                body: Arc::new(Body {
                    attributes: Box::default(),
                    blocks: Box::default(),
                    span: ident.span,
                    end_span: ident.span,
                }),
                open_brace: ident.span,
                close_brace: ident.span,
            };
        };

        let mut body: Option<Body> = None;
        if !self.enter(o_brace.span) {
            self.recover(T::CBrace);
        } else {
            match self.peek().kind {
                T::Newline | T::Eof | T::CBrace => {
                    body = Some(self.parse_body(T::CBrace));
                }
                _ => body = self.single_line_block_body(ident, o_brace),
            }
            self.leave();
        }
        let c_brace_range = self.prev_range();
        self.finish_block_line(ident);

        let body = body.unwrap_or_else(|| Body {
            attributes: Box::default(),
            blocks: Box::default(),
            span: rb(o_brace.span, c_brace_range),
            end_span: c_brace_range,
        });

        Block {
            type_name: ident.span,
            labels: self
                .scratch_labels
                .split_off(labels_start)
                .into_boxed_slice(),
            body: Arc::new(body),
            open_brace: o_brace.span,
            close_brace: c_brace_range,
        }
    }

    /// A block's labels after its type name `ident`, pushed onto
    /// `scratch_labels`, through its opening brace: the brace, or `None`
    /// once a bad block header is reported and recovered from.
    #[inline]
    fn parse_block_labels(&mut self, ident: Token) -> Option<Token> {
        loop {
            let tok = self.peek();
            match tok.kind {
                T::OBrace => return Some(self.read()),
                T::OQuote => {
                    let (value, span) = self.parse_quoted_string_literal();
                    self.scratch_labels.push(Label { span, value });
                }
                T::Ident => {
                    let tok = self.read();
                    self.scratch_labels.push(Label {
                        span: tok.span,
                        value: Text::Source(tok.span),
                    });
                }
                _ => {
                    self.bad_block_header(ident, tok);
                    return None;
                }
            }
        }
    }

    /// Reports `tok`, neither a label nor `{`, in the header of the block
    /// named by `ident`, and recovers after the block.
    fn bad_block_header(&mut self, ident: Token, tok: Token) {
        match tok.kind {
            T::Equal => self.err(
                "Invalid block definition",
                "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
                tok.span,
                Some(rb(ident.span, tok.span)),
            ),
            T::Newline => self.err(
                "Invalid block definition",
                "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
                tok.span,
                Some(rb(ident.span, tok.span)),
            ),
            _ => {
                if !self.recovery {
                    self.err(
                        "Invalid block definition",
                        "Either a quoted string block label or an opening brace (\"{\") is expected here.",
                        tok.span,
                        Some(rb(ident.span, tok.span)),
                    );
                }
            }
        }
        self.recover_after_body_item();
    }

    /// After a block's closing brace: the newline (or end of file) that
    /// must end its definition.
    #[inline]
    fn finish_block_line(&mut self, ident: Token) {
        let eol = self.peek();
        if eol.kind == T::Newline || eol.kind == T::Eof {
            self.read();
        } else {
            if !self.recovery {
                self.err(
                    "Missing newline after block definition",
                    "A block definition must end with a newline.",
                    eol.span,
                    Some(rb(ident.span, eol.span)),
                );
            }
            self.recover_after_body_item();
        }
    }

    /// The body of a one-line block (`b { a = 1 }`) after its brace: one
    /// attribute and the closing brace on the same line. Its own errors
    /// come after those of the attribute, as hclsyntax reports them.
    fn single_line_block_body(&mut self, ident: Token, o_brace: Token) -> Option<Body> {
        let m = self.mark();
        let body = self.parse_single_attr_body();
        let body_diags = self.diags.split_off(m);
        let next = self.peek();
        match next.kind {
            T::CBrace => {
                self.read();
            }
            T::Comma => {
                self.err(
                    "Invalid single-argument block definition",
                    "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
                    next.span,
                    None,
                );
                self.recover(T::CBrace);
            }
            T::Newline => {
                self.err(
                    "Invalid single-argument block definition",
                    "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
                    next.span,
                    None,
                );
                self.recover(T::CBrace);
            }
            _ => {
                if !self.recovery {
                    if next.kind == T::Eof {
                        self.err(
                            "Unclosed configuration block",
                            "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                            o_brace.span,
                            Some(rb(ident.span, o_brace.span)),
                        );
                    } else {
                        self.err(
                            "Invalid single-argument block definition",
                            "A single-line block definition must end with a closing brace immediately after its single argument definition.",
                            next.span,
                            None,
                        );
                    }
                }
                self.recover(T::CBrace);
            }
        }
        self.diags.extend(body_diags);
        body
    }
}
