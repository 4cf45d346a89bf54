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
