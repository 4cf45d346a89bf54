//! A driver for differential testing against the reference: reads cases
//! (JSON lines `{"m": mode, "s": source}` or `{"m": mode, "h": hex bytes}`)
//! from the file named by `NATIVE_IN` and writes our answers, in the
//! reference dumper's form, to `NATIVE_OUT`. Ignored unless run explicitly.

mod native_common;

use native_common::run_case;

#[test]
#[ignore]
fn driver() {
    let (Ok(inp), Ok(outp)) = (std::env::var("NATIVE_IN"), std::env::var("NATIVE_OUT")) else {
        return;
    };
    let text = std::fs::read_to_string(inp).unwrap();
    let mut out = String::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            continue;
        }
        let case = native_common::json::parse(line);
        out.push_str(&run_case(&case));
        out.push('\n');
    }
    std::fs::write(outp, out).unwrap();
}
