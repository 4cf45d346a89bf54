//! The generated configurations as Rust types, with `#[derive(HclDecode, HclEncode)]`:
//! what the typed-decoding benchmark decodes. The root type is checked
//! against the spec file at compile time (`check_spec`), so it decodes the
//! same document the same way. [`crate::serde_model`] has the equivalent
//! serde types the hcl-rs benchmarks decode into.

#![allow(missing_docs)]

use std::collections::HashMap;

use hcldecode::{HclDecode, HclEncode};

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
#[hcl(check_spec = "src/spec.hcldec")]
pub struct JobFile {
    #[hcl(block, rename = "job")]
    pub jobs: HashMap<String, Job>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Job {
    pub region: Option<String>,
    pub datacenters: Vec<String>,
    pub r#type: Option<String>,
    pub priority: Option<i64>,
    pub all_at_once: Option<bool>,
    pub namespace: Option<String>,
    pub meta: Option<HashMap<String, String>>,
    #[hcl(block)]
    pub update: Option<Update>,
    #[hcl(block)]
    pub periodic: Option<Periodic>,
    #[hcl(block, rename = "constraint")]
    pub constraints: Vec<Constraint>,
    #[hcl(block, rename = "affinity")]
    pub affinities: Vec<Affinity>,
    #[hcl(block, rename = "spread")]
    pub spreads: Vec<Spread>,
    #[hcl(block, rename = "group")]
    pub groups: HashMap<String, Group>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Update {
    pub max_parallel: Option<i64>,
    pub min_healthy_time: Option<String>,
    pub healthy_deadline: Option<String>,
    pub progress_deadline: Option<String>,
    pub auto_revert: Option<bool>,
    pub canary: Option<i64>,
    pub stagger: Option<String>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Periodic {
    pub cron: Option<String>,
    pub prohibit_overlap: Option<bool>,
    pub time_zone: Option<String>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Constraint {
    pub attribute: Option<String>,
    pub operator: Option<String>,
    pub value: Option<String>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Affinity {
    pub attribute: Option<String>,
    pub value: Option<String>,
    pub weight: Option<i64>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Spread {
    pub attribute: Option<String>,
    pub weight: Option<i64>,
    #[hcl(block, rename = "target", labels = ["value"])]
    pub targets: HashMap<String, Target>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Target {
    pub percent: Option<i64>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Group {
    pub count: Option<i64>,
    pub shutdown_delay: Option<String>,
    pub meta: Option<HashMap<String, String>>,
    #[hcl(block, rename = "constraint")]
    pub constraints: Vec<Constraint>,
    #[hcl(block)]
    pub restart: Option<Restart>,
    #[hcl(block)]
    pub reschedule: Option<Reschedule>,
    #[hcl(block)]
    pub ephemeral_disk: Option<EphemeralDisk>,
    #[hcl(block)]
    pub network: Option<Network>,
    #[hcl(block, rename = "volume")]
    pub volumes: HashMap<String, Volume>,
    #[hcl(block)]
    pub scaling: Option<Scaling>,
    #[hcl(block, rename = "service")]
    pub services: Vec<Service>,
    #[hcl(block, rename = "task")]
    pub tasks: HashMap<String, Task>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Restart {
    pub attempts: Option<i64>,
    pub interval: Option<String>,
    pub delay: Option<String>,
    pub mode: Option<String>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Reschedule {
    pub delay: Option<String>,
    pub delay_function: Option<String>,
    pub max_delay: Option<String>,
    pub unlimited: Option<bool>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct EphemeralDisk {
    pub size: Option<i64>,
    pub migrate: Option<bool>,
    pub sticky: Option<bool>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Network {
    pub mode: Option<String>,
    #[hcl(block, rename = "port", labels = ["label"])]
    pub ports: HashMap<String, Port>,
    #[hcl(block)]
    pub dns: Option<Dns>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Port {
    pub r#static: Option<i64>,
    pub to: Option<i64>,
    pub host_network: Option<String>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Dns {
    pub servers: Option<Vec<String>>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Volume {
    pub r#type: Option<String>,
    pub source: Option<String>,
    pub read_only: Option<bool>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Scaling {
    pub enabled: Option<bool>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub policy: Option<Policy>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Service {
    pub name: Option<String>,
    pub port: Option<String>,
    pub tags: Option<Vec<String>>,
    pub provider: Option<String>,
    pub canary_tags: Option<Vec<String>>,
    pub address_mode: Option<String>,
    pub meta: Option<HashMap<String, String>>,
    #[hcl(block, rename = "check")]
    pub checks: Vec<Check>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Check {
    pub name: Option<String>,
    pub r#type: Option<String>,
    pub path: Option<String>,
    pub method: Option<String>,
    pub command: Option<String>,
    pub args: Option<Vec<String>>,
    pub port: Option<String>,
    pub interval: Option<String>,
    pub timeout: Option<String>,
    pub header: Option<HashMap<String, Vec<String>>>,
    #[hcl(block)]
    pub check_restart: Option<CheckRestart>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct CheckRestart {
    pub limit: Option<i64>,
    pub grace: Option<String>,
    pub ignore_warnings: Option<bool>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Task {
    pub driver: String,
    pub user: Option<String>,
    pub kill_timeout: Option<String>,
    pub leader: Option<bool>,
    #[hcl(block)]
    pub config: Option<TaskConfig>,
    pub env: Option<HashMap<String, String>>,
    #[hcl(block, rename = "artifact")]
    pub artifacts: Vec<Artifact>,
    #[hcl(block, rename = "template")]
    pub templates: Vec<Template>,
    #[hcl(block)]
    pub resources: Resources,
    #[hcl(block, rename = "service")]
    pub services: Vec<Service>,
    #[hcl(block)]
    pub logs: Option<Logs>,
    #[hcl(block)]
    pub lifecycle: Option<Lifecycle>,
    #[hcl(block)]
    pub vault: Option<Vault>,
    #[hcl(block, rename = "volume_mount")]
    pub volume_mounts: Vec<VolumeMount>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct TaskConfig {
    pub image: Option<String>,
    pub ports: Option<Vec<String>>,
    pub args: Option<Vec<String>>,
    pub command: Option<String>,
    pub force_pull: Option<bool>,
    pub network_mode: Option<String>,
    pub shm_size: Option<i64>,
    pub cpu_shares_ratio: Option<f64>,
    pub ulimit: Option<HashMap<String, String>>,
    pub labels: Option<HashMap<String, String>>,
    pub logging: Option<Logging>,
    pub mount: Option<Vec<Mount>>,
    pub volumes: Option<Vec<String>>,
    pub jar_path: Option<String>,
    pub jvm_options: Option<Vec<String>>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Artifact {
    pub source: Option<String>,
    pub destination: Option<String>,
    pub options: Option<HashMap<String, String>>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Template {
    pub data: Option<String>,
    pub destination: Option<String>,
    pub change_mode: Option<String>,
    pub change_signal: Option<String>,
    pub perms: Option<String>,
    pub env: Option<bool>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Resources {
    pub cpu: Option<i64>,
    pub memory: Option<i64>,
    pub memory_max: Option<i64>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Logs {
    pub max_files: Option<i64>,
    pub max_file_size: Option<i64>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Lifecycle {
    pub hook: Option<String>,
    pub sidecar: Option<bool>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Vault {
    pub policies: Option<Vec<String>>,
    pub change_mode: Option<String>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct VolumeMount {
    pub volume: Option<String>,
    pub destination: Option<String>,
    pub read_only: Option<bool>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Policy {
    pub cooldown: String,
    pub evaluation_interval: String,
    pub check: HashMap<String, PolicyCheck>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct PolicyCheck {
    pub source: String,
    pub query: String,
    pub strategy: HashMap<String, HashMap<String, f64>>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Logging {
    pub r#type: String,
    pub config: Vec<HashMap<String, String>>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
pub struct Mount {
    pub r#type: String,
    pub target: String,
    pub source: String,
    pub readonly: bool,
}
