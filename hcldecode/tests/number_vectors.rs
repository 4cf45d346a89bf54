//! Number semantics checked against vectors printed by Go's `math/big` and
//! go-cty 1.12.1 (files under `tests/data/number_*.txt`; one case per line,
//! tab-separated; see each test for the columns).

use hcldecode::value::{Number, NumberError};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn lines(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.split('\n')
        .filter(|l| !l.is_empty())
        .map(|l| l.split('\t').collect())
}

/// An operand as the Go generator built it: `p:` ParseNumberVal (512 bits),
/// `i:` NumberIntVal (64), `f:` NumberFloatVal of the given f64 bits (53).
fn operand(spec: &str) -> Number {
    let (kind, text) = spec.split_at(2);
    match kind {
        "p:" => Number::parse(text).unwrap(),
        "i:" => Number::from_i64(text.parse().unwrap()),
        "f:" => Number::from_f64(f64::from_bits(u64::from_str_radix(text, 16).unwrap())).unwrap(),
        "b:" => Number::from_big_int(&text.parse::<num_bigint::BigInt>().unwrap()),
        _ => panic!("bad operand {spec}"),
    }
}

/// Checks a result against Go's `prec`, `Text('p', 0)` (exact value) and
/// `Text('f', -1)` (`HUGE` when Go's exponent was too large to print).
fn check_result(
    what: &str,
    got: Result<Number, NumberError>,
    prec: &str,
    p: &str,
    f: &str,
    failures: &mut Vec<String>,
) {
    match got {
        Err(e) => {
            if prec != "ERR" {
                failures.push(format!("{what}: got error {e:?}, want {f} @{prec}"));
            }
        }
        Ok(n) => {
            if prec == "ERR" {
                failures.push(format!("{what}: got {n:?}, want error"));
                return;
            }
            let gp = n.precision().to_string();
            let gx = n.format('p', 0);
            if gp != prec || gx != p {
                failures.push(format!("{what}: got {gx} @{gp}, want {p} @{prec}"));
                return;
            }
            if f != "HUGE" {
                let gf = n.to_string();
                if gf != f {
                    failures.push(format!("{what}: Text('f',-1) got {gf}, want {f}"));
                }
            }
        }
    }
}

