//! Resource limits: how deep input may nest and how much one evaluation may
//! build, so hostile or mistaken input gets a diagnostic instead of
//! exhausting the stack, memory or time.
//!
//! Parse limits are applied by the parser. Evaluation limits are a
//! [`Budget`] that one top-level evaluation (with every function it calls,
//! including user-defined functions evaluating expressions of their own)
//! draws on: the evaluator holds it and hands it to functions in their
//! call context. How deep evaluations nest is counted per thread, as it
//! guards the thread's stack.

use std::cell::Cell;

/// Limits on input nesting and on what evaluating an expression may build.
///
/// The defaults are far beyond any real configuration; lower them for
/// untrusted input. Set them with [`Decoder::limits`](crate::Decoder::limits)
/// or [`EvalContext::set_limits`](crate::eval::EvalContext::set_limits).
///
/// ```
/// use hcldecode::eval::{evaluate, EvalContext, Limits};
/// let mut ctx = EvalContext::new();
/// ctx.set_limits(Limits { max_elements: 100, ..Limits::default() });
/// ctx.set_variable("xs", hcldecode::Value::tuple((0..20).map(hcldecode::Value::int).collect()));
/// let expr = hcldecode::parse_expression("[for a in xs: [for b in xs: a * b]]", "e.hcl").unwrap();
/// let (_, diags) = evaluate(expr.as_ref(), Some(&ctx));
/// assert_eq!(diags[0].summary, "Result too large");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest nesting of native-syntax constructs (blocks, brackets,
    /// parentheses, templates, operator chains) the parser accepts.
    pub max_nesting: u32,
    /// Deepest nesting of JSON-syntax arrays and objects.
    pub max_json_nesting: usize,
    /// Most collection elements one evaluation may build (`for`
    /// expressions, splats, function results), counting elements of nested
    /// collections and every reuse of a shared one.
    pub max_elements: u64,
    /// Most bytes of strings one evaluation may build (templates, strings
    /// inside `for` and function results).
    pub max_string_bytes: u64,
    /// Most evaluations nested inside one another through function calls
    /// (functions that evaluate expressions, such as a spec file's
    /// user-defined functions).
    pub max_call_depth: u32,
    /// Most bcrypt work one evaluation may do, in key-expansion rounds: a
    /// `bcrypt` call of cost `c` does `2^c` of them (cost 10, the default:
    /// 1,024). bcrypt is slow on purpose, so this bounds the time a
    /// configuration can spend hashing; each call's cost is also at most
    /// 15. Only the `crypto` function set does bcrypt work.
    pub max_bcrypt_rounds: u64,
}

impl Limits {
    /// The default limits (see each field).
    pub const DEFAULT: Limits = Limits {
        max_nesting: hcldecode_spec::syntax::native::DEFAULT_MAX_DEPTH,
        max_json_nesting: hcldecode_spec::syntax::json::DEFAULT_MAX_DEPTH,
        max_elements: 4_000_000,
        max_string_bytes: 256 << 20,
        max_call_depth: 64,
        // Four calls at the highest cost, 128 at the default one.
        max_bcrypt_rounds: 1 << 17,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// Which budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exceeded {
    Elements(u64),
    Bytes(u64),
}

impl Exceeded {
    /// The detail of the "Result too large" diagnostic.
    pub(crate) fn detail(self) -> String {
        match self {
            Exceeded::Elements(n) => format!(
                "Evaluating this expression would build more than {n} collection elements, the limit for one expression."
            ),
            Exceeded::Bytes(n) => format!(
                "Evaluating this expression would build more than {n} bytes of strings, the limit for one expression."
            ),
        }
    }
}

/// The budget of one top-level evaluation: what it, and every evaluation
/// nested in it through function calls, may still build, and how deep they
/// nest. The outermost evaluation makes it and hands it down: the
/// evaluator holds it, functions see it in their
/// [`CallContext`](crate::function::CallContext), and a function that
/// evaluates (a template, a user-defined function) passes it on. A decode
/// inside another (a `from_hcl` that decodes, a worker thread) makes its
/// own, so it behaves as it does alone.
pub(crate) struct Budget {
    max_depth: u32,
    templates: Cell<u32>,
    elements: Cell<u64>,
    max_elements: u64,
    bytes: Cell<u64>,
    max_bytes: u64,
    #[cfg_attr(not(feature = "crypto"), allow(dead_code))]
    bcrypt_rounds: Cell<u64>,
    #[cfg_attr(not(feature = "crypto"), allow(dead_code))]
    max_bcrypt_rounds: u64,
}

// Thread-local, the one piece of evaluation state not in a context: it
// guards the thread's stack, which every evaluation running on the thread
// shares, also one that a user's function starts through the public
// `evaluate` (the user's code between the two carries no context). A
// worker thread has a stack, and so a count, of its own. What evaluations
// may build travels in their `Budget`.
thread_local! {
    /// Evaluations in progress on this thread, nested in one another.
    static STACK: Cell<u32> = const { Cell::new(0) };
}

/// One evaluation in progress on this thread; ends when dropped (also on
/// unwinding).
pub(crate) struct Nested(());

impl Drop for Nested {
    fn drop(&mut self) {
        STACK.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// One template rendering in progress on a [`Budget`]; ends when dropped
/// (also on unwinding).
pub(crate) struct Level<'b>(&'b Cell<u32>);

impl Drop for Level<'_> {
    fn drop(&mut self) {
        self.0.set(self.0.get().saturating_sub(1));
    }
}

impl Budget {
    /// A full budget of `limits`, with no evaluation in progress.
    pub(crate) fn new(limits: &Limits) -> Budget {
        Budget {
            max_depth: limits.max_call_depth.max(1),
            templates: Cell::new(0),
            elements: Cell::new(limits.max_elements),
            max_elements: limits.max_elements,
            bytes: Cell::new(limits.max_string_bytes),
            max_bytes: limits.max_string_bytes,
            bcrypt_rounds: Cell::new(limits.max_bcrypt_rounds),
            max_bcrypt_rounds: limits.max_bcrypt_rounds,
        }
    }

