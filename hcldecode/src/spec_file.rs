//! Spec files at run time: loading, the context they give inputs, decoding.

use std::sync::Arc;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::Spec;
use hcldecode_spec::spec::load::{FunctionDecl, load_spec_body};
use hcldecode_spec::syntax::body::Body;

use crate::Type;
use crate::decode::{self, Traversal};
use crate::eval::{self, EvalContext};
use crate::function::{Function, FunctionError, FunctionSpec, Parameter, ReturnType, stdlib};
use crate::parse::{self, File};
use crate::spec_values::RuntimeSpecEval;
use crate::value::Value;

/// A loaded hcldec spec file: the spec, the variables and functions it
/// declares, and the spec functions its expressions use.
#[derive(Clone, Debug)]
pub struct LoadedSpec {
    /// The root spec.
    pub spec: Spec,
    /// The context of the spec's own expressions (transforms, literals,
    /// user functions' bodies): the spec definition functions.
    pub spec_ctx: Arc<EvalContext>,
    /// Variables from `variables` blocks.
    pub variables: Vec<(String, Value)>,
    /// Functions from `function` blocks.
    pub functions: Vec<(String, Function)>,
}

impl LoadedSpec {
    /// Reads, parses and loads a spec file. The parsed file is returned for
    /// diagnostic snippets whenever it could be read.
    pub fn load_path(
        path: impl AsRef<std::path::Path>,
    ) -> (Option<LoadedSpec>, Option<File>, Diagnostics) {
        let (file, mut diags) = parse::parse_path_native(path);
        let Some(file) = file else {
            return (None, None, diags);
        };
        if diags.has_errors() {
            return (None, Some(file), diags);
        }
        let (loaded, d) = LoadedSpec::load_source(&file);
        diags.extend(d);
        (Some(loaded), Some(file), diags)
    }

    /// Loads spec-file text.
    ///
    /// ```
    /// use hcldecode::spec_file::LoadedSpec;
    /// let (spec, diags) = LoadedSpec::load_str("object {\n attr \"a\" { type = number }\n}\n", "s.hcldec");
    /// assert!(!diags.has_errors());
    /// assert_eq!(spec.unwrap().spec.kind_name(), "object");
    /// ```
    pub fn load_str(src: &str, filename: &str) -> (Option<LoadedSpec>, Diagnostics) {
        let (file, mut diags) = parse::parse_native(src.as_bytes(), filename);
        if diags.has_errors() {
            return (None, diags);
        }
        let (loaded, d) = LoadedSpec::load_source(&file);
        diags.extend(d);
        (Some(loaded), diags)
    }

    fn load_source(file: &File) -> (LoadedSpec, Diagnostics) {
        let mut ctx = EvalContext::new();
        ctx.set_functions_lazy(&stdlib::SPEC_FUNCTION_NAMES, stdlib::lookup);
        let spec_ctx = Arc::new(ctx);
        let mut ev = RuntimeSpecEval {
            spec_ctx: spec_ctx.clone(),
            variables: Vec::new(),
            defaults: crate::spec_values::optional::Defaults,
        };
        let (spec_file, diags) = load_spec_body(&file.body, &mut ev);
        let functions = spec_file
            .functions
            .iter()
            .map(|d| (d.name.clone(), user_function(d, spec_ctx.clone())))
            .collect();
        (
            LoadedSpec {
                spec: spec_file.root,
                spec_ctx,
                variables: ev.variables,
                functions,
            },
            diags,
        )
    }

    /// The context for input expressions: the spec's variables and
    /// functions (as hcldec gives them; further variables may be added).
    pub fn input_context(&self) -> EvalContext {
        let mut ctx = EvalContext::new();
        for (n, v) in &self.variables {
            ctx.set_variable(n.clone(), v.clone());
        }
        for (n, f) in &self.functions {
            ctx.set_function(n.clone(), f.clone());
        }
        ctx
    }

    /// Decodes a body with the spec.
    pub fn decode(&self, body: &Body, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        decode::decode(body, &self.spec, ctx, Some(&self.spec_ctx))
    }

