//! `object` and `tuple`: values built of the values of other specs that
//! read the same body. Their source range is the body's; the variables
//! are their children's (the shared walk visits them).

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::{ObjectSpec, Spec};

use crate::Type;
use crate::decode::decoder::{Decoder, Here};
use crate::decode::trace::{Recorder, Trace};
use crate::value::Value;

/// The trace of an object spec: each property's name and trace.
fn object_trace<R: Recorder>(o: &ObjectSpec, traces: Vec<R::T>) -> Trace {
    Trace::Object(
        o.properties
            .iter()
            .zip(traces)
            .map(|((k, _), t)| (k.clone(), R::get(t)))
            .collect(),
    )
}

impl Decoder<'_> {
    /// `ObjectSpec.decode`: the properties in declaration order.
    pub(in crate::decode) fn decode_object<R: Recorder>(
        &self,
        spec: &Spec,
        o: &ObjectSpec,
        here: Here<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let mut traces: Vec<R::T> = Vec::new();
        if let Some(layout) = self.plan.object_layout(spec, &o.properties) {
            // Each value straight to its place in the type's
            // (sorted) attribute order.
            let attrs = layout.ty.attrs();
            let mut other: Option<Vec<Value>> = None;
            let v = Value::object_filled(layout.ty.clone(), |sorted| {
                for (n, ((_, s), &i)) in
                    o.properties.iter().zip(layout.positions.iter()).enumerate()
                {
                    let (v, t) = self.spec::<R>(s, here, diags);
                    if R::ON {
                        traces.push(t);
                    }
                    if let Some(vals) = &mut other {
                        vals.push(v);
                    } else if v.ty() == &attrs[i].1 {
                        sorted[i] = v;
                    } else {
                        // A value of another type than implied: the
                        // values go to an object of their own type.
                        let mut vals = Vec::with_capacity(o.properties.len());
                        vals.extend(layout.positions[..n].iter().map(|&j| {
                            std::mem::replace(&mut sorted[j], Value::null(Type::Dynamic))
                        }));
                        vals.push(v);
                        other = Some(vals);
                    }
                }
                other.is_none()
            });
            let t = R::rec(|| object_trace::<R>(o, traces));
            return match v {
                Some(v) => (v, t),
                None => {
                    let vals = other.unwrap_or_default();
                    let names = o.properties.iter().map(|(k, _)| k.clone());
                    (Value::object(names.zip(vals)), t)
                }
            };
        }
        let mut vals: Vec<Value> = Vec::with_capacity(o.properties.len());
        for (_, s) in &o.properties {
            let (v, t) = self.spec::<R>(s, here, diags);
            vals.push(v);
            if R::ON {
                traces.push(t);
            }
        }
        let t = R::rec(|| object_trace::<R>(o, traces));
        // Property names repeat: an object of the values' own types
        // (a repeated name keeps the last value).
        let v = Value::object(o.properties.iter().map(|(k, _)| k.clone()).zip(vals));
        (v, t)
    }

    /// `TupleSpec.decode`.
    pub(in crate::decode) fn decode_tuple<R: Recorder>(
        &self,
        _spec: &Spec,
        tuple: &[Spec],
        here: Here<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let mut vals: Vec<Value> = Vec::with_capacity(tuple.len());
        let mut traces: Vec<R::T> = Vec::new();
        for s in tuple {
            let (v, t) = self.spec::<R>(s, here, diags);
            vals.push(v);
            if R::ON {
                traces.push(t);
            }
        }
        let t = R::rec(|| Trace::Tuple(traces.into_iter().map(R::get).collect()));
        (Value::tuple(vals), t)
    }
}
