//! The miette bridge (feature `miette`): `?` into `miette::Result`, every
//! diagnostic rendered by miette with its snippet.
#![cfg(all(feature = "miette", feature = "derive"))]

use hcldecode::HclDecode;
use miette::{Diagnostic as _, GraphicalReportHandler, GraphicalTheme};

#[derive(HclDecode, Debug)]
struct Config {
    #[allow(dead_code)]
    port: u16,
    #[allow(dead_code)]
    name: String,
}

fn run(src: &str) -> miette::Result<Config> {
    let c = hcldecode::from_str::<Config>(src, "app.hcl")?;
    Ok(c)
}

fn render(d: &dyn miette::Diagnostic) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(200)
        .render_report(&mut out, d)
        .unwrap();
    out
}

#[test]
fn every_error_renders_with_its_snippet() {
    let report = run("port = 70000\nname = 5 + \"x\"\n").unwrap_err();
    let text = render(report.as_ref());
    // Both errors, each with its line and its own message.
    assert!(text.contains("Value out of range"), "{text}");
    assert!(text.contains("Invalid operand"), "{text}");
    assert!(text.contains("1 │ port = 70000"), "{text}");
    assert!(text.contains("2 │ name = 5 + \"x\""), "{text}");
    assert!(text.contains("app.hcl:1:8"), "{text}");
    // The detail is the help, shown once.
    assert_eq!(
        text.matches("Unsuitable value for right operand").count(),
        1,
        "{text}"
    );
}

#[test]
fn labels_are_the_subject_and_context_ranges() {
    let err = hcldecode::from_str::<Config>("name = \"a\"\nport = 70000\n", "app.hcl").unwrap_err();
    let p = err.to_miette();
    assert_eq!(p.severity(), Some(miette::Severity::Error));
    let labels: Vec<(usize, usize, bool)> = p
        .labels()
        .unwrap()
        .map(|l| (l.offset(), l.len(), l.primary()))
        .collect();
    // Subject `70000` (bytes 18..23); the attribute around it, the
    // context, is not a second label through the same line.
    assert_eq!(labels, [(18, 5, true)]);
    assert!(p.source_code().is_some());
    assert!(p.related().is_none());
}

#[test]
fn diagnostics_convert_too() {
    fn check() -> miette::Result<()> {
        let d = hcldecode::Diagnostics::from(hcldecode::Diagnostic::error("Bad", "Very bad."));
        Err(d)?
    }
    let r = check().unwrap_err();
    assert_eq!(r.to_string(), "Bad");
    assert_eq!(r.help().unwrap().to_string(), "Very bad.");
}

#[derive(HclDecode, Debug)]
struct Ports {
    #[allow(dead_code)]
    ports: Vec<u16>,
}

#[test]
fn element_errors_do_not_repeat_the_whole_list() {
    let src = "ports = [\n  1,\n  \"x\",\n  3,\n  \"y\",\n  6,\n]\n";
    let err = hcldecode::from_str::<Ports>(src, "p.hcl").unwrap_err();
    assert_eq!(err.diagnostics().len(), 2);
    let report: miette::Report = err.into();
    let text = render(report.as_ref());
    // Each error shows its element's line and the lines around it, not the
    // seven lines of the list it is in.
    for line in [" 1 │ ports = [", " 7 │ ]"] {
        assert!(!text.contains(line), "{text}");
    }
    assert_eq!(text.matches(" 4 │   3,").count(), 2, "{text}");
    // No label without a message (an unnamed underline through the line).
    assert!(!text.contains("┬\n   ·"), "{text}");
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Shaped {
    port: u16,
    #[hcl(block)]
    svc: Vec<Svc>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Svc {
    #[hcl(label)]
    n: String,
    p: u16,
}

/// Every diagnostic of a report has the same shape (issue 37): as
/// `fn main() -> miette::Result<()>` prints it (`Error: ` and the
/// report), each is `Error: code`, its summary once (the underline carries
/// no second copy of it), its snippet and the detail as help; the typed,
/// serde and spec-file routes alike, and the typed layer's own errors have
/// codes too (`decode.value_out_of_range`).
#[test]
fn every_diagnostic_of_a_report_has_the_same_shape() {
    let src = "port = \"x\"\nsvc \"a\" {\n  p = 70000\n}\nbogus = 1\n";
    let typed: miette::Report = hcldecode::from_str::<Shaped>(src, "app.hcl")
        .unwrap_err()
        .into();
    // As the runtime prints a `main`'s error: `Error: ` and the report.
    let text = format!("Error: {}", render(typed.as_ref()));
    let lines: Vec<&str> = text.lines().collect();
    let headers: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("Error:"))
        .copied()
        .collect();
    assert_eq!(
        headers,
        [
            "Error: decode.incorrect_attribute_value_type",
            "Error: decode.value_out_of_range",
            "Error: content.unsupported_argument",
        ],
        "{text}"
    );
    for summary in [
        "Incorrect attribute value type",
        "Value out of range",
        "Unsupported argument",
    ] {
        assert_eq!(text.matches(summary).count(), 1, "{summary}: {text}");
    }
    assert_eq!(text.matches("help: ").count(), 3, "{text}");
    assert_eq!(text.matches("╭─[app.hcl:").count(), 3, "{text}");

    // serde's route: the same shape.
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct S {
        port: u16,
        name: String,
    }
    let serde: miette::Report =
        hcldecode::serde::from_str::<S>("port = \"x\"\nname = []\n", "s.hcl")
            .unwrap_err()
            .into();
    let text = format!("Error: {}", render(serde.as_ref()));
    assert_eq!(
        text.matches("Error: serde.invalid_type\n").count(),
        2,
        "{text}"
    );

    // A spec file's: one error is itself, with its code on top.
    let (spec, _) = hcldecode::spec_file::LoadedSpec::load_file(
        "object {\n  attr \"port\" { type = number }\n}\n",
        "s.hcldec",
    )
    .unwrap();
    let (file, _) = hcldecode::parse::parse_native(b"port = \"x\"\n", "a.hcl");
    let one: miette::Report = spec.decode_file(&file, None).unwrap_err().into();
    let text = format!("Error: {}", render(one.as_ref()));
    assert!(
        text.starts_with("Error: decode.incorrect_attribute_value_type\n"),
        "{text}"
    );
    assert_eq!(
        text.matches("Incorrect attribute value type").count(),
        1,
        "{text}"
    );
}
