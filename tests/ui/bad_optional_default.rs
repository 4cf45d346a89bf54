use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(type = "object({ port = optional(number, \"eighty\") })")]
    service: hcldecode::Value,
    #[hcl(type = "list(object({ path = string, interval = optional(string, \"10s\") }))")]
    checks: hcldecode::Value,
    #[hcl(type = "object({ tls = optional(object({ on = bool, port = number }), { on = \"yes\" }) })")]
    tls: hcldecode::Value,
    #[hcl(type = "object({ port = optional(number, \"8080\"), tags = optional(list(string), [1, 2]) })")]
    ok: hcldecode::Value,
}

fn main() {}
