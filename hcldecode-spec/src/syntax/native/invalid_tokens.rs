//! The diagnostics of tokens the scanner produced but the grammar never
//! accepts (`&`, backticks, `;`, invalid UTF-8, ...), with hclsyntax's
//! limits on how often each is told.

use super::pos::Resolver;
use super::token::{Token, TokenKind};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::SourceFile;

/// `checkInvalidTokens`' count for backticks and apostrophes: whether to
/// report this one (the first and the third; the count stops at 3).
fn every_other(told: &mut u32) -> bool {
    let tell = told.is_multiple_of(2);
    if *told <= 2 {
        *told += 1;
    }
    tell
}

/// Whether a report told `told` times so far is told again (fewer than
/// `limit` times), counting it.
fn fewer_than(told: &mut u32, limit: u32) -> bool {
    let tell = *told < limit;
    if tell {
        *told += 1;
    }
    tell
}

/// `checkInvalidTokens`: diagnostics for tokens that never appear in valid
/// HCL, appended to `diags` in token order.
pub fn check_invalid_tokens(tokens: &[Token], file: &SourceFile, diags: &mut Vec<Diagnostic>) {
    let mut c = InvalidTokenChecker::default();
    for t in tokens {
        c.check(*t, file, diags);
    }
}

/// `checkInvalidTokens` applied one token at a time, keeping its counters
/// (some mistakes are reported only once or every other time).
#[derive(Debug, Default)]
pub struct InvalidTokenChecker {
    told_bitwise: u32,
    told_backtick: u32,
    told_apostrophe: u32,
    told_semicolon: u32,
    told_bad_utf8: u32,
}

impl InvalidTokenChecker {
    /// Checks the next token, appending any diagnostic to `diags`.
    #[inline]
    pub fn check(&mut self, tok: Token, file: &SourceFile, diags: &mut Vec<Diagnostic>) {
        self.check_with(tok, &mut Resolver::new(file), diags)
    }

    #[inline]
    pub(crate) fn check_with(
        &mut self,
        tok: Token,
        res: &mut Resolver<'_>,
        diags: &mut Vec<Diagnostic>,
    ) {
        match tok.kind {
            TokenKind::BitwiseAnd
            | TokenKind::BitwiseOr
            | TokenKind::BitwiseXor
            | TokenKind::BitwiseNot
            | TokenKind::Backtick
            | TokenKind::Apostrophe
            | TokenKind::Semicolon
            | TokenKind::BadUtf8
            | TokenKind::QuotedNewline
            | TokenKind::Invalid => self.report(tok, res, diags),
            _ => {}
        }
    }

    #[cold]
    fn report(&mut self, tok: Token, res: &mut Resolver<'_>, diags: &mut Vec<Diagnostic>) {
        let file = res.file;
        let range = res.range(tok.span);
        let err = |summary: &str, detail: &str| {
            Diagnostic::error(summary, detail).with_subject(range.clone())
        };
        match tok.kind {
            TokenKind::BitwiseAnd
            | TokenKind::BitwiseOr
            | TokenKind::BitwiseXor
            | TokenKind::BitwiseNot
                if fewer_than(&mut self.told_bitwise, 4) => {
                    let suggestion = match tok.kind {
                        TokenKind::BitwiseAnd => " Did you mean boolean AND (\"&&\")?",
                        TokenKind::BitwiseOr => " Did you mean boolean OR (\"||\")?",
                        TokenKind::BitwiseNot => " Did you mean boolean NOT (\"!\")?",
                        _ => "",
                    };
                    diags.push(err(
                        "Unsupported operator",
                        &format!("Bitwise operators are not supported.{suggestion}"),
                    ));
                }
            TokenKind::Backtick if every_other(&mut self.told_backtick) => {
                diags.push(
                    err(
                        "Invalid character",
                        "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".",
                    )
                    .with_code(Code::InvalidCharacter),
                );
            }
            TokenKind::Apostrophe if every_other(&mut self.told_apostrophe) => {
                diags.push(
                    err(
                        "Invalid character",
                        "Single quotes are not valid. Use double quotes (\") to enclose strings.",
                    )
                    .with_code(Code::InvalidCharacter),
                );
            }
            TokenKind::Semicolon if fewer_than(&mut self.told_semicolon, 1) => {
                diags.push(
                    err(
                        "Invalid character",
                        "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.",
                    )
                    .with_code(Code::InvalidCharacter),
                );
            }
            TokenKind::BadUtf8 if fewer_than(&mut self.told_bad_utf8, 1) => {
                diags.push(
                    err(
                        "Invalid character encoding",
                        "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
                    )
                    .with_code(Code::InvalidCharacterEncoding),
                );
            }
            TokenKind::QuotedNewline => diags.push(
                err(
                    "Invalid multi-line string",
                    "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
                )
                .with_code(Code::InvalidMultiLineString),
            ),
            TokenKind::Invalid => {
                let chars = file.text(tok.span);
                if chars == "\u{201C}" || chars == "\u{201D}" {
                    diags.push(
                        err(
                            "Invalid character",
                            "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".",
                        )
                        .with_code(Code::InvalidCharacter),
                    );
                } else {
                    diags.push(
                        err(
                            "Invalid character",
                            "This character is not used within the language.",
                        )
                        .with_code(Code::InvalidCharacter),
                    );
                }
            }
            _ => {}
        }
    }
}
