//! Typed write-back: the Nomad-like job file (`examples/nomad/job.hcl`)
//! decoded into the types of `examples/nomad.rs`, modified in Rust, and
//! written back with [`Document::update_from_with`]: only what changed is
//! rewritten, every comment, blank line and alignment stays.
//!
//! ```sh
//! cargo run -p hcldecode --example nomad_update            # frontend's count 3 -> 5
//! cargo run -p hcldecode --example nomad_update -- 8       # any count
//! ```

#[path = "nomad.rs"]
#[allow(dead_code)]
mod nomad;

use hcldecode::edit::Document;
use nomad::JobFile;

fn main() {
    let count: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let (path, _) = nomad::example_files();
    let text = std::fs::read_to_string(&path).expect("the example job file");
    let decoder = nomad::decoder();

    // Read the file twice: as a document (every byte) and as typed values.
    let mut doc: Document = text.parse().unwrap_or_else(|e| panic!("{e}"));
    let mut file: JobFile = decoder
        .decode_str(&text, "job.hcl")
        .unwrap_or_else(|e| panic!("{e}"));

    // Change the job in Rust...
    file.jobs[0].groups[0].count = count;

    // ...and write the change back: only `count`'s line differs.
    doc.update_from_with(&decoder, &file)
        .unwrap_or_else(|e| panic!("{e}"));
    let updated = doc.to_string();
    for (old, new) in text.lines().zip(updated.lines()) {
        if old != new {
            println!("- {old}\n+ {new}");
        }
    }
    assert_eq!(text.lines().count(), updated.lines().count());
}
