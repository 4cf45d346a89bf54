//! `Display` of values: as the HCL native-syntax literal of the value.

use std::fmt::{self, Write};

use super::{Value, ValueRef};

impl fmt::Display for Value {
    /// The value as HCL native syntax writes it: `"text"` (with HCL's
    /// escapes, `${` written `$${`), `1.5`, `true`, `null`, `["a", 1]`,
    /// `{ name = "web", "not an identifier" = 2 }`. A value not known yet
    /// has no literal and shows as `(unknown)`; infinities as `+Inf` and
    /// `-Inf`. Collections and objects are written on one line.
    ///
    /// ```
    /// use hcldecode_spec::value::Value;
    /// let v = Value::object([("name", Value::string("a\"${b}")), ("n", Value::from(vec![1, 2]))]);
    /// assert_eq!(v.to_string(), r#"{ n = [1, 2], name = "a\"$${b}" }"#);
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.view() {
            ValueRef::Unknown => f.write_str("(unknown)"),
            ValueRef::Null => f.write_str("null"),
            ValueRef::Bool(b) => write!(f, "{b}"),
            ValueRef::Number(n) => write!(f, "{n}"),
            ValueRef::String(s) => write_quoted(f, s),
            ValueRef::List(elems) | ValueRef::Set(elems) | ValueRef::Tuple(elems) => {
                f.write_char('[')?;
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_char(']')
            }
            ValueRef::Map(entries) => write_object(f, entries.iter().map(|(k, v)| (&**k, v))),
            ValueRef::Object(ty, vals) => {
                write_object(f, ty.attrs().iter().map(|(k, _)| &**k).zip(vals))
            }
        }
    }
}

impl Value {
    /// The value as an HCL expression that evaluates to it (its
    /// [`Display`](fmt::Display) text), or `None` when a part of it is not
    /// known yet: what spec files and written configurations hold.
    ///
    /// ```
    /// use hcldecode_spec::types::Type;
    /// use hcldecode_spec::value::Value;
    /// assert_eq!(Value::from(vec![1, 2]).to_hcl().as_deref(), Some("[1, 2]"));
    /// assert_eq!(Value::tuple(vec![Value::unknown(Type::String)]).to_hcl(), None);
    /// ```
    pub fn to_hcl(&self) -> Option<String> {
        self.is_wholly_known().then(|| self.to_string())
    }
}

fn write_object<'a>(
    f: &mut fmt::Formatter<'_>,
    entries: impl Iterator<Item = (&'a str, &'a Value)>,
) -> fmt::Result {
    let mut empty = true;
    for (k, v) in entries {
        f.write_str(if empty { "{ " } else { ", " })?;
        empty = false;
        if crate::syntax::is_identifier(k) {
            f.write_str(k)?;
        } else {
            write_quoted(f, k)?;
        }
        write!(f, " = {v}")?;
    }
    f.write_str(if empty { "{}" } else { " }" })
}

/// A quoted HCL string: `\"`, `\\`, `\n`, `\r`, `\t`, `\uXXXX` for other
/// control characters, and `$${`/`%%{` so no template sequence starts.
fn write_quoted(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_char('"')?;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            '$' | '%' if chars.peek() == Some(&'{') => {
                f.write_char(c)?;
                f.write_char(c)?;
            }
            c if c.is_control() => write!(f, "\\u{:04x}", c as u32)?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}
