//! Entry points: [`from_str`], [`from_path`] and the configurable
//! [`Decoder`].

use std::path::Path;
use std::sync::Arc;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::diag::render::SourceMap;
use hcldecode_spec::source::Range;
use hcldecode_spec::syntax::body::Body;

use super::plan::TypePlan;
use super::scope::DecodeScope;
use super::{At, Error, HclDecode, PathSegment};
use crate::decode;
use crate::eval::{EvalContext, Limits};
use crate::function::Function;
use crate::parse::{self, File, Syntax};
use crate::value::Value;

/// Decodes configuration text into `T`, choosing the syntax by the file
/// name (JSON for names ending `.json`, native syntax otherwise). Variables
/// and functions are not available; use a [`Decoder`] to provide them.
///
/// ```
/// #[derive(hcldecode::HclDecode, Debug)]
/// struct Config {
///     name: String,
///     #[hcl(default)]
///     replicas: u32,
/// }
/// let cfg: Config = hcldecode::from_str("name = \"web\"\n", "app.hcl").unwrap();
/// assert_eq!((cfg.name.as_str(), cfg.replicas), ("web", 0));
/// ```
pub fn from_str<T: HclDecode>(src: &str, filename: &str) -> Result<T, Error> {
    Decoder::new().decode_str(src, filename)
}

/// Reads and decodes a configuration file into `T`, choosing the syntax
/// by extension (see [`from_str`]).
///
/// ```no_run
/// #[derive(hcldecode::HclDecode)]
/// struct Config {
///     name: String,
/// }
/// let cfg: Config = hcldecode::from_path("app.hcl").unwrap();
/// ```
pub fn from_path<T: HclDecode>(path: impl AsRef<Path>) -> Result<T, Error> {
    Decoder::new().decode_path(path)
}

/// Typed decoding with variables and functions available to the
/// configuration's expressions.
///
/// ```
/// use hcldecode::{Decoder, Value};
/// #[derive(hcldecode::HclDecode)]
/// struct Config {
///     bucket: String,
/// }
/// let cfg: Config = Decoder::new()
///     .variable("region", "eu-west-1")
///     .function("upper", hcldecode::function::stdlib::lookup("upper").unwrap())
///     .decode_str("bucket = \"logs-${upper(region)}\"\n", "app.hcl")
///     .unwrap();
/// assert_eq!(cfg.bucket, "logs-EU-WEST-1");
/// ```
#[derive(Clone, Debug)]
pub struct Decoder {
    ctx: Option<Arc<EvalContext>>,
    /// The engine's options, the limits among them.
    options: decode::DecodeOptions,
    /// Values given to declared variables (see [`crate::namespaces`]).
    inputs: Option<Arc<crate::declare::Inputs>>,
    /// The most threads one large native file is parsed on.
    parse_threads: usize,
}

impl Default for Decoder {
    fn default() -> Decoder {
        Decoder {
            ctx: None,
            // Conversion errors at each failing element, and each block
            // of a collection decoded as its own Rust value (see
            // `DecodeOptions`).
            options: decode::DecodeOptions::new()
                .element_errors(true)
                .keep_block_types(true),
            inputs: None,
            parse_threads: 1,
        }
    }
}

impl Decoder {
    /// A decoder whose expressions may use no variables and no functions.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Makes variable `name` available to expressions.
    pub fn variable(mut self, name: impl Into<String>, value: impl Into<Value>) -> Decoder {
        Arc::make_mut(self.ctx.get_or_insert_with(Default::default))
            .set_variable(name, value.into());
        self
    }

    /// Makes function `name` available to expressions.
    pub fn function(mut self, name: impl Into<String>, f: Function) -> Decoder {
        Arc::make_mut(self.ctx.get_or_insert_with(Default::default)).set_function(name, f);
        self
    }

    /// Makes a function library callable (see
    /// [`Functions`](crate::function::Functions)); functions set with
    /// [`function`](Self::function) take precedence.
    ///
    /// ```
    /// use hcldecode::function::Functions;
    /// # #[cfg(feature = "stdlib")] {
    /// let s: String = hcldecode::Decoder::new()
    ///     .functions(Functions::stdlib())
    ///     .decode_str("value = join(\"-\", [\"a\", \"b\"])\n", "a.hcl")
    ///     .unwrap();
    /// assert_eq!(s, "a-b");
    /// # }
    /// ```
    pub fn functions(mut self, library: crate::function::Functions) -> Decoder {
        Arc::make_mut(self.ctx.get_or_insert_with(Default::default)).set_function_library(library);
        self
    }

