//! The schema of the namespaces' blocks in a body.

use hcldecode_spec::spec::namespace::{Namespace, NamespaceKind};
use hcldecode_spec::syntax::body::BodySchema;

/// The schema of the namespaces' blocks: a variable block has one label,
/// a locals block none.
pub(super) fn blocks_schema(namespaces: &[Namespace]) -> BodySchema {
    namespaces.iter().fold(BodySchema::new(), |s, n| {
        let labels: &[&str] = match n.kind {
            NamespaceKind::Variables => &["name"],
            NamespaceKind::Locals => &[],
        };
        s.block(&n.block_type, labels)
    })
}
