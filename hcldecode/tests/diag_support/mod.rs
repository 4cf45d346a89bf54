//! Shared helpers for tests that check where diagnostics point.

use hcldecode::Diagnostic;

/// `(summary, start byte, end byte)` of each diagnostic.
pub fn summaries(diags: &[Diagnostic]) -> Vec<(String, usize, usize)> {
    diags
        .iter()
        .map(|d| {
            let r = d.subject.as_ref().expect("a subject");
            (d.summary.clone(), r.start.byte, r.end.byte)
        })
        .collect()
}
