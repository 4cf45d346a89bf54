//! A Nomad-like job file decoded into Rust types with
//! `#[derive(HclDecode)]`: labelled blocks (jobs, groups, tasks, ports,
//! checks), maps, defaults, enums, a custom scalar (durations), variables,
//! driver `config` blocks whose attributes differ in shape from task to
//! task (each decoded as written), a compile-time check of a struct
//! against an hcldec spec file, and the application's own checks (a
//! service's port must be one of its group's) reported with snippets, as
//! the decoder's errors are.
//!
//! ```sh
//! cargo run -p hcldecode --example nomad                 # examples/nomad/job.hcl and job.hcl.json
//! cargo run -p hcldecode --example nomad -- other.hcl    # any job file
//! cargo run -p hcldecode --example nomad -- --spec       # the spec the types derive
//! cargo run -p hcldecode --example nomad -- --json-schema  # the JSON Schema of job.hcl.json files
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hcldecode::encode::EncodeError;
use hcldecode::typed::At;
use hcldecode::{
    Decoded, Decoder, Diagnostic, Diagnostics, Error, HclDecode, HclEncode, Spanned, Type, Value,
};

/// A job file: any number of jobs.
#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct JobFile {
    #[hcl(block, rename = "job", min_items = 1)]
    pub jobs: Vec<Job>,
}

/// A job: groups of tasks, scheduled together.
// Doc comments are the schema's descriptions: the language server shows
// them in hover and completion.
#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Job {
    #[hcl(label)]
    pub name: String,
    /// The datacenters the job may be placed in.
    pub datacenters: Vec<String>,
    /// How the job is scheduled: `"service"` (long-running, the default),
    /// `"batch"` or `"system"`.
    #[hcl(rename = "type", default)]
    pub kind: JobType,
    /// The scheduling priority, 1 to 100 (50 when absent).
    #[hcl(default = "default_priority")]
    pub priority: u8,
    #[hcl(block)]
    pub update: Option<Update>,
    #[hcl(block, rename = "group", min_items = 1)]
    pub groups: Vec<Group>,
}

fn default_priority() -> u8 {
    50
}

