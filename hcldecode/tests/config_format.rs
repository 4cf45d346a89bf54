//! HCL as a config crate format (`hcldecode::config::Hcl`): layered with
//! TOML and the environment, blocks in hcl-rs's layout, errors in the file
//! with their positions, and config's extraction errors placed at their
//! key ([`hcldecode::config::locate`]).

#![cfg(feature = "config")]

use std::path::PathBuf;

use config::{Config, Environment, File, FileFormat};
use hcldecode::config::{Hcl, locate};

#[derive(serde::Deserialize, Debug, PartialEq)]
struct Settings {
    name: String,
    port: u16,
    server: Server,
}

#[derive(serde::Deserialize, Debug, PartialEq)]
struct Server {
    host: String,
    tags: Vec<String>,
}

/// A directory of its own for one test's files.
fn dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hcldecode-config-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_file_layers_over_defaults_and_under_the_environment() {
    let d = dir("layers");
    let path = d.join("app.hcl");
    std::fs::write(
        &path,
        "name = \"app-${\"X\"}\"\nport = 8000 + 80\nserver {\n  host = \"localhost\"\n  tags = [\"a\", \"b\"]\n}\n",
    )
    .unwrap();
    let defaults = "name = \"default\"\nport = 1\n[server]\nhost = \"h\"\ntags = []\n";
    // SAFETY of the test: the variable's name is this test's own.
    unsafe { std::env::set_var("HCLDECODE_CFG_TEST_PORT", "9090") };
    let settings: Settings = Config::builder()
        .add_source(File::from_str(defaults, FileFormat::Toml))
        .add_source(File::new(path.to_str().unwrap(), Hcl))
        .add_source(Environment::with_prefix("HCLDECODE_CFG_TEST"))
        .build()
        .unwrap()
        .try_deserialize()
        .unwrap_err_or_value();
    assert_eq!(
        settings,
        Settings {
            name: "app-X".into(),
            port: 9090,
            server: Server {
                host: "localhost".into(),
                tags: vec!["a".into(), "b".into()],
            },
        }
    );
    std::fs::remove_dir_all(&d).ok();
}

/// `unwrap` that prints config's error.
trait UnwrapOrValue<T> {
    fn unwrap_err_or_value(self) -> T;
}

impl<T> UnwrapOrValue<T> for Result<T, config::ConfigError> {
    fn unwrap_err_or_value(self) -> T {
        match self {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
fn a_file_is_found_by_its_extension() {
    let d = dir("ext");
    std::fs::write(d.join("app.hcl"), "port = 7\n").unwrap();
    let config = Config::builder()
        .add_source(File::new(d.join("app").to_str().unwrap(), Hcl))
        .build()
        .unwrap();
    assert_eq!(config.get::<u16>("port").unwrap(), 7);
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn an_error_in_the_file_keeps_its_position_and_snippet() {
    let d = dir("parse");
    let path = d.join("app.hcl");
    std::fs::write(&path, "name = \"a\"\nport = 80 +\n").unwrap();
    let e = Config::builder()
        .add_source(File::new(path.to_str().unwrap(), Hcl))
        .build()
        .unwrap_err();
    let text = e.to_string();
    assert!(text.contains("app.hcl line 2"), "{text}");
    assert!(text.contains("   2: port = 80 +"), "{text}");
    // The cause is the decoder's error.
    let config::ConfigError::FileParse { cause, .. } = &e else {
        panic!("{e:?}");
    };
    let cause = cause.downcast_ref::<hcldecode::Error>().unwrap();
    assert_eq!(
        cause.diagnostics()[0].subject.as_ref().unwrap().start.line,
        2
    );
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn an_extraction_error_is_placed_at_its_key() {
    let d = dir("locate");
    let path = d.join("app.hcl");
    std::fs::write(
        &path,
        "name = \"a\"\nport = 1\n\nserver {\n  host = \"h\"\n  tags = \"not-a-list\"\n}\n",
    )
    .unwrap();
    let e = Config::builder()
        .add_source(File::new(path.to_str().unwrap(), Hcl))
        .build()
        .unwrap()
        .try_deserialize::<Settings>()
        .unwrap_err();
    let located = locate(&e, &[&path]).unwrap_or_else(|| panic!("not located: {e:?}"));
    let d0 = &located.diagnostics()[0];
    assert_eq!(d0.summary, "Invalid configuration value");
    assert_eq!(d0.code.map(|c| c.as_str()), Some("serde.invalid_type"));
    let r = d0.subject.as_ref().unwrap();
    assert_eq!((r.start.line, r.start.column), (6, 10));
    let text = located.to_string();
    assert!(text.contains("   6:   tags = \"not-a-list\""), "{text}");
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn a_get_error_names_its_file_and_the_last_layer_with_the_key_is_taken() {
    let d = dir("get");
    let first = d.join("base.hcl");
    let second = d.join("site.hcl");
    std::fs::write(&first, "port = 1\n").unwrap();
    std::fs::write(&second, "\nport = \"x\"\n").unwrap();
    let config = Config::builder()
        .add_source(File::new(first.to_str().unwrap(), Hcl))
        .add_source(File::new(second.to_str().unwrap(), Hcl))
        .build()
        .unwrap();
    let e = config.get::<u16>("port").unwrap_err();
    // `get` keeps the origin: no file list needed.
    let none: &[&std::path::Path] = &[];
    let located = locate(&e, none).unwrap_or_else(|| panic!("not located: {e:?}"));
    let r = located.diagnostics()[0].subject.clone().unwrap();
    assert_eq!(r.start.line, 2);
    assert!(r.filename.ends_with("site.hcl"), "{r}");
    // A key no HCL layer has is not located.
    let e = config.get::<u16>("nope").unwrap_err();
    assert!(locate(&e, &[&first, &second]).is_none(), "{e:?}");
    std::fs::remove_dir_all(&d).ok();
}
