//! The stdlib functions (spec-file functions and operator functions)
//! against go-cty 1.12.1 vectors (tests/data/function_calls.txt; the
//! `jsondecode` rows of repeated properties follow go-cty 1.16.2): results,
//! result types, error messages and the argument an error is about.

mod value_support;

use hcldecode::function::{FunctionError, stdlib};
use value_support::*;

/// Whether the vector's expected result depends on the 512-bit Number:
/// big numbers, or arithmetic on fractions or negative zero (the f64
/// placeholder rounds differently and keeps -0).
fn needs_exact(f: &[&str], n: usize) -> bool {
    if needs_exact_number(&f.join("\t")) {
        return true;
    }
    let arithmetic = matches!(
        f[1],
        "add" | "subtract" | "multiply" | "divide" | "modulo" | "int"
    );
    arithmetic
        && f[3..3 + n]
            .iter()
            .any(|a| a.starts_with("n(") && (a.contains('.') || a.contains("-0)")))
}

/// Grapheme clusters of Indic conjuncts (Unicode 15.1's GB9c) are one
/// cluster for unicode-segmentation but several for Go's textseg (Unicode
/// 13): a known deviation.
fn indic_conjunct(f: &[&str]) -> bool {
    matches!(f[1], "reverse" | "strlen" | "substr")
        && f.iter()
            .any(|a| a.chars().any(|c| ('\u{900}'..='\u{D7F}').contains(&c)))
}

/// The number of arguments of a call vector.
fn arg_count(f: &[&str]) -> usize {
    f[2].parse().unwrap()
}

fn run(exact: bool) {
    let text = include_str!("data/function_calls.txt");
    // The Go generator prints an empty argument field for no arguments.
    let vectors = vectors(text).map(|(line, mut f)| {
        if arg_count(&f) == 0 {
            f.remove(3);
        }
        (line, f)
    });
    let picked =
        vectors.filter(|(_, f)| needs_exact(f, arg_count(f)) == exact && !indic_conjunct(f));
    check_each(picked, |line, f, failures| {
        let n = arg_count(f);
        let name = f[1];
        let args: Vec<_> = f[3..3 + n].iter().map(|s| parse_value(s)).collect();
        let want = f[3 + n..].join("\t");
        if want == "NONDET" {
            return;
        }
        let func = stdlib::lookup(name).unwrap_or_else(|| panic!("no function {name}"));
        let got = match func.call(&args) {
            Ok(v) => format!("ok\t{}\t{}", fmt_value(&v), fmt_type(v.ty())),
            Err(FunctionError::Panic(_)) => "panicerr".to_string(),
            Err(e) => format!(
                "err\t{}\t{}",
                e.arg_index().map_or("-".to_string(), |i| i.to_string()),
                json_quote(&e.to_string())
            ),
        };
        if got != want {
            failures.push(format!(
                "line {line}: {name}({})\n  want {want}\n  got  {got}",
                f[3..3 + n].join(", ")
            ));
        }
    });
}

#[test]
fn stdlib_calls_match_cty() {
    run(false);
}

#[test]

fn stdlib_calls_match_cty_exact_numbers() {
    run(true);
}

#[test]
fn spec_functions_are_the_fifteen() {
    let names: Vec<&str> = stdlib::spec_functions().iter().map(|(n, _)| *n).collect();
    // Every name resolves (a name `lookup` lacked would be left out).
    assert_eq!(names, stdlib::SPEC_FUNCTION_NAMES);
    // The reference's spec-file functions (hcldec's `specFuncs`).
    assert_eq!(
        names,
        [
            "abs",
            "coalesce",
            "concat",
            "hasindex",
            "int",
            "jsondecode",
            "jsonencode",
            "length",
            "lower",
            "max",
            "min",
            "reverse",
            "strlen",
            "substr",
            "upper"
        ]
    );
}
