//! How a failed decode reaches the user through the usual `main`s (issue
//! 24): `fn main() -> Result<(), Box<dyn Error>>`, `anyhow::Result` and
//! `miette::Result`, each with a file that has three errors.
#![cfg(feature = "derive")]

use hcldecode::HclDecode;

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Job {
    name: String,
    count: u32,
    region: String,
}

/// Three errors: a wrong type, an unsupported argument and a missing
/// required one.
const SRC: &str = "name  = \"web\"\ncount = \"many\"\nprot  = 8080\n";

/// What each `main` runs.
fn load() -> Result<Job, hcldecode::Error> {
    hcldecode::from_str::<Job>(SRC, "job.hcl")
}

/// The text of the three diagnostics after the `Error: ` the reporter
/// prints: `Error: ` once, in front of the first.
const EXPECTED: &str = "\
Missing required argument

  on job.hcl line 1:
   1: name  = \"web\"

The argument \"region\" is required, but no definition was found.

Error: Incorrect attribute value type

  on job.hcl line 2:
   2: count = \"many\"

Inappropriate value for attribute \"count\": a number is required.

Error: Unsupported argument

  on job.hcl line 3:
   3: prot  = 8080

An argument named \"prot\" is not expected here.";

#[test]
fn box_dyn_error_main_prints_error_once() {
    fn main() -> Result<(), Box<dyn std::error::Error>> {
        load()?;
        Ok(())
    }
    // What the runtime prints for a `main` that returns `Err(e)`.
    let printed = format!("Error: {:?}", main().unwrap_err());
    assert_eq!(printed, format!("Error: {EXPECTED}"));
    assert!(!printed.contains("Error: Error:"), "{printed}");
}

#[test]
fn anyhow_main_prints_error_once() {
    fn main() -> anyhow::Result<()> {
        load()?;
        Ok(())
    }
    let err = main().unwrap_err();
    // What the runtime prints for an `anyhow::Result` `main` (a backtrace
    // follows only when one was asked for through the environment).
    let printed = format!("Error: {err:?}");
    assert!(
        printed.starts_with(&format!("Error: {EXPECTED}")),
        "{printed}"
    );
    assert!(!printed.contains("Error: Error:"), "{printed}");
    assert!(!printed.contains("Caused by"), "{printed}");
    // `{:#}` and `to_string` too.
    assert_eq!(format!("Error: {err:#}"), format!("Error: {EXPECTED}"));
}

#[test]
fn the_hcldec_rendering_is_one_call_away() {
    let err = load().unwrap_err();
    let text = err.render(0, false);
    assert_eq!(text, format!("Error: {EXPECTED}\n\n"));
    assert_eq!(text.matches("Error: ").count(), 3);
}

#[cfg(feature = "miette")]
mod miette_main {
    use super::*;
    use miette::{GraphicalReportHandler, GraphicalTheme};

    fn render(r: &miette::Report) -> String {
        let mut out = String::new();
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
            .with_width(72)
            .render_report(&mut out, r.as_ref())
            .unwrap();
        // As the runtime prints it: `Error: ` and the report.
        format!("Error: {out}")
    }

    #[test]
    fn miette_main_shows_each_diagnostic_once_with_its_snippet() {
        fn main() -> miette::Result<()> {
            load()?;
            Ok(())
        }
        let text = render(&main().unwrap_err());
        let expected = "\
Error: content.missing_required_argument

  × Missing required argument
   ╭─[job.hcl:1:1]
 1 │ name  = \"web\"
   · ▲
 2 │ count = \"many\"
   ╰────
  help: The argument \"region\" is required, but no definition was
        found.

Error: decode.incorrect_attribute_value_type

  × Incorrect attribute value type
   ╭─[job.hcl:2:9]
 1 │ name  = \"web\"
 2 │ count = \"many\"
   ·         ──────
 3 │ prot  = 8080
   ╰────
  help: Inappropriate value for attribute \"count\": a number is
        required.

Error: content.unsupported_argument

  × Unsupported argument
   ╭─[job.hcl:3:1]
 2 │ count = \"many\"
 3 │ prot  = 8080
   · ────
   ╰────
  help: An argument named \"prot\" is not expected here.
";
        assert_eq!(text, expected, "\n{text}");
    }
}

mod order {
    use hcldecode::parse::{Syntax, parse};
    use hcldecode::{Decoder, Diagnostics, HclDecode};

    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Server {
        name: Option<String>,
        port: Option<u16>,
    }

