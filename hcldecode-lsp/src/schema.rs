//! What documents are checked against.

use std::sync::Arc;

use hcldecode::decode::DecodeOptions;
use hcldecode::eval::EvalContext;
use hcldecode::function::{Function, Functions};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::{Body, Decoder, Diagnostics, HclDecode, Spec, Value};

/// What documents are checked against: the spec, the context expressions
/// are evaluated in, and how bodies are decoded.
#[derive(Clone, Debug)]
pub struct Schema {
    spec: Spec,
    spec_ctx: Option<Arc<EvalContext>>,
    input_ctx: EvalContext,
    spec_functions: Vec<(String, Function)>,
    functions: Functions,
    options: DecodeOptions,
    typed: Option<Typed>,
    /// A spec file's `namespace` blocks: variables and locals declared in
    /// the document itself, given their values before the rest is decoded.
    namespaces: Vec<hcldecode::namespaces::Namespace>,
}

/// A derived type's decoding: the application's decoder and the typed
/// decode of the type (with the application's own rules, if any), whose
/// errors are the diagnostics.
#[derive(Clone)]
struct Typed {
    decoder: Decoder,
    check: Arc<Check>,
}

/// A typed decode of a body (with the application's rules): its
/// diagnostics.
type Check = dyn Fn(&Decoder, &Body) -> Diagnostics + Send + Sync;

impl std::fmt::Debug for Typed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Typed")
            .field("decoder", &self.decoder)
            .finish_non_exhaustive()
    }
}

/// The diagnostics of decoding `body` into a `T` (warnings of a clean
/// decode are not kept by typed decoding).
fn typed_check<T: HclDecode>(decoder: &Decoder, body: &Body) -> Diagnostics {
    match decoder.decode_body::<T>(body) {
        Ok(_) => Diagnostics::new(),
        Err(e) => e.into_diagnostics(),
    }
}

impl Schema {
    /// A schema of a spec tree, with no variables or functions.
    ///
    /// ```
    /// use hcldecode::Spec;
    /// use hcldecode_spec::spec::AttrSpec;
    /// use hcldecode_lsp::Schema;
    /// let schema = Schema::new(Spec::Attr(AttrSpec::new("port", hcldecode::Type::Number, true)));
    /// assert_eq!(schema.spec().kind_name(), "attr");
    /// ```
    pub fn new(spec: Spec) -> Schema {
        Schema {
            spec,
            spec_ctx: None,
            input_ctx: EvalContext::new(),
            spec_functions: Vec::new(),
            functions: Functions::none(),
            options: DecodeOptions::new(),
            typed: None,
            namespaces: Vec::new(),
        }
    }

    /// The schema of a loaded hcldec spec file: its spec, and its
    /// variables and functions for the documents' expressions (as `hcldec`
    /// gives them).
    ///
    /// ```
    /// use hcldecode::spec_file::LoadedSpec;
    /// use hcldecode_lsp::Schema;
    /// let (loaded, _) = LoadedSpec::load_file("object {\n attr \"port\" { type = number }\n}\n", "app.hcldec").unwrap();
    /// let schema = Schema::from_spec_file(loaded);
    /// assert_eq!(schema.spec().kind_name(), "object");
    /// ```
    pub fn from_spec_file(loaded: LoadedSpec) -> Schema {
        Schema {
            input_ctx: loaded.input_context(),
            spec_ctx: Some(loaded.spec_ctx.clone()),
            spec_functions: loaded.functions.clone(),
            namespaces: loaded.namespaces.clone(),
            spec: loaded.spec,
            functions: Functions::none(),
            options: DecodeOptions::new(),
            typed: None,
        }
    }

