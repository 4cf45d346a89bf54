//! The `description` argument of spec blocks (an extension): loaded into
//! the spec tree, checked to be a literal string, printed back.

use hcldecode_spec::diag::Code;
use hcldecode_spec::spec::Spec;
use hcldecode_spec::spec::load::{StaticEval, load_spec_file};
use hcldecode_spec::syntax::native::source_from_text;

fn load(text: &str) -> (Spec, Vec<(Option<Code>, String)>) {
    let (file, _) = source_from_text("s.hcldec", text.to_string());
    let (spec, diags) = load_spec_file(file, &mut StaticEval);
    let d = diags.iter().map(|d| (d.code, d.summary.clone())).collect();
    (spec.root, d)
}

fn props(spec: &Spec) -> Vec<(String, Option<String>)> {
    let Spec::Object(o) = spec else {
        panic!("{spec:?}")
    };
    o.properties
        .iter()
        .map(|(k, s)| (k.clone(), s.description().map(str::to_string)))
        .collect()
}

const SPEC: &str = r#"object {
  attr "name" {
    type        = string
    description = "The service's name."
  }
  attr "port" {
    type = number
  }
  block "http" {
    description = <<-EOT
      HTTP settings.
      Two lines.
    EOT
    object {
      attr "listen" {
        type        = string
        description = "Address, e.g. \":80\"; 100% literal $${x}"
      }
    }
  }
  block_list "rule" {
    description = "A rule."
    min_items   = 1
    literal {
      value = 1
    }
  }
  block_set "tag" {
    description = "A tag."
    literal {
      value = 1
    }
  }
  block_map "backend" {
    labels      = ["name"]
    description = "A backend by name."
    object {
      attr "url" {
        type = string
      }
    }
  }
  block_attrs "env" {
    element_type = string
    description  = "Environment variables."
  }
}
"#;

#[test]
fn every_named_kind_keeps_its_description() {
    let (spec, diags) = load(SPEC);
    assert!(diags.is_empty(), "{diags:?}");
    let d = |s: &str| Some(s.to_string());
    assert_eq!(
        props(&spec),
        [
            ("name".to_string(), d("The service's name.")),
            ("port".to_string(), None),
            ("http".to_string(), d("HTTP settings.\nTwo lines.\n")),
            ("rule".to_string(), d("A rule.")),
            ("tag".to_string(), d("A tag.")),
            ("backend".to_string(), d("A backend by name.")),
            ("env".to_string(), d("Environment variables.")),
        ]
    );
    let Spec::Object(o) = &spec else { panic!() };
    let http = o.properties[2].1.nested().unwrap();
    assert_eq!(
        props(http),
        [(
            "listen".to_string(),
            d("Address, e.g. \":80\"; 100% literal ${x}")
        )]
    );
}

#[test]
fn descriptions_are_printed_back_and_reload_the_same() {
    let (spec, _) = load(SPEC);
    let text = spec.to_spec_file();
    assert!(
        text.contains("description = \"The service's name.\"\n"),
        "{text}"
    );
    assert!(
        text.contains("description = \"HTTP settings.\\nTwo lines.\\n\"\n"),
        "{text}"
    );
    // `${` stays literal text when printed.
    assert!(text.contains("100% literal $${x}"), "{text}");
    let (again, diags) = load(&text);
    assert!(diags.is_empty(), "{diags:?}\n{text}");
    assert_eq!(props(&again), props(&spec));
    assert_eq!(again.to_spec_file(), text);
}

#[test]
fn a_description_that_is_no_literal_string_is_an_error_with_a_code() {
    for bad in [
        "\"a ${b}\"",
        "42",
        "[\"a\"]",
        "upper(\"a\")",
        "\"%{if true}x%{endif}\"",
    ] {
        let text = format!("attr {{\n  name = \"a\"\n  type = string\n  description = {bad}\n}}\n");
        let (_, diags) = load(&text);
        assert_eq!(
            diags,
            [(
                Some(Code::InvalidSpecDescription),
                "Invalid description".to_string()
            )],
            "{bad}"
        );
    }
    assert_eq!(
        Code::InvalidSpecDescription.as_str(),
        "spec.invalid_description"
    );
}

#[test]
fn kinds_without_a_name_do_not_take_one() {
    // `description` names a schema item: an `object` or `literal` has none.
    let (_, diags) = load("object {\n  description = \"x\"\n}\n");
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].1, "Unsupported argument");
}
