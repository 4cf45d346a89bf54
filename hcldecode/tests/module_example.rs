//! The Terraform-module-shaped example (`examples/module/`,
//! `examples/module.rs`): two files, typed variables with defaults, a
//! validation rule and a sensitive one, locals that refer to each other
//! and to variables, given values by API, by a file of values, by
//! `--var` and by the environment.

#![cfg(feature = "derive")]

#[path = "../examples/module.rs"]
#[allow(dead_code)]
mod module;

use hcldecode::Decoder;
use module::{Module, files, var_argument};

fn env(password: &str) -> Vec<(String, String)> {
    vec![("APP_VAR_db_password".to_string(), password.to_string())]
}

fn decode(dec: Decoder) -> Result<Module, hcldecode::Error> {
    dec.variable_env_vars("APP_VAR_", env("hunter2"))
        .decode_paths(&files())
}

#[test]
fn defaults_and_the_environment() {
    let m = decode(Decoder::new()).unwrap();
    let api = &m.service["api"];
    assert_eq!(api.replicas, 2);
    assert_eq!(api.listeners, ["prod-eu-west-1:8080"]);
    assert_eq!(
        api.database,
        "postgres://app:hunter2@db.eu-west-1.internal/app"
    );
    assert_eq!(m.service["worker"].replicas, 4);
    let names: Vec<&str> = m.variable.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["region", "replicas", "ports", "db_password"]);
    assert!(m.variable[3].sensitive);
}

#[test]
fn a_file_of_values_and_var_arguments() {
    let tfvars = files()[0].with_file_name("prod.tfvars");
    let dec = Decoder::new().variable_values_file(&tfvars).unwrap();
    let m = decode(dec.clone()).unwrap();
    assert_eq!(m.service["api"].replicas, 3);
    assert_eq!(
        m.service["api"].listeners,
        ["prod-eu-west-1:80", "prod-eu-west-1:443"]
    );
    // `--var` over the file: a number as an expression, a string as text.
    let declared = &m.variable;
    let (n, v) = var_argument("replicas=4", declared).unwrap();
    let (rn, rv) = var_argument("region=us-east-2", declared).unwrap();
    let m = decode(dec.variable_value(n, v).variable_value(rn, rv)).unwrap();
    assert_eq!(m.service["api"].replicas, 4);
    assert_eq!(m.service["worker"].replicas, 8);
    assert_eq!(m.service["api"].listeners[0], "prod-us-east-2:80");
    assert!(var_argument("replicas", declared).is_err());
}

#[test]
fn mistakes_are_reported_at_their_place_without_the_secret() {
    // The password not given: one error at its declaration.
    let err = Decoder::new()
        .decode_paths::<Module, _>(&files())
        .unwrap_err();
    assert_eq!(err.diagnostics().len(), 1, "{err}");
    assert_eq!(
        err.diagnostics()[0].summary,
        "No value for required variable"
    );
    assert!(
        err.to_string()
            .contains("variables.hcl line 30, in variable \"db_password\""),
        "{err}"
    );
    // A value the validation rule refuses.
    let err = decode(Decoder::new().variable_value("replicas", 11)).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("Run between 1 and 10 replicas."), "{text}");
    assert!(!text.contains("hunter2"), "{text}");
}

/// The same module through the spec file `examples/module/module.hcldec`
/// (its `namespace` blocks): the same services as the derive gives, with
/// the same values given.
#[test]
fn the_spec_file_route_gives_the_same_services() {
    use hcldecode::Value;
    use hcldecode::namespaces::VariableInputs;
    use hcldecode::spec_file::LoadedSpec;
    let dir = files()[0].parent().unwrap().to_path_buf();
    let text = std::fs::read_to_string(dir.join("module.hcldec")).unwrap();
    let (spec, _) = LoadedSpec::load_file(&text, "module.hcldec").unwrap();
    assert_eq!(spec.namespaces.len(), 2);
    let tfvars = std::fs::read_to_string(dir.join("prod.tfvars")).unwrap();
    let inputs = VariableInputs::new()
        .env_vars("APP_VAR_", env("hunter2"))
        .values_str(&tfvars, "prod.tfvars")
        .text("replicas", "4");
    let spec = spec.with_variable_inputs(inputs);
    let parsed: Vec<_> = files()
        .iter()
        .map(|p| hcldecode::parse::parse_path(p).0.unwrap())
        .collect();
    let body = hcldecode::Body::merged(parsed.iter().map(|f| f.body.clone()).collect());
    let (value, diags) = spec.decode(&body, None);
    assert!(!diags.has_errors(), "{diags:?}");

    let tf = Decoder::new()
        .variable_values_file(dir.join("prod.tfvars"))
        .unwrap()
        .variable_text("replicas", "4");
    let m = decode(tf).unwrap();
    let services = value.get_attr("service").unwrap();
    assert_eq!(services.length_int(), Some(m.service.len()));
    for (name, s) in &m.service {
        let v = services.index(&Value::string(name.as_str())).unwrap();
        assert_eq!(
            v.get_attr("replicas"),
            Some(Value::int(i64::from(s.replicas)))
        );
        let listeners: Vec<Value> = s
            .listeners
            .iter()
            .map(|l| Value::string(l.as_str()))
            .collect();
        assert_eq!(
            v.get_attr("listeners").unwrap().elements().unwrap(),
            listeners.as_slice()
        );
        assert_eq!(
            v.get_attr("database"),
            Some(Value::string(s.database.as_str()))
        );
    }
    // The namespaces' blocks are not part of the spec's result.
    assert!(value.get_attr("variable").is_none());
}

/// Introspection for tools: the module's declarations as written, and
/// what each local refers to.
#[test]
fn the_modules_declarations_for_tools() {
    use hcldecode::HclDecode;
    use hcldecode::declare::inspect;
    let parsed: Vec<_> = files()
        .iter()
        .map(|p| hcldecode::parse::parse_path(p).0.unwrap())
        .collect();
    let body = hcldecode::Body::merged(parsed.iter().map(|f| f.body.clone()).collect());
    let d = inspect(&body, &Module::namespaces());
    let vars: Vec<(&str, Option<&str>, bool)> = d
        .variables
        .iter()
        .map(|v| (v.name.as_str(), v.type_expr.as_deref(), v.sensitive))
        .collect();
    assert_eq!(
        vars[..2],
        [
            ("region", Some("string"), false),
            ("replicas", Some("number"), false)
        ]
    );
    assert_eq!(vars[3], ("db_password", Some("string"), true));
    assert_eq!(d.variables[0].default.as_deref(), Some("\"eu-west-1\""));
    assert_eq!(
        d.variables[0].description.as_deref(),
        Some("The region the services run in.")
    );
    assert!(d.variables[0].range.filename.ends_with("variables.hcl"));
    let locals: Vec<(&str, Vec<String>)> = d
        .locals
        .iter()
        .map(|l| {
            (
                l.name.as_str(),
                l.references
                    .iter()
                    .map(|r| format!("{}.{}", r.namespace, r.name))
                    .collect(),
            )
        })
        .collect();
    assert_eq!(
        locals,
        [
            (
                "listeners",
                vec!["var.ports".to_string(), "local.prefix".to_string()]
            ),
            (
                "prefix",
                vec!["local.env".to_string(), "var.region".to_string()]
            ),
            ("env", vec![]),
        ]
    );
}