    /// Reads and loads an hcldec spec file ([`Schema::from_spec_file`]);
    /// the error renders with snippets.
    ///
    /// ```
    /// let dir = std::env::temp_dir().join(format!("hcldecode-lsp-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// let path = dir.join("app.hcldec");
    /// std::fs::write(&path, "attr {\n  name = \"a\"\n  type = strin\n}\n").unwrap();
    /// assert!(hcldecode_lsp::Schema::load(&path).is_err());
    /// # std::fs::remove_dir_all(&dir).ok();
    /// ```
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Schema, hcldecode::Error> {
        let path = path.as_ref();
        let src = std::fs::read_to_string(path).map_err(|e| {
            hcldecode::Error::from_diagnostics(Diagnostics::from(hcldecode::Diagnostic::error(
                "Failed to read spec file",
                format!("The spec file {} could not be read: {e}.", path.display()),
            )))
        })?;
        let (loaded, _warnings) = LoadedSpec::load_file(&src, &path.to_string_lossy())?;
        Ok(Schema::from_spec_file(loaded))
    }

    /// The schema of a type deriving [`HclDecode`]: documents are decoded
    /// into a `T` by typed decoding (so its checks, such as an enum's
    /// values or a custom scalar's parsing, are diagnostics too), and
    /// completion and hover read its spec ([`HclDecode::spec`]).
    ///
    /// ```
    /// use hcldecode::HclDecode;
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     port: u16,
    /// }
    /// let schema = hcldecode_lsp::Schema::of::<Config>();
    /// assert_eq!(schema.spec().kind_name(), "object");
    /// ```
    pub fn of<T: HclDecode>() -> Schema {
        Schema::with_decoder::<T>(Decoder::new())
    }

    /// [`Schema::of`] with the application's own [`Decoder`] (its
    /// variables, functions and options), so that documents are checked
    /// exactly as the application reads them.
    ///
    /// ```
    /// use hcldecode::{Decoder, HclDecode};
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     zone: String,
    /// }
    /// let decoder = Decoder::new().variable("region", "eu-west-1");
    /// let schema = hcldecode_lsp::Schema::with_decoder::<Config>(decoder);
    /// # let _ = schema;
    /// ```
    pub fn with_decoder<T: HclDecode>(decoder: Decoder) -> Schema {
        let mut schema = Schema::new(T::spec());
        schema.options = schema.options.element_errors(true).keep_block_types(true);
        // A document is checked without the configuration's inputs:
        // variables without a value are unknown, not errors.
        schema.typed = Some(Typed {
            decoder: decoder.allow_missing_variables(),
            check: Arc::new(typed_check::<T> as fn(&Decoder, &Body) -> Diagnostics),
        });
        schema.namespaces = T::namespaces();
        schema
    }

