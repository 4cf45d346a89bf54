//! Values given to declared variables from outside the configuration.

use crate::Value;

/// Values given to declared variables from outside the configuration, for
/// a spec file's route ([`LoadedSpec::with_variable_inputs`](crate::spec_file::LoadedSpec::with_variable_inputs));
/// a [`Decoder`](crate::Decoder) has the same methods. In order of
/// precedence (later wins): the environment, files of values (in the order
/// given), values given in code.
///
/// ```
/// use hcldecode::namespaces::VariableInputs;
/// let inputs = VariableInputs::new()
///     .env_vars("APP_", [("APP_region".to_string(), "eu".to_string())])
///     .values_str("replicas = 3\n", "prod.tfvars")
///     .value("replicas", 4);
/// # let _ = inputs;
/// ```
#[derive(Clone, Debug, Default)]
pub struct VariableInputs(pub(super) Inputs);

impl VariableInputs {
    /// No values.
    pub fn new() -> VariableInputs {
        VariableInputs::default()
    }

    /// Variable `name` has `value` (see [`Decoder::variable_value`](crate::Decoder::variable_value)).
    pub fn value(mut self, name: impl Into<String>, value: impl Into<Value>) -> VariableInputs {
        self.0.values.push((name.into(), value.into()));
        self
    }

    /// Variable `name` has the value `text` stands for, read as `--var`
    /// and the environment are (see [`Decoder::variable_text`](crate::Decoder::variable_text)).
    pub fn text(mut self, name: impl Into<String>, text: impl Into<String>) -> VariableInputs {
        self.0.texts.push((name.into(), text.into()));
        self
    }

    /// Variables given no value and without a default are unknown instead
    /// of an error (see [`Decoder::allow_missing_variables`](crate::Decoder::allow_missing_variables)).
    pub fn allow_missing(mut self) -> VariableInputs {
        self.0.allow_missing = true;
        self
    }

    /// Values from a file of values (see [`Decoder::variable_values_str`](crate::Decoder::variable_values_str)).
    pub fn values_str(mut self, text: &str, filename: &str) -> VariableInputs {
        self.0.files.push((filename.to_string(), text.to_string()));
        self
    }

    /// Values from the process's environment (see [`Decoder::variable_env`](crate::Decoder::variable_env)).
    pub fn env(mut self, prefix: &str) -> VariableInputs {
        self.0.env = Some(EnvInput {
            prefix: prefix.to_string(),
            vars: None,
        });
        self
    }

    /// Values from the environment variables `vars` (see [`Decoder::variable_env_vars`](crate::Decoder::variable_env_vars)).
    pub fn env_vars(
        mut self,
        prefix: &str,
        vars: impl IntoIterator<Item = (String, String)>,
    ) -> VariableInputs {
        self.0.env = Some(EnvInput {
            prefix: prefix.to_string(),
            vars: Some(vars.into_iter().collect()),
        });
        self
    }
}

/// Values given to declared variables (see [`VariableInputs`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Inputs {
    /// Environment variables `PREFIX` + name.
    pub(crate) env: Option<EnvInput>,
    /// Files of values: `(file name, text)`, native or JSON by name.
    pub(crate) files: Vec<(String, String)>,
    /// Values given in code.
    pub(crate) values: Vec<(String, Value)>,
    /// Values given as text (`--var name=value`), over those in code.
    pub(crate) texts: Vec<(String, String)>,
    /// A variable with neither a value nor a default is unknown, not an
    /// error (an editor checks a configuration without its inputs).
    pub(crate) allow_missing: bool,
}

/// Values from environment variables.
#[derive(Clone, Debug)]
pub(crate) struct EnvInput {
    /// What names start with (`TF_VAR_`).
    pub(crate) prefix: String,
    /// The variables; the process's own (read when decoding) when `None`.
    pub(crate) vars: Option<Vec<(String, String)>>,
}
