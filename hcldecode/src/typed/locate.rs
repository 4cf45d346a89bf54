//! Where a part of a decoded value was written: a path into the value
//! (struct fields by their Rust names, elements by index, map entries and
//! block-map labels by key), as validation crates report their findings,
//! followed through the positions of a decode ([`At`]).
//!
//! Each type says how a path goes on inside its values
//! ([`HclDecode::locate`](super::HclDecode::locate)): a derived struct
//! maps its Rust field names to the attributes and blocks it reads, lists
//! and maps step to their elements (`impls`), wrappers pass the path on;
//! the default ([`locate_any`]) walks the value as written. Where a path leaves what was written (a field
//! left to its default), the position is the deepest one it reached: the
//! block or body the field would be in.

use hcldecode_spec::source::Range;

use super::At;

/// One step of a path into a decoded value.
///
/// ```
/// use hcldecode::typed::PathSegment;
/// let path = PathSegment::parse("services[1].ports.http");
/// assert_eq!(
///     path,
///     [
///         PathSegment::Key("services"),
///         PathSegment::Index(1),
///         PathSegment::Key("ports"),
///         PathSegment::Key("http"),
///     ]
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathSegment<'a> {
    /// A struct's field (by its Rust name), a map's entry or a block map's
    /// label.
    Key(&'a str),
    /// An element of a list, or the `n`th block of a block list.
    Index(usize),
}

impl<'a> PathSegment<'a> {
    /// The segments of a dotted path with bracketed indices
    /// (`a.b[0].c`, as garde and validator print theirs). A bracketed part
    /// that is not a number is a key (`tags[env]`).
    pub fn parse(path: &'a str) -> Vec<PathSegment<'a>> {
        let mut out = Vec::new();
        for part in path.split('.').filter(|p| !p.is_empty()) {
            let (head, mut rest) = match part.find('[') {
                Some(i) => part.split_at(i),
                None => (part, ""),
            };
            if !head.is_empty() {
                out.push(PathSegment::Key(head));
            }
            while let Some(inner) = rest.strip_prefix('[') {
                let end = inner.find(']').unwrap_or(inner.len());
                let item = &inner[..end];
                out.push(match item.parse() {
                    Ok(i) => PathSegment::Index(i),
                    Err(_) => PathSegment::Key(item),
                });
                rest = inner.get(end + 1..).unwrap_or("");
            }
        }
        out
    }
}

/// The range of the value at `at`, or where it would be written when it
/// was not (a missing attribute's body).
pub fn here(at: At<'_>) -> Option<Range> {
    at.range().or_else(|| at.missing_range())
}

/// What [`HclDecode::locate`](super::HclDecode::locate) does for a type that knows nothing more of
/// its values: each step a key or an element of the value as written (an
/// object constructor's item, a tuple's element, a block's attribute).
pub fn locate_any(path: &[PathSegment<'_>], at: At<'_>) -> Option<Range> {
    match path.split_first() {
        None => here(at),
        Some((PathSegment::Key(k), rest)) => locate_any(rest, at.key(k)).or_else(|| here(at)),
        Some((PathSegment::Index(i), rest)) => locate_any(rest, at.index(*i)).or_else(|| here(at)),
    }
}
