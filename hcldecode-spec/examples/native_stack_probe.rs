//! Development aid: parses one deeply nested construct on a 2 MiB thread;
//! `native_stack_probe CONSTRUCT N` exits non-zero if the stack overflows.
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::native::{ParseOptions, parse_config_with};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap();
    let n: usize = args.next().unwrap().parse().unwrap();
    let text = match name.as_str() {
        "tuple" => format!("a = {}1{}\n", "[".repeat(n), "]".repeat(n)),
        "paren" => format!("a = {}1{}\n", "(".repeat(n), ")".repeat(n)),
        "object" => format!("a = {}1{}\n", "{a = ".repeat(n), "}".repeat(n)),
        "call" => format!("a = {}1{}\n", "f(".repeat(n), ")".repeat(n)),
        "neg" => format!("a = {}1\n", "-".repeat(n)),
        "tmpl" => format!("a = {}1{}\n", "\"${".repeat(n), "}\"".repeat(n)),
        "cond" => format!("a = {}1{}\n", "x ? ".repeat(n), " : 2".repeat(n)),
        "for" => format!("a = {}y{}\n", "[for x in ".repeat(n), " : x]".repeat(n)),
        "block" => format!("{}a = 1\n{}", "b {\n".repeat(n), "}\n".repeat(n)),
        "splat" => format!("a = x{}\n", "[*]".repeat(n)),
        "if" => format!("a = \"{}x{}\"\n", "%{if a}".repeat(n), "%{endif}".repeat(n)),
        _ => panic!(),
    };
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let (t, _) = parse_config_with(
                SourceFile::new("d", text),
                &ParseOptions {
                    max_depth: 1_000_000,
                },
            );
            drop(t);
        })
        .unwrap()
        .join()
        .unwrap();
}
