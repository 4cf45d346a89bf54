//! cty's `convert.MismatchMessage`, with the dynamic layer's conversion
//! planner deciding which conversions exist (the message itself is the
//! static layer's, `crate::type_mismatch`).

use super::conversion::get;
use crate::types::Type;

/// Explains why a value of type `got` cannot convert to `want`, in cty's
/// words (`convert.MismatchMessage`): `string required`, `attribute "a" is
/// required`, `incorrect list element type: number required`, ... Where cty
/// depends on Go map order (several mismatched attributes), attributes are
/// taken in name order.
///
/// ```
/// use hcldecode_spec::types::Type;
/// use hcldecode_spec::value::convert::mismatch_message;
/// let want = Type::object([("a", Type::String), ("b", Type::Bool)]);
/// assert_eq!(mismatch_message(&Type::empty_object(), &want), r#"attributes "a" and "b" are required"#);
/// ```
pub fn mismatch_message(got: &Type, want: &Type) -> String {
    crate::type_mismatch::mismatch_message(got, want, &|from, to, unsafe_| {
        get(from, to, unsafe_).is_some()
    })
}
