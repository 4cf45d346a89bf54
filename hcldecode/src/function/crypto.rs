//! The `crypto` set (go-cty-funcs `crypto`): `md5`, `sha1`, `sha256`,
//! `sha512` (hex digests of a string's UTF-8 bytes, by the RustCrypto
//! crates), `bcrypt` (the `bcrypt` crate; a random salt, so each call
//! gives a different hash) and `rsadecrypt` (PKCS #1 v1.5, the `rsa`
//! crate).

use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::stdlib::{build, build_in_context, go_int, num_arg, shared_function, str_arg};
use super::{Function, FunctionError, Parameter, ReturnType};
use crate::Type;
use crate::value::Value;

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn hash_function(description: &str, f: fn(&[u8]) -> String) -> Function {
    build(
        description,
        vec![Parameter::new("str", Type::String)],
        None,
        ReturnType::Static(Type::String),
        move |args, _| Ok(Value::string(f(str_arg(args, 0)?.as_bytes()))),
    )
}

shared_function! {
    /// `md5(str)`: the MD5 digest in hexadecimal.
    md5 => hash_function("Computes the MD5 hash of a string, in hexadecimal.", |b| hex(&Md5::digest(b)))
}

shared_function! {
    /// `sha1(str)`: the SHA-1 digest in hexadecimal.
    sha1 => hash_function("Computes the SHA-1 hash of a string, in hexadecimal.", |b| hex(&Sha1::digest(b)))
}

shared_function! {
    /// `sha256(str)`: the SHA-256 digest in hexadecimal.
    sha256 => hash_function("Computes the SHA-256 hash of a string, in hexadecimal.", |b| hex(&Sha256::digest(b)))
}

shared_function! {
    /// `sha512(str)`: the SHA-512 digest in hexadecimal.
    sha512 => hash_function("Computes the SHA-512 hash of a string, in hexadecimal.", |b| hex(&Sha512::digest(b)))
}

/// The highest bcrypt cost accepted: each step doubles the time, and cost
/// 15 already takes seconds (Go accepts up to 31, hours of work).
pub const MAX_BCRYPT_COST: i64 = 15;

shared_function! {
    /// `bcrypt(str, cost...)`: a `$2a$` hash with a random salt (cost 10
    /// by default; below 4 means 10, as in Go).
    bcrypt => build_in_context(
        "Computes a bcrypt hash of a string, with a random salt.",
        vec![Parameter::new("str", Type::String)],
        Some(Parameter::new("cost", Type::Number)),
        ReturnType::Static(Type::String),
        |cx, args, _| {
            let mut cost = 10;
            if args.len() > 1 {
                cost = go_int(num_arg(args, 1)?)?;
            }
            if args.len() > 2 {
                return Err(FunctionError::call("bcrypt() takes no more than two arguments"));
            }
            if cost < 4 {
                cost = 10;
            }
            if cost > 31 {
                return Err(FunctionError::call(format!(
                    "error occured generating password crypto/bcrypt: cost {cost} is outside allowed range (4,31)"
                )));
            }
            if cost > MAX_BCRYPT_COST {
                return Err(FunctionError::arg(1, format!(
                    "a cost above {MAX_BCRYPT_COST} would take too long (each step doubles the time)"
                )));
            }
            let rounds = 1u64 << cost;
            if let Err(max) = cx.budget().charge_bcrypt(rounds) {
                let msg = format!(
                    "a hash of cost {cost} ({rounds} rounds) would exceed this evaluation's bcrypt budget of {max} rounds (Limits::max_bcrypt_rounds)"
                );
                return Err(if args.len() > 1 { FunctionError::arg(1, msg) } else { FunctionError::call(msg) });
            }
            let h = ::bcrypt::hash_with_result(str_arg(args, 0)?, cost as u32)
                .map_err(|e| FunctionError::call(format!("error occured generating password {e}")))?;
            Ok(Value::string(h.format_for_version(::bcrypt::Version::TwoA)))
        },
    )
}

/// A PEM block's headers.
type PemHeaders = Vec<(String, String)>;

/// The first PEM block of a text: its headers and DER bytes.
fn pem_block(text: &str) -> Option<(PemHeaders, Vec<u8>)> {
    let start = text.find("-----BEGIN ")?;
    let rest = &text[start + 11..];
    let label_end = rest.find("-----")?;
    let label = &rest[..label_end];
    let body_start = label_end + 5;
    let end_marker = format!("-----END {label}-----");
    let body_end = rest.find(&end_marker)?;
    let body = rest.get(body_start..body_end)?;
    let mut headers = Vec::new();
    let mut b64 = String::new();
    let mut in_headers = true;
    for line in body.lines() {
        let line = line.trim();
        if line.is_empty() {
            in_headers = false;
            continue;
        }
        if in_headers && let Some((k, v)) = line.split_once(':') {
            headers.push((k.trim().to_string(), v.trim().to_string()));
            continue;
        }
        in_headers = false;
        b64.push_str(line);
    }
    Some((headers, super::encoding::decode_std(&b64)?))
}

