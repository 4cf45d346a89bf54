//! Resource limits: how deep input may nest and how much one evaluation may
//! build, so hostile or mistaken input gets a diagnostic instead of
//! exhausting the stack, memory or time.
//!
//! Parse limits are applied by the parser. Evaluation limits are a budget
//! that one top-level evaluation (with every function it calls, including
//! user-defined functions evaluating expressions of their own) draws on:
//! it lives in a thread-local, so functions need no extra parameter.

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

// Thread-local, as the budget below: the limits of a `with_ambient` call
// reach every evaluation it makes without a parameter on each function.
thread_local! {
    static AMBIENT: Cell<Limits> = const { Cell::new(Limits::DEFAULT) };
}

/// The limits for evaluations whose context sets none: those of the
/// [`with_ambient`] call in progress, else the defaults.
pub(crate) fn ambient() -> Limits {
    AMBIENT.with(Cell::get)
}

/// Runs `f` with `limits` as the [`ambient`] limits.
pub(crate) fn with_ambient<R>(limits: Limits, f: impl FnOnce() -> R) -> R {
    struct Restore(Limits);
    impl Drop for Restore {
        fn drop(&mut self) {
            AMBIENT.with(|a| a.set(self.0));
        }
    }
    let _restore = Restore(AMBIENT.with(|a| a.replace(limits)));
    f()
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

#[derive(Clone, Copy)]
struct Budget {
    /// Evaluations in progress on this thread (0: none).
    depth: u32,
    max_depth: u32,
    elements: u64,
    max_elements: u64,
    bytes: u64,
    max_bytes: u64,
    #[cfg_attr(not(feature = "crypto"), allow(dead_code))]
    bcrypt_rounds: u64,
    #[cfg_attr(not(feature = "crypto"), allow(dead_code))]
    max_bcrypt_rounds: u64,
}

// Thread-local: the outermost evaluation starts the budget and every
// function it calls charges it, with no extra parameter on go-cty's
// function signatures (docs/robustness.md).
thread_local! {
    static BUDGET: Cell<Budget> = const { Cell::new(Budget {
        depth: 0,
        max_depth: 0,
        elements: 0,
        max_elements: 0,
        bytes: 0,
        max_bytes: 0,
        bcrypt_rounds: 0,
        max_bcrypt_rounds: 0,
    }) };
}

/// An evaluation in progress; ends when dropped (also on unwinding).
pub(crate) struct Scope(());

impl Drop for Scope {
    fn drop(&mut self) {
        BUDGET.with(|b| {
            let mut s = b.get();
            s.depth -= 1;
            b.set(s);
        });
    }
}

/// Starts an evaluation: the outermost one starts a fresh budget from
/// `limits`; nested ones (from function calls) share it. `Err` carries the
/// call-depth limit that entering would exceed.
pub(crate) fn enter(limits: &Limits) -> Result<Scope, u32> {
    BUDGET.with(|b| {
        let mut s = b.get();
        if s.depth == 0 {
            s = Budget {
                depth: 0,
                max_depth: limits.max_call_depth.max(1),
                elements: limits.max_elements,
                max_elements: limits.max_elements,
                bytes: limits.max_string_bytes,
                max_bytes: limits.max_string_bytes,
                bcrypt_rounds: limits.max_bcrypt_rounds,
                max_bcrypt_rounds: limits.max_bcrypt_rounds,
            };
        } else if s.depth >= s.max_depth {
            return Err(s.max_depth);
        }
        s.depth += 1;
        b.set(s);
        Ok(Scope(()))
    })
}

/// Draws `elements` and `bytes` from the current evaluation's budget
/// (nothing outside an evaluation).
pub(crate) fn charge(elements: u64, bytes: u64) -> Result<(), Exceeded> {
    BUDGET.with(|b| {
        let mut s = b.get();
        if s.depth == 0 {
            return Ok(());
        }
        let r = if elements > s.elements {
            s.elements = 0;
            Err(Exceeded::Elements(s.max_elements))
        } else if bytes > s.bytes {
            s.bytes = 0;
            Err(Exceeded::Bytes(s.max_bytes))
        } else {
            s.elements -= elements;
            s.bytes -= bytes;
            Ok(())
        };
        b.set(s);
        r
    })
}

/// Draws `rounds` of bcrypt work from the current evaluation's budget
/// (outside an evaluation: checks them against the [`ambient`] limit).
/// `Err` carries the limit.
#[cfg(feature = "crypto")]
pub(crate) fn charge_bcrypt(rounds: u64) -> Result<(), u64> {
    BUDGET.with(|b| {
        let mut s = b.get();
        if s.depth == 0 {
            let max = ambient().max_bcrypt_rounds;
            return if rounds > max { Err(max) } else { Ok(()) };
        }
        if rounds > s.bcrypt_rounds {
            return Err(s.max_bcrypt_rounds);
        }
        s.bcrypt_rounds -= rounds;
        b.set(s);
        Ok(())
    })
}

/// Charges what `v` holds, expanded as a tree (a collection shared in
/// several places counts each time): its elements, nested ones, and the
/// bytes of its strings. Stops as soon as the budget runs out, so the walk
/// costs at most what the budget allows.
pub(crate) fn charge_value(v: &crate::Value) -> Result<(), Exceeded> {
    use crate::value::ValueRef;
    match v.view() {
        ValueRef::String(s) => charge(0, s.len() as u64),
        ValueRef::List(xs) | ValueRef::Set(xs) | ValueRef::Tuple(xs) | ValueRef::Object(_, xs) => {
            charge(xs.len() as u64, 0)?;
            xs.iter().try_for_each(charge_value)
        }
        ValueRef::Map(entries) => {
            charge(entries.len() as u64, 0)?;
            entries.iter().try_for_each(|(_, x)| charge_value(x))
        }
        _ => Ok(()),
    }
}

/// Whether `elements` more collection elements and `bytes` more bytes of
/// strings fit in the current evaluation's budget (outside an evaluation:
/// in the [`ambient`] limits), without drawing on it: functions check
/// before building a large result. `Err` says which limit.
#[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
pub(crate) fn fits(elements: u64, bytes: u64) -> Result<(), Exceeded> {
    BUDGET.with(|b| {
        let s = b.get();
        let (max_e, max_b, left_e, left_b) = if s.depth == 0 {
            let l = ambient();
            (
                l.max_elements,
                l.max_string_bytes,
                l.max_elements,
                l.max_string_bytes,
            )
        } else {
            (s.max_elements, s.max_bytes, s.elements, s.bytes)
        };
        if elements > left_e {
            Err(Exceeded::Elements(max_e))
        } else if bytes > left_b {
            Err(Exceeded::Bytes(max_b))
        } else {
            Ok(())
        }
    })
}
