//! Conditionals and operators: `c ? a : b` with its type unification,
//! binary and unary operators through cty's operator functions, and the
//! short-circuit `&&`/`||` of HCL v2.24.

use hcldecode_spec::diag::{Code, Diagnostic};
use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::native::ast::{BinaryOp, Expr, UnaryOp};

use super::Evaluator;
use crate::Type;
use crate::function::{Function, stdlib};
use crate::value::Value;
use crate::value::convert::{Conversion, convert, get_conversion_unsafe, unify_unsafe};

/// The operand whose diagnostics a short-circuited operation keeps.
enum Side {
    Left,
    Right,
}

/// hcl v2.24's `ShortCircuit` of `&&` and `||` on operands converted to
/// bool: the result and the side it comes from where one operand decides
/// (a known `false` for `&&`, `true` for `||`; an unknown one where the
/// other cannot decide; the left of two unknowns unless it has errors);
/// `None` to call the operator. A null operand counts as neither `true`
/// nor, for deciding, anything but not-`true` (cty's `True()`/`False()`).
fn short_circuit(op: BinaryOp, l: &Value, r: &Value, lhs_errors: bool) -> Option<(Value, Side)> {
    let wins = match op {
        BinaryOp::And => false,
        BinaryOp::Or => true,
        _ => return None,
    };
    // cty's `v.True()`: a known non-null true; `False()` is its negation.
    let is = |v: &Value, b: bool| (v.as_bool() == Some(true)) == b;
    let unknown = || Value::unknown(Type::Bool);
    match (l.is_known(), r.is_known()) {
        (false, false) => (!lhs_errors).then(|| (unknown(), Side::Left)),
        (true, _) if is(l, wins) => Some((Value::bool(wins), Side::Left)),
        (_, true) if is(r, wins) => Some((Value::bool(wins), Side::Right)),
        // The known side cannot decide: the unknown one does.
        (false, true) => Some((unknown(), Side::Left)),
        (true, false) => Some((unknown(), Side::Right)),
        (true, true) => None,
    }
}

/// The stdlib function behind a binary operator, and its result type.
fn binary_op_function(op: BinaryOp) -> (Function, Type) {
    match op {
        BinaryOp::Or => (stdlib::or(), Type::Bool),
        BinaryOp::And => (stdlib::and(), Type::Bool),
        BinaryOp::Equal => (stdlib::equal(), Type::Bool),
        BinaryOp::NotEqual => (stdlib::not_equal(), Type::Bool),
        BinaryOp::Greater => (stdlib::greater_than(), Type::Bool),
        BinaryOp::GreaterOrEqual => (stdlib::greater_than_or_equal_to(), Type::Bool),
        BinaryOp::Less => (stdlib::less_than(), Type::Bool),
        BinaryOp::LessOrEqual => (stdlib::less_than_or_equal_to(), Type::Bool),
        BinaryOp::Add => (stdlib::add(), Type::Number),
        BinaryOp::Subtract => (stdlib::subtract(), Type::Number),
        BinaryOp::Multiply => (stdlib::multiply(), Type::Number),
        BinaryOp::Divide => (stdlib::divide(), Type::Number),
        BinaryOp::Modulo => (stdlib::modulo(), Type::Number),
    }
}

/// hclsyntax's `describeConditionalTypeMismatch`.
fn describe_conditional_type_mismatch(t: &Type, f: &Type) -> String {
    match (t, f) {
        (Type::Object(to), Type::Object(fo)) => {
            for (name, tty) in to.attrs() {
                match fo.get(name) {
                    None => {
                        return format!(
                            "The 'true' value includes object attribute {name:?}, which is absent in the 'false' value"
                        );
                    }
                    Some(fty) if fty != tty => {
                        return format!(
                            "Type mismatch for object attribute {name:?}: {}",
                            describe_conditional_type_mismatch(tty, fty)
                        );
                    }
                    _ => {}
                }
            }
            for (name, _) in fo.attrs() {
                if to.get(name).is_none() {
                    return format!(
                        "The 'false' value includes object attribute {name:?}, which is absent in the 'true' value"
                    );
                }
            }
        }
        (Type::Tuple(ts), Type::Tuple(fs)) => {
            if ts.len() != fs.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    ts.len(),
                    fs.len()
                );
            }
            for (i, (a, b)) in ts.iter().zip(fs.iter()).enumerate() {
                if a != b {
                    return format!(
                        "Type mismatch for tuple element {i}: {}",
                        describe_conditional_type_mismatch(a, b)
                    );
                }
            }
        }
        (Type::List(a), Type::List(b))
        | (Type::Set(a), Type::Set(b))
        | (Type::Map(a), Type::Map(b))
            if (a.is_object() && b.is_object()) || (a.is_tuple() && b.is_tuple()) =>
        {
            let noun = match t {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            return format!(
                "Mismatched {noun} element types: {}",
                describe_conditional_type_mismatch(a, b)
            );
        }
        _ => {}
    }
    let (tn, fname) = (t.friendly_name(), f.friendly_name());
    if tn == fname {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".into();
    }
    format!("The 'true' value is {tn}, but the 'false' value is {fname}")
}

