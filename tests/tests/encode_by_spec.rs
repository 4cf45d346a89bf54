//! `hcldecode::encode::to_string_by_spec` is the inverse of decoding with
//! a spec: on every recorded conformance case that decodes without errors,
//! the decoded value written by its spec decodes to the same value again
//! (or the encoder refuses with a reason: transforms, unknown values).
//! Block specs give block syntax, so the text is what a person writes.

use hcldecode::encode::to_string_by_spec;
use hcldecode::parse::Syntax;
use hcldecode::spec_file::LoadedSpec;
use hcldecode::value::convert::convert;
use hcldecode_tests::{conformance_dir, find_cases};

#[test]
fn decoded_values_written_by_their_spec_decode_the_same() {
    let (mut same, mut refused, mut skipped) = (0, 0, 0);
    let mut wrong = Vec::new();
    let mut blocks = 0;
    for corpus in ["cases", "cases-ext", "cases-latest"] {
        for case in find_cases(&conformance_dir().join(corpus)) {
            let read = |n: &str| std::fs::read_to_string(case.join(n)).ok();
            let (input, syntax) = match (read("input.hcl"), read("input.json")) {
                (Some(i), _) => (i, Syntax::Native),
                (None, Some(i)) => (i, Syntax::Json),
                _ => {
                    skipped += 1;
                    continue;
                }
            };
            let Some(spec_text) = read("spec.hcldec") else {
                skipped += 1;
                continue;
            };
            if read("flags").is_some() || read("vars.json").is_some() {
                skipped += 1;
                continue;
            }
            let Ok((spec, _)) = LoadedSpec::load_file(&spec_text, "spec.hcldec") else {
                skipped += 1;
                continue;
            };
            let (file, diags) = hcldecode::parse::parse(input.as_bytes(), "input", syntax);
            let decoded = match spec.decode_file(&file, None) {
                Ok((v, d)) if !diags.has_errors() && !d.has_errors() && v.is_wholly_known() => v,
                _ => {
                    skipped += 1;
                    continue;
                }
            };
            let text = match to_string_by_spec(&decoded, &spec.spec) {
                Ok(t) => t,
                Err(e) => {
                    println!("refused {}: {e}", case.display());
                    refused += 1;
                    continue;
                }
            };
            if text.contains('{') && text.lines().any(|l| l.ends_with(" {")) {
                blocks += 1;
            }
            let (file2, d2) = hcldecode::parse::parse_native(text.as_bytes(), "written.hcl");
            match spec.decode_file(&file2, None) {
                // Up to conversion: `null` is written without its type.
                Ok((v2, d))
                    if !d2.has_errors()
                        && !d.has_errors()
                        && (v2 == decoded
                            || convert(&v2, decoded.ty()).is_ok_and(|c| c == decoded)) =>
                {
                    same += 1
                }
                Ok((v2, _)) => wrong.push(format!(
                    "{}:\n{text}\ndecodes to {v2:?}\nnot {decoded:?}",
                    case.display()
                )),
                Err(e) => wrong.push(format!("{}:\n{text}\ndoes not decode: {e}", case.display())),
            }
        }
    }
    println!(
        "by spec: {same} decode the same ({blocks} with blocks), {refused} refused, {skipped} skipped"
    );
    assert!(
        wrong.is_empty(),
        "{} case(s):\n\n{}",
        wrong.len(),
        wrong.join("\n\n")
    );
    assert!(same >= 110, "only {same} cases written and read back");
    assert!(blocks >= 45, "only {blocks} cases with blocks");
}