    /// [`Schema::with_decoder`], with the application's own rules: `rules`
    /// runs on each document that decodes, and its diagnostics (at the
    /// ranges of [`Spanned`](hcldecode::Spanned) values, say) are published
    /// beside the decoder's, so the editor shows what the application
    /// would refuse.
    ///
    /// ```
    /// use hcldecode::{Decoder, Diagnostic, Diagnostics, HclDecode, Spanned};
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     replicas: Spanned<u32>,
    /// }
    /// fn rules(c: &Config) -> Diagnostics {
    ///     let mut d = Diagnostics::new();
    ///     if *c.replicas > 100 {
    ///         d.push(Diagnostic::error("Too many replicas", "At most 100.").with_subject(c.replicas.range().clone()));
    ///     }
    ///     d
    /// }
    /// let schema = hcldecode_lsp::Schema::with_rules::<Config>(Decoder::new(), rules);
    /// let d = hcldecode_lsp::analysis::diagnostics(&schema, "a.hcl", &"replicas = 300\n".into());
    /// assert_eq!(d[0].message, "Too many replicas\n\nAt most 100.");
    /// assert_eq!(d[0].range.start.character, 11);
    /// ```
    pub fn with_rules<T: HclDecode + 'static>(
        decoder: Decoder,
        rules: fn(&T) -> Diagnostics,
    ) -> Schema {
        let mut schema = Schema::with_decoder::<T>(decoder);
        if let Some(t) = &mut schema.typed {
            t.check = Arc::new(move |d: &Decoder, b: &Body| match d.decode_body::<T>(b) {
                Ok(v) => rules(&v),
                Err(e) => e.into_diagnostics(),
            });
        }
        schema
    }

    /// The namespaces documents declare names in (variables and locals:
    /// a spec file's `namespace` blocks, a derived type's `variables` and
    /// `locals` fields).
    ///
    /// ```
    /// use hcldecode::namespaces::Variable;
    /// #[derive(hcldecode::HclDecode)]
    /// struct Config {
    ///     #[hcl(block, variables = "var")]
    ///     variable: Vec<Variable>,
    /// }
    /// let schema = hcldecode_lsp::Schema::of::<Config>();
    /// assert_eq!(schema.namespaces()[0].name, "var");
    /// ```
    pub fn namespaces(&self) -> &[hcldecode::namespaces::Namespace] {
        &self.namespaces
    }

    /// The function sets documents may call (none by default).
    ///
    /// ```
    /// use hcldecode::function::Functions;
    /// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
    /// assert!(schema.function_names().iter().any(|n| n == "upper"));
    /// ```
    pub fn functions(mut self, functions: Functions) -> Schema {
        if let Some(t) = &mut self.typed {
            t.decoder = t.decoder.clone().functions(functions.clone());
        }
        self.functions = functions;
        self
    }

    /// Expand `dynamic` blocks before decoding (off by default, as in
    /// `hcldec`).
    ///
    /// ```
    /// let schema = hcldecode_lsp::Schema::of::<u16>().dynamic_blocks(true);
    /// # let _ = schema;
    /// ```
    pub fn dynamic_blocks(mut self, on: bool) -> Schema {
        if let Some(t) = &mut self.typed {
            t.decoder = t.decoder.clone().dynamic_blocks(on);
        }
        self.options = self.options.dynamic_blocks(on);
        self
    }

    /// Makes variable `name` available to documents' expressions (as
    /// `hcldec --vars` does): decoding sees it, completion offers it and
    /// its attributes, hover shows its value.
    ///
    /// ```
    /// let schema = hcldecode_lsp::Schema::of::<u16>().variable("region", "eu-west-1");
    /// assert_eq!(schema.variable_value("region"), Some(&hcldecode::Value::string("eu-west-1")));
    /// ```
    pub fn variable(mut self, name: &str, value: impl Into<Value>) -> Schema {
        let value = value.into();
        if let Some(t) = &mut self.typed {
            t.decoder = t.decoder.clone().variable(name, value.clone());
        }
        self.input_ctx.set_variable(name, value);
        self
    }

    /// Makes every variable of `ctx` (and its parents) available, as
    /// [`Schema::variable`] does for each: how an application passes the
    /// [`EvalContext`] it decodes with. Its functions are not taken (see
    /// [`Schema::functions`]).
    ///
    /// ```
    /// use hcldecode::eval::EvalContext;
    /// let mut ctx = EvalContext::new();
    /// let (_, diags) = ctx.read_variables([r#"{"env": {"name": "prod"}}"#]);
    /// assert!(diags.is_empty());
    /// let schema = hcldecode_lsp::Schema::of::<u16>().context(&ctx);
    /// assert_eq!(schema.variable_names(), ["env"]);
    /// ```
    pub fn context(mut self, ctx: &EvalContext) -> Schema {
        let mut names = ctx.variable_names();
        names.reverse(); // parents first, so nearer definitions win
        for name in names {
            if let Some(v) = ctx.variable(name) {
                self = self.variable(name, v.clone());
            }
        }
        self
    }

    /// The variables documents' expressions may use: the application's
    /// decoder's, or the spec file's `variables` and those given to
    /// [`Schema::variable`] and [`Schema::context`].
    fn variables(&self) -> Option<&EvalContext> {
        match &self.typed {
            Some(t) => t.decoder.eval_context(),
            None => Some(&self.input_ctx),
        }
    }

    /// The values `body` gives the names it declares in the schema's
    /// namespaces (`var`, `local`), evaluated in the documents' context
    /// without the configuration's inputs (a variable without a default is
    /// unknown); `None` when the schema declares no namespaces.
    pub(crate) fn declared_values(&self, body: &Body) -> Option<EvalContext> {
        if self.namespaces.is_empty() {
            return None;
        }
        let mut ctx = self.variables().cloned().unwrap_or_default();
        if !self.functions.is_empty() && self.typed.is_none() {
            ctx.set_function_library(self.functions.clone());
        }
        let inputs = hcldecode::declare::VariableInputs::new().allow_missing();
        let (ctx, _) =
            hcldecode::declare::evaluate(body, &self.namespaces, Some(&inputs), Some(&ctx));
        Some(ctx)
    }

    /// The names of the variables documents may use, sorted.
    ///
    /// ```
    /// let schema = hcldecode_lsp::Schema::of::<u16>().variable("b", 1).variable("a", 2);
    /// assert_eq!(schema.variable_names(), ["a", "b"]);
    /// ```
    pub fn variable_names(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .variables()
            .map(|c| c.variable_names().into_iter().map(str::to_string).collect())
            .unwrap_or_default();
        out.sort();
        out.dedup();
        out
    }

    /// A variable's value, by name.
    ///
    /// ```
    /// let schema = hcldecode_lsp::Schema::of::<u16>();
    /// assert_eq!(schema.variable_value("nope"), None);
    /// ```
    pub fn variable_value(&self, name: &str) -> Option<&Value> {
        self.variables()?.variable(name)
    }

    /// The spec documents are decoded with.
    ///
    /// ```
    /// assert_eq!(hcldecode_lsp::Schema::of::<u16>().spec().kind_name(), "attr");
    /// ```
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The names of the functions documents may call: the spec file's own
    /// and those of the function sets, sorted.
    ///
    /// ```
    /// use hcldecode::function::Functions;
    /// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
    /// assert!(schema.function_names().windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub fn function_names(&self) -> Vec<String> {
        let mut out: Vec<String> = self.spec_functions.iter().map(|(n, _)| n.clone()).collect();
        out.extend(self.functions.names().into_iter().map(str::to_string));
        out.sort();
        out.dedup();
        out
    }

    /// A function documents may call, by name (the spec file's first).
    pub(crate) fn function(&self, name: &str) -> Option<&Function> {
        self.spec_functions
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, f)| f)
            .or_else(|| self.functions.get(name))
    }

    /// A function's signature: `name(param type, ...)`.
    ///
    /// ```
    /// use hcldecode::function::Functions;
    /// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
    /// assert_eq!(schema.function_signature("upper").unwrap(), "upper(str string)");
    /// assert_eq!(schema.function_signature("nope"), None);
    /// ```
    pub fn function_signature(&self, name: &str) -> Option<String> {
        let f = self.function(name)?;
        let mut params: Vec<String> = f
            .params()
            .iter()
            .map(|p| format!("{} {}", p.name, p.ty))
            .collect();
        if let Some(p) = f.var_param() {
            params.push(format!("{}... {}", p.name, p.ty));
        }
        Some(format!("{name}({})", params.join(", ")))
    }

    /// A function's description, where it has one.
    ///
    /// ```
    /// use hcldecode::function::Functions;
    /// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
    /// assert!(schema.function_description("upper").is_some());
    /// ```
    pub fn function_description(&self, name: &str) -> Option<String> {
        Some(self.function(name)?.description().to_string())
    }

    /// Decodes a body with the schema: the diagnostics.
    pub(crate) fn decode(&self, body: &Body) -> Diagnostics {
        if let Some(t) = &self.typed {
            let mut diags = (t.check)(&t.decoder, body);
            if !self.namespaces.is_empty() {
                // Unknown values come from the inputs an editor does not
                // have (variables without values): nothing to report.
                diags.retain(|d| d.code != Some(hcldecode_spec::diag::Code::UnknownValue));
            }
            return diags;
        }
        let mut ctx = self.input_ctx.clone();
        if !self.functions.is_empty() {
            ctx.set_function_library(self.functions.clone());
        }
        let ctx = (!ctx.is_empty()).then_some(&ctx);
        // The document's own variables and locals (a spec file's
        // `namespace` blocks) are read from the document as it is now.
        let inputs = hcldecode::declare::VariableInputs::new().allow_missing();
        let (_, diags) = hcldecode::declare::decode_with(
            body,
            &self.spec,
            &self.namespaces,
            Some(&inputs),
            ctx,
            self.spec_ctx.as_deref(),
            self.options,
        );
        diags
    }
}
