//! `templatefile` and `templatestring` (`internal/lang/funcs/filesystem.go`,
//! `string.go`, `render_template.go`): a template rendered with the
//! variables of a map or object and the functions of the library that
//! calls it. The file is read as `file` reads (confined, bounded); a
//! template may call `templatefile` again, up to [`MAX_TEMPLATE_DEPTH`]
//! nested renderings.
//!
//! The rendering itself is the evaluator's: the function layer sits below
//! it, so the library hands these functions a [`Render`] that reaches it
//! through the crate root's `render_template`.

use std::cell::Cell;
use std::sync::Arc;

use crate::Type;
use crate::function::fs_config::FsConfig;
use crate::function::stdlib::{build, str_arg};
use crate::function::{Function, FunctionError, Parameter, ReturnType};
use crate::value::Value;

/// The most templates rendered inside one another (OpenTofu allows 1024;
/// each level costs stack, so the bound here is smaller).
pub const MAX_TEMPLATE_DEPTH: u32 = 32;

// Thread-local. No context reaches a function: `FunctionSpec::
// implementation` has go-cty's signature, `Fn(&[Value], &Type)`, which
// every function implements, the user's too, so a call context would
// change all of them. Nested renders (templatefile calling templatefile)
// run on the thread of the outermost evaluation.
thread_local! {
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// One level of template nesting, released when dropped.
struct Level;

impl Level {
    fn enter(what: &str) -> Result<Level, FunctionError> {
        DEPTH.with(|d| {
            if d.get() >= MAX_TEMPLATE_DEPTH {
                return Err(FunctionError::call(format!(
                    "maximum recursion depth {MAX_TEMPLATE_DEPTH} reached in {what}"
                )));
            }
            d.set(d.get() + 1);
            Ok(Level)
        })
    }
}

impl Drop for Level {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// Renders template text: (file name, text, variables, whether errors
/// about variables name their position).
pub(crate) type Render = dyn Fn(&str, &str, &Value, bool) -> Result<Value, FunctionError>
    + Send
    + Sync
    + std::panic::RefUnwindSafe;

fn params(first: &str) -> Vec<Parameter> {
    vec![
        Parameter::new(first, Type::String),
        Parameter::new("vars", Type::Dynamic),
    ]
}

/// `templatefile(path, vars)`.
pub(super) fn templatefile(fs: FsConfig, render: Arc<Render>) -> Function {
    build(
        "Reads the file at the given path and renders its content as a template using a supplied set of template variables.",
        params("path"),
        None,
        ReturnType::Static(Type::Dynamic),
        move |args, _| {
            let path = str_arg(args, 0)?;
            let _level = Level::enter(path)?;
            let bytes = crate::function::filesystem::read(path, &fs)?;
            let text = String::from_utf8(bytes).map_err(|_| {
                FunctionError::call(format!("contents of {path} are not valid UTF-8"))
            })?;
            render(path, &text, &args[1], true)
        },
    )
}

/// `templatestring(template, vars)`.
pub(super) fn templatestring(render: Arc<Render>) -> Function {
    build(
        "Renders a string as a template using a supplied set of template variables.",
        params("template"),
        None,
        ReturnType::Static(Type::Dynamic),
        move |args, _| {
            let _level = Level::enter("templatestring")?;
            render("<templatestring>", str_arg(args, 0)?, &args[1], false)
        },
    )
}
