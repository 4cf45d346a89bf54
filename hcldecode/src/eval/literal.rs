//! A literal of the syntax tree as a value (shared by evaluation, variable
//! traversals and the descriptions of variables in diagnostics).

use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::native::ast::Literal;

use crate::Type;
use crate::value::{Number, Value};

/// The value of a literal.
pub(crate) fn literal_value(file: &SourceFile, l: &Literal) -> Value {
    match l {
        Literal::Null => Value::null(Type::Dynamic),
        Literal::Bool(b) => Value::bool(*b),
        // The parser has validated the literal; a failure here would be a
        // parser bug, and gives an unknown number rather than a panic.
        Literal::Number(s) => match Number::parse(file.text(*s)) {
            Ok(n) => Value::number(n),
            Err(_) => Value::unknown(Type::Number),
        },
        Literal::String(t) => Value::string(t.get(file)),
    }
}
