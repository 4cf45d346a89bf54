//! `check_number_literal` against `cty.ParseNumberVal` (Go's
//! `big.ParseFloat` at 512 bits): each line of the data file is `true` or
//! `false` (whether Go accepted the text) and the text, recorded from Go.

use hcldecode_spec::syntax::native::check_number_literal;

#[test]
fn number_literals_match_go() {
    let data = include_str!("data/native_number_literals.txt");
    let mut n = 0;
    for line in data.lines() {
        let (ok, text) = line.split_once(' ').unwrap_or((line, ""));
        assert_eq!(check_number_literal(text), ok == "true", "{text:?}");
        n += 1;
    }
    assert!(n > 400);
}