    #[test]
    fn a_typed_decode_reports_in_source_order_file_by_file() {
        // `a.hcl`'s error is found by the Rust-side conversion, `b.hcl`'s
        // by the engine (first): the report is in the files' order, then
        // by position.
        let (a, _) = parse(b"port = 70000\n", "a.hcl", Syntax::Native);
        let (b, _) = parse(
            b"name = \"x\"\nprot = 1\nbogus = 2\n",
            "b.hcl",
            Syntax::Native,
        );
        let err = Decoder::new()
            .decode_files::<Server>(&[a, b], Diagnostics::new())
            .unwrap_err();
        let at: Vec<String> = err
            .iter()
            .map(|d| d.subject.as_ref().unwrap().to_string())
            .collect();
        assert_eq!(at, ["a.hcl:1,8-13", "b.hcl:2,1-5", "b.hcl:3,1-6"]);
    }
}

mod parse_cascades {
    use hcldecode::HclDecode;

    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Any {
        #[hcl(remain)]
        rest: hcldecode::Body,
    }

    fn summaries(src: &[u8]) -> Vec<String> {
        let src = String::from_utf8_lossy(src).into_owned();
        let err = hcldecode::from_str::<Any>(&src, "p.hcl").unwrap_err();
        err.iter().map(|d| d.summary.clone()).collect()
    }

    #[test]
    fn an_open_string_is_reported_once() {
        let src = b"a = \"abc\nb = \"x\"\nc = \"y\"\nd = 1\ne = 2\nf = 3\n";
        assert_eq!(summaries(src), ["Invalid multi-line string"]);
        // A string split over lines but closed has no cascade to collapse.
        let src = b"a = \"x\ny\"\nb = 1\n";
        assert_eq!(summaries(src), ["Invalid multi-line string"]);
    }

    #[test]
    fn invalid_utf8_is_not_also_an_unterminated_string() {
        let (_, diags) = hcldecode::parse::parse(
            b"a = \"x\xff\"\nb = 1\n",
            "u.hcl",
            hcldecode::parse::Syntax::Native,
        );
        // HashiCorp's parser (and so hcldec) reports both.
        assert_eq!(diags.len(), 2);
        let diags = hcldecode::parse::without_cascades(diags);
        let s: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(s, ["Invalid character encoding"]);
    }
}

mod dynamic_blocks {
    use hcldecode::{Decoder, HclDecode};
    use hcldecode_spec::diag::Code;

    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Port {
        to: u16,
    }

    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Logging {
        level: String,
    }

    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Service {
        #[hcl(block)]
        port: Vec<Port>,
        #[hcl(block)]
        logging: Option<Logging>,
    }

    fn decode(src: &str) -> hcldecode::Error {
        Decoder::new()
            .dynamic_blocks(true)
            .decode_str::<Service>(src, "d.hcl")
            .unwrap_err()
    }

    #[test]
    fn a_misspelt_dynamic_block_type_gets_did_you_mean() {
        let err = decode("dynamic \"prot\" {\n  for_each = [1]\n  content { to = 1 }\n}\n");
        let d = &err.diagnostics()[0];
        assert_eq!(d.code, Some(Code::UnsupportedBlockType));
        assert!(
            d.detail.ends_with(" Did you mean \"port\"?"),
            "{}",
            d.detail
        );
    }

    #[test]
    fn two_singleton_blocks_from_one_dynamic_block_say_so() {
        let err = decode(
            "dynamic \"logging\" {\n  for_each = [\"debug\", \"info\"]\n  content {\n    level = logging.value\n  }\n}\n",
        );
        let d = &err.diagnostics()[0];
        assert_eq!(d.code, Some(Code::DuplicateBlock));
        assert!(!d.detail.contains("Previous definition"), "{}", d.detail);
        assert!(d.detail.contains("dynamic block"), "{}", d.detail);
        // Two static blocks still point at the first.
        let err = decode("logging {\n  level = \"a\"\n}\nlogging {\n  level = \"b\"\n}\n");
        let d = &err.diagnostics()[0];
        assert!(
            d.detail
                .ends_with("Previous definition was at d.hcl:1,1-8."),
            "{}",
            d.detail
        );
    }
}

#[cfg(feature = "serde")]
mod serde_decoding {
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Conf {
        name: String,
        port: u16,
    }

    #[test]
    fn schema_free_decoding_reports_every_evaluation_error() {
        let src = "name = nope\nport = 1 + \"x\"\nother = also_nope\n";
        let err = hcldecode::serde::from_str::<Conf>(src, "s.hcl").unwrap_err();
        let lines: Vec<usize> = err
            .iter()
            .map(|d| d.subject.as_ref().unwrap().start.line)
            .collect();
        assert_eq!(lines, [1, 2, 3], "{err}");
    }

    #[derive(hcldecode::HclDecode, Debug)]
    #[allow(dead_code)]
    struct Typed {
        #[hcl(serde)]
        a: Conf,
        #[hcl(serde)]
        b: Conf,
    }

