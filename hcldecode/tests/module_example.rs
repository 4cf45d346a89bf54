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