fn report(failures: Vec<String>, total: usize) {
    if !failures.is_empty() {
        let shown: Vec<_> = failures.iter().take(40).collect();
        panic!(
            "{} of {total} checks failed:\n{}",
            failures.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// Columns: input, prec (or ERR), Text('p',0), Text('f',-1), String(),
/// Float64 bits, Int64 if exact, Uint64 if exact, IsInt.
#[test]
fn parse_vectors() {
    // Kept beside the number parser, in the values' crate.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../hcldecode-spec/tests/data/number_parse.txt"
    ))
    .unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for cols in lines(&text) {
        total += 1;
        let input = cols[0];
        let got = Number::parse(input);
        if cols[1] == "ERR" {
            if got != Err(NumberError::Syntax) {
                failures.push(format!("parse({input:?}): got {got:?}, want error"));
            }
            continue;
        }
        let what = format!("parse({input:?})");
        check_result(&what, got.clone(), cols[1], cols[2], cols[3], &mut failures);
        let Ok(n) = got else { continue };
        if cols[4] != "HUGE" && n.to_string_g10() != cols[4] {
            failures.push(format!(
                "{what}: String() got {}, want {}",
                n.to_string_g10(),
                cols[4]
            ));
        }
        let f64bits = format!("{:016x}", n.to_f64().to_bits());
        if f64bits != cols[5] {
            failures.push(format!("{what}: Float64 got {f64bits}, want {}", cols[5]));
        }
        let i = n.to_i64().map_or("-".to_string(), |v| v.to_string());
        if i != cols[6] {
            failures.push(format!("{what}: Int64 got {i}, want {}", cols[6]));
        }
        // Go's Uint64 reports truncated non-integers as exact when they have
        // at most 64 significant bits (a Go bug); compare integers only.
        let u = n.to_u64().map_or("-".to_string(), |v| v.to_string());
        if cols[8] == "true" && u != cols[7] {
            failures.push(format!("{what}: Uint64 got {u}, want {}", cols[7]));
        }
        if n.is_integer().to_string() != cols[8] {
            failures.push(format!(
                "{what}: IsInt got {}, want {}",
                n.is_integer(),
                cols[8]
            ));
        }
        // The shortest text reads back to the same value.
        if cols[3] != "HUGE" && !n.is_infinite() {
            let back = Number::parse(&n.to_string()).unwrap();
            if back != n {
                failures.push(format!("{what}: {n} does not read back"));
            }
        }
    }
    assert!(total > 4000);
    report(failures, total);
}

const FORMATS: [(char, i32); 16] = [
    ('e', -1),
    ('E', -1),
    ('g', -1),
    ('G', -1),
    ('e', 0),
    ('e', 5),
    ('f', 0),
    ('f', 3),
    ('g', 0),
    ('g', 3),
    ('g', 25),
    ('b', 0),
    ('x', -1),
    ('x', 0),
    ('x', 3),
    ('q', 0),
];

/// Columns: input, then `Text(fmt, prec)` for each of [`FORMATS`].
#[test]
fn format_vectors() {
    format_file("number_format.txt", 20000);
}

/// Like [`format_vectors`] for operands at 53 and 64 bits (and big
/// integers), and their quotients (`a/b`).
#[test]
fn format_vectors_2() {
    format_file("number_format2.txt", 15000);
}

fn format_file(name: &str, min: usize) {
    let text = data(name);
    let mut failures = Vec::new();
    let mut total = 0;
    for cols in lines(&text) {
        let n = match cols[0].split_once('/') {
            Some((a, b)) => operand(a).div(&operand(b)).unwrap(),
            None if cols[0].contains(':') => operand(cols[0]),
            None => Number::parse(cols[0]).unwrap(),
        };
        for (i, (fmt, prec)) in FORMATS.iter().enumerate() {
            total += 1;
            let got = n.format(*fmt, *prec);
            if got != cols[i + 1] {
                failures.push(format!(
                    "{}.Text({fmt:?}, {prec}): got {got}, want {}",
                    cols[0],
                    cols[i + 1]
                ));
            }
        }
    }
    assert!(total > min);
    report(failures, total);
}

/// Columns: a, b, then (prec, Text('p',0), Text('f',-1)) for cty's Add,
/// Subtract, Multiply, Divide and Modulo (ERR when Go panicked), then
/// `a.Cmp(b)` and cty `Equals` (`-` when not computed).
#[test]
fn arith_vectors() {
    arith_file("number_arith.txt", 15000);
}

/// Like [`arith_vectors`]: rounding at 53 and 64 bits around ties and
/// exponent gaps, near cancellations, big integers (`b:`, Go's `SetInt`).
#[test]
fn arith_vectors_2() {
    arith_file("number_arith2.txt", 15000);
}

fn arith_file(name: &str, min: usize) {
    let text = data(name);
    let mut failures = Vec::new();
    let mut total = 0;
    for cols in lines(&text) {
        let a = operand(cols[0]);
        let b = operand(cols[1]);
        let ops: [(&str, Result<Number, NumberError>); 5] = [
            ("+", a.add(&b)),
            ("-", a.sub(&b)),
            ("*", a.mul(&b)),
            ("/", a.div(&b)),
            ("%", a.rem(&b)),
        ];
        for (i, (op, got)) in ops.into_iter().enumerate() {
            total += 1;
            let c = 2 + 3 * i;
            let what = format!("{} {op} {}", cols[0], cols[1]);
            check_result(&what, got, cols[c], cols[c + 1], cols[c + 2], &mut failures);
        }
        total += 1;
        let cmp = match a.cmp(&b) {
            std::cmp::Ordering::Less => "-1",
            std::cmp::Ordering::Equal => "0",
            std::cmp::Ordering::Greater => "1",
        };
        if cmp != cols[17] {
            failures.push(format!(
                "cmp({}, {}): got {cmp}, want {}",
                cols[0], cols[1], cols[17]
            ));
        }
        if (a == b) != (cols[17] == "0") || (a < b) != (cols[17] == "-1") {
            failures.push(format!("PartialEq/PartialOrd({}, {})", cols[0], cols[1]));
        }
        if cols[18] != "-" {
            total += 1;
            let eq = a.cty_equals(&b).to_string();
            if eq != cols[18] {
                failures.push(format!(
                    "equals({}, {}): got {eq}, want {}",
                    cols[0], cols[1], cols[18]
                ));
            }
        }
    }
    assert!(total > min);
    report(failures, total);
}

/// Columns: a, then (prec, Text('p',0), Text('f',-1)) for stdlib `int`,
/// `floor`, `ceil` (ERR when Go failed), cty Negate and Absolute, then
/// Float64 bits, Int64, Uint64, IsInt, String(), Text('p', 0).
#[test]
fn unary_vectors() {
    let text = data("number_unary.txt");
    let mut failures = Vec::new();
    let mut total = 0;
    for cols in lines(&text) {
        let a = operand(cols[0]);
        let ops: [(&str, Number); 5] = [
            ("int", a.trunc()),
            ("floor", a.floor()),
            ("ceil", a.ceil()),
            ("negate", a.neg()),
            ("abs", a.abs()),
        ];
        for (i, (op, got)) in ops.into_iter().enumerate() {
            let c = 1 + 3 * i;
            if cols[c] == "ERR" {
                // Go crashes on int(±inf) (nil big.Int); we return it.
                assert!(a.is_infinite(), "{op}({})", cols[0]);
                continue;
            }
            total += 1;
            let what = format!("{op}({})", cols[0]);
            check_result(
                &what,
                Ok(got),
                cols[c],
                cols[c + 1],
                cols[c + 2],
                &mut failures,
            );
        }
        total += 1;
        let what = cols[0];
        let f64bits = format!("{:016x}", a.to_f64().to_bits());
        if f64bits != cols[16] {
            failures.push(format!("{what}: Float64 got {f64bits}, want {}", cols[16]));
        }
        let i = a.to_i64().map_or("-".to_string(), |v| v.to_string());
        if i != cols[17] {
            failures.push(format!("{what}: Int64 got {i}, want {}", cols[17]));
        }
        let u = a.to_u64().map_or("-".to_string(), |v| v.to_string());
        if cols[19] == "true" && u != cols[18] {
            failures.push(format!("{what}: Uint64 got {u}, want {}", cols[18]));
        }
        if a.is_integer().to_string() != cols[19] {
            failures.push(format!(
                "{what}: IsInt got {}, want {}",
                a.is_integer(),
                cols[19]
            ));
        }
        if cols[20] != "HUGE" && a.to_string_g10() != cols[20] {
            failures.push(format!(
                "{what}: String() got {}, want {}",
                a.to_string_g10(),
                cols[20]
            ));
        }
        if a.format('p', 0) != cols[21] {
            failures.push(format!(
                "{what}: Text('p') got {}, want {}",
                a.format('p', 0),
                cols[21]
            ));
        }
    }
    assert!(total > 7000);
    report(failures, total);
}
