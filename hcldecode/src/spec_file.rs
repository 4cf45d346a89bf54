//! Spec files at run time: loading, the context they give inputs, decoding.

use std::sync::Arc;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::Spec;
use hcldecode_spec::spec::load::{FunctionDecl, load_spec_body};
use hcldecode_spec::syntax::body::Body;

use crate::decode::{self, Traversal};
use crate::eval::{self, EvalContext};
use crate::function::{
    CallContext, Function, FunctionError, FunctionSpec, Parameter, ReturnType, stdlib,
};
use crate::parse::{self, File};
use crate::spec_values::RuntimeSpecEval;
use crate::value::Value;
use crate::{Error, SourceMap, Type};

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
    /// Namespaces from `namespace` blocks (variables and locals, see
    /// [`crate::namespaces`]): given their values before the rest of a
    /// body is decoded, their blocks not part of the result.
    pub namespaces: Vec<crate::declare::Namespace>,
    /// Values given to declared variables (see
    /// [`with_variable_inputs`](Self::with_variable_inputs)).
    inputs: Option<crate::declare::VariableInputs>,
    /// The spec file, for snippets of diagnostics about the spec's own
    /// expressions.
    file: Option<Arc<File>>,
}

impl LoadedSpec {
    /// Reads, parses and loads a spec file. The spec is `None` whenever
    /// reading, parsing or loading reported an error (a spec with errors
    /// would decode with a wrong schema: `type = strin` read as `any`);
    /// the parsed file is returned for diagnostic snippets whenever it
    /// could be read. [`LoadedSpec::load_file`] gives a `Result` whose
    /// error renders with snippets.
    ///
    /// ```
    /// use hcldecode::spec_file::LoadedSpec;
    /// let dir = std::env::temp_dir().join(format!("hcldecode-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// let path = dir.join("bad.hcldec");
    /// std::fs::write(&path, "attr {\n  name = \"a\"\n  type = strin\n}\n").unwrap();
    /// let (spec, file, diags) = LoadedSpec::load_path(&path);
    /// assert!(spec.is_none() && diags.has_errors());
    /// assert!(file.is_some()); // for snippets
    /// # std::fs::remove_dir_all(&dir).ok();
    /// ```
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
        let loaded = (!diags.has_errors()).then_some(loaded);
        (loaded, Some(file), diags)
    }

    /// Loads spec-file text. The spec is `None` whenever parsing or
    /// loading reported an error, so `spec.expect(..)` cannot go on with a
    /// wrong schema; the diagnostics say why (warnings come with a spec).
    ///
    /// ```
    /// use hcldecode::spec_file::LoadedSpec;
    /// let (spec, diags) = LoadedSpec::load_str("object {\n attr \"a\" { type = number }\n}\n", "s.hcldec");
    /// assert!(!diags.has_errors());
    /// assert_eq!(spec.unwrap().spec.kind_name(), "object");
    /// let (spec, diags) = LoadedSpec::load_str("attr {\n name = \"a\"\n type = strin\n}\n", "s.hcldec");
    /// assert!(spec.is_none() && diags.has_errors());
    /// ```
    pub fn load_str(src: &str, filename: &str) -> (Option<LoadedSpec>, Diagnostics) {
        let (file, mut diags) = parse::parse_native(src.as_bytes(), filename);
        if diags.has_errors() {
            return (None, diags);
        }
        let (loaded, d) = LoadedSpec::load_source(&file);
        diags.extend(d);
        let loaded = (!diags.has_errors()).then_some(loaded);
        (loaded, diags)
    }

    /// Loads spec-file text as a `Result`: the spec and any warnings, or
    /// an [`Error`] with every diagnostic that renders with snippets of
    /// the spec file.
    ///
    /// ```
    /// use hcldecode::spec_file::LoadedSpec;
    /// let err = LoadedSpec::load_file("attr {\n name = \"a\"\n type = strin\n}\n", "s.hcldec").unwrap_err();
    /// assert!(err.to_string().contains("   3:  type = strin\n"), "{err}");
    /// let (spec, warnings) = LoadedSpec::load_file("attr {\n name = \"a\"\n}\n", "s.hcldec").unwrap();
    /// assert!(warnings.is_empty());
    /// assert_eq!(spec.spec.kind_name(), "attr");
    /// ```
    pub fn load_file(src: &str, filename: &str) -> Result<(LoadedSpec, Diagnostics), Error> {
        let (file, mut diags) = parse::parse_native(src.as_bytes(), filename);
        let mut loaded = None;
        if !diags.has_errors() {
            let (l, d) = LoadedSpec::load_source(&file);
            diags.extend(d);
            loaded = Some(l);
        }
        match loaded {
            Some(l) if !diags.has_errors() => Ok((l, diags)),
            _ => {
                let mut files = SourceMap::new();
                files.add_file(&file);
                Err(Error::from_diagnostics(diags).with_files(files))
            }
        }
    }

    fn load_source(file: &File) -> (LoadedSpec, Diagnostics) {
        let (mut loaded, diags) = LoadedSpec::load_body(file);
        loaded.file = Some(Arc::new(file.clone()));
        (loaded, diags)
    }

    fn load_body(file: &File) -> (LoadedSpec, Diagnostics) {
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
                namespaces: spec_file.namespaces,
                inputs: None,
                file: None,
            },
            diags,
        )
    }

    /// The spec file this was loaded from (its text, body and blocks), for
    /// snippets of diagnostics about it ([`SourceMap::add_file`]).
    ///
    /// ```
    /// use hcldecode::spec_file::LoadedSpec;
    /// let (spec, _) = LoadedSpec::load_str("attr {\n name = \"a\"\n}\n", "s.hcldec");
    /// assert_eq!(&**spec.unwrap().file().unwrap().source.name(), "s.hcldec");
    /// ```
    pub fn file(&self) -> Option<&File> {
        self.file.as_deref()
    }

    /// The source files of the spec and of `body`, for snippets of the
    /// diagnostics of decoding `body`.
    fn source_map(&self, body: &Body) -> SourceMap {
        let mut files = SourceMap::new();
        if let Some(f) = self.file() {
            files.add_file(f);
        }
        files.add_body(body);
        files
    }

    /// Decodes a parsed file with the spec, as a `Result`: the value and
    /// any warnings, or an [`Error`] with every diagnostic that renders
    /// with snippets of the file (and of the spec, for errors in its
    /// expressions), as typed decoding's errors do. [`IntoResult`](crate::IntoResult)
    /// on [`decode`](Self::decode)'s pair gives the bare diagnostics.
    ///
    /// ```
    /// use hcldecode::spec_file::LoadedSpec;
    /// let (spec, _) = LoadedSpec::load_file("object {\n attr \"port\" { type = number }\n}\n", "s.hcldec").unwrap();
    /// let (file, _) = hcldecode::parse::parse_native(b"port = \"http\"\n", "app.hcl");
    /// let err = spec.decode_file(&file, None).unwrap_err();
    /// assert_eq!(err.diagnostics()[0].code, Some(hcldecode::diag::Code::IncorrectAttributeValueType));
    /// assert!(err.to_string().contains("  on app.hcl line 1:\n   1: port = \"http\"\n"), "{err}");
    /// ```
    pub fn decode_file(
        &self,
        file: &File,
        ctx: Option<&EvalContext>,
    ) -> Result<(Value, Diagnostics), Error> {
        let (v, diags) = self.decode(&file.body, ctx);
        self.file_result(file, v, diags)
    }

    /// [`decode_file`](Self::decode_file) with decode options (dynamic
    /// blocks, element errors, ...): the errors with the spec's and the
    /// file's sources attached, so they render with snippets. Functions
    /// and variables come with `ctx` (an [`EvalContext`] with a function
    /// library, say).
    ///
    /// ```
    /// use hcldecode::decode::DecodeOptions;
    /// use hcldecode::spec_file::LoadedSpec;
    /// let (spec, _) = LoadedSpec::load_file("block_list {\n  block_type = \"p\"\n  object {\n    attr \"n\" { type = number }\n  }\n}\n", "s.hcldec").unwrap();
    /// let src = b"dynamic \"p\" {\n  for_each = [1, \"x\"]\n  content { n = p.value }\n}\n";
    /// let (file, _) = hcldecode::parse::parse_native(src, "a.hcl");
    /// let options = DecodeOptions::new().dynamic_blocks(true);
    /// let err = spec.decode_file_with(&file, None, options).unwrap_err();
    /// assert!(err.to_string().contains("   3:   content { n = p.value }"), "{err}");
    /// let (file, _) = hcldecode::parse::parse_native(b"dynamic \"p\" {\n  for_each = [1, 2]\n  content { n = p.value }\n}\n", "a.hcl");
    /// let (v, _) = spec.decode_file_with(&file, None, options).unwrap();
    /// assert_eq!(v.elements().unwrap().len(), 2);
    /// ```
    pub fn decode_file_with(
        &self,
        file: &File,
        ctx: Option<&EvalContext>,
        options: decode::DecodeOptions,
    ) -> Result<(Value, Diagnostics), Error> {
        let (v, diags) = self.decode_with(&file.body, ctx, options);
        self.file_result(file, v, diags)
    }

    /// The value, or the errors with the spec's and the file's sources.
    fn file_result(
        &self,
        file: &File,
        v: Value,
        diags: Diagnostics,
    ) -> Result<(Value, Diagnostics), Error> {
        if diags.has_errors() {
            let mut files = self.source_map(&file.body);
            files.add_file(file);
            return Err(Error::from_diagnostics(diags).with_files(files));
        }
        Ok((v, diags))
    }

    /// Decodes a parsed file with the spec into any `T: Deserialize`
    /// (feature `serde`): the spec's value deserialized with
    /// [`from_value_at`](crate::serde::from_value_at) over the
    /// decode's trace, so that `T`'s errors (a number out of range for a
    /// `u8`, a missing field, a bad variant), every one it can find, point
    /// at the source range of
    /// the part of the value they are about, and render with snippets as
    /// [`decode_file`](Self::decode_file)'s do. The ranged route from a
    /// runtime spec into serde types ([`serde::from_value`](crate::serde::from_value)
    /// has no ranges: a value alone has none).
    ///
    /// ```
    /// use hcldecode::spec_file::LoadedSpec;
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Config { a: String, b: u8 }
    /// let (spec, _) = LoadedSpec::load_file(
    ///     "object {\n  attr \"a\" { type = string }\n  attr \"b\" { type = number }\n}\n",
    ///     "s.hcldec",
    /// ).unwrap();
    /// let (file, _) = hcldecode::parse::parse_native(b"a = \"x\"\nb = 300\n", "in.hcl");
    /// let err = spec.deserialize::<Config>(&file, None).unwrap_err();
    /// assert_eq!(err.diagnostics()[0].subject.as_ref().unwrap().to_string(), "in.hcl:2,5-8");
    /// assert!(err.to_string().contains("   2: b = 300\n"), "{err}");
    /// let (file, _) = hcldecode::parse::parse_native(b"a = \"x\"\nb = 30\n", "in.hcl");
    /// let (cfg, _warnings) = spec.deserialize::<Config>(&file, None).unwrap();
    /// assert_eq!(cfg.b, 30);
    /// ```
    #[cfg(feature = "serde")]
    pub fn deserialize<T: ::serde::de::DeserializeOwned>(
        &self,
        file: &File,
        ctx: Option<&EvalContext>,
    ) -> Result<(T, Diagnostics), Error> {
        let (v, trace, diags) =
            decode::decode_traced(&file.body, &self.spec, ctx, Some(&self.spec_ctx));
        let with_files = |e: Error| {
            let mut files = self.source_map(&file.body);
            files.add_file(file);
            e.with_files(files)
        };
        if diags.has_errors() {
            return Err(with_files(Error::from_diagnostics(diags)));
        }
        match crate::serde::from_value_at(&v, crate::typed::At::trace(&trace)) {
            Ok(t) => Ok((t, diags)),
            Err(e) => {
                let mut all = diags;
                all.extend(e.into_diagnostics());
                Err(with_files(Error::from_diagnostics(all)))
            }
        }
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

    /// Decodes a body with the spec (planning the spec each time: to decode
    /// many bodies, [`prepare`](Self::prepare) once).
    pub fn decode(&self, body: &Body, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        if !self.namespaces.is_empty() {
            return self.decode_with(body, ctx, decode::DecodeOptions::new());
        }
        decode::decode(body, &self.spec, ctx, Some(&self.spec_ctx))
    }

    /// The spec with its decode plan made once, for decoding many bodies
    /// (see [`decode::PreparedSpec`]); it borrows the spec, which cannot
    /// change meanwhile.
    pub fn prepare(&self) -> decode::PreparedSpec<'_> {
        decode::PreparedSpec::new(&self.spec, Some(&self.spec_ctx))
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
        crate::declare::decode_with(
            body,
            &self.spec,
            &self.namespaces,
            self.inputs.as_ref(),
            ctx,
            Some(&self.spec_ctx),
            options,
        )
    }

    /// This spec with the values `inputs` gives its declared variables (a
    /// spec file's `namespace` blocks, see [`crate::namespaces`]).
    ///
    /// ```
    /// use hcldecode::namespaces::VariableInputs;
    /// use hcldecode::spec_file::LoadedSpec;
    /// let spec_text = "namespace \"var\" {\n  kind       = \"variables\"\n  block_type = \"variable\"\n}\nobject {\n  attr \"port\" {\n    type = number\n  }\n}\n";
    /// let (spec, _) = LoadedSpec::load_file(spec_text, "app.hcldec").unwrap();
    /// let spec = spec.with_variable_inputs(VariableInputs::new().value("port", 8080));
    /// let (file, _) = hcldecode::parse::parse_native(b"variable \"port\" {\n  type = number\n}\nport = var.port\n", "app.hcl");
    /// let (value, _) = spec.decode_file(&file, None).unwrap();
    /// assert_eq!(value, hcldecode::Value::object([("port", hcldecode::Value::int(8080))]));
    /// ```
    pub fn with_variable_inputs(mut self, inputs: crate::declare::VariableInputs) -> LoadedSpec {
        self.inputs = Some(inputs);
        self
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
    // Evaluated nested in the calling evaluation, on its budget: a
    // function calling itself ends at the nesting limit.
    let body = Arc::new(
        move |cx: &CallContext<'_>, args: &[Value]| -> Result<Value, FunctionError> {
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
            let v = eval::evaluate_nested(
                result.as_ref(),
                Some(&spec_ctx),
                Some(&locals),
                cx,
                &mut diags,
            );
            if diags.has_errors() {
                Err(FunctionError::call(go_error_text(&diags)))
            } else {
                Ok(v)
            }
        },
    );
    let type_body = body.clone();
    let spec = FunctionSpec {
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
        return_type: ReturnType::Static(Type::Dynamic),
        implementation: Box::new(|_, _| Err(FunctionError::call("replaced by the context's"))),
    };
    Function::in_context(
        spec,
        Arc::new(move |cx, args, _| body(cx, args)),
        Some(Arc::new(move |cx, args| {
            type_body(cx, args).map(|v| v.ty().clone())
        })),
    )
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
    match &diags[..] {
        [] => "no diagnostics".into(),
        [d] => one(d),
        [d, rest @ ..] => format!("{}, and {} other diagnostic(s)", one(d), rest.len()),
    }
}
