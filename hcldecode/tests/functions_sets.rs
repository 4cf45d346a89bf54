//! The opt-in sets beyond `stdlib`: values checked against published test
//! vectors (RFC 1321, FIPS 180, RFC 4648, RFC 4122), the filesystem set's
//! confinement, and the library wiring (precedence, set selection).
#![cfg(all(
    feature = "stdlib",
    feature = "encoding",
    feature = "crypto",
    feature = "uuid",
    feature = "cidr",
    feature = "filesystem"
))]

use std::path::{Path, PathBuf};

use hcldecode::eval::{EvalContext, Limits, evaluate};
use hcldecode::function::{FunctionSet, Functions};
use hcldecode::{Diagnostics, Value};

fn all() -> Functions {
    Functions::parse("stdlib,encoding,crypto,uuid,cidr").unwrap()
}

fn eval_with(lib: Functions, src: &str) -> (Value, Diagnostics) {
    let expr = hcldecode::parse_expression(src, "t.hcl").unwrap();
    let mut ctx = EvalContext::new();
    ctx.set_function_library(lib);
    let (v, d) = evaluate(expr.as_ref(), Some(&ctx));
    (v, d)
}

fn eval_ok(lib: Functions, src: &str) -> Value {
    let (v, d) = eval_with(lib, src);
    assert!(!d.has_errors(), "{src}: {d:?}");
    v
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap()
}

#[test]
fn hashes_match_the_published_vectors() {
    for (f, input, want) in [
        ("md5", "", "d41d8cd98f00b204e9800998ecf8427e"),
        ("md5", "abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("md5", "message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("sha1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (
            "sha256",
            "abc",
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        ),
        (
            "sha512",
            "abc",
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
        ),
    ] {
        let v = eval_ok(all(), &format!("{f}(\"{input}\")"));
        assert_eq!(s(&v), want, "{f}({input:?})");
    }
}

#[test]
fn base64_and_url_encoding_match_the_rfcs() {
    // RFC 4648 section 10.
    for (plain, enc) in [
        ("", ""),
        ("f", "Zg=="),
        ("fo", "Zm8="),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="),
        ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ] {
        assert_eq!(
            s(&eval_ok(all(), &format!("base64encode(\"{plain}\")"))),
            enc
        );
        assert_eq!(
            s(&eval_ok(all(), &format!("base64decode(\"{enc}\")"))),
            plain
        );
    }
    // Go's decoder skips line breaks; bad input and non-UTF-8 are errors.
    assert_eq!(
        s(&eval_ok(all(), "base64decode(\"Zm9v\\nYmFy\")")),
        "foobar"
    );
    assert!(eval_with(all(), "base64decode(\"Zm9v!\")").1.has_errors());
    assert!(eval_with(all(), "base64decode(\"/w==\")").1.has_errors());
    // url.QueryEscape.
    assert_eq!(
        s(&eval_ok(all(), "urlencode(\"a b&c=d/é~\")")),
        "a+b%26c%3Dd%2F%C3%A9~"
    );
}

#[test]
fn uuids_follow_rfc_4122() {
    // RFC 4122's name-based example namespace and a widely published value.
    let v = eval_ok(all(), "uuidv5(\"dns\", \"www.example.com\")");
    assert_eq!(s(&v), "2ed6657d-e927-568b-95e1-2665a8aea6a2");
    let v = eval_ok(
        all(),
        "uuidv5(\"6ba7b810-9dad-11d1-80b4-00c04fd430c8\", \"www.example.com\")",
    );
    assert_eq!(s(&v), "2ed6657d-e927-568b-95e1-2665a8aea6a2");
    assert!(eval_with(all(), "uuidv5(\"nope\", \"x\")").1.has_errors());
    // uuidv4 is random: version nibble 4, variant 10xx, different each time.
    let a = eval_ok(all(), "uuidv4()");
    let b = eval_ok(all(), "uuidv4()");
    assert_ne!(a, b);
    let a = s(&a);
    assert_eq!(a.len(), 36);
    assert_eq!(&a[14..15], "4");
    assert!(matches!(&a[19..20], "8" | "9" | "a" | "b"), "{a}");
}

#[test]
fn bcrypt_hashes_verify_and_costs_are_bounded() {
    let v = eval_ok(all(), "bcrypt(\"hunter2\", 4)");
    let h = s(&v);
    assert!(h.starts_with("$2a$04$"), "{h}");
    assert!(bcrypt::verify("hunter2", h).unwrap());
    let v = eval_ok(all(), "bcrypt(\"x\", 2)");
    assert!(s(&v).starts_with("$2a$10$"), "cost below 4 means 10");
    let (_, d) = eval_with(all(), "bcrypt(\"x\", 20)");
    assert_eq!(d[0].summary, "Invalid function argument");
    let (_, d) = eval_with(all(), "bcrypt(\"x\", 32)");
    assert_eq!(d[0].summary, "Error in function call");
}

#[test]
fn bcrypt_work_is_bounded_per_evaluation() {
    // A budget of 64 rounds: four calls of cost 4 (16 rounds each) fit,
    // a fifth does not, wherever it sits in the expression.
    let eval = |src: &str| {
        let expr = hcldecode::parse_expression(src, "t.hcl").unwrap();
        let mut ctx = EvalContext::new();
        ctx.set_function_library(all());
        ctx.set_limits(Limits {
            max_bcrypt_rounds: 64,
            ..Limits::default()
        });
        evaluate(expr.as_ref(), Some(&ctx))
    };
    let (v, d) = eval("[for i in range(4): bcrypt(\"x\", 4)]");
    assert!(!d.has_errors(), "{d:?}");
    assert_eq!(v.length_int(), Some(4));
    let (_, d) = eval("[for i in range(5): bcrypt(\"x\", 4)]");
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].summary, "Invalid function argument");
    assert!(
        d[0].detail.contains("budget of 64 rounds"),
        "{}",
        d[0].detail
    );
    // The default cost (10: 1,024 rounds) alone is over this budget; the
    // call has no cost argument to blame.
    let (_, d) = eval("bcrypt(\"x\")");
    assert_eq!(d[0].summary, "Error in function call");
    // Each evaluation has its own budget.
    let (_, d) = eval("bcrypt(\"x\", 6)");
    assert!(!d.has_errors(), "{d:?}");
}

