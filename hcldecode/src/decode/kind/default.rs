//! `default`: the primary spec's value, or the default spec's when it is
//! null.

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::{DefaultSpec, Spec};

use crate::decode::decoder::{Decoder, Here};
use crate::decode::trace::Recorder;
use crate::value::Value;

impl Decoder<'_> {
    /// `DefaultSpec.decode`.
    pub(in crate::decode) fn decode_default<R: Recorder>(
        &self,
        _spec: &Spec,
        d: &DefaultSpec,
        here: Here<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let (v, t) = self.spec::<R>(&d.primary, here, diags);
        if v.is_null() {
            self.spec::<R>(&d.default, here, diags)
        } else {
            (v, t)
        }
    }
}
