//! Blocks read with `tag = "label"`: an enum's variant named by each
//! block's first label, decoded from the rest of its body once the label
//! is known.

use hcldecode_spec::diag::render::SourceMap;
use hcldecode_spec::spec::{BlockLabelSpec, ObjectSpec, Spec};
use hcldecode_spec::syntax::body::Body;
use hcldecode_spec::syntax::suggest::name_suggestion;

use super::{BlockOptions, BodyShape, HclBody};
use crate::decode::{self, BlockTrace, DecodeHook, DirectBody, Tagged};
use crate::typed::scope::DecodeScope;
use crate::typed::tag_spec::TAG_PROPERTY;
use crate::typed::{At, Error};

/// The body spec of a block whose first label names its variant: the label,
/// and the rest of the body kept, to be decoded with the variant's spec
/// once the label is known ([`tagged_block`]). The label spec carries the
/// variants' specs, for the JSON Schema.
pub(super) fn tagged_body_spec(opts: &BlockOptions, variants: Vec<(String, Spec)>) -> Spec {
    let mut label = BlockLabelSpec::new(0, tag_label_name(opts));
    label.variants = Some(variants.into());
    DecodeHook::remain(Spec::Object(ObjectSpec {
        properties: vec![(TAG_PROPERTY.to_string(), Spec::BlockLabel(label))],
    }))
}

fn tag_label_name(opts: &BlockOptions) -> String {
    opts.labels
        .first()
        .cloned()
        .unwrap_or_else(|| "type".to_string())
}

/// Decodes a block of a `tag = "label"` field: the variant its first label
/// names, from the rest of its body, with the decoder's variables and
/// functions; "Did you mean" at the label for a label naming no variant.
pub(super) fn tagged_block<T: HclBody>(
    variants: &[(String, Spec)],
    b: &BlockTrace,
    opts: &BlockOptions,
    scope: Option<&DecodeScope>,
) -> Result<T, Error> {
    let at = At::block(b).in_scope(scope);
    let Some((label, range)) = b.labels.first() else {
        // The engine has reported the missing label.
        return Err(Error::unknown(at.diagnostic(
            "Missing block label",
            "The block's first label names its kind.",
        )));
    };
    let Some(i) = variants.iter().position(|(n, _)| n == label) else {
        let names: Vec<String> = variants.iter().map(|(n, _)| format!("{n:?}")).collect();
        let mut detail = format!(
            "A {} block's {} must be one of {}",
            opts.type_name,
            tag_label_name(opts),
            names.join(", ")
        );
        match name_suggestion(label, variants.iter().map(|(n, _)| n.as_str())) {
            Some(s) => detail.push_str(&format!("; did you mean {s:?}?")),
            None => detail.push('.'),
        }
        return Err(Error::at(
            format!("Unsupported {} {}", opts.type_name, tag_label_name(opts)),
            detail,
            Some(range.clone()),
        ));
    };
    let empty = Body::empty();
    let rest = at.rest().unwrap_or(&empty);
    // Decoded as the enclosing decode is (a block a dynamic block
    // generated: in its iteration, which the rest keeps).
    let scope = at.scope();
    let (value, trace, diags) = decode::decode_traced_with(
        rest,
        &variants[i].1,
        scope.and_then(|s| s.ctx.as_deref()),
        None,
        scope.map(|s| s.options).unwrap_or_default(),
    );
    match T::from_block(i, &value, At::trace(&trace).in_scope(scope)) {
        Ok(t) if !diags.has_errors() => Ok(t),
        Ok(_) => Err(Error::default().finish(diags, SourceMap::new())),
        Err(e) => Err(e.finish(diags, SourceMap::new())),
    }
}

/// The blocks of `tag = "label"` field property `i` of a body read
/// directly (`decode::direct`), each given to `add` as the variant its
/// label names, read with the variant type's own plan; how many there
/// were. `None` where one is not read directly (a variant that is not a
/// struct read directly) or anything goes wrong: the usual path then
/// reads them.
pub(super) fn direct_tagged<T: HclBody>(
    body: &mut DirectBody<'_>,
    i: usize,
    add: &mut dyn FnMut(T),
) -> Option<usize> {
    let names = T::variants();
    if names.is_empty() {
        return None;
    }
    let variant = |label: &str| {
        let k = names.iter().position(|n| *n == label)?;
        Some((k, T::__direct_variant(k)?.plan.prepared.planned()))
    };
    let read = Tagged {
        variant: &variant,
        each: &mut |k, b| {
            add((T::__direct_variant(k)?.body)(b)?);
            Some(())
        },
    };
    body.tagged(i, read)
}

/// The variants of a `tag = "label"` field's enum, if it is one.
pub(super) fn tagged_variants<T: HclBody>(opts: &BlockOptions) -> Option<Vec<(String, Spec)>> {
    if !opts.tag {
        return None;
    }
    match T::body_shape() {
        BodyShape::Variants(vs) => Some(vs),
        BodyShape::Struct(_) => None,
    }
}
