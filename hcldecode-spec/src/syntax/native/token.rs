//! Tokens of the native syntax, as HashiCorp's scanner produces them.

use crate::source::Span;

/// The kind of a token. One variant per `hclsyntax.TokenType` the scanner
/// can produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum TokenKind {
    /// `{`
    OBrace,
    /// `}`
    CBrace,
    /// `[`
    OBrack,
    /// `]`
    CBrack,
    /// `(`
    OParen,
    /// `)`
    CParen,
    /// The `"` opening a quoted template.
    OQuote,
    /// The `"` closing a quoted template.
    CQuote,
    /// A heredoc introducer, `<<EOT` or `<<-EOT`, with its newline.
    OHeredoc,
    /// A heredoc's closing marker line (without its newline).
    CHeredoc,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `%`
    Percent,
    /// `=`
    Equal,
    /// `==`
    EqualOp,
    /// `!=`
    NotEqual,
    /// `<`
    LessThan,
    /// `<=`
    LessThanEq,
    /// `>`
    GreaterThan,
    /// `>=`
    GreaterThanEq,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `!`
    Bang,
    /// `.`
    Dot,
    /// `,`
    Comma,
    /// `...`
    Ellipsis,
    /// `=>`
    FatArrow,
    /// `?`
    Question,
    /// `:`
    Colon,
    /// `::`, between the parts of a namespaced function name.
    DoubleColon,
    /// `${` or `${~`
    TemplateInterp,
    /// `%{` or `%{~`
    TemplateControl,
    /// `}` or `~}` closing a template sequence.
    TemplateSeqEnd,
    /// Literal text of a quoted template; may contain backslash escapes.
    QuotedLit,
    /// Literal text of a heredoc or bare template; no backslash escapes.
    StringLit,
    /// A number literal.
    NumberLit,
    /// An identifier.
    Ident,
    /// A comment; `#` and `//` comments include their final newline.
    Comment,
    /// A newline (`\n` or `\r\n`).
    Newline,
    /// The end of the input (always the last token, empty).
    Eof,
    /// `&` (not valid HCL).
    BitwiseAnd,
    /// `|` (not valid HCL).
    BitwiseOr,
    /// `~` (not valid HCL).
    BitwiseNot,
    /// `^` (not valid HCL).
    BitwiseXor,
    /// `'` (not valid HCL).
    Apostrophe,
    /// `` ` `` (not valid HCL).
    Backtick,
    /// `;` (not valid HCL).
    Semicolon,
    /// A character not used by the language.
    Invalid,
    /// A byte that was not valid UTF-8 (see
    /// [`INVALID_BYTE_PLACEHOLDER`](super::INVALID_BYTE_PLACEHOLDER)).
    BadUtf8,
    /// A newline inside a quoted template (not allowed).
    QuotedNewline,
}

impl TokenKind {
    /// The name hclsyntax gives this token type (`TokenIdent`, ...).
    pub fn go_name(self) -> &'static str {
        use TokenKind::*;
        match self {
            OBrace => "TokenOBrace",
            CBrace => "TokenCBrace",
            OBrack => "TokenOBrack",
            CBrack => "TokenCBrack",
            OParen => "TokenOParen",
            CParen => "TokenCParen",
            OQuote => "TokenOQuote",
            CQuote => "TokenCQuote",
            OHeredoc => "TokenOHeredoc",
            CHeredoc => "TokenCHeredoc",
            Star => "TokenStar",
            Slash => "TokenSlash",
            Plus => "TokenPlus",
            Minus => "TokenMinus",
            Percent => "TokenPercent",
            Equal => "TokenEqual",
            EqualOp => "TokenEqualOp",
            NotEqual => "TokenNotEqual",
            LessThan => "TokenLessThan",
            LessThanEq => "TokenLessThanEq",
            GreaterThan => "TokenGreaterThan",
            GreaterThanEq => "TokenGreaterThanEq",
            And => "TokenAnd",
            Or => "TokenOr",
            Bang => "TokenBang",
            Dot => "TokenDot",
            Comma => "TokenComma",
            Ellipsis => "TokenEllipsis",
            FatArrow => "TokenFatArrow",
            Question => "TokenQuestion",
            Colon => "TokenColon",
            DoubleColon => "TokenDoubleColon",
            TemplateInterp => "TokenTemplateInterp",
            TemplateControl => "TokenTemplateControl",
            TemplateSeqEnd => "TokenTemplateSeqEnd",
            QuotedLit => "TokenQuotedLit",
            StringLit => "TokenStringLit",
            NumberLit => "TokenNumberLit",
            Ident => "TokenIdent",
            Comment => "TokenComment",
            Newline => "TokenNewline",
            Eof => "TokenEOF",
            BitwiseAnd => "TokenBitwiseAnd",
            BitwiseOr => "TokenBitwiseOr",
            BitwiseNot => "TokenBitwiseNot",
            BitwiseXor => "TokenBitwiseXor",
            Apostrophe => "TokenApostrophe",
            Backtick => "TokenBacktick",
            Semicolon => "TokenSemicolon",
            Invalid => "TokenInvalid",
            BadUtf8 => "TokenBadUTF8",
            QuotedNewline => "TokenQuotedNewline",
        }
    }
}

/// A token: its kind and the bytes it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What kind of token.
    pub kind: TokenKind,
    /// For [`TokenKind::QuotedLit`] and [`TokenKind::StringLit`]: whether
    /// the text has escapes to decode (backslash escapes in quoted
    /// templates, `$${` and `%%{` in both), so that the value differs from
    /// the text.
    pub escapes: bool,
    /// The bytes covered, as offsets into the whole source file.
    pub span: Span,
}

impl Token {
    /// A token without escapes.
    pub const fn new(kind: TokenKind, span: Span) -> Token {
        Token {
            kind,
            escapes: false,
            span,
        }
    }
}
