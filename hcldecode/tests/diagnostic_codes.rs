//! Diagnostics that programs act on carry a stable code (`diag::Code`):
//! spec-file validation errors and nesting limits, decided on by code, not
//! by wording.

use hcldecode::Diagnostic;
use hcldecode::parse::parse_native;
use hcldecode::spec_file::LoadedSpec;
use hcldecode_spec::diag::Code;

fn codes(diags: &[Diagnostic]) -> Vec<Option<Code>> {
    diags.iter().map(|d| d.code).collect()
}

#[test]
fn spec_file_validation_errors_carry_their_codes() {
    let src = "object {\n  attr \"x\" { type = string }\n  attr \"x\" { type = number }\n  block_list \"b\" {\n    block_type = \"blk\"\n    min_items = 3\n    max_items = 2\n    object {}\n  }\n}\n";
    let (_, diags) = LoadedSpec::load_str(src, "s.hcldec");
    assert_eq!(
        codes(&diags),
        vec![
            Some(Code::DuplicateObjectProperty),
            Some(Code::InvalidBlockCountLimits)
        ]
    );
    // At the offending spec, as before the codes.
    assert_eq!(diags[0].subject.as_ref().map(|r| r.start.line), Some(3));
}

#[test]
fn nesting_limits_carry_their_code() {
    let deep = format!("a = {}1{}\n", "[".repeat(300), "]".repeat(300));
    let (_, diags) = parse_native(deep.as_bytes(), "deep.hcl");
    assert_eq!(codes(&diags), vec![Some(Code::NestingTooDeep)]);
}
