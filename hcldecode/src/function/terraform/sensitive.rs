//! `sensitive` and `nonsensitive` (`internal/lang/funcs/sensitive.go`).
//! Values carry no sensitivity marks here, so both return their argument
//! unchanged (docs/deviations.md); `issensitive`, which could only answer
//! wrongly, is left out.

use crate::Type;
use crate::function::stdlib::{build, shared_function};
use crate::function::{Parameter, ReturnType};
use crate::value::Value;

fn identity(description: &str) -> crate::function::Function {
    build(
        description,
        vec![
            Parameter::new("value", Type::Dynamic)
                .allow_unknown()
                .allow_null()
                .allow_dynamic_type(),
        ],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| Ok(args[0].ty().clone()))),
        |args, _| Ok(args[0].clone()),
    )
}

shared_function! {
    /// `sensitive(value)`: the value (Terraform would mark it sensitive).
    sensitive => identity("Returns a value identical to its argument; Terraform marks it as sensitive.")
}

shared_function! {
    /// `nonsensitive(value)`: the value (Terraform would remove its
    /// sensitive mark).
    nonsensitive => identity("Returns a value identical to its argument; Terraform removes its sensitive mark.")
}