shared_function! {
    /// `rsadecrypt(ciphertext, privatekey)`: Base64 ciphertext decrypted
    /// with a PEM PKCS #1 RSA private key.
    rsadecrypt => rsadecrypt_in(false)
}

/// The private key of `rsadecrypt`: PEM PKCS #1, and with `terraform`
/// also PKCS #8 and OpenSSH's format (Terraform reads keys with
/// `ssh.ParseRawPrivateKey`).
fn private_key(text: &str, terraform: bool) -> Result<rsa::RsaPrivateKey, FunctionError> {
    use rsa::pkcs1::DecodeRsaPrivateKey;
    #[cfg(feature = "terraform")]
    if terraform && text.contains("-----BEGIN OPENSSH PRIVATE KEY-----") {
        let bad =
            |e: &dyn std::fmt::Display| FunctionError::call(format!("failed to parse key: {e}"));
        let key = ssh_key::PrivateKey::from_openssh(text.trim()).map_err(|e| bad(&e))?;
        if key.is_encrypted() {
            return Err(FunctionError::call(
                "failed to parse key: password protected keys are not supported. Please decrypt the key prior to use",
            ));
        }
        let pair = key.key_data().rsa().ok_or_else(|| bad(&"not an RSA key"))?;
        let int = |m: &ssh_key::Mpint| {
            m.as_positive_bytes()
                .map(rsa::BigUint::from_bytes_be)
                .ok_or_else(|| bad(&"a negative RSA parameter"))
        };
        return rsa::RsaPrivateKey::from_components(
            int(&pair.public.n)?,
            int(&pair.public.e)?,
            int(&pair.private.d)?,
            vec![int(&pair.private.p)?, int(&pair.private.q)?],
        )
        .map_err(|e| bad(&e));
    }
    let (headers, der) =
        pem_block(text).ok_or_else(|| FunctionError::call("failed to parse key: no key found"))?;
    if headers
        .iter()
        .any(|(k, v)| k == "Proc-Type" && v == "4,ENCRYPTED")
    {
        return Err(FunctionError::call(
            "failed to parse key: password protected keys are not supported. Please decrypt the key prior to use",
        ));
    }
    match rsa::RsaPrivateKey::from_pkcs1_der(&der) {
        Ok(k) => Ok(k),
        Err(e) => {
            if terraform {
                use rsa::pkcs8::DecodePrivateKey;
                if let Ok(k) = rsa::RsaPrivateKey::from_pkcs8_der(&der) {
                    return Ok(k);
                }
            }
            Err(FunctionError::call(format!(
                "x509: failed to parse private key: {e}"
            )))
        }
    }
}

/// `rsadecrypt` as go-cty-funcs (`terraform` false) or Terraform has it.
pub(crate) fn rsadecrypt_in(terraform: bool) -> Function {
    build(
        "Decrypts an RSA-encrypted ciphertext, returning the plaintext.",
        vec![
            Parameter::new("ciphertext", Type::String),
            Parameter::new("privatekey", Type::String),
        ],
        None,
        ReturnType::Static(Type::String),
        move |args, _| {
            let s = str_arg(args, 0)?;
            let ct = super::encoding::decode_std(s).ok_or_else(|| {
                FunctionError::call(format!(
                    "failed to decode input {}: cipher text must be base64-encoded",
                    hcldecode_spec::go_quote::quote(s)
                ))
            })?;
            let key = private_key(str_arg(args, 1)?, terraform)?;
            let out = key
                .decrypt(rsa::Pkcs1v15Encrypt, &ct)
                .map_err(|_| FunctionError::call("crypto/rsa: decryption error"))?;
            String::from_utf8(out)
                .map(Value::string)
                .map_err(|_| FunctionError::call("the decrypted text is not valid UTF-8"))
        },
    )
}

/// The set's function of a name.
pub(crate) fn lookup(name: &str) -> Option<Function> {
    Some(match name {
        "md5" => md5(),
        "sha1" => sha1(),
        "sha256" => sha256(),
        "sha512" => sha512(),
        "bcrypt" => bcrypt(),
        "rsadecrypt" => rsadecrypt(),
        _ => return None,
    })
}
