//! `default`: the primary spec's value, or the default spec's when it is
//! null.

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::{DefaultSpec, Spec};
use hcldecode_spec::syntax::body::{BlockLabel, BodySchema, Content};

use super::super::Decoder;
use super::super::trace::Recorder;
use crate::value::Value;

impl Decoder<'_> {
    /// `DefaultSpec.decode`.
    pub(in crate::decode) fn decode_default<R: Recorder>(
        &self,
        _spec: &Spec,
        d: &DefaultSpec,
        content: &Content<'_>,
        schema: &BodySchema,
        labels: &[BlockLabel<'_>],
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let (v, t) = self.spec::<R>(&d.primary, content, schema, labels, diags);
        if v.is_null() {
            self.spec::<R>(&d.default, content, schema, labels, diags)
        } else {
            (v, t)
        }
    }
}
