//! Dynamic-block expansion: any input (native and JSON) decoded with
//! dynamic blocks expanded against a spec with every kind of block spec
//! (nested lists, labelled maps, a single block, block attributes), with
//! variables to iterate over and small evaluation limits, so that nesting,
//! element counts and the "Too many dynamic blocks" limit are all reached;
//! then the variables walk (`--var-refs`) and JSON output.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode::decode::DecodeOptions;
use hcldecode::parse::{self, Syntax};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::value::json::marshal;
use hcldecode::{Type, Value};

const SPEC: &str = r#"
object {
  attr "name" { type = string }
  block_list "group" {
    object {
      attr "count" { type = number }
      block_map "port" {
        labels = ["name"]
        object {
          attr "to" { type = number }
        }
      }
      block_list "task" {
        object {
          attr "id" { type = string }
          block "config" {
            object {
              attr "image" { type = any }
            }
          }
          block_attrs "env" {
            element_type = string
          }
        }
      }
    }
  }
  block_set "tag" {
    object {
      attr "v" { type = string }
    }
  }
}
"#;

fuzz_target!(|data: &[u8]| {
    let (spec, d) = LoadedSpec::load_str(SPEC, "spec.hcldec");
    assert!(!d.has_errors());
    let spec = spec.unwrap();
    let mut ctx = spec.input_context();
    let ports = Value::object([("http", Value::int(80)), ("grpc", Value::int(9090))]);
    let xs = Value::list(Type::Number, (0..50).map(Value::int).collect());
    ctx.set_variable("ports", ports);
    ctx.set_variable("xs", xs);
    ctx.set_variable("name", Value::string("web"));
    ctx.set_limits(hcldecode::eval::Limits {
        max_elements: 10_000,
        max_string_bytes: 1 << 20,
        ..Default::default()
    });
    let opts = DecodeOptions::new().dynamic_blocks(true);
    for syntax in [Syntax::Native, Syntax::Json] {
        let (file, diags) = parse::parse(data, "fuzz", syntax);
        if diags.has_errors() {
            continue;
        }
        let (v, diags) = spec.decode_with(&file.body, Some(&ctx), opts);
        let _ = spec.variables_with(&file.body, opts);
        if !diags.has_errors() {
            let _ = marshal(&v, &Type::Dynamic);
        }
    }
});
