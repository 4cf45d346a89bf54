//! The document's own variables and locals (issue 38): a schema that
//! declares namespaces (a spec file's `namespace` blocks, or a derived
//! type's `variables`/`locals` fields) checks each document against the
//! variables and locals declared in it as it is now, not against values
//! fixed when the server started.

use hcldecode::HclDecode;
use hcldecode::namespaces::{Locals, Variable};
use hcldecode::spec_file::LoadedSpec;
use hcldecode_lsp::Schema;
use hcldecode_lsp::analysis::diagnostics;

const SPEC: &str = "namespace \"var\" {\n  kind       = \"variables\"\n  block_type = \"variable\"\n}\nnamespace \"local\" {\n  kind       = \"locals\"\n  block_type = \"locals\"\n}\nobject {\n  attr \"zone\" { type = string }\n}\n";

#[derive(HclDecode)]
#[allow(dead_code)]
struct Config {
    #[hcl(block, variables = "var")]
    variable: Vec<Variable>,
    #[hcl(block, locals = "local")]
    locals: Vec<Locals>,
    zone: Option<String>,
}

fn schemas() -> [Schema; 2] {
    let (loaded, _) = LoadedSpec::load_file(SPEC, "app.hcldec").unwrap();
    [Schema::from_spec_file(loaded), Schema::of::<Config>()]
}

#[test]
fn a_variable_typed_into_the_buffer_is_known_at_once() {
    for schema in schemas() {
        // Used before it is declared: one error, with the declared names.
        let before = "locals {\n  suffix = \"a\"\n}\nzone = \"${var.zone}${local.suffix}\"\n";
        let d = diagnostics(&schema, "a.hcl", &before.into());
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(
            d[0].message
                .starts_with("Reference to undeclared input variable"),
            "{d:?}"
        );
        assert_eq!(d[0].range.start.line, 3);
        // Declared in the buffer: nothing to report.
        let after = format!("variable \"zone\" {{\n  default = \"eu\"\n}}\n{before}");
        assert!(diagnostics(&schema, "a.hcl", &after.as_str().into()).is_empty());
        // A typo gets "Did you mean".
        let typo = after.replace("local.suffix", "local.sufix");
        let d = diagnostics(&schema, "a.hcl", &typo.as_str().into());
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.contains("Did you mean \"suffix\"?"), "{d:?}");
    }
}

#[test]
fn a_cycle_of_locals_is_one_diagnostic() {
    for schema in schemas() {
        let text = "locals {\n  a = local.b\n  b = local.a\n}\nzone = local.a\n";
        let d = diagnostics(&schema, "a.hcl", &text.into());
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.starts_with("Cycle in local values"), "{d:?}");
    }
}