    /// Uses `ctx` for variables and functions (replacing any set before).
    ///
    /// ```
    /// use hcldecode::eval::EvalContext;
    /// let mut ctx = EvalContext::new();
    /// ctx.set_variable("n", hcldecode::Value::int(3));
    /// let n: u8 = hcldecode::Decoder::new().context(ctx).decode_str("value = n\n", "a.hcl").unwrap();
    /// assert_eq!(n, 3);
    /// ```
    pub fn context(mut self, ctx: EvalContext) -> Decoder {
        self.ctx = Some(Arc::new(ctx));
        self
    }

    /// Sets the resource limits (nesting of the input, what evaluating an
    /// expression may build); the default is [`Limits::DEFAULT`]. A
    /// context given with [`context`](Self::context) that sets limits of
    /// its own keeps them for evaluation.
    ///
    /// ```
    /// use hcldecode::eval::Limits;
    /// let deep = "value = [[[[[1]]]]]\n";
    /// let strict = hcldecode::Decoder::new().limits(Limits { max_nesting: 4, ..Limits::default() });
    /// let err = strict.decode_str::<Vec<Vec<Vec<Vec<Vec<u8>>>>>>(deep, "a.hcl").unwrap_err();
    /// assert_eq!(err.diagnostics()[0].summary, "Nesting too deep");
    /// ```
    pub fn limits(mut self, limits: Limits) -> Decoder {
        self.options = self.options.limits(limits);
        self
    }

    /// Parses a large native-syntax file (half a megabyte or more) in up to
    /// `threads` pieces at once, cut between its top-level blocks: the
    /// result and the errors are the ones of parsing it whole, which is
    /// what happens where a piece does not parse cleanly on its own (see
    /// [`parse::parse_path_with_threads`]). It applies to
    /// [`decode_str`](Self::decode_str), [`decode_path`](Self::decode_path)
    /// and their `_with_source` forms; [`decode_paths`](Self::decode_paths)
    /// parses its files side by side instead (with the `rayon` feature).
    /// The default is one thread; `std::thread::available_parallelism()`
    /// gives the machine's.
    ///
    /// ```
    /// use hcldecode::HclDecode;
    /// #[derive(HclDecode)]
    /// struct Job {
    ///     #[hcl(label)]
    ///     name: String,
    ///     count: u32,
    /// }
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     #[hcl(block, rename = "job")]
    ///     jobs: Vec<Job>,
    /// }
    /// let text: String = (0..40_000).map(|i| format!("job \"j{i}\" {{\n  count = {i}\n}}\n")).collect();
    /// let c: Config = hcldecode::Decoder::new().parse_threads(2).decode_str(&text, "jobs.hcl").unwrap();
    /// assert_eq!(c.jobs.len(), 40_000);
    /// assert_eq!((c.jobs[39_999].name.as_str(), c.jobs[39_999].count), ("j39999", 39_999));
    /// ```
    pub fn parse_threads(mut self, threads: usize) -> Decoder {
        self.parse_threads = threads.max(1);
        self
    }

    /// `src` parsed with the decoder's limits and threads.
    fn parse_text(&self, src: &str, filename: &str) -> (parse::File, Diagnostics) {
        parse::parse_str_on(
            src,
            filename,
            Syntax::for_path(filename),
            &self.options.limits,
            self.parse_threads,
        )
    }

    /// The file at `path` read and parsed with the decoder's limits and
    /// threads.
    fn parse_file(&self, path: &Path) -> (Option<parse::File>, Diagnostics) {
        parse::parse_path_with_threads(path, &self.options.limits, self.parse_threads)
    }