    /// The variables decoding `body` would read.
    pub fn variables(&self, body: &Body) -> Vec<Traversal> {
        decode::variables(body.as_ref(), &self.spec)
    }

    /// Decodes a body with the spec and options (dynamic blocks).
    ///
    /// ```
    /// use hcldecode::decode::DecodeOptions;
    /// use hcldecode::spec_file::LoadedSpec;
    /// let (spec, _) = LoadedSpec::load_str("block_list {\n block_type = \"p\"\n object {\n  attr \"n\" { type = number }\n }\n}\n", "s.hcldec");
    /// let src = b"dynamic \"p\" {\n  for_each = [1, 2, 3]\n  content { n = p.value }\n}\n";
    /// let (file, _) = hcldecode::parse::parse_native(src, "a.hcl");
    /// let (v, diags) = spec.unwrap().decode_with(&file.body, None, DecodeOptions::new().dynamic_blocks(true));
    /// assert!(diags.is_empty());
    /// assert_eq!(v.elements().unwrap().len(), 3);
    /// ```
    pub fn decode_with(
        &self,
        body: &Body,
        ctx: Option<&EvalContext>,
        options: decode::DecodeOptions,
    ) -> (Value, Diagnostics) {
        decode::decode_with(body, &self.spec, ctx, Some(&self.spec_ctx), options)
    }

    /// The variables decoding `body` with `options` would read (see
    /// [`decode::variables_with`]).
    pub fn variables_with(&self, body: &Body, options: decode::DecodeOptions) -> Vec<Traversal> {
        decode::variables_with(body.as_ref(), &self.spec, options)
    }

    /// The type decoding yields.
    pub fn implied_type(&self) -> Type {
        decode::implied_type(&self.spec, Some(&self.spec_ctx))
    }
}

/// A function declared in a spec file (`userfunc`): its parameters take any
/// type and do not accept null; the body is evaluated with the spec
/// functions and the parameters as variables. Errors in the body make the
/// call fail with their text, as the reference reports them.
fn user_function(decl: &FunctionDecl, spec_ctx: Arc<EvalContext>) -> Function {
    let result = decl.result.clone();
    let params = decl.params.clone();
    let variadic = decl.variadic_param.clone();
    let body = Arc::new(move |args: &[Value]| -> Result<Value, FunctionError> {
        let mut locals: Vec<(&str, Value)> = params
            .iter()
            .zip(args)
            .map(|(n, v)| (n.as_str(), v.clone()))
            .collect();
        if let Some(vp) = &variadic {
            let rest = args.get(params.len()..).unwrap_or(&[]).to_vec();
            locals.push((vp.as_str(), Value::tuple(rest)));
        }
        let mut diags = Diagnostics::new();
        let v =
            eval::evaluate_with_locals(result.as_ref(), Some(&spec_ctx), Some(&locals), &mut diags);
        if diags.has_errors() {
            Err(FunctionError::call(go_error_text(&diags)))
        } else {
            Ok(v)
        }
    });
    let type_body = body.clone();
    Function::new(FunctionSpec {
        description: String::new(),
        params: decl
            .params
            .iter()
            .map(|p| Parameter::new(p.as_str(), Type::Dynamic))
            .collect(),
        var_param: decl
            .variadic_param
            .as_ref()
            .map(|p| Parameter::new(p.as_str(), Type::Dynamic)),
        return_type: ReturnType::Computed(Box::new(move |args| {
            type_body(args).map(|v| v.ty().clone())
        })),
        implementation: Box::new(move |args, _| body(args)),
    })
}

/// `hcl.Diagnostics.Error()`: the first diagnostic as `range: summary;
/// detail`, and a count of the others.
fn go_error_text(diags: &Diagnostics) -> String {
    let one = |d: &hcldecode_spec::diag::Diagnostic| {
        let subject = d
            .subject
            .as_ref()
            .map_or("<nil>".to_string(), |r| r.to_string());
        format!("{subject}: {}; {}", d.summary, d.detail)
    };
    match diags.0.as_slice() {
        [] => "no diagnostics".into(),
        [d] => one(d),
        [d, rest @ ..] => format!("{}, and {} other diagnostic(s)", one(d), rest.len()),
    }
}
