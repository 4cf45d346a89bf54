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
    assert!(printed.starts_with(&format!("Error: {EXPECTED}")), "{printed}");
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
   · ╰── Missing required argument
 2 │ count = \"many\"
   ╰────
  help: The argument \"region\" is required, but no definition was
        found.

Error: decode.incorrect_attribute_value_type

  × Incorrect attribute value type
   ╭─[job.hcl:2:9]
 1 │ name  = \"web\"
 2 │ count = \"many\"
   ·         ───┬──
   ·            ╰── Incorrect attribute value type
 3 │ prot  = 8080
   ╰────
  help: Inappropriate value for attribute \"count\": a number is
        required.

Error: content.unsupported_argument

  × Unsupported argument
   ╭─[job.hcl:3:1]
 2 │ count = \"many\"
 3 │ prot  = 8080
   · ──┬─
   ·   ╰── Unsupported argument
   ╰────
  help: An argument named \"prot\" is not expected here.
";
        assert_eq!(text, expected, "\n{text}");
    }
}
