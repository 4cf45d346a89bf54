//! Compile-time checks of `#[derive(HclDecode)]`: every error path has a
//! UI test whose compiler output is compared with its `.stderr` snapshot.
//!
//! The snapshots are compiler output, which changes between Rust releases,
//! so (as clap does) they are checked only with the pinned toolchain; with
//! another one the test prints a notice and passes. Regenerate them with
//! `TRYBUILD=overwrite cargo test -p hcldecode-tests --test ui`.

/// The toolchain the snapshots were recorded with.
const PINNED: &str = "rustc 1.95.0 ";

fn rustc_version() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default()
}

#[test]
fn ui() {
    let version = rustc_version();
    if !version.starts_with(PINNED) {
        println!(
            "skipping the derive's UI tests: they are pinned to {}, this is {}",
            PINNED.trim(),
            version.trim()
        );
        return;
    }
    let t = trybuild::TestCases::new();
    t.pass("ui/check_spec_ok.rs");
    t.compile_fail("ui/attr_block_collision.rs");
    t.compile_fail("ui/attr_not_decodable.rs");
    t.compile_fail("ui/bad_optional_default.rs");
    t.compile_fail("ui/bad_type_expr.rs");
    t.compile_fail("ui/block_not_a_block.rs");
    t.compile_fail("ui/check_spec_mismatch.rs");
    t.compile_fail("ui/check_spec_missing_file.rs");
    t.compile_fail("ui/counts_on_option_block.rs");
    t.compile_fail("ui/default_on_label.rs");
    t.compile_fail("ui/duplicate_name.rs");
    t.compile_fail("ui/namespace_attrs.rs");
    t.compile_fail("ui/encode_unwritable.rs");
    t.compile_fail("ui/label_not_first.rs");
    t.compile_fail("ui/label_not_string.rs");
    t.compile_fail("ui/min_greater_than_max.rs");
    t.compile_fail("ui/misplaced_options.rs");
    t.compile_fail("ui/not_named_fields.rs");
    t.compile_fail("ui/remain_not_body.rs");
    t.compile_fail("ui/tag_and_serde_misplaced.rs");
    t.compile_fail("ui/tag_variant_with_label.rs");
    t.compile_fail("ui/two_remain.rs");
    t.compile_fail("ui/type_cannot_hold.rs");
    t.compile_fail("ui/unknown_key.rs");
}
