//! The `encoding` set (go-cty-funcs `encoding`): `base64encode`,
//! `base64decode`, `urlencode`; also the Base64 helpers the `crypto` and
//! `filesystem` sets use.
#![cfg_attr(not(feature = "encoding"), allow(dead_code))]

use base64::Engine;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};

use super::stdlib::{build, build_in_context, shared_function, str_arg};
use super::{CallContext, Function, FunctionError, Parameter, ReturnType};
use crate::Type;
use crate::value::Value;

/// Go's `base64.StdEncoding`: padded, lenient about trailing bits.
pub(crate) const STD: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireCanonical),
);

/// Go's `StdEncoding.DecodeString` (which skips `\r` and `\n`).
pub(crate) fn decode_std(s: &str) -> Option<Vec<u8>> {
    let clean: Vec<u8> = s.bytes().filter(|b| *b != b'\r' && *b != b'\n').collect();
    STD.decode(clean).ok()
}

/// Go's `StdEncoding.EncodeToString` of a digest (at most 64 bytes, so
/// within any limit).
pub(crate) fn encode_digest(b: &[u8]) -> String {
    STD.encode(b)
}

/// Go's `StdEncoding.EncodeToString`, bounded by the evaluation limits.
pub(crate) fn encode_std(cx: &CallContext<'_>, b: &[u8]) -> Result<String, FunctionError> {
    cx.check_size(0, (b.len() as u64).div_ceil(3) * 4)?;
    Ok(STD.encode(b))
}

shared_function! {
    /// `base64encode(str)`.
    base64encode => build_in_context(
        "Encodes the UTF-8 bytes of a string as Base64.",
        vec![Parameter::new("str", Type::String)],
        None,
        ReturnType::Static(Type::String),
        |cx, args, _| Ok(Value::string(encode_std(cx, str_arg(args, 0)?.as_bytes())?)),
    )
}

shared_function! {
    /// `base64decode(str)`: the decoded bytes must be UTF-8.
    base64decode => build(
        "Decodes a Base64 string whose decoded bytes are UTF-8 text.",
        vec![Parameter::new("str", Type::String)],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let s = str_arg(args, 0)?;
            let b = decode_std(s)
                .ok_or_else(|| FunctionError::call(format!("failed to decode base64 data '{s}'")))?;
            String::from_utf8(b).map(Value::string).map_err(|_| {
                FunctionError::call("the result of decoding the the provided string is not valid UTF-8")
            })
        },
    )
}

/// Go's `url.QueryEscape`.
fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(b));
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

shared_function! {
    /// `urlencode(str)`: URL query escaping (space as `+`).
    urlencode => build_in_context(
        "Applies URL query encoding to a string.",
        vec![Parameter::new("str", Type::String)],
        None,
        ReturnType::Static(Type::String),
        |cx, args, _| {
            let s = str_arg(args, 0)?;
            cx.check_size(0, s.len() as u64 * 3)?;
            Ok(Value::string(query_escape(s)))
        },
    )
}

/// The set's function of a name.
pub(crate) fn lookup(name: &str) -> Option<Function> {
    Some(match name {
        "base64encode" => base64encode(),
        "base64decode" => base64decode(),
        "urlencode" => urlencode(),
        _ => return None,
    })
}
