//! `templatefile` and `templatestring` (`internal/lang/funcs/filesystem.go`,
//! `string.go`, `render_template.go`): a template rendered with the
//! variables of a map or object and the functions of the library that
//! calls it. The file is read as `file` reads (confined, bounded); a
//! template may call `templatefile` again, up to [`MAX_TEMPLATE_DEPTH`]
//! nested renderings.
//!
//! The rendering itself is the evaluator's: the function layer sits below
//! it, so the library hands these functions a [`Render`]: the evaluator's
//! `render_template`, which the evaluation context gives the library.
//! The nesting is counted on the calling evaluation's budget, which the
//! call context carries into the rendering.

use std::sync::Arc;

use crate::Type;
use crate::function::fs_config::FsConfig;
use crate::function::stdlib::{build_in_context, str_arg};
use crate::function::{CallContext, Function, FunctionError, Parameter, ReturnType};
use crate::value::Value;

/// The most templates rendered inside one another (OpenTofu allows 1024;
/// each level costs stack, so the bound here is smaller).
pub const MAX_TEMPLATE_DEPTH: u32 = 32;

/// One more template rendered inside the others, released when dropped.
fn enter<'c>(cx: &CallContext<'c>, what: &str) -> Result<crate::limits::Level<'c>, FunctionError> {
    cx.budget()
        .enter_template(MAX_TEMPLATE_DEPTH)
        .map_err(|()| {
            FunctionError::call(format!(
                "maximum recursion depth {MAX_TEMPLATE_DEPTH} reached in {what}"
            ))
        })
}

/// Renders template text: (the calling evaluation's context, file name,
/// text, variables, whether errors about variables name their position).
pub(crate) type Render = dyn Fn(&CallContext<'_>, &str, &str, &Value, bool) -> Result<Value, FunctionError>
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
    build_in_context(
        "Reads the file at the given path and renders its content as a template using a supplied set of template variables.",
        params("path"),
        None,
        ReturnType::Static(Type::Dynamic),
        move |cx, args, _| {
            let path = str_arg(args, 0)?;
            let _level = enter(cx, path)?;
            let bytes = crate::function::filesystem::read(cx, path, &fs)?;
            let text = String::from_utf8(bytes).map_err(|_| {
                FunctionError::call(format!("contents of {path} are not valid UTF-8"))
            })?;
            render(cx, path, &text, &args[1], true)
        },
    )
}

/// `templatestring(template, vars)`.
pub(super) fn templatestring(render: Arc<Render>) -> Function {
    build_in_context(
        "Renders a string as a template using a supplied set of template variables.",
        params("template"),
        None,
        ReturnType::Static(Type::Dynamic),
        move |cx, args, _| {
            let _level = enter(cx, "templatestring")?;
            render(cx, "<templatestring>", str_arg(args, 0)?, &args[1], false)
        },
    )
}
