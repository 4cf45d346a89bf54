//! Terraform's encoding and hashing functions
//! (`internal/lang/funcs/encoding.go`, `crypto.go`): `base64gzip`,
//! `base64gunzip` (gzip by `flate2`), `textencodebase64`,
//! `textdecodebase64` (character encodings by `encoding_rs`, with the
//! IANA names Go's `ianaindex` takes), `urldecode`, `base64sha256`,
//! `base64sha512` and the `file*` hashes.

use std::io::{Read, Write};

use encoding_rs::Encoding;
use sha2::{Digest, Sha256, Sha512};

use crate::Type;
use crate::function::crypto::hex;
use crate::function::encoding::{decode_std, encode_digest, encode_std};
use crate::function::fs_config::FsConfig;
use crate::function::stdlib::{build, build_in_context, shared_function, str_arg};
use crate::function::{Function, FunctionError, Parameter, ReturnType};
use crate::value::Value;

fn s(name: &str) -> Parameter {
    Parameter::new(name, Type::String)
}

/// The most bytes `base64gunzip` inflates before giving up.
const MAX_GUNZIP_BYTES: u64 = 256 << 20;

shared_function! {
    /// `base64gzip(str)`: the string gzipped, in Base64. Any gzip reader
    /// reads it back; the compressed bytes are `flate2`'s, not Go's
    /// (docs/deviations.md).
    base64gzip => build_in_context(
        "Compresses a string with gzip and then encodes the result in Base64 encoding.",
        vec![s("str")],
        None,
        ReturnType::Static(Type::String),
        |cx, args, _| {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            let gz_err = |e: std::io::Error| FunctionError::call(format!("failed to write gzip raw data: {e}"));
            gz.write_all(str_arg(args, 0)?.as_bytes()).map_err(gz_err)?;
            let bytes = gz.finish().map_err(gz_err)?;
            Ok(Value::string(encode_std(cx, &bytes)?))
        },
    )
}

shared_function! {
    /// `base64gunzip(str)`: Base64-decoded, then gunzipped; the result
    /// must be UTF-8 text.
    base64gunzip => build_in_context(
        "Decodes a Base64-encoded string and uncompresses the result with gzip.",
        vec![s("str")],
        None,
        ReturnType::Static(Type::String),
        |cx, args, _| {
            let text = str_arg(args, 0)?;
            let raw = decode_std(text)
                .ok_or_else(|| FunctionError::call(format!("failed to decode base64 data '{text}'")))?;
            let mut out = Vec::new();
            flate2::read::GzDecoder::new(raw.as_slice())
                .take(MAX_GUNZIP_BYTES + 1)
                .read_to_end(&mut out)
                .map_err(|e| FunctionError::call(format!("failed to gunzip bytestream: {e}")))?;
            cx.check_size(0, out.len() as u64)?;
            if out.len() as u64 > MAX_GUNZIP_BYTES {
                return Err(FunctionError::call(format!(
                    "the uncompressed data is larger than {MAX_GUNZIP_BYTES} bytes"
                )));
            }
            String::from_utf8(out)
                .map(Value::string)
                .map_err(|_| FunctionError::call("the uncompressed data is not valid UTF-8"))
        },
    )
}

