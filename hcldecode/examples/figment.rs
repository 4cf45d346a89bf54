//! Layered configuration with figment: defaults, then an HCL file, then
//! `APP_` environment variables, then the command line (clap), each
//! overriding the one before. An error in the file shows its snippet;
//! a value that came from elsewhere is named by its source.
//!
//! ```sh
//! cargo run -p hcldecode --features figment --example figment -- \
//!     --config hcldecode/examples/layered/app.hcl --port 9000
//! APP_DATABASE__POOL=16 cargo run -p hcldecode --features figment --example figment
//! ```

use std::path::PathBuf;

use clap::Parser;
use figment::Figment;
use figment::providers::{Env, Format, Serialized};
use hcldecode::figment::{Hcl, locate};
use serde::{Deserialize, Serialize};

/// The configuration the application runs with.
#[derive(Deserialize, Serialize, Debug, PartialEq)]
pub struct Config {
    pub name: String,
    pub port: u16,
    pub log_level: String,
    pub database: Database,
}

/// Where the data lives.
#[derive(Deserialize, Serialize, Debug, PartialEq)]
pub struct Database {
    pub url: String,
    pub pool: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            name: "app".into(),
            port: 80,
            log_level: "info".into(),
            database: Database {
                url: "postgres://localhost/app".into(),
                pool: 4,
            },
        }
    }
}

/// The command line: the file to read, and overrides of its values.
#[derive(Parser, Serialize, Debug)]
pub struct Args {
    /// The configuration file.
    #[arg(long, default_value = "app.hcl")]
    #[serde(skip)]
    pub config: PathBuf,
    /// Overrides `port`.
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    /// Overrides `log_level`.
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_level: Option<String>,
}

/// The layers, in order: defaults, the file, `APP_` variables (`__`
/// between the parts of a nested key: `APP_DATABASE__POOL`), the command
/// line.
pub fn figment(args: &Args) -> Figment {
    Figment::new()
        .merge(Serialized::defaults(Config::default()))
        .merge(Hcl::file(&args.config))
        .merge(Env::prefixed("APP_").split("__"))
        .merge(Serialized::defaults(args))
}

/// The configuration, or its errors as the user should see them: one
/// about a value of the file at its position with a snippet (the
/// decoder's rendering), any other as figment words it, naming the
/// value's source.
pub fn load(args: &Args) -> Result<Config, String> {
    figment(args).extract::<Config>().map_err(|e| {
        // `Display` of an error ends without a newline (Rust's rule); the
        // decoder's leaves out the first `Error: ` for the caller to print.
        e.into_iter()
            .map(|e| match locate(&e) {
                Some(located) => format!("Error: {located}\n"),
                None => format!("Error: {e}\n"),
            })
            .collect()
    })
}

#[allow(dead_code)]
fn main() {
    let args = Args::parse();
    match load(&args) {
        Ok(config) => println!("{config:#?}"),
        Err(e) => {
            eprint!("{e}");
            std::process::exit(2);
        }
    }
}