    /// Expands `dynamic` blocks (HCL's `ext/dynblock`, as Terraform and
    /// Nomad do) before decoding; see
    /// [`DecodeOptions::dynamic_blocks`](crate::decode::DecodeOptions).
    ///
    /// Off by default, as in `hcldec`: typed decoding then means exactly
    /// what decoding with the derived spec as a spec file means, a block
    /// type named `dynamic` in a schema keeps working, and no scope is
    /// built for bodies that have no dynamic blocks. Turn it on for
    /// Terraform- or Nomad-style configuration.
    ///
    /// ```
    /// use hcldecode::{Decoder, HclDecode};
    /// #[derive(HclDecode)]
    /// struct Job {
    ///     #[hcl(block)]
    ///     port: Vec<Port>,
    /// }
    /// #[derive(HclDecode)]
    /// struct Port {
    ///     #[hcl(label)]
    ///     label: String,
    ///     to: u16,
    /// }
    /// let src = "dynamic \"port\" {\n  for_each = { http = 8080, admin = 9000 }\n  labels = [port.key]\n  content { to = port.value }\n}\n";
    /// let job: Job = Decoder::new().dynamic_blocks(true).decode_str(src, "job.hcl").unwrap();
    /// assert_eq!(job.port.len(), 2);
    /// assert_eq!((job.port[0].label.as_str(), job.port[0].to), ("admin", 9000));
    /// assert!(Decoder::new().decode_str::<Job>(src, "job.hcl").is_err());
    /// ```
    pub fn dynamic_blocks(mut self, on: bool) -> Decoder {
        self.options = self.options.dynamic_blocks(on);
        self
    }

    /// Gives declared variable `name` (a `variable "name"` block of a
    /// schema that declares variables, see [`crate::namespaces`]) the
    /// value `value`, over its default and over values from files and the
    /// environment. A name no variable has is an error when decoding.
    ///
    /// ```
    /// use hcldecode::namespaces::Variable;
    /// use hcldecode::{Decoder, HclDecode};
    /// #[derive(HclDecode, Debug)]
    /// struct Config {
    ///     #[hcl(block, variables = "var")]
    ///     variable: Vec<Variable>,
    ///     replicas: u32,
    /// }
    /// let src = "variable \"n\" {\n  type = number\n}\nreplicas = var.n * 2\n";
    /// let cfg: Config = Decoder::new().variable_value("n", 3).decode_str(src, "m.hcl").unwrap();
    /// assert_eq!(cfg.replicas, 6);
    /// // Without a value (and no default): an error at the declaration.
    /// let err = Decoder::new().decode_str::<Config>(src, "m.hcl").unwrap_err();
    /// assert_eq!(err.diagnostics()[0].summary, "No value for required variable");
    /// ```
    pub fn variable_value(mut self, name: impl Into<String>, value: impl Into<Value>) -> Decoder {
        Arc::make_mut(self.inputs.get_or_insert_with(Default::default))
            .values
            .push((name.into(), value.into()));
        self
    }

    /// Gives declared variable `name` the value `text` stands for, read as
    /// Terraform reads `-var name=text`: for a variable of type `string`
    /// the text itself, for any other type an HCL expression. Over every
    /// other value given.
    ///
    /// ```
    /// use hcldecode::namespaces::Variable;
    /// use hcldecode::{Decoder, HclDecode};
    /// #[derive(HclDecode, Debug)]
    /// struct Config {
    ///     #[hcl(block, variables = "var")]
    ///     variable: Vec<Variable>,
    ///     name: String,
    ///     ports: Vec<u16>,
    /// }
    /// let src = "variable \"name\" {\n  type = string\n}\nvariable \"ports\" {\n  type = list(number)\n}\nname = var.name\nports = var.ports\n";
    /// let cfg: Config = Decoder::new()
    ///     .variable_text("name", "web")
    ///     .variable_text("ports", "[80, 443]")
    ///     .decode_str(src, "m.hcl")
    ///     .unwrap();
    /// assert_eq!((cfg.name.as_str(), cfg.ports), ("web", vec![80, 443]));
    /// ```
    pub fn variable_text(mut self, name: impl Into<String>, text: impl Into<String>) -> Decoder {
        Arc::make_mut(self.inputs.get_or_insert_with(Default::default))
            .texts
            .push((name.into(), text.into()));
        self
    }

    /// Values for declared variables from the text of a file of values
    /// (`.tfvars`-like: attributes, `name = value`; native syntax, or
    /// JSON when `filename` ends in `.json`), over the environment's and
    /// under [`variable_value`](Self::variable_value)'s; later files win.
    /// The values may use no variables or functions; a name no variable
    /// has is a warning.
    ///
    /// ```
    /// use hcldecode::namespaces::Variable;
    /// use hcldecode::{Decoder, HclDecode};
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     #[hcl(block, variables = "var")]
    ///     variable: Vec<Variable>,
    ///     zones: Vec<String>,
    /// }
    /// let src = "variable \"zones\" {\n  type = list(string)\n  default = []\n}\nzones = var.zones\n";
    /// let cfg: Config = Decoder::new()
    ///     .variable_values_str("zones = [\"a\", \"b\"]\n", "prod.tfvars")
    ///     .decode_str(src, "m.hcl")
    ///     .unwrap();
    /// assert_eq!(cfg.zones, ["a", "b"]);
    /// ```
    pub fn variable_values_str(mut self, text: &str, filename: &str) -> Decoder {
        Arc::make_mut(self.inputs.get_or_insert_with(Default::default))
            .files
            .push((filename.to_string(), text.to_string()));
        self
    }