    #[test]
    fn serde_fields_each_report_their_error() {
        let src = "a = { name = \"x\", port = \"many\" }\nb = { name = 1, port = 70000 }\n";
        let err = hcldecode::from_str::<Typed>(src, "t.hcl").unwrap_err();
        let lines: Vec<usize> = err
            .iter()
            .map(|d| d.subject.as_ref().unwrap().start.line)
            .collect();
        assert_eq!(lines, [1, 2], "{err}");
    }
}

/// The library's routes correct the grammar of the reference's messages
/// (`hcldec` keeps the reference's words: tests/tests/cli.rs): one label,
/// one block, "Inconsistent".
#[test]
fn library_routes_correct_the_references_grammar() {
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Svc {
        #[hcl(label)]
        name: String,
    }
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct App {
        #[hcl(block, min_items = 1)]
        service: Vec<Svc>,
        #[hcl(block)]
        other: Vec<Svc>,
    }
    let e = hcldecode::from_str::<App>("other \"a\" \"b\" {}\n", "app.hcl").unwrap_err();
    let details: Vec<&str> = e.diagnostics().iter().map(|d| d.detail.as_str()).collect();
    assert_eq!(
        details,
        [
            "At least 1 \"service\" block is required.",
            "Only 1 label (name) is expected for other blocks."
        ]
    );

    // A spec file's decode into an `Error`.
    let spec = "block_list {\n  block_type = \"b\"\n  object {\n    attr \"v\" {\n      type = any\n    }\n  }\n}\n";
    let (loaded, d) = hcldecode::spec_file::LoadedSpec::load_str(spec, "s.hcldec");
    assert!(!d.has_errors(), "{d}");
    let (file, d) =
        hcldecode::parse::parse_native(b"b {\n  v = [1]\n}\nb {\n  v = true\n}\n", "in.hcl");
    assert!(!d.has_errors(), "{d}");
    let e = loaded.unwrap().decode_file(&file, None).unwrap_err();
    assert_eq!(
        e.diagnostics()[0].summary,
        "Inconsistent argument types in b blocks"
    );
}

/// The two inputs of the cascade report: HashiCorp's parser (and so
/// `hcldec`, which prints the parser's diagnostics as they are) gives 64
/// errors for one open interpolation, and a false "Invalid character"
/// far below an unterminated string; the library's routes give one error
/// for each.
mod reported_cascades {
    use hcldecode::HclDecode;

    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Any {
        #[hcl(remain)]
        rest: hcldecode::Body,
    }

    fn parser_and_library(src: &str) -> (Vec<String>, Vec<String>) {
        let (_, raw) =
            hcldecode::parse::parse(src.as_bytes(), "c.hcl", hcldecode::parse::Syntax::Native);
        let raw = raw.iter().map(|d| d.summary.clone()).collect();
        let err = hcldecode::from_str::<Any>(src, "c.hcl").unwrap_err();
        (raw, err.iter().map(|d| d.summary.clone()).collect())
    }

    #[test]
    fn an_open_interpolation_is_one_error_not_64() {
        let mut src = String::from("image = \"app:${var.tag\"\n");
        for i in 0..63 {
            src.push_str(&format!("k{i} = \"v{i}\"\n"));
        }
        let (raw, lib) = parser_and_library(&src);
        assert!(raw.len() >= 64, "{raw:?}");
        assert_eq!(lib.len(), 1, "{lib:?}");
        let err = hcldecode::from_str::<Any>(&src, "c.hcl").unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(d.subject.as_ref().unwrap().start.line, 1);
        // The detail names what the open interpolation swallowed.
        assert!(
            d.detail
                .contains("the 63 lines after it are misread, and the errors that follow from that are not shown. Close the interpolation with \"}\" on line 1."),
            "{}",
            d.detail
        );
    }

    #[test]
    fn an_unterminated_string_gives_no_false_invalid_character() {
        let mut src = String::from("a = \"open\n");
        for i in 0..40 {
            src.push_str(&format!("k{i} = \"v\"\n"));
        }
        src.push_str("note = \"it's\"\n");
        let (raw, lib) = parser_and_library(&src);
        assert!(raw.iter().any(|s| s == "Invalid character"), "{raw:?}");
        assert!(!lib.iter().any(|s| s == "Invalid character"), "{lib:?}");
        assert_eq!(lib.len(), 1, "{lib:?}");
        let err = hcldecode::from_str::<Any>(&src, "c.hcl").unwrap_err();
        let detail = &err.diagnostics()[0].detail;
        assert!(
            detail.ends_with("the 41 lines after it are misread, and the errors that follow from that are not shown. Close the string on line 1."),
            "{detail}"
        );
    }
}