/// A character encoding named as Go's `ianaindex.IANA` names it.
#[derive(Clone, Copy)]
enum Charset {
    /// One of the Encoding Standard's.
    Whatwg(&'static Encoding),
    /// ISO-8859-1 (the Encoding Standard reads that label as
    /// windows-1252; IANA does not).
    Latin1,
    /// US-ASCII.
    Ascii,
    /// UTF-16 big-endian with a byte order mark (IANA's `UTF-16`).
    Utf16Bom,
}

/// The charset of an IANA name or alias and its preferred name.
fn charset(name: &str) -> Option<(Charset, &'static str)> {
    let lower = name.to_ascii_lowercase();
    let latin1 = [
        "iso-8859-1",
        "iso_8859-1",
        "iso_8859-1:1987",
        "iso-ir-100",
        "latin1",
        "l1",
        "ibm819",
        "cp819",
        "csisolatin1",
    ];
    if latin1.contains(&lower.as_str()) {
        return Some((Charset::Latin1, "ISO-8859-1"));
    }
    let ascii = [
        "us-ascii",
        "ascii",
        "ansi_x3.4-1968",
        "ansi_x3.4-1986",
        "iso-ir-6",
        "iso_646.irv:1991",
        "iso646-us",
        "us",
        "ibm367",
        "cp367",
        "csascii",
    ];
    if ascii.contains(&lower.as_str()) {
        return Some((Charset::Ascii, "US-ASCII"));
    }
    if lower == "utf-16" || lower == "csutf16" {
        return Some((Charset::Utf16Bom, "UTF-16"));
    }
    // IANA aliases the Encoding Standard does not list.
    let label = match lower.as_str() {
        "cp936" | "ms936" | "windows-936" | "csgbk" => "gbk",
        "csutf16le" => "utf-16le",
        "csutf16be" => "utf-16be",
        "csutf8" => "utf-8",
        "ms_kanji" | "csshiftjis" => "shift_jis",
        "cseuckr" => "euc-kr",
        other => other,
    };
    let enc = Encoding::for_label(label.as_bytes())?;
    if enc == encoding_rs::REPLACEMENT || enc == encoding_rs::X_USER_DEFINED {
        return None;
    }
    Some((Charset::Whatwg(enc), enc.name()))
}

fn unsupported(name: &str) -> FunctionError {
    FunctionError::arg(
        1,
        format!(
            "{} is not a supported IANA encoding name or alias",
            hcldecode_spec::go_quote::quote(name)
        ),
    )
}

fn encode_text(text: &str, cs: Charset) -> Option<Vec<u8>> {
    match cs {
        Charset::Latin1 => text
            .chars()
            .map(|c| u8::try_from(u32::from(c)).ok())
            .collect(),
        Charset::Ascii => text.is_ascii().then(|| text.as_bytes().to_vec()),
        Charset::Utf16Bom => Some(
            [0xFE, 0xFF]
                .into_iter()
                .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
                .collect(),
        ),
        Charset::Whatwg(enc) if enc == encoding_rs::UTF_16LE => {
            Some(text.encode_utf16().flat_map(u16::to_le_bytes).collect())
        }
        Charset::Whatwg(enc) if enc == encoding_rs::UTF_16BE => {
            Some(text.encode_utf16().flat_map(u16::to_be_bytes).collect())
        }
        Charset::Whatwg(enc) => {
            let (out, _, unmappable) = enc.encode(text);
            (!unmappable).then(|| out.into_owned())
        }
    }
}

fn decode_text(bytes: &[u8], cs: Charset) -> String {
    match cs {
        Charset::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
        Charset::Ascii => bytes
            .iter()
            .map(|&b| {
                if b.is_ascii() {
                    char::from(b)
                } else {
                    '\u{FFFD}'
                }
            })
            .collect(),
        Charset::Utf16Bom => encoding_rs::UTF_16BE.decode(bytes).0.into_owned(),
        Charset::Whatwg(enc) => {
            let text = enc.decode_without_bom_handling(bytes).0.into_owned();
            // The Encoding Standard gives the Windows code pages' undefined
            // bytes C1 control characters; Go's charmap leaves them
            // undefined.
            if enc.name().starts_with("windows-") {
                text.chars()
                    .map(|c| {
                        if ('\u{80}'..='\u{9f}').contains(&c) {
                            '\u{FFFD}'
                        } else {
                            c
                        }
                    })
                    .collect()
            } else {
                text
            }
        }
    }
}

shared_function! {
    /// `textencodebase64(string, encoding)`: the string in a character
    /// encoding, in Base64.
    textencodebase64 => build_in_context(
        "Encodes the given string using a specified character encoding, and returns the result base64 encoded.",
        vec![s("string"), s("encoding")],
        None,
        ReturnType::Static(Type::String),
        |cx, args, _| {
            let name = str_arg(args, 1)?;
            let (cs, canonical) = charset(name).ok_or_else(|| unsupported(name))?;
            let bytes = encode_text(str_arg(args, 0)?, cs).ok_or_else(|| {
                FunctionError::arg(
                    0,
                    format!("the given string contains characters that cannot be represented in {canonical}"),
                )
            })?;
            Ok(Value::string(encode_std(cx, &bytes)?))
        },
    )
}

shared_function! {
    /// `textdecodebase64(source, encoding)`: Base64-decoded bytes read in
    /// a character encoding.
    textdecodebase64 => build(
        "Decodes a string that was previously encoded using textencodebase64() with the specified character encoding.",
        vec![s("source"), s("encoding")],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let name = str_arg(args, 1)?;
            let (cs, canonical) = charset(name).ok_or_else(|| unsupported(name))?;
            let src = str_arg(args, 0)?;
            let bytes = decode_std(src).ok_or_else(|| {
                let at = base64_error_offset(src);
                FunctionError::arg(0, format!("the given value is has an invalid base64 symbol at offset {at}"))
            })?;
            let text = decode_text(&bytes, cs);
            if text.contains('\u{FFFD}') {
                return Err(FunctionError::arg(
                    0,
                    format!("the given string contains symbols that are not defined for {canonical}"),
                ));
            }
            Ok(Value::string(text))
        },
    )
}

