//! The figment provider (feature `figment`) through the layered example
//! (`examples/figment.rs`): defaults, an HCL file, `APP_` environment
//! variables and the command line, each over the one before; an error in
//! the file shows its snippet, one from the environment names it; nested
//! profiles.

#![cfg(feature = "figment")]
// figment's `Jail` takes closures returning its own (large) error type.
#![allow(clippy::result_large_err)]

#[path = "../examples/figment.rs"]
mod example;

use clap::Parser;
use example::{Args, Config, Database, load};
use figment::providers::Format;
use figment::{Figment, Jail, Profile};
use hcldecode::figment::{Hcl, locate};

const FILE: &str =
    "name = \"billing\"\nport = 8000 + 80\n\ndatabase {\n  url = \"postgres://db/billing\"\n}\n";

fn args(line: &[&str]) -> Args {
    Args::parse_from(std::iter::once("app").chain(line.iter().copied()))
}

#[test]
fn each_layer_overrides_the_one_before() {
    Jail::expect_with(|jail| {
        jail.create_file("app.hcl", FILE)?;
        // The file over the defaults (an expression evaluated).
        let c = load(&args(&[])).unwrap();
        assert_eq!(
            c,
            Config {
                name: "billing".into(),
                port: 8080,
                log_level: "info".into(),
                database: Database {
                    url: "postgres://db/billing".into(),
                    pool: 4,
                },
            }
        );
        // The environment over the file, a nested key through `__`.
        jail.set_env("APP_PORT", "9000");
        jail.set_env("APP_DATABASE__POOL", "16");
        let c = load(&args(&[])).unwrap();
        assert_eq!((c.port, c.database.pool), (9000, 16));
        // The command line over the environment.
        let c = load(&args(&["--port", "9100", "--log-level", "debug"])).unwrap();
        assert_eq!((c.port, c.log_level.as_str()), (9100, "debug"));
        Ok(())
    });
}

#[test]
fn an_error_in_the_file_shows_its_snippet() {
    Jail::expect_with(|jail| {
        // A syntax error: the decoder's error, file, line and snippet.
        jail.create_file("app.hcl", "name = \"billing\"\nport = 80 +\n")?;
        let e = load(&args(&[])).unwrap_err();
        assert!(e.contains("app.hcl line 2"), "{e}");
        assert!(e.contains("  2: port = 80 +"), "{e}");
        // A value of the wrong type, found by figment while extracting:
        // located in the file.
        jail.create_file(
            "app.hcl",
            "name = \"billing\"\n\ndatabase {\n  pool = \"many\"\n}\n",
        )?;
        let e = load(&args(&["--config", "app.hcl"])).unwrap_err();
        assert!(e.starts_with("Error: Invalid configuration value\n"), "{e}");
        assert!(e.contains("app.hcl line 4"), "{e}");
        assert!(e.contains("  4:   pool = \"many\""), "{e}");
        assert!(
            e.contains("Invalid type: found string \"many\", expected u32"),
            "{e}"
        );
        Ok(())
    });
}

#[test]
fn an_override_names_its_source() {
    Jail::expect_with(|jail| {
        jail.create_file("app.hcl", FILE)?;
        jail.set_env("APP_PORT", "ninety");
        let e = load(&args(&[])).unwrap_err();
        // Not the file's: figment's words, naming the variable's source.
        assert!(e.starts_with("Error: invalid type"), "{e}");
        assert!(e.ends_with('\n'), "{e}");
        assert!(e.contains("APP_"), "{e}");
        assert!(!e.contains("app.hcl"), "{e}");
        Ok(())
    });
}

#[test]
fn nested_profiles_and_their_positions() {
    Jail::expect_with(|jail| {
        jail.create_file(
            "app.hcl",
            "default {\n  port = 80\n}\n\ndebug {\n  port = \"eighty\"\n}\n",
        )?;
        let figment = Figment::new().merge(Hcl::file("app.hcl").nested());
        let port: u16 = figment.extract_inner("port").unwrap();
        assert_eq!(port, 80);
        let e = figment
            .select(Profile::new("debug"))
            .extract_inner::<u16>("port")
            .unwrap_err();
        let located = locate(&e).expect("the key in the file");
        let subject = located.diagnostics()[0].subject.as_ref().unwrap();
        assert_eq!((subject.start.line, subject.start.column), (6, 10));
        Ok(())
    });
}

#[test]
fn a_string_and_a_json_file() {
    Jail::expect_with(|jail| {
        let port: u16 = Figment::new()
            .merge(Hcl::string("port = 40 * 2\n"))
            .extract_inner("port")
            .unwrap();
        assert_eq!(port, 80);
        // JSON syntax: a string is a template only where the decoder has
        // a context (as the reference's JSON decoder has it), so a literal.
        jail.create_file("app.hcl.json", r#"{"port": 80}"#)?;
        let port: u16 = Figment::new()
            .merge(Hcl::file("app.hcl.json"))
            .extract_inner("port")
            .unwrap();
        assert_eq!(port, 80);
        Ok(())
    });
}