/// `type = "service" | "batch" | "system"`.
#[derive(HclDecode, HclEncode, Debug, PartialEq, Eq, Clone, Copy, Default)]
pub enum JobType {
    #[default]
    Service,
    Batch,
    System,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Update {
    #[hcl(default = "one")]
    pub max_parallel: u32,
    pub stagger: Option<Duration>,
}

fn one() -> u32 {
    1
}

/// A group of tasks placed together on one client.
// Checked against `examples/nomad/group.hcldec` when it compiles.
#[derive(HclDecode, HclEncode, Debug, PartialEq)]
#[hcl(check_spec = "../examples/nomad/group.hcldec")]
pub struct Group {
    #[hcl(label)]
    pub name: String,
    #[hcl(default = "one")]
    pub count: u32,
    #[hcl(block)]
    pub network: Option<Network>,
    #[hcl(block, rename = "service")]
    pub services: Vec<Service>,
    #[hcl(block, rename = "task", min_items = 1)]
    pub tasks: Vec<Task>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Network {
    #[hcl(default)]
    pub mode: NetworkMode,
    /// `port "name" { to = 8080 }`, keyed by the label.
    #[hcl(block, rename = "port")]
    pub ports: BTreeMap<String, Port>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Default)]
pub enum NetworkMode {
    #[default]
    Host,
    Bridge,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Port {
    /// The port inside the task; dynamic when absent.
    pub to: Option<u16>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Service {
    pub name: String,
    /// A port label of the group's network (checked by [`check`], which
    /// reports at this attribute).
    pub port: Option<Spanned<String>>,
    #[hcl(default)]
    pub tags: Vec<String>,
    #[hcl(block, rename = "check")]
    pub checks: Vec<Check>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Check {
    #[hcl(label)]
    pub name: String,
    #[hcl(rename = "type")]
    pub kind: CheckType,
    pub path: Option<String>,
    pub interval: Duration,
    pub timeout: Duration,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone, Copy)]
pub enum CheckType {
    Http,
    Tcp,
    Script,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Task {
    #[hcl(label)]
    pub name: String,
    pub driver: Driver,
    /// `config { ... }`: the driver's own settings, every attribute as
    /// written (a string stays a string, a number a number, a list a list),
    /// different in shape from driver to driver.
    #[hcl(block_attrs, default)]
    pub config: BTreeMap<String, Value>,
    /// `env { NAME = "value" }`: every attribute of the block.
    #[hcl(block_attrs, default)]
    pub env: BTreeMap<String, String>,
    #[hcl(block)]
    pub resources: Option<Resources>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone, Copy)]
pub enum Driver {
    Docker,
    Exec,
    RawExec,
    Java,
}

impl Task {
    /// A string setting of the driver's `config`.
    pub fn config_str(&self, name: &str) -> Option<&str> {
        self.config.get(name).and_then(Value::as_str)
    }
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Resources {
    /// MHz.
    #[hcl(default = "default_cpu")]
    pub cpu: u32,
    /// MB.
    #[hcl(default = "default_memory")]
    pub memory: u32,
}

fn default_cpu() -> u32 {
    100
}

fn default_memory() -> u32 {
    300
}

/// A duration written `"30s"`, `"5m"` or `"1h"`: a custom scalar, decoded
/// by hand; its errors point at the string.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub struct Duration(pub std::time::Duration);

impl HclDecode for Duration {
    fn hcl_type() -> Type {
        Type::String
    }

    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let s = String::from_hcl(v, at)?;
        let unit = match s.chars().last() {
            Some('s') => 1,
            Some('m') => 60,
            Some('h') => 3600,
            _ => 0,
        };
        match s[..s.len().saturating_sub(1)].parse::<u64>() {
            Ok(n) if unit > 0 => Ok(Duration(std::time::Duration::from_secs(n * unit))),
            _ => Err(at.error(
                "Invalid duration",
                format!("{s:?} is not a duration: write a whole number and a unit (s, m or h), like \"30s\"."),
            )),
        }
    }
}

/// Written back (`hcldecode::to_string_typed`) in the largest unit that
/// divides it: what `from_hcl` reads.
impl HclEncode for Duration {
    fn to_value(&self) -> Result<Value, EncodeError> {
        let secs = self.0.as_secs();
        let text = if secs > 0 && secs.is_multiple_of(3600) {
            format!("{}h", secs / 3600)
        } else if secs > 0 && secs.is_multiple_of(60) {
            format!("{}m", secs / 60)
        } else {
            format!("{secs}s")
        };
        Ok(Value::string(text))
    }
}

/// The application's own checks, once the file decoded: a service's `port`
/// names a port of its group's network. Each finding is reported at the
/// attribute, with a snippet, through the [`Decoded`] value's files.
pub fn check(file: &Decoded<JobFile>) -> Result<(), Error> {
    let findings = findings(file);
    if findings.is_empty() {
        return Ok(());
    }
    Err(file.errors(findings))
}

/// What [`check`] finds, each at its attribute's range: the rules the
/// language server runs too (`hcldecode-lsp/examples/nomad_lsp.rs`).
pub fn findings(file: &JobFile) -> Diagnostics {
    let mut findings = Diagnostics::new();
    for job in &file.jobs {
        for g in &job.groups {
            let ports: Vec<&str> = g
                .network
                .iter()
                .flat_map(|n| n.ports.keys().map(String::as_str))
                .collect();
            for s in &g.services {
                let Some(port) = &s.port else { continue };
                if ports.contains(&port.as_str()) {
                    continue;
                }
                let mut detail = format!(
                    "Service {:?} uses port {:?}, which group {:?} does not define.",
                    s.name, **port, g.name
                );
                match hcldecode::suggest::did_you_mean(port, ports.iter().copied()) {
                    Some(s) => detail.push_str(&s),
                    None => detail.push_str(&format!(" Its ports are {ports:?}.")),
                }
                let mut d = Diagnostic::error("Unknown port", detail);
                d.subject = Some(port.range().clone());
                d.context = port.full_range().cloned();
                findings.push(d);
            }
        }
    }
    findings
}

/// The decoder the job files are read with: `region` is a variable.
pub fn decoder() -> Decoder {
    Decoder::new().variable("region", "eu-west-1")
}

/// The shipped example files.
pub fn example_files() -> (PathBuf, PathBuf) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/nomad");
    (dir.join("job.hcl"), dir.join("job.hcl.json"))
}

fn summary(file: &JobFile) {
    for job in &file.jobs {
        println!(
            "job {:?}: {:?}, priority {}, in {}",
            job.name,
            job.kind,
            job.priority,
            job.datacenters.join(", ")
        );
        for g in &job.groups {
            println!("  group {:?} x{}", g.name, g.count);
            for t in &g.tasks {
                let r = t.resources.as_ref();
                // Without a resources block, the defaults apply.
                println!(
                    "    task {:?}: {:?} {}, {} MHz / {} MB, env {:?}",
                    t.name,
                    t.driver,
                    t.config_str("image")
                        .or(t.config_str("command"))
                        .unwrap_or("-"),
                    r.map_or(default_cpu(), |r| r.cpu),
                    r.map_or(default_memory(), |r| r.memory),
                    t.env
                );
            }
            for s in &g.services {
                for c in &s.checks {
                    println!(
                        "    service {:?} check {:?} every {:?}",
                        s.name, c.name, c.interval.0
                    );
                }
            }
        }
    }
}

/// The example: decodes the files given (the shipped ones without
/// arguments), checks them and prints a summary; `--spec` and
/// `--json-schema` print the schema.
#[allow(dead_code)]
pub fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--spec") {
        print!("{}", JobFile::spec().to_spec_file());
        return;
    }
    if args.iter().any(|a| a == "--json-schema") {
        print!("{}", decoder().json_schema::<JobFile>());
        return;
    }
    let paths: Vec<PathBuf> = if args.is_empty() {
        let (hcl, json) = example_files();
        vec![hcl, json]
    } else {
        args.iter().map(PathBuf::from).collect()
    };
    let mut failed = false;
    for path in &paths {
        println!("== {}", path.display());
        // The decoder's errors, then the application's, rendered alike: as
        // hcldec prints them, every diagnostic with a snippet.
        match decoder()
            .decode_path_with_source::<JobFile>(path)
            .and_then(|file| check(&file).map(|()| file))
        {
            Ok(file) => summary(&file),
            Err(e) => {
                eprintln!("Error: {e}");
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(2);
    }
}
