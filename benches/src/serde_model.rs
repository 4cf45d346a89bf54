//! The generated configurations as serde types: what the hcl-rs
//! benchmarks (`hcl::from_str`, `hcl::eval::from_str`) decode into, the
//! equivalent of [`crate::typed`].
//!
//! hcl-rs follows HCL's JSON mapping: a block type that occurs once is an
//! object, several times an array, so repeated blocks go through
//! [`one_or_many`].

#![allow(missing_docs)]

use std::collections::HashMap;

use serde::{Deserialize, Deserializer};

/// A block type that may occur once (an object) or several times (an
/// array of objects), as a vector.
pub fn one_or_many<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany<T> {
        Many(Vec<T>),
        One(T),
    }
    Ok(match OneOrMany::deserialize(d)? {
        OneOrMany::Many(v) => v,
        OneOrMany::One(t) => vec![t],
    })
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct JobFile {
    #[serde(rename = "job", default)]
    pub jobs: HashMap<String, Job>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Job {
    #[serde(default)]
    pub region: Option<String>,
    pub datacenters: Vec<String>,
    #[serde(rename = "type")]
    #[serde(default)]
    pub type_: Option<String>,
    #[serde(default)]
    pub priority: Option<i64>,
    #[serde(default)]
    pub all_at_once: Option<bool>,
    #[serde(default)]
    pub namespace: Option<String>,
    #[serde(default)]
    pub meta: Option<HashMap<String, String>>,
    #[serde(default)]
    pub update: Option<Update>,
    #[serde(default)]
    pub periodic: Option<Periodic>,
    #[serde(rename = "constraint", default, deserialize_with = "one_or_many")]
    pub constraints: Vec<Constraint>,
    #[serde(rename = "affinity", default, deserialize_with = "one_or_many")]
    pub affinities: Vec<Affinity>,
    #[serde(rename = "spread", default, deserialize_with = "one_or_many")]
    pub spreads: Vec<Spread>,
    #[serde(rename = "group", default)]
    pub groups: HashMap<String, Group>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Update {
    #[serde(default)]
    pub max_parallel: Option<i64>,
    #[serde(default)]
    pub min_healthy_time: Option<String>,
    #[serde(default)]
    pub healthy_deadline: Option<String>,
    #[serde(default)]
    pub progress_deadline: Option<String>,
    #[serde(default)]
    pub auto_revert: Option<bool>,
    #[serde(default)]
    pub canary: Option<i64>,
    #[serde(default)]
    pub stagger: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Periodic {
    #[serde(default)]
    pub cron: Option<String>,
    #[serde(default)]
    pub prohibit_overlap: Option<bool>,
    #[serde(default)]
    pub time_zone: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Constraint {
    #[serde(default)]
    pub attribute: Option<String>,
    #[serde(default)]
    pub operator: Option<String>,
    #[serde(default)]
    pub value: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Affinity {
    #[serde(default)]
    pub attribute: Option<String>,
    #[serde(default)]
    pub value: Option<String>,
    #[serde(default)]
    pub weight: Option<i64>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Spread {
    #[serde(default)]
    pub attribute: Option<String>,
    #[serde(default)]
    pub weight: Option<i64>,
    #[serde(rename = "target", default)]
    pub targets: HashMap<String, Target>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Target {
    #[serde(default)]
    pub percent: Option<i64>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Group {
    #[serde(default)]
    pub count: Option<i64>,
    #[serde(default)]
    pub shutdown_delay: Option<String>,
    #[serde(default)]
    pub meta: Option<HashMap<String, String>>,
    #[serde(rename = "constraint", default, deserialize_with = "one_or_many")]
    pub constraints: Vec<Constraint>,
    #[serde(default)]
    pub restart: Option<Restart>,
    #[serde(default)]
    pub reschedule: Option<Reschedule>,
    #[serde(default)]
    pub ephemeral_disk: Option<EphemeralDisk>,
    #[serde(default)]
    pub network: Option<Network>,
    #[serde(rename = "volume", default)]
    pub volumes: HashMap<String, Volume>,
    #[serde(default)]
    pub scaling: Option<Scaling>,
    #[serde(rename = "service", default, deserialize_with = "one_or_many")]
    pub services: Vec<Service>,
    #[serde(rename = "task", default)]
    pub tasks: HashMap<String, Task>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Restart {
    #[serde(default)]
    pub attempts: Option<i64>,
    #[serde(default)]
    pub interval: Option<String>,
    #[serde(default)]
    pub delay: Option<String>,
    #[serde(default)]
    pub mode: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Reschedule {
    #[serde(default)]
    pub delay: Option<String>,
    #[serde(default)]
    pub delay_function: Option<String>,
    #[serde(default)]
    pub max_delay: Option<String>,
    #[serde(default)]
    pub unlimited: Option<bool>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct EphemeralDisk {
    #[serde(default)]
    pub size: Option<i64>,
    #[serde(default)]
    pub migrate: Option<bool>,
    #[serde(default)]
    pub sticky: Option<bool>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Network {
    #[serde(default)]
    pub mode: Option<String>,
    #[serde(rename = "port", default)]
    pub ports: HashMap<String, Port>,
    #[serde(default)]
    pub dns: Option<Dns>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Port {
    #[serde(rename = "static")]
    #[serde(default)]
    pub static_: Option<i64>,
    #[serde(default)]
    pub to: Option<i64>,
    #[serde(default)]
    pub host_network: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Dns {
    #[serde(default)]
    pub servers: Option<Vec<String>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Volume {
    #[serde(rename = "type")]
    #[serde(default)]
    pub type_: Option<String>,
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub read_only: Option<bool>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Scaling {
    #[serde(default)]
    pub enabled: Option<bool>,
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
    #[serde(default)]
    pub policy: Option<Policy>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Service {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub port: Option<String>,
    #[serde(default)]
    pub tags: Option<Vec<String>>,
    #[serde(default)]
    pub provider: Option<String>,
    #[serde(default)]
    pub canary_tags: Option<Vec<String>>,
    #[serde(default)]
    pub address_mode: Option<String>,
    #[serde(default)]
    pub meta: Option<HashMap<String, String>>,
    #[serde(rename = "check", default, deserialize_with = "one_or_many")]
    pub checks: Vec<Check>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Check {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(rename = "type")]
    #[serde(default)]
    pub type_: Option<String>,
    #[serde(default)]
    pub path: Option<String>,
    #[serde(default)]
    pub method: Option<String>,
    #[serde(default)]
    pub command: Option<String>,
    #[serde(default)]
    pub args: Option<Vec<String>>,
    #[serde(default)]
    pub port: Option<String>,
    #[serde(default)]
    pub interval: Option<String>,
    #[serde(default)]
    pub timeout: Option<String>,
    #[serde(default)]
    pub header: Option<HashMap<String, Vec<String>>>,
    #[serde(default)]
    pub check_restart: Option<CheckRestart>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CheckRestart {
    #[serde(default)]
    pub limit: Option<i64>,
    #[serde(default)]
    pub grace: Option<String>,
    #[serde(default)]
    pub ignore_warnings: Option<bool>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Task {
    pub driver: String,
    #[serde(default)]
    pub user: Option<String>,
    #[serde(default)]
    pub kill_timeout: Option<String>,
    #[serde(default)]
    pub leader: Option<bool>,
    #[serde(default)]
    pub config: Option<TaskConfig>,
    #[serde(default)]
    pub env: Option<HashMap<String, String>>,
    #[serde(rename = "artifact", default, deserialize_with = "one_or_many")]
    pub artifacts: Vec<Artifact>,
    #[serde(rename = "template", default, deserialize_with = "one_or_many")]
    pub templates: Vec<Template>,
    pub resources: Resources,
    #[serde(rename = "service", default, deserialize_with = "one_or_many")]
    pub services: Vec<Service>,
    #[serde(default)]
    pub logs: Option<Logs>,
    #[serde(default)]
    pub lifecycle: Option<Lifecycle>,
    #[serde(default)]
    pub vault: Option<Vault>,
    #[serde(rename = "volume_mount", default, deserialize_with = "one_or_many")]
    pub volume_mounts: Vec<VolumeMount>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct TaskConfig {
    #[serde(default)]
    pub image: Option<String>,
    #[serde(default)]
    pub ports: Option<Vec<String>>,
    #[serde(default)]
    pub args: Option<Vec<String>>,
    #[serde(default)]
    pub command: Option<String>,
    #[serde(default)]
    pub force_pull: Option<bool>,
    #[serde(default)]
    pub network_mode: Option<String>,
    #[serde(default)]
    pub shm_size: Option<i64>,
    #[serde(default)]
    pub cpu_shares_ratio: Option<f64>,
    #[serde(default)]
    pub ulimit: Option<HashMap<String, String>>,
    #[serde(default)]
    pub labels: Option<HashMap<String, String>>,
    #[serde(default)]
    pub logging: Option<Logging>,
    #[serde(default)]
    pub mount: Option<Vec<Mount>>,
    #[serde(default)]
    pub volumes: Option<Vec<String>>,
    #[serde(default)]
    pub jar_path: Option<String>,
    #[serde(default)]
    pub jvm_options: Option<Vec<String>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Artifact {
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub destination: Option<String>,
    #[serde(default)]
    pub options: Option<HashMap<String, String>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Template {
    #[serde(default)]
    pub data: Option<String>,
    #[serde(default)]
    pub destination: Option<String>,
    #[serde(default)]
    pub change_mode: Option<String>,
    #[serde(default)]
    pub change_signal: Option<String>,
    #[serde(default)]
    pub perms: Option<String>,
    #[serde(default)]
    pub env: Option<bool>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Resources {
    #[serde(default)]
    pub cpu: Option<i64>,
    #[serde(default)]
    pub memory: Option<i64>,
    #[serde(default)]
    pub memory_max: Option<i64>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Logs {
    #[serde(default)]
    pub max_files: Option<i64>,
    #[serde(default)]
    pub max_file_size: Option<i64>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Lifecycle {
    #[serde(default)]
    pub hook: Option<String>,
    #[serde(default)]
    pub sidecar: Option<bool>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Vault {
    #[serde(default)]
    pub policies: Option<Vec<String>>,
    #[serde(default)]
    pub change_mode: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct VolumeMount {
    #[serde(default)]
    pub volume: Option<String>,
    #[serde(default)]
    pub destination: Option<String>,
    #[serde(default)]
    pub read_only: Option<bool>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Policy {
    pub cooldown: String,
    pub evaluation_interval: String,
    pub check: HashMap<String, PolicyCheck>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PolicyCheck {
    pub source: String,
    pub query: String,
    pub strategy: HashMap<String, HashMap<String, f64>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Logging {
    #[serde(rename = "type")]
    pub type_: String,
    pub config: Vec<HashMap<String, String>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Mount {
    #[serde(rename = "type")]
    pub type_: String,
    pub target: String,
    pub source: String,
    pub readonly: bool,
}
