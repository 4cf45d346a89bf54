use hcldecode::namespaces::{Locals, Variable};
use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(variables = "var")]
    variable: Vec<Variable>,
    #[hcl(block, variables = "var", locals = "local")]
    both: Vec<Locals>,
    #[hcl(block, locals = "not a name")]
    locals: Vec<Locals>,
}

fn main() {}