    /// Starts one more evaluation on this thread, within this budget's
    /// call-depth limit: `Err` carries the limit that entering would
    /// exceed.
    pub(crate) fn enter(&self) -> Result<Nested, u32> {
        STACK.with(|d| {
            if d.get() >= self.max_depth {
                return Err(self.max_depth);
            }
            d.set(d.get() + 1);
            Ok(Nested(()))
        })
    }

    /// Starts one more template rendered inside the others; `Err` when
    /// `max` are already rendering.
    #[cfg_attr(not(feature = "terraform"), allow(dead_code))]
    pub(crate) fn enter_template(&self, max: u32) -> Result<Level<'_>, ()> {
        let d = self.templates.get();
        if d >= max {
            return Err(());
        }
        self.templates.set(d + 1);
        Ok(Level(&self.templates))
    }

    /// Draws `elements` and `bytes` from the budget.
    pub(crate) fn charge(&self, elements: u64, bytes: u64) -> Result<(), Exceeded> {
        let (e, b) = (self.elements.get(), self.bytes.get());
        if elements > e {
            self.elements.set(0);
            Err(Exceeded::Elements(self.max_elements))
        } else if bytes > b {
            self.bytes.set(0);
            Err(Exceeded::Bytes(self.max_bytes))
        } else {
            self.elements.set(e - elements);
            self.bytes.set(b - bytes);
            Ok(())
        }
    }

    /// Draws `rounds` of bcrypt work from the budget. `Err` carries the
    /// limit.
    #[cfg(feature = "crypto")]
    pub(crate) fn charge_bcrypt(&self, rounds: u64) -> Result<(), u64> {
        let left = self.bcrypt_rounds.get();
        if rounds > left {
            return Err(self.max_bcrypt_rounds);
        }
        self.bcrypt_rounds.set(left - rounds);
        Ok(())
    }

    /// Charges what `v` holds, expanded as a tree (a collection shared in
    /// several places counts each time): its elements, nested ones, and
    /// the bytes of its strings. Stops as soon as the budget runs out, so
    /// the walk costs at most what the budget allows.
    pub(crate) fn charge_value(&self, v: &crate::Value) -> Result<(), Exceeded> {
        use crate::value::ValueRef;
        match v.view() {
            ValueRef::String(s) => self.charge(0, s.len() as u64),
            ValueRef::List(xs)
            | ValueRef::Set(xs)
            | ValueRef::Tuple(xs)
            | ValueRef::Object(_, xs) => {
                self.charge(xs.len() as u64, 0)?;
                xs.iter().try_for_each(|x| self.charge_value(x))
            }
            ValueRef::Map(entries) => {
                self.charge(entries.len() as u64, 0)?;
                entries.iter().try_for_each(|(_, x)| self.charge_value(x))
            }
            _ => Ok(()),
        }
    }

    /// Whether `elements` more collection elements and `bytes` more bytes
    /// of strings fit in the budget, without drawing on it: functions check
    /// before building a large result. `Err` says which limit.
    #[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
    pub(crate) fn fits(&self, elements: u64, bytes: u64) -> Result<(), Exceeded> {
        if elements > self.elements.get() {
            Err(Exceeded::Elements(self.max_elements))
        } else if bytes > self.bytes.get() {
            Err(Exceeded::Bytes(self.max_bytes))
        } else {
            Ok(())
        }
    }
}