#[test]
fn cidr_functions() {
    assert_eq!(
        s(&eval_ok(all(), "cidrhost(\"10.0.0.0/8\", -1)")),
        "10.255.255.255"
    );
    assert_eq!(
        s(&eval_ok(all(), "cidrnetmask(\"172.16.0.0/12\")")),
        "255.240.0.0"
    );
    assert_eq!(
        s(&eval_ok(
            all(),
            "cidrsubnet(\"fd00:fd12:3456:7890::/56\", 16, 162)"
        )),
        "fd00:fd12:3456:7800:a200::/72"
    );
    let v = eval_ok(all(), "cidrsubnets(\"10.1.0.0/16\", 4, 4, 8, 4)");
    let got: Vec<&str> = v.elements().unwrap().iter().map(s).collect();
    assert_eq!(
        got,
        [
            "10.1.0.0/20",
            "10.1.16.0/20",
            "10.1.32.0/24",
            "10.1.48.0/20"
        ]
    );
    let (_, d) = eval_with(all(), "cidrsubnets(\"10.1.0.0/16\", 0)");
    assert_eq!(d[0].summary, "Invalid function argument");
}

/// A scratch root with `inside.txt`, `sub/b.txt`, a big file, links in and
/// out, and a secret file beside the root.
fn scratch() -> (PathBuf, PathBuf) {
    let top = std::env::temp_dir().join(format!("hcldecode-fs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&top);
    let root = top.join("root");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    std::fs::write(root.join("inside.txt"), "hello").unwrap();
    std::fs::write(root.join("sub/b.txt"), "b").unwrap();
    std::fs::write(root.join("sub/c.tmpl"), "c").unwrap();
    std::fs::write(root.join("big.bin"), vec![b'x'; 4096]).unwrap();
    std::fs::write(top.join("secret.txt"), "secret").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(top.join("secret.txt"), root.join("out-link")).unwrap();
        std::os::unix::fs::symlink(&top, root.join("out-dir")).unwrap();
        std::os::unix::fs::symlink(root.join("inside.txt"), root.join("in-link")).unwrap();
    }
    (top, root)
}

fn fs_lib(root: &Path) -> Functions {
    Functions::filesystem(root).max_file_bytes(1024)
}

#[test]
fn filesystem_reads_only_inside_its_root() {
    let (top, root) = scratch();
    let lib = fs_lib(&root);
    assert_eq!(s(&eval_ok(lib.clone(), "file(\"inside.txt\")")), "hello");
    assert_eq!(
        s(&eval_ok(lib.clone(), "file(\"sub/../inside.txt\")")),
        "hello"
    );
    assert_eq!(
        s(&eval_ok(lib.clone(), "filebase64(\"inside.txt\")")),
        "aGVsbG8="
    );
    assert_eq!(
        eval_ok(lib.clone(), "fileexists(\"inside.txt\")"),
        Value::bool(true)
    );
    assert_eq!(
        eval_ok(lib.clone(), "fileexists(\"nope.txt\")"),
        Value::bool(false)
    );
    let abs_secret = top.join("secret.txt").display().to_string();
    let mut outside = vec![
        "file(\"../secret.txt\")".to_string(),
        "file(\"sub/../../secret.txt\")".to_string(),
        format!("file(\"{abs_secret}\")"),
        "file(\"~/.profile\")".to_string(),
        "fileexists(\"../secret.txt\")".to_string(),
        "filebase64(\"../secret.txt\")".to_string(),
        "fileset(\"..\", \"*\")".to_string(),
    ];
    if cfg!(unix) {
        outside.push("file(\"out-link\")".into());
        outside.push("file(\"out-dir/secret.txt\")".into());
        outside.push("fileexists(\"out-link\")".into());
    }
    for src in &outside {
        let (v, d) = eval_with(lib.clone(), src);
        assert!(d.has_errors(), "{src} gave {v:?}");
        assert_eq!(d[0].summary, "Invalid function argument", "{src}: {d:?}");
        assert!(d[0].detail.contains("outside"), "{src}: {}", d[0].detail);
        // The subject is the path argument.
        let start = src.find('"').unwrap();
        assert_eq!(
            d[0].subject.as_ref().unwrap().start.byte,
            start + 1,
            "{src}"
        );
    }
    if cfg!(unix) {
        assert_eq!(s(&eval_ok(lib.clone(), "file(\"in-link\")")), "hello");
    }
    // Oversized files are argument errors; widening the bound reads them.
    let (_, d) = eval_with(lib.clone(), "file(\"big.bin\")");
    assert_eq!(d[0].summary, "Invalid function argument");
    assert!(d[0].detail.contains("4096 bytes"), "{}", d[0].detail);
    let v = eval_ok(
        Functions::filesystem(&root).with(Functions::stdlib()),
        "strlen(filebase64(\"big.bin\"))",
    );
    assert_eq!(v, Value::int(5464));
    // Widening the root allows the parent.
    let wide = Functions::filesystem(&root).widen_root(&top);
    assert_eq!(s(&eval_ok(wide, "file(\"../secret.txt\")")), "secret");
    let _ = std::fs::remove_dir_all(&top);
}

#[test]
fn fileset_globs_inside_the_root() {
    let (top, root) = scratch();
    let lib = fs_lib(&root);
    let v = eval_ok(lib.clone(), "fileset(\".\", \"**/*.txt\")");
    let mut got: Vec<&str> = v.elements().unwrap().iter().map(s).collect();
    got.sort_unstable();
    // Links to files outside the root are not listed; `in-link` has no
    // .txt suffix.
    assert_eq!(got, ["inside.txt", "sub/b.txt"]);
    let v = eval_ok(lib.clone(), "fileset(\"sub\", \"*.{txt,tmpl}\")");
    let mut got: Vec<&str> = v.elements().unwrap().iter().map(s).collect();
    got.sort_unstable();
    assert_eq!(got, ["b.txt", "c.tmpl"]);
    let _ = std::fs::remove_dir_all(&top);
}

#[test]
fn path_functions_compute_paths() {
    let lib = Functions::filesystem("/srv/app");
    assert_eq!(s(&eval_ok(lib.clone(), "basename(\"a/b/c.txt\")")), "c.txt");
    assert_eq!(s(&eval_ok(lib.clone(), "dirname(\"a/b/c.txt\")")), "a/b");
    assert_eq!(s(&eval_ok(lib.clone(), "dirname(\"c.txt\")")), ".");
    assert_eq!(
        s(&eval_ok(lib.clone(), "abspath(\"x/../y\")")),
        "/srv/app/y"
    );
}

#[test]
fn sets_are_opt_in_and_the_context_wins() {
    // Only what was asked for is callable.
    let (_, d) = eval_with(Functions::stdlib(), "md5(\"x\")");
    assert_eq!(d[0].summary, "Call to unknown function");
    let (_, d) = eval_with(Functions::crypto(), "upper(\"x\")");
    assert_eq!(d[0].summary, "Call to unknown function");
    assert!(Functions::crypto().contains(FunctionSet::Crypto));
    // A function set on the context takes precedence over the library.
    let expr = hcldecode::parse_expression("upper(\"x\")", "t.hcl").unwrap();
    let mut ctx = EvalContext::new();
    ctx.set_function_library(Functions::stdlib());
    ctx.set_function(
        "upper",
        hcldecode::function::stdlib::library_function("lower").unwrap(),
    );
    let (v, _) = evaluate(expr.as_ref(), Some(&ctx));
    assert_eq!(v, Value::string("x"));
}