    /// [`variable_values_str`](Self::variable_values_str) with the text of
    /// the file at `path`.
    pub fn variable_values_file(self, path: impl AsRef<Path>) -> std::io::Result<Decoder> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path)?;
        Ok(self.variable_values_str(&text, &path.display().to_string()))
    }

    /// Values for declared variables from the process's environment:
    /// `PREFIX` + the variable's name (`TF_VAR_region` for the prefix
    /// `TF_VAR_`), read when decoding, as Terraform reads them: for a
    /// variable of type `string` the text as given, for any other type an
    /// HCL expression (`["a", "b"]`, `{ x = 1 }`, `3`). Under files of
    /// values and values given in code.
    pub fn variable_env(mut self, prefix: &str) -> Decoder {
        Arc::make_mut(self.inputs.get_or_insert_with(Default::default)).env =
            Some(crate::declare::EnvInput {
                prefix: prefix.to_string(),
                vars: None,
            });
        self
    }

    /// [`variable_env`](Self::variable_env) over the variables `vars`
    /// instead of the process's environment (`std::env::vars()` as the
    /// application read it, say).
    ///
    /// ```
    /// use hcldecode::namespaces::Variable;
    /// use hcldecode::{Decoder, HclDecode};
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     #[hcl(block, variables = "var")]
    ///     variable: Vec<Variable>,
    ///     label: String,
    ///     ports: Vec<u16>,
    /// }
    /// let src = "variable \"label\" {\n  type = string\n}\nvariable \"ports\" {\n  type = list(number)\n}\nlabel = var.label\nports = var.ports\n";
    /// let env = [("APP_label", "[not an expression"), ("APP_ports", "[80, 443]")];
    /// let cfg: Config = Decoder::new()
    ///     .variable_env_vars("APP_", env.map(|(k, v)| (k.to_string(), v.to_string())))
    ///     .decode_str(src, "m.hcl")
    ///     .unwrap();
    /// assert_eq!(cfg.label, "[not an expression");
    /// assert_eq!(cfg.ports, [80, 443]);
    /// ```
    pub fn variable_env_vars(
        mut self,
        prefix: &str,
        vars: impl IntoIterator<Item = (String, String)>,
    ) -> Decoder {
        Arc::make_mut(self.inputs.get_or_insert_with(Default::default)).env =
            Some(crate::declare::EnvInput {
                prefix: prefix.to_string(),
                vars: Some(vars.into_iter().collect()),
            });
        self
    }

    /// Declared variables given no value and without a default are
    /// unknown instead of an error, so a configuration is checked without
    /// its inputs (an editor, a linter); what depends on them is unknown,
    /// which reports nothing.
    ///
    /// ```
    /// use hcldecode::namespaces::Variable;
    /// use hcldecode::{Decoder, HclDecode};
    /// #[derive(HclDecode, Debug)]
    /// struct Config {
    ///     #[hcl(block, variables = "var")]
    ///     variable: Vec<Variable>,
    ///     name: Option<String>,
    /// }
    /// let src = "variable \"name\" {\n  type = string\n}\nname = \"x-${var.name}\"\n";
    /// let err = Decoder::new().decode_str::<Config>(src, "m.hcl").unwrap_err();
    /// assert_eq!(err.diagnostics()[0].summary, "No value for required variable");
    /// // The variable is unknown: what needs its value says so, alone.
    /// let err = Decoder::new().allow_missing_variables().decode_str::<Config>(src, "m.hcl").unwrap_err();
    /// let codes: Vec<_> = err.diagnostics().iter().map(|d| d.code).collect();
    /// assert_eq!(codes, [Some(hcldecode::diag::Code::UnknownValue)]);
    /// ```
    pub fn allow_missing_variables(mut self) -> Decoder {
        Arc::make_mut(self.inputs.get_or_insert_with(Default::default)).allow_missing = true;
        self
    }

    /// Whether `dynamic` blocks are expanded.
    pub(crate) fn expands_dynamic_blocks(&self) -> bool {
        self.options.dynamic_blocks
    }

    /// The JSON Schema of the HCL JSON syntax this decoder reads `T` from
    /// ([`json_schema`](super::json_schema)): with
    /// [`dynamic_blocks`](Self::dynamic_blocks) on, every body may hold
    /// `dynamic` blocks for its block types.
    ///
    /// ```
    /// use hcldecode::{Decoder, HclDecode};
    /// #[derive(HclDecode)]
    /// struct Job {
    ///     #[hcl(block)]
    ///     port: Vec<Port>,
    /// }
    /// #[derive(HclDecode)]
    /// struct Port {
    ///     to: u16,
    /// }
    /// assert!(!Decoder::new().json_schema::<Job>().contains("\"dynamic\""));
    /// assert!(Decoder::new().dynamic_blocks(true).json_schema::<Job>().contains("\"dynamic\""));
    /// ```
    pub fn json_schema<T: HclDecode>(&self) -> String {
        T::spec().to_json_schema_with(super::JsonSchemaOptions {
            dynamic_blocks: self.options.dynamic_blocks,
        })
    }

    /// With [`dynamic_blocks`](Self::dynamic_blocks): the application's
    /// check of each dynamic block's `for_each` value, whose errors veto
    /// it ([`DecodeOptions::check_for_each`](crate::decode::DecodeOptions)).
    pub fn check_for_each(mut self, check: crate::decode::ForEachCheck) -> Decoder {
        self.options = self.options.check_for_each(check);
        self
    }

    /// Whether an attribute value that does not convert to its field's
    /// type is reported at each failing element of its tuple and object
    /// literals, with the element's path (`.soft: a number is required`),
    /// as Terraform does; on by default. Off, it is one error over the
    /// whole value, as `hcldec` gives for the derived spec.
    ///
    /// ```
    /// let src = "ports = [80, \"x\", 90, \"y\"]\n";
    /// #[derive(hcldecode::HclDecode, Debug)]
    /// struct S { ports: Vec<u16> }
    /// let e = hcldecode::Decoder::new().decode_str::<S>(src, "a.hcl").unwrap_err();
    /// assert_eq!(e.diagnostics().len(), 2);
    /// let e = hcldecode::Decoder::new().element_errors(false).decode_str::<S>(src, "a.hcl").unwrap_err();
    /// assert_eq!(e.diagnostics().len(), 1);
    /// ```
    pub fn element_errors(mut self, on: bool) -> Decoder {
        self.options = self.options.element_errors(on);
        self
    }

    /// The resource limits.
    #[cfg(feature = "serde")]
    pub(crate) fn limits_value(&self) -> Limits {
        self.options.limits
    }

    /// The evaluation context, if variables or functions were given.
    pub fn eval_context(&self) -> Option<&EvalContext> {
        self.ctx.as_deref()
    }

    /// Decodes configuration text, the syntax chosen by `filename`'s
    /// extension (JSON for `.json`).
    pub fn decode_str<T: HclDecode>(&self, src: &str, filename: &str) -> Result<T, Error> {
        let (file, diags) = self.parse_text(src, filename);
        self.decode_files(&[file], diags)
    }

    /// Reads and decodes a file, the syntax chosen by extension.
    pub fn decode_path<T: HclDecode>(&self, path: impl AsRef<Path>) -> Result<T, Error> {
        let (file, diags) = self.parse_file(path.as_ref());
        match file {
            Some(f) => self.decode_files(&[f], diags),
            None => Err(Error::from_diagnostics(diags)),
        }
    }

    /// Reads several files and decodes them as one merged body (attributes
    /// may be set in only one of them; blocks are concatenated). With the
    /// cargo feature `rayon`, the files are parsed in parallel
    /// ([`parse::parse_paths_with_limits`]), with the same result.
    pub fn decode_paths<T: HclDecode, P: AsRef<Path> + Sync>(
        &self,
        paths: &[P],
    ) -> Result<T, Error> {
        let mut files = Vec::new();
        let mut diags = Diagnostics::new();
        for (f, d) in parse::parse_paths_with_limits(paths, &self.options.limits) {
            diags.extend(d);
            files.extend(f);
        }
        self.decode_files(&files, diags)
    }

    /// [`decode_str`](Self::decode_str), keeping the source text with the
    /// value: the application's own checks after decoding report errors at
    /// the ranges of [`Spanned`](super::Spanned) values, rendered with
    /// snippets as the decoder's own errors are ([`Decoded::error`]).
    ///
    /// ```
    /// use hcldecode::{Decoder, HclDecode, Spanned};
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     ports: Vec<String>,
    ///     default_port: Spanned<String>,
    /// }
    /// let src = "ports = [\"http\"]\ndefault_port = \"htp\"\n";
    /// let cfg = Decoder::new().decode_str_with_source::<Config>(src, "app.hcl").unwrap();
    /// if !cfg.ports.contains(&cfg.default_port) {
    ///     let err = cfg.error(
    ///         cfg.default_port.range(),
    ///         "Undefined port",
    ///         format!("No port named {:?} is defined.", *cfg.default_port),
    ///     );
    ///     assert_eq!(
    ///         err.render(0, false),
    ///         "Error: Undefined port\n\n  on app.hcl line 2:\n   2: default_port = \"htp\"\n\nNo port named \"htp\" is defined.\n\n"
    ///     );
    /// }
    /// ```
    pub fn decode_str_with_source<T: HclDecode>(
        &self,
        src: &str,
        filename: &str,
    ) -> Result<Decoded<T>, Error> {
        let (file, diags) = self.parse_text(src, filename);
        self.decode_files_with_source(&[file], diags)
    }

    /// [`decode_path`](Self::decode_path), keeping the source text with
    /// the value (see [`decode_str_with_source`](Self::decode_str_with_source)).
    pub fn decode_path_with_source<T: HclDecode>(
        &self,
        path: impl AsRef<Path>,
    ) -> Result<Decoded<T>, Error> {
        let (file, diags) = self.parse_file(path.as_ref());
        match file {
            Some(f) => self.decode_files_with_source(&[f], diags),
            None => Err(Error::from_diagnostics(diags)),
        }
    }

    /// [`decode_files`](Self::decode_files), keeping the source text with
    /// the value (see [`decode_str_with_source`](Self::decode_str_with_source)).
    pub fn decode_files_with_source<T: HclDecode>(
        &self,
        files: &[File],
        parse_diags: Diagnostics,
    ) -> Result<Decoded<T>, Error> {
        let value = self.decode_files::<T>(files, parse_diags)?;
        Ok(Decoded {
            value,
            files: source_map(files),
            body: merged_body(files),
            decoder: self.clone(),
        })
    }

    /// Decodes parsed files (as [`parse`] gives them), after the
    /// diagnostics of parsing them: with errors among those, nothing is
    /// decoded.
    pub fn decode_files<T: HclDecode>(
        &self,
        files: &[File],
        parse_diags: Diagnostics,
    ) -> Result<T, Error> {
        let map = source_map(files);
        let order: Vec<_> = files.iter().map(|f| f.source.name().clone()).collect();
        if parse_diags.has_errors() {
            return Err(
                Error::from_diagnostics(parse::without_cascades(parse_diags))
                    .with_files(map)
                    .in_file_order(&order),
            );
        }
        let body = merged_body(files);
        let mut diags = parse_diags;
        let result = self.decode_body_inner::<T>(&body, &mut diags);
        match result {
            Ok(t) if !diags.has_errors() => Ok(t),
            Ok(_) => Err(Error::default().finish(diags, map).in_file_order(&order)),
            Err(e) => Err(e.finish(diags, map).in_file_order(&order)),
        }
    }

    /// Decodes a body, such as a `remain` body kept by an earlier decode.
    /// Errors carry the files the body is read from, so they render with
    /// snippets (without the "in BLOCK" context of a whole file's decode).
    ///
    /// ```
    /// use hcldecode::{Body, HclDecode};
    /// #[derive(HclDecode)]
    /// struct Outer {
    ///     name: String,
    ///     #[hcl(remain)]
    ///     rest: Body,
    /// }
    /// #[derive(HclDecode, Debug)]
    /// struct Inner {
    ///     port: u16,
    /// }
    /// let outer: Outer = hcldecode::from_str("name = \"a\"\nport = 70000\n", "app.hcl").unwrap();
    /// let err = hcldecode::Decoder::new().decode_body::<Inner>(&outer.rest).unwrap_err();
    /// assert!(err.to_string().contains("  on app.hcl line 2:\n   2: port = 70000\n"));
    /// ```
    pub fn decode_body<T: HclDecode>(&self, body: &Body) -> Result<T, Error> {
        let mut diags = Diagnostics::new();
        let result = self.decode_body_inner::<T>(body, &mut diags);
        let files = || {
            let mut map = SourceMap::new();
            map.add_body(body);
            map
        };
        match result {
            Ok(t) if !diags.has_errors() => Ok(t),
            Ok(_) => Err(Error::default().finish(diags, files())),
            Err(e) => Err(e.finish(diags, files())),
        }
    }

    fn decode_body_inner<T: HclDecode>(
        &self,
        body: &Body,
        diags: &mut Diagnostics,
    ) -> Result<T, Error> {
        let mark = diags.len();
        let Some(inner) = self.with_declarations::<T>(body, diags) else {
            return self.decode_prepared::<T>(body, diags);
        };
        let declared = diags.len();
        let r = inner.decode_prepared::<T>(body, diags);
        // What the type decodes of the declarations themselves (a
        // variable's `default`) is evaluated twice: its errors are
        // reported once.
        let again = diags.split_off(declared);
        for d in again {
            if !diags.iter().skip(mark).any(|seen| *seen == d) {
                diags.push(d);
            }
        }
        r
    }

    /// Where each of `paths` names a part of the `T` decoded from `body`
    /// (see [`Decoded::locate`]): the body decoded again, once, with
    /// positions.
    fn locate_each<T: HclDecode>(
        &self,
        body: &Body,
        paths: &[&[PathSegment<'_>]],
    ) -> Vec<Option<Range>> {
        let mut diags = Diagnostics::new();
        let inner = self.with_declarations::<T>(body, &mut diags);
        let this = inner.as_ref().unwrap_or(self);
        let made;
        let plan = match T::__INTERNALS.type_plan() {
            Some(p) => p,
            None => {
                made = TypePlan::new(T::spec());
                &made
            }
        };
        let ctx = this.ctx.as_deref();
        let (_, trace, _) = plan.prepared.decode_traced(body, ctx, this.options);
        let scope = DecodeScope {
            ctx: this.ctx.clone(),
            options: this.options,
        };
        let at = At::trace(&trace).in_scope(Some(&scope));
        paths.iter().map(|p| T::locate(p, at)).collect()
    }

    /// For a type declaring variables and locals, this decoder with a
    /// context holding their values (its errors in `diags`); `None` for
    /// a type that declares none.
    fn with_declarations<T: HclDecode>(
        &self,
        body: &Body,
        diags: &mut Diagnostics,
    ) -> Option<Decoder> {
        let namespaces = T::namespaces();
        if namespaces.is_empty() {
            return None;
        }
        // Variables and locals first: the rest is decoded in a context
        // that holds them.
        let refs = decode::variables_with(body.as_ref(), &T::spec(), self.options);
        let ctx = crate::declare::prepare(
            body,
            &namespaces,
            self.ctx.as_ref(),
            self.inputs.as_deref(),
            &refs,
            &self.options.limits,
            diags,
        );
        let mut inner = self.clone();
        inner.ctx = Some(Arc::new(ctx));
        Some(inner)
    }

    fn decode_prepared<T: HclDecode>(
        &self,
        body: &Body,
        diags: &mut Diagnostics,
    ) -> Result<T, Error> {
        // The type's spec and plan: made once per process for a derived
        // type, else for this decode.
        let made;
        let plan = match T::__INTERNALS.type_plan() {
            Some(p) => p,
            None => {
                made = TypePlan::new(T::spec());
                &made
            }
        };
        let ctx = self.ctx.as_deref();
        // Straight into the Rust values, without the value tree (see
        // `decode::direct`; dynamic blocks expanded as the engine expands
        // them): what the value gives below, where nothing goes wrong.
        // Otherwise, on as before.
        if let Some(read) = T::__INTERNALS.direct_body
            && plan.direct
            && let Some(t) = plan
                .prepared
                .decode_direct(body, ctx, self.options, &mut { read })
        {
            return Ok(t);
        }
        // Otherwise (an error, or a type not read directly): with the
        // trace, so that every error, and every position a value asks
        // for, has its range.
        let (value, trace, d) = plan.prepared.decode_traced(body, ctx, self.options);
        diags.extend(d);
        // What decodes again below (a tagged block's variant) decodes as
        // this decode does: the scope travels with the positions.
        let scope = DecodeScope {
            ctx: self.ctx.clone(),
            options: self.options,
        };
        T::from_hcl(&value, At::trace(&trace).in_scope(Some(&scope)))
    }
}

/// The body of `files`: one file's, or their bodies merged.
fn merged_body(files: &[File]) -> Body {
    match files {
        [one] => one.body.clone(),
        _ => Body::merged(files.iter().map(|f| f.body.clone()).collect()),
    }
}

/// The files' texts and block outlines, for snippets.
fn source_map(files: &[File]) -> SourceMap {
    let mut map = SourceMap::new();
    for f in files {
        map.add(f.source.clone(), f.blocks.clone());
    }
    map
}

/// A decoded value with the source text it was decoded from
/// ([`Decoder::decode_str_with_source`]): it derefs to the value, and
/// turns an application's findings about it into [`Error`]s that render
/// with snippets, as the decoder's own do.
#[derive(Clone, Debug)]
pub struct Decoded<T> {
    value: T,
    files: SourceMap,
    /// What it was decoded from, and how: for [`Decoded::locate`].
    body: Body,
    decoder: Decoder,
}

impl<T: HclDecode> Decoded<T> {
    /// Where the part of the value that `path` names was written: struct
    /// fields by their Rust names, list elements and blocks by index, map
    /// entries and block-map labels by key (as validation crates name
    /// them; [`PathSegment::parse`] reads their dotted paths). Where the
    /// path leaves what was written (a field left to its default), the
    /// deepest position it reached: the block the field would be in. The
    /// file is decoded again, with positions, for each call.
    ///
    /// ```
    /// use hcldecode::typed::PathSegment;
    /// #[derive(hcldecode::HclDecode)]
    /// struct Job {
    ///     #[hcl(block, rename = "task")]
    ///     tasks: Vec<Task>,
    /// }
    /// #[derive(hcldecode::HclDecode)]
    /// struct Task {
    ///     #[hcl(label)]
    ///     name: String,
    ///     cpu: u32,
    /// }
    /// let src = "task \"a\" {\n  cpu = 100\n}\ntask \"b\" {\n  cpu = 0\n}\n";
    /// let job = hcldecode::Decoder::new().decode_str_with_source::<Job>(src, "job.hcl").unwrap();
    /// let at = job.locate(&PathSegment::parse("tasks[1].cpu")).unwrap();
    /// assert_eq!(at.to_string(), "job.hcl:5,9-10");
    /// let err = job.error(&at, "Invalid CPU", "A task needs some CPU.");
    /// assert!(err.to_string().contains("   5:   cpu = 0\n"));
    /// ```
    pub fn locate(&self, path: &[PathSegment<'_>]) -> Option<Range> {
        self.locate_each(&[path]).pop().flatten()
    }

    /// [`locate`](Self::locate) for several paths, decoding the file
    /// again once for all of them.
    pub fn locate_each(&self, paths: &[&[PathSegment<'_>]]) -> Vec<Option<Range>> {
        self.decoder.locate_each::<T>(&self.body, paths)
    }
}

impl<T> Decoded<T> {
    /// The value.
    pub fn into_inner(self) -> T {
        self.value
    }

    /// The files the value was decoded from.
    pub fn files(&self) -> &SourceMap {
        &self.files
    }

    /// An error about `range` (a [`Spanned`](super::Spanned) value's, say)
    /// with these files, for snippets.
    pub fn error(
        &self,
        range: &hcldecode_spec::source::Range,
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) -> Error {
        Error::at(summary, detail, Some(range.clone())).with_files(self.files.clone())
    }

    /// Errors of the application's own (several findings at once, with
    /// their ranges and severities) with these files, for snippets.
    ///
    /// ```
    /// use hcldecode::{Decoder, Diagnostic, Diagnostics, Spanned};
    /// #[derive(hcldecode::HclDecode)]
    /// struct C { a: Spanned<u8>, b: Spanned<u8> }
    /// let c = Decoder::new().decode_str_with_source::<C>("a = 1\nb = 1\n", "c.hcl").unwrap();
    /// let mut found = Diagnostics::new();
    /// for (name, v) in [("a", &c.a), ("b", &c.b)] {
    ///     if **v == 1 {
    ///         found.push(Diagnostic::error("One", format!("{name} is one.")).with_subject(v.range().clone()));
    ///     }
    /// }
    /// let err = c.errors(found);
    /// assert_eq!(err.diagnostics().len(), 2);
    /// assert!(err.to_string().contains("   2: b = 1\n"));
    /// ```
    pub fn errors(&self, diags: Diagnostics) -> Error {
        Error::from_diagnostics(diags).with_files(self.files.clone())
    }
}

impl<T> std::ops::Deref for Decoded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> std::ops::DerefMut for Decoded<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.value
    }
}