/// The result type of a conditional with branch values `t_val` and
/// `f_val`, and the conversions of each branch to it: a dynamic null
/// branch takes the other's type, else the types are unified (`None`
/// when they cannot be).
fn conditional_result_type(
    t_val: &Value,
    f_val: &Value,
) -> (Option<Type>, Option<Conversion>, Option<Conversion>) {
    let null_dyn = |v: &Value| v.is_null() && v.ty().is_dynamic();
    if null_dyn(t_val) {
        let ty = f_val.ty().clone();
        let c = get_conversion_unsafe(&Type::Dynamic, &ty);
        (Some(ty), c, None)
    } else if null_dyn(f_val) {
        let ty = t_val.ty().clone();
        let c = get_conversion_unsafe(&Type::Dynamic, &ty);
        (Some(ty), None, c)
    } else if t_val.ty().is_dynamic() || f_val.ty().is_dynamic() {
        (Some(Type::Dynamic), None, None)
    } else {
        match unify_unsafe(&[t_val.ty().clone(), f_val.ty().clone()]) {
            Some((ty, mut convs)) => {
                let fc = convs.pop().flatten();
                let tc = convs.pop().flatten();
                (Some(ty), tc, fc)
            }
            None => (None, None, None),
        }
    }
}

impl<'a> Evaluator<'a, '_> {
    pub(super) fn conditional(
        &mut self,
        e: &'a Expr,
        cond: &'a Expr,
        t: &'a Expr,
        f: &'a Expr,
    ) -> Value {
        let t_mark = self.diags.len();
        let t_val = self.expr(t);
        let f_mark = self.diags.len();
        let f_val = self.expr(f);
        let end = self.diags.len();
        // Each branch's diagnostics are reported only if that branch is taken.
        let f_diags: Vec<Diagnostic> = self.diags.drain(f_mark..end).collect();
        let t_diags: Vec<Diagnostic> = self.diags.drain(t_mark..f_mark).collect();

        let (result_ty, t_conv, f_conv) = conditional_result_type(&t_val, &f_val);
        let Some(result_ty) = result_ty else {
            self.err_x(
                (
                    Code::InconsistentConditionalTypes,
                    "Inconsistent conditional result types",
                ),
                format!(
                    "The true and false result expressions must have consistent types. {}.",
                    describe_conditional_type_mismatch(t_val.ty(), f_val.ty())
                ),
                Span::between(t.span, f.span),
                Some(e.span),
                e,
            );
            return Value::dynamic();
        };

        let Some(c) = self.condition(e, cond) else {
            return Value::unknown(result_ty);
        };
        let (val, branch_diags, conv, which, branch) = if c {
            (t_val, t_diags, t_conv, "true", t)
        } else {
            (f_val, f_diags, f_conv, "false", f)
        };
        self.diags
            .extend(hcldecode_spec::diag::Diagnostics::from(branch_diags));
        match conv {
            None => val,
            Some(conv) => match conv.apply(&val) {
                Ok(v) => v,
                Err(err) => {
                    self.err_x(
                        (
                            Code::InconsistentConditionalTypes,
                            "Inconsistent conditional result types",
                        ),
                        format!("The {which} result value has the wrong type: {err}."),
                        branch.span,
                        Some(e.span),
                        branch,
                    );
                    Value::unknown(result_ty)
                }
            },
        }
    }

    /// The condition `cond` of the conditional `e` as a bool: `None` when
    /// it is unknown, or null or not a bool (reported), and the result is
    /// then unknown.
    fn condition(&mut self, e: &'a Expr, cond: &'a Expr) -> Option<bool> {
        let c = self.expr(cond);
        if c.is_null() {
            self.err_x(
                (Code::InvalidCondition, "Null condition"),
                "The condition value is null. Conditions must either be true or false.".into(),
                cond.span,
                Some(e.span),
                cond,
            );
            return None;
        }
        if !c.is_known() {
            return None;
        }
        match convert(&c, &Type::Bool) {
            Ok(c) => Some(c.as_bool() == Some(true)),
            Err(_) => {
                self.err_x(
                    (Code::InvalidCondition, "Incorrect condition type"),
                    "The condition expression must be of type bool.".into(),
                    cond.span,
                    Some(e.span),
                    cond,
                );
                None
            }
        }
    }

    /// `BinaryOpExpr.Value` as of hcl v2.24: both operands evaluated, the
    /// operands' conversion errors reported before their own diagnostics,
    /// and `&&`/`||` short-circuiting on a known controlling operand.
    pub(super) fn binary(
        &mut self,
        e: &'a Expr,
        op: BinaryOp,
        lhs: &'a Expr,
        rhs: &'a Expr,
    ) -> Value {
        let (f, result_ty) = binary_op_function(op);
        let params = f.params();
        let mark = self.diags.len();
        let l = self.expr(lhs);
        let l_end = self.diags.len();
        let r = self.expr(rhs);
        let r_end = self.diags.len();
        let l = self.operand(e, lhs, l, &params[0].ty, "left");
        let r = self.operand(e, rhs, r, &params[1].ty, "right");
        if self.errors_since(r_end) {
            // Conversion errors first, then the operands' diagnostics.
            self.diags[mark..].rotate_left(r_end - mark);
            return Value::unknown(result_ty);
        }
        if let Some((v, side)) = short_circuit(op, &l, &r, self.errors_between(mark, l_end)) {
            // The result is the controlling side's: the other side's
            // diagnostics go, as for a conditional's branch not taken.
            match side {
                Side::Left => drop(self.diags.drain(l_end..r_end)),
                Side::Right => drop(self.diags.drain(mark..l_end)),
            }
            return v;
        }
        self.operate(e, &f, &[l, r], mark, result_ty)
    }

    pub(super) fn unary(&mut self, e: &'a Expr, op: UnaryOp, operand: &'a Expr) -> Value {
        let (f, result_ty) = match op {
            UnaryOp::Not => (stdlib::not(), Type::Bool),
            UnaryOp::Negate => (stdlib::negate(), Type::Number),
        };
        let mark = self.diags.len();
        let v = self.expr(operand);
        let v = self.operand(e, operand, v, &f.params()[0].ty, "unary");
        self.operate(e, &f, &[v], mark, result_ty)
    }

    /// Operand `v` (of expression `operand`, the `which` operand of `e`)
    /// converted to its parameter's type; as it is, after an error, when it
    /// does not convert.
    pub(super) fn operand(
        &mut self,
        e: &'a Expr,
        operand: &'a Expr,
        v: Value,
        ty: &Type,
        which: &str,
    ) -> Value {
        match convert(&v, ty) {
            Ok(v) => v,
            Err(err) => {
                self.err_x(
                    (Code::InvalidOperand, "Invalid operand"),
                    format!("Unsuitable value for {which} operand: {err}."),
                    operand.span,
                    Some(e.span),
                    operand,
                );
                v
            }
        }
    }

    /// The operator function's result for `e`: unknown if an operand has
    /// errors since `mark` or the call fails (after an error).
    pub(super) fn operate(
        &mut self,
        e: &'a Expr,
        f: &Function,
        args: &[Value],
        mark: usize,
        result_ty: Type,
    ) -> Value {
        if self.errors_since(mark) {
            return Value::unknown(result_ty);
        }
        match f.call(args) {
            Ok(v) => v,
            Err(err) => {
                self.err_x(
                    (Code::OperationFailed, "Operation failed"),
                    format!("Error during operation: {err}."),
                    e.span,
                    None,
                    e,
                );
                Value::unknown(result_ty)
            }
        }
    }
}
