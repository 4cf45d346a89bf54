//! Robustness: arbitrarily deep nesting is refused with a diagnostic
//! instead of overflowing the stack, long chains stay shallow enough to
//! drop, and many errors cost linear time.

use std::time::Instant;

use hcldecode_spec::diag::Code;
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::native::{
    self, DEFAULT_MAX_DEPTH, ParseOptions, parse_config, parse_config_with, parse_expression,
    parse_template,
};

/// Runs `f` on a thread with a 2 MiB stack (the default for spawned
/// threads, and smaller than a main thread's).
fn small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

fn nested(open: &str, inner: &str, close: &str, n: usize) -> String {
    format!("{}{}{}", open.repeat(n), inner, close.repeat(n))
}

/// Deeply nested inputs for `n` repetitions: (text, whether it is a
/// config (else a template), how many levels of nesting a repetition
/// counts for (0: not nested at all)).
fn deep_inputs(n: usize) -> Vec<(String, bool, usize)> {
    vec![
        (format!("a = {}\n", nested("[", "1", "]", n)), true, 1),
        (format!("a = {}\n", nested("(", "1", ")", n)), true, 1),
        (format!("a = {}\n", nested("{a = ", "1", "}", n)), true, 1),
        (format!("a = {}\n", nested("f(", "1", ")", n)), true, 1),
        (format!("a = {}1\n", "-".repeat(n)), true, 1),
        (format!("a = {}true\n", "!".repeat(n)), true, 1),
        (format!("a = {}\n", nested("\"${", "1", "}\"", n)), true, 1),
        (format!("a = {}\n", nested("x ? ", "1", " : 2", n)), true, 1),
        (format!("a = {}1\n", "x ? 1 : ".repeat(n)), true, 1),
        (
            format!("a = {}\n", nested("[for x in ", "y", " : x]", n)),
            true,
            1,
        ),
        (format!("a = x{}\n", "[*]".repeat(n)), true, 2),
        (format!("a = x{}\n", "[y]".repeat(n)), true, 1),
        (format!("a = f(){}\n", ".y".repeat(n)), true, 0),
        (format!("a = x{}\n", "[*].y".repeat(n)), true, 3),
        (format!("a = {}1\n", "1 + ".repeat(n)), true, 1),
        (format!("a = {}1\n", "1 * 2 + ".repeat(n)), true, 2),
        (nested("b {\n", "a = 1\n", "}\n", n), true, 1),
        (nested("%{if a}", "x", "%{endif}", n), false, 1),
        (nested("%{for a in b}", "x", "%{endfor}", n), false, 1),
    ]
}

fn parse_any(text: String, is_config: bool, opts: ParseOptions) -> usize {
    let file = SourceFile::new("deep.hcl", text);
    if is_config {
        parse_config_with(file, &opts).1.len()
    } else {
        native::parse_template_in(
            &file,
            hcldecode_spec::source::Span::new(0, file.source().len() as u32),
            &opts,
        )
        .1
        .len()
    }
}

#[test]
fn nesting_at_the_limit_parses_on_a_small_stack() {
    small_stack(|| {
        // Just under the limit: no "too deep" error.
        for cost in 1..=3 {
            for (text, cfg, c) in deep_inputs((DEFAULT_MAX_DEPTH as usize - 5) / cost) {
                if c != cost {
                    continue;
                }
                let file = SourceFile::new("deep.hcl", text.clone());
                let diags = if cfg {
                    parse_config(file).1
                } else {
                    parse_template(&file).1
                };
                assert!(
                    !diags.iter().any(|d| d.code == Some(Code::NestingTooDeep)),
                    "{}: {diags}",
                    &text[..40.min(text.len())]
                );
            }
        }
    });
}

#[test]
fn excessive_nesting_is_an_error_not_a_crash() {
    small_stack(|| {
        for (text, cfg, cost) in deep_inputs(100_000) {
            let head = text[..30].to_string();
            let file = SourceFile::new("deep.hcl", text);
            let diags = if cfg {
                let (tree, diags) = parse_config(file);
                drop(tree);
                diags
            } else {
                parse_template(&file).1
            };
            assert_eq!(
                diags.iter().any(|d| d.code == Some(Code::NestingTooDeep)),
                cost > 0,
                "{head}: {diags}"
            );
        }
    });
}

#[test]
fn depth_limit_is_configurable() {
    let opts = ParseOptions { max_depth: 10 };
    assert_eq!(
        parse_any(format!("a = {}\n", nested("[", "1", "]", 8)), true, opts),
        0
    );
    assert!(parse_any(format!("a = {}\n", nested("[", "1", "]", 20)), true, opts) > 0);
}

#[test]
fn expression_nesting_reports_where() {
    let text = format!("a = {}\n", nested("[", "1", "]", 600));
    let file = SourceFile::new("deep.hcl", text);
    let (_, diags) = parse_expression(&SourceFile::new("e", "1"));
    assert!(diags.is_empty());
    let (_, diags) = parse_config(file);
    let d = diags
        .iter()
        .find(|d| d.code == Some(Code::NestingTooDeep))
        .unwrap();
    let r = d.subject.as_ref().unwrap();
    assert_eq!(r.start.line, 1);
    assert!(r.start.column > 4 && r.start.column < 604);
}

/// The diagnostics count and the fastest of three parses (a busy machine
/// can stall any one run).
fn time_it(text: String) -> (usize, f64) {
    let mut best = f64::INFINITY;
    let mut count = 0;
    for _ in 0..3 {
        let file = SourceFile::new("many.hcl", text.clone());
        let t = Instant::now();
        let (_, diags) = parse_config(file);
        best = best.min(t.elapsed().as_secs_f64());
        count = diags.len();
    }
    (count, best)
}

#[test]
fn many_errors_cost_linear_time() {
    // Errors on many lines ("Attribute redefined" is reported even after
    // recovery), and many errors on one long line.
    let (n1, t1) = time_it("a = 1 2\n".repeat(2_000));
    let (n2, t2) = time_it("a = 1 2\n".repeat(20_000));
    assert_eq!((n1, n2), (2_000, 20_000));
    let (n3, t3) = time_it(format!("a = \"{}\"\n", "\\q".repeat(2_000)));
    let (n4, t4) = time_it(format!("a = \"{}\"\n", "\\q".repeat(20_000)));
    assert_eq!((n3, n4), (2_000, 20_000));
    let (n5, t5) = time_it(format!("a = 1 {}\n", "@".repeat(2_000)));
    let (n6, t6) = time_it(format!("a = 1 {}\n", "@".repeat(20_000)));
    assert!(n5 > 2_000 && n6 > 20_000);
    // Ten times the input may take ten times as long, with slack for
    // noise, but not a hundred times.
    for (small, big) in [(t1, t2), (t3, t4), (t5, t6)] {
        assert!(big < small * 40.0 + 0.05, "{small} -> {big}");
    }
}