/// Where Go's Base64 decoder reports corrupt input: the first byte outside
/// the alphabet, else the length's shortfall.
fn base64_error_offset(s: &str) -> usize {
    let body = s.trim_end_matches('=');
    body.bytes()
        .position(|b| {
            !(b.is_ascii_alphanumeric() || b == b'+' || b == b'/' || b == b'\r' || b == b'\n')
        })
        .unwrap_or(body.len())
}

/// Go's `url.QueryUnescape`: `+` is a space, `%XX` a byte.
fn query_unescape(s: &str) -> Result<Vec<u8>, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = |c: u8| char::from(c).to_digit(16);
                match (
                    b.get(i + 1).copied().and_then(hex),
                    b.get(i + 2).copied().and_then(hex),
                ) {
                    (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                    _ => {
                        let end = (i + 3).min(b.len());
                        let bad = String::from_utf8_lossy(&b[i..end]);
                        return Err(format!(
                            "invalid URL escape {}",
                            hcldecode_spec::go_quote::quote(&bad)
                        ));
                    }
                }
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

shared_function! {
    /// `urldecode(str)`: URL query unescaping (`+` as a space).
    urldecode => build(
        "Applies URL decoding to a given encoded string.",
        vec![s("str")],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let bytes = query_unescape(str_arg(args, 0)?)
                .map_err(|e| FunctionError::call(format!("failed to decode URL '': {e}")))?;
            String::from_utf8(bytes)
                .map(Value::string)
                .map_err(|_| FunctionError::call("the decoded URL is not valid UTF-8"))
        },
    )
}

shared_function! {
    /// `base64sha256(str)`: the SHA-256 digest in Base64.
    base64sha256 => build(
        "Computes the SHA256 hash of a given string and encodes it with Base64.",
        vec![s("str")],
        None,
        ReturnType::Static(Type::String),
        |args, _| Ok(Value::string(encode_digest(&Sha256::digest(str_arg(args, 0)?.as_bytes())))),
    )
}

shared_function! {
    /// `base64sha512(str)`: the SHA-512 digest in Base64.
    base64sha512 => build(
        "Computes the SHA512 hash of a given string and encodes it with Base64.",
        vec![s("str")],
        None,
        ReturnType::Static(Type::String),
        |args, _| Ok(Value::string(encode_digest(&Sha512::digest(str_arg(args, 0)?.as_bytes())))),
    )
}

/// A `file*` hash: the digest of a file's bytes, read as `file` reads
/// (confined, bounded).
pub(super) fn file_hash(name: &str, fs: &FsConfig) -> Option<Function> {
    let digest: fn(&[u8]) -> Result<String, FunctionError> = match name {
        "filemd5" => |b| Ok(hex(&md5::Md5::digest(b))),
        "filesha1" => |b| Ok(hex(&sha1::Sha1::digest(b))),
        "filesha256" => |b| Ok(hex(&Sha256::digest(b))),
        "filesha512" => |b| Ok(hex(&Sha512::digest(b))),
        "filebase64sha256" => |b| Ok(encode_digest(&Sha256::digest(b))),
        "filebase64sha512" => |b| Ok(encode_digest(&Sha512::digest(b))),
        _ => return None,
    };
    let fs = fs.clone();
    Some(build_in_context(
        "Computes a hash of the contents of a file inside the configuration's directory.",
        vec![s("path")],
        None,
        ReturnType::Static(Type::String),
        move |cx, args, _| {
            let bytes = crate::function::filesystem::read(cx, str_arg(args, 0)?, &fs)?;
            Ok(Value::string(digest(&bytes)?))
        },
    ))
}
