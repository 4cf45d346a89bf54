//! The one-call entry points (terraform-provider-hcl's `evalexpr`,
//! `evaltemplate`, `evalconfigattrs`, `evalconfig`) and its `tuple` spelling
//! of the `array` spec.

use hcldecode::spec_file::LoadedSpec;
use hcldecode::{Type, Value, eval_config, eval_config_attrs, eval_expr, eval_template};

#[test]
fn tuple_is_the_array_spec() {
    let body = "{\n  attr {\n    name = \"a\"\n    type = string\n  }\n  attr {\n    name = \"b\"\n    type = number\n  }\n}\n";
    let src = "a = 1\nb = \"2\"\n";
    let (tuple, d1) = eval_config(src, &format!("tuple {body}"), &Value::empty_object());
    let (array, d2) = eval_config(src, &format!("array {body}"), &Value::empty_object());
    assert!(d1.is_empty() && d2.is_empty(), "{d1:?} {d2:?}");
    assert_eq!(tuple, array);
    assert_eq!(tuple, Value::tuple(vec![Value::string("1"), Value::int(2)]));
    // Printed back, it is an `array`.
    let (spec, _) = LoadedSpec::load_str(&format!("tuple {body}"), "s.hcldec");
    assert!(spec.unwrap().spec.to_spec_file().starts_with("array {"));
}

#[test]
fn given_variables_override_the_spec_files() {
    let spec = "variables {\n  env = \"dev\"\n  region = \"eu\"\n}\nobject {\n  attr \"where\" { type = string }\n}\n";
    let vars = Value::object([("env", Value::string("prod"))]);
    let (v, diags) = eval_config("where = \"${env}-${region}\"\n", spec, &vars);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(v.get_attr("where"), Some(Value::string("prod-eu")));
}

#[test]
fn spec_errors_are_reported_and_nothing_is_decoded() {
    let (v, diags) = eval_config(
        "a = 1\n",
        "object {\n  nope \"a\" {}\n}\n",
        &Value::empty_object(),
    );
    assert!(diags.has_errors());
    assert!(!v.is_known());
}

#[test]
fn variables_must_be_an_object_or_map() {
    let (_, diags) = eval_expr("1", &Value::string("x"));
    assert_eq!(diags[0].summary, "Invalid variables");
    let (v, diags) = eval_expr("1", &Value::null(Type::Dynamic));
    assert!(diags.is_empty());
    assert_eq!(v, Value::int(1));
}

#[test]
fn templates_must_give_strings() {
    let (s, diags) = eval_template("${[1]}", &Value::empty_object());
    assert_eq!(s, None);
    assert!(diags.has_errors());
    let (s, diags) = eval_template("n=${n}", &Value::object([("n", Value::int(3))]));
    assert!(diags.is_empty());
    assert_eq!(s.as_deref(), Some("n=3"));
}

#[test]
fn config_attrs_use_variables_and_report_each_problem() {
    let (v, diags) = eval_config_attrs("a = x\nb = y\n", &Value::object([("x", Value::int(1))]));
    assert_eq!(v.get_attr("a"), Some(Value::int(1)));
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].summary, "Unknown variable");
}
