//! The Nomad-like job types of `examples/nomad.rs` decoding a job whose
//! ports come from a variable through a `dynamic "port"` block
//! (`examples/nomad/dynamic-ports.hcl`), with
//! [`Decoder::dynamic_blocks`](hcldecode::Decoder::dynamic_blocks) on.
//!
//! ```sh
//! cargo run -p hcldecode --example nomad_dynamic
//! ```

#[path = "nomad.rs"]
#[allow(dead_code)]
mod nomad;

use std::path::{Path, PathBuf};

use hcldecode::{Decoder, Value};
use nomad::JobFile;

/// The decoder: dynamic blocks on, and the variables the job file uses
/// (`ports`: name to port inside the task, null for a dynamic one).
pub fn decoder() -> Decoder {
    let ports = Value::object([
        ("http", Value::int(8080)),
        ("grpc", Value::int(9090)),
        ("metrics", Value::null(hcldecode::Type::Number)),
    ]);
    Decoder::new()
        .dynamic_blocks(true)
        .variable("ports", ports)
        .variable("version", "1.4.2")
}

/// The shipped job file.
pub fn example_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/nomad/dynamic-ports.hcl")
}

#[allow(dead_code)]
fn main() {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(example_file);
    match decoder().decode_path::<JobFile>(&path) {
        Ok(file) => {
            for job in &file.jobs {
                for g in &job.groups {
                    if let Some(net) = &g.network {
                        for (name, port) in &net.ports {
                            println!(
                                "job {:?} group {:?} port {name:?} -> {:?}",
                                job.name, g.name, port.to
                            );
                        }
                    }
                }
            }
        }
        Err(e) => {
            eprintln!("Error: {e}");
            std::process::exit(2);
        }
    }
}
