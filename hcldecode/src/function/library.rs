//! Opt-in function sets: what an application lets its configuration call.
//!
//! A [`Functions`] value names a union of [`FunctionSet`]s. Install it on
//! an [`EvalContext`](crate::eval::EvalContext) with
//! [`set_function_library`](crate::eval::EvalContext::set_function_library)
//! or on a [`Decoder`](crate::Decoder) with
//! [`functions`](crate::Decoder::functions); functions set one by one
//! (a spec file's `function` blocks, [`Decoder::function`](crate::Decoder::function))
//! take precedence over the library, as in Nomad and `hcldec-ext`.
//!
//! The names and semantics are those of Nomad's `jobspec2` function map
//! (go-cty's stdlib, HCL's `try`/`can`/`convert`, go-cty-yaml, go-cty-funcs);
//! see `docs/functions.md`. Each set beyond the spec-file functions is
//! compiled in with the cargo feature of its name.
//!
//! ```
//! use hcldecode::function::{FunctionSet, Functions};
//! let f = Functions::stdlib();
//! assert!(f.contains(FunctionSet::Stdlib));
//! # #[cfg(feature = "stdlib")]
//! assert!(f.get("merge").is_some());
//! assert!(Functions::none().get("merge").is_none());
//! let both = Functions::parse("stdlib").unwrap();
//! assert!(both.contains(FunctionSet::Stdlib));
//! assert!(Functions::parse("nosuch").is_err());
//! ```

use super::fs_config::FsConfig;
use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use super::Function;

/// One opt-in set of functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FunctionSet {
    /// go-cty's standard library as Nomad names it, `try`, `can`,
    /// `convert`, `yamlencode` and `yamldecode` (cargo feature `stdlib`).
    Stdlib,
    /// `base64encode`, `base64decode`, `urlencode` (cargo feature
    /// `encoding`).
    Encoding,
    /// `md5`, `sha1`, `sha256`, `sha512`, `bcrypt`, `rsadecrypt` (cargo
    /// feature `crypto`).
    Crypto,
    /// `uuidv4`, `uuidv5` (cargo feature `uuid`).
    Uuid,
    /// `cidrhost`, `cidrnetmask`, `cidrsubnet`, `cidrsubnets` (cargo
    /// feature `cidr`).
    Cidr,
    /// `file`, `filebase64`, `fileexists`, `fileset`, `abspath`,
    /// `basename`, `dirname`, `pathexpand`, confined to a base directory
    /// (cargo feature `filesystem`).
    Filesystem,
    /// Terraform's functions beyond Nomad's (`one`, `sum`, `templatefile`,
    /// `base64gzip`, `cidrcontains`, `timestamp`, ...), and Terraform's
    /// meaning of `index`, `length`, `coalesce`, `replace` and `reverse`,
    /// which take precedence over the `stdlib` set's (cargo feature
    /// `terraform`). [`Functions::terraform`] is the whole profile.
    Terraform,
}

impl FunctionSet {
    /// Every set, in documentation order.
    pub const ALL: [FunctionSet; 7] = [
        FunctionSet::Stdlib,
        FunctionSet::Encoding,
        FunctionSet::Crypto,
        FunctionSet::Uuid,
        FunctionSet::Cidr,
        FunctionSet::Filesystem,
        FunctionSet::Terraform,
    ];

    /// The set's name (as `hcldec --functions=` takes it).
    ///
    /// ```
    /// assert_eq!(hcldecode::function::FunctionSet::Cidr.name(), "cidr");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            FunctionSet::Stdlib => "stdlib",
            FunctionSet::Encoding => "encoding",
            FunctionSet::Crypto => "crypto",
            FunctionSet::Uuid => "uuid",
            FunctionSet::Cidr => "cidr",
            FunctionSet::Filesystem => "filesystem",
            FunctionSet::Terraform => "terraform",
        }
    }

    /// The set of a name.
    ///
    /// ```
    /// use hcldecode::function::FunctionSet;
    /// assert_eq!(FunctionSet::from_name("uuid"), Some(FunctionSet::Uuid));
    /// assert_eq!(FunctionSet::from_name("UUID"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<FunctionSet> {
        FunctionSet::ALL.into_iter().find(|s| s.name() == name)
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// Whether this build has the set (its cargo feature is on).
    ///
    /// ```
    /// # #[cfg(feature = "stdlib")]
    /// assert!(hcldecode::function::FunctionSet::Stdlib.is_available());
    /// ```
    pub fn is_available(self) -> bool {
        match self {
            FunctionSet::Stdlib => cfg!(feature = "stdlib"),
            FunctionSet::Encoding => cfg!(feature = "encoding"),
            FunctionSet::Crypto => cfg!(feature = "crypto"),
            FunctionSet::Uuid => cfg!(feature = "uuid"),
            FunctionSet::Cidr => cfg!(feature = "cidr"),
            FunctionSet::Filesystem => cfg!(feature = "filesystem"),
            FunctionSet::Terraform => cfg!(feature = "terraform"),
        }
    }

    /// The names of the set's functions, sorted.
    ///
    /// ```
    /// use hcldecode::function::FunctionSet;
    /// assert!(FunctionSet::Encoding.function_names().contains(&"base64encode"));
    /// ```
    pub fn function_names(self) -> &'static [&'static str] {
        match self {
            FunctionSet::Stdlib => &STDLIB_NAMES,
            FunctionSet::Encoding => &["base64decode", "base64encode", "urlencode"],
            FunctionSet::Crypto => &["bcrypt", "md5", "rsadecrypt", "sha1", "sha256", "sha512"],
            FunctionSet::Uuid => &["uuidv4", "uuidv5"],
            FunctionSet::Cidr => &["cidrhost", "cidrnetmask", "cidrsubnet", "cidrsubnets"],
            FunctionSet::Filesystem => &[
                "abspath",
                "basename",
                "dirname",
                "file",
                "filebase64",
                "fileexists",
                "fileset",
                "pathexpand",
            ],
            FunctionSet::Terraform => &TERRAFORM_NAMES,
        }
    }
}

impl fmt::Display for FunctionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The `stdlib` set's names (Nomad's map less go-cty-funcs, plus the go-cty
/// functions Terraform also has).
const STDLIB_NAMES: [&str; 72] = [
    "abs",
    "can",
    "ceil",
    "chomp",
    "chunklist",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "convert",
    "csvdecode",
    "distinct",
    "element",
    "flatten",
    "floor",
    "format",
    "formatdate",
    "formatlist",
    "indent",
    "index",
    "join",
    "jsondecode",
    "jsonencode",
    "keys",
    "length",
    "log",
    "lookup",
    "lower",
    "max",
    "merge",
    "min",
    "parseint",
    "pow",
    "range",
    "regex",
    "regex_replace",
    "regexall",
    "replace",
    "reverse",
    "reverselist",
    "sethaselement",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setsymmetricdifference",
    "setunion",
    "signum",
    "slice",
    "sort",
    "split",
    "strlen",
    "strrev",
    "substr",
    "timeadd",
    "title",
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "try",
    "upper",
    "values",
    "yamldecode",
    "yamlencode",
    "zipmap",
];

/// The `terraform` set's names (Terraform's functions that Nomad's map
/// lacks or means otherwise).
const TERRAFORM_NAMES: [&str; 44] = [
    "alltrue",
    "anytrue",
    "base64gunzip",
    "base64gzip",
    "base64sha256",
    "base64sha512",
    "cidrcontains",
    "cidrhost",
    "cidrnetmask",
    "cidrsubnet",
    "cidrsubnets",
    "coalesce",
    "endswith",
    "filebase64sha256",
    "filebase64sha512",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "index",
    "length",
    "list",
    "lookup",
    "map",
    "matchkeys",
    "nonsensitive",
    "one",
    "plantimestamp",
    "replace",
    "reverse",
    "rsadecrypt",
    "sensitive",
    "startswith",
    "strcontains",
    "sum",
    "templatefile",
    "templatestring",
    "textdecodebase64",
    "textencodebase64",
    "timecmp",
    "timestamp",
    "transpose",
    "urldecode",
    "uuid",
];

/// A union of function sets, with the base directory the filesystem
/// functions are confined to. Cheap to clone; functions are built on first
/// use and shared.
#[derive(Clone, Default)]
pub struct Functions {
    sets: u8,
    inner: Arc<Inner>,
}

/// A library that does not keep itself alive: what its own template
/// functions hold to call back into it.
#[cfg(feature = "terraform")]
#[derive(Clone)]
pub(crate) struct WeakFunctions {
    sets: u8,
    inner: std::sync::Weak<Inner>,
    fs: Option<FsConfig>,
    render: Option<RenderTemplate>,
}

#[cfg(feature = "terraform")]
impl WeakFunctions {
    /// The library, or one of the same sets if it is gone.
    pub(crate) fn upgrade(&self) -> Functions {
        match self.inner.upgrade() {
            Some(inner) => Functions {
                sets: self.sets,
                inner,
            },
            None => {
                let lib = Functions {
                    sets: self.sets,
                    inner: Arc::new(Inner {
                        fs: self.fs.clone(),
                        ..Inner::default()
                    }),
                };
                if let Some(render) = self.render {
                    lib.provide_renderer(render);
                }
                lib
            }
        }
    }
}

/// The library's functions by name, each built on first use.
/// The library's functions by name, each built when first looked up,
/// with an index (foldhash, fixed seed: the names are the library's own)
/// so that a call finds its function without comparing names one by one.
struct Built {
    functions: Box<[OnceLock<Option<Function>>]>,
    index: std::collections::HashMap<&'static str, usize, foldhash::fast::FixedState>,
}

#[derive(Default)]
struct Inner {
    fs: Option<FsConfig>,
    built: OnceLock<Built>,
    /// The evaluator's template rendering, given when the library is
    /// offered to an evaluation context ([`RenderTemplate`]).
    #[cfg(feature = "terraform")]
    render: OnceLock<RenderTemplate>,
}

/// Renders a template (the calling evaluation's context, file name, text,
/// variables, the library its
/// functions come from, whether errors about variables name their
/// position) for `templatefile` and `templatestring`. The rendering is the
/// evaluator's, which sits above the function layer: the evaluation
/// context hands it to the library it is offered
/// ([`EvalContext::set_function_library`](crate::eval::EvalContext::set_function_library)),
/// so the function layer never calls up into the evaluator.
#[cfg(feature = "terraform")]
pub(crate) type RenderTemplate = fn(
    &crate::function::CallContext<'_>,
    &str,
    &str,
    &crate::value::Value,
    Functions,
    bool,
) -> Result<crate::value::Value, crate::function::FunctionError>;

/// The default bound on files read by `file` and `filebase64`.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 16 << 20;

impl fmt::Debug for Functions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Functions")
            .field("sets", &self.sets().collect::<Vec<_>>())
            .field("fs", &self.inner.fs)
            .finish()
    }
}

impl PartialEq for Functions {
    fn eq(&self, other: &Functions) -> bool {
        self.sets == other.sets && self.inner.fs == other.inner.fs
    }
}

impl Functions {
    /// No functions.
    pub fn none() -> Functions {
        Functions::default()
    }

    fn of(set: FunctionSet) -> Functions {
        Functions {
            sets: set.bit(),
            inner: Arc::default(),
        }
    }

    /// The `stdlib` set.
    ///
    #[cfg_attr(feature = "stdlib", doc = "```")]
    #[cfg_attr(not(feature = "stdlib"), doc = "```ignore")]
    /// assert!(hcldecode::function::Functions::stdlib().names().contains(&"format"));
    /// ```
    pub fn stdlib() -> Functions {
        Functions::of(FunctionSet::Stdlib)
    }

    /// The `encoding` set.
    ///
    #[cfg_attr(feature = "encoding", doc = "```")]
    #[cfg_attr(not(feature = "encoding"), doc = "```ignore")]
    /// assert!(hcldecode::function::Functions::encoding().names().contains(&"urlencode"));
    /// ```
    pub fn encoding() -> Functions {
        Functions::of(FunctionSet::Encoding)
    }

    /// The `crypto` set (`bcrypt` salts randomly, so its result differs
    /// from call to call).
    ///
    #[cfg_attr(feature = "crypto", doc = "```")]
    #[cfg_attr(not(feature = "crypto"), doc = "```ignore")]
    /// assert!(hcldecode::function::Functions::crypto().names().contains(&"sha256"));
    /// ```
    pub fn crypto() -> Functions {
        Functions::of(FunctionSet::Crypto)
    }

    /// The `uuid` set (`uuidv4` is random).
    ///
    #[cfg_attr(feature = "uuid", doc = "```")]
    #[cfg_attr(not(feature = "uuid"), doc = "```ignore")]
    /// assert!(hcldecode::function::Functions::uuid().names().contains(&"uuidv5"));
    /// ```
    pub fn uuid() -> Functions {
        Functions::of(FunctionSet::Uuid)
    }

    /// The `cidr` set.
    ///
    #[cfg_attr(feature = "cidr", doc = "```")]
    #[cfg_attr(not(feature = "cidr"), doc = "```ignore")]
    /// assert!(hcldecode::function::Functions::cidr().names().contains(&"cidrhost"));
    /// ```
    pub fn cidr() -> Functions {
        Functions::of(FunctionSet::Cidr)
    }

    /// Terraform's function library: every set, the `terraform` set's
    /// meaning where Terraform and Nomad differ (`reverse` of a list,
    /// `index` of a value, `length` of a string too, ...), and the file
    /// functions (`file`, `templatefile`, `filemd5`, ...) reading only
    /// inside `base`.
    ///
    #[cfg_attr(feature = "terraform", doc = "```")]
    #[cfg_attr(not(feature = "terraform"), doc = "```ignore")]
    /// use hcldecode::Value;
    /// let tf = hcldecode::function::Functions::terraform(".");
    /// let one = tf.get("one").unwrap();
    /// assert_eq!(one.call(&[Value::tuple(vec![Value::int(7)])]).unwrap(), Value::int(7));
    /// let reverse = tf.get("reverse").unwrap();
    /// let xs = Value::tuple(vec![Value::int(1), Value::int(2)]);
    /// assert_eq!(reverse.call(&[xs]).unwrap(), Value::tuple(vec![Value::int(2), Value::int(1)]));
    /// ```
    pub fn terraform(base: impl Into<PathBuf>) -> Functions {
        Functions::filesystem(base).with(Functions {
            sets: FunctionSet::ALL
                .into_iter()
                .filter(|s| *s != FunctionSet::Filesystem)
                .fold(0, |b, s| b | s.bit()),
            inner: Arc::default(),
        })
    }

    /// The `filesystem` set, reading only inside `base` (relative paths
    /// resolve against it; `..`, absolute paths and symbolic links leading
    /// outside are errors).
    ///
    #[cfg_attr(feature = "filesystem", doc = "```")]
    #[cfg_attr(not(feature = "filesystem"), doc = "```ignore")]
    /// let f = hcldecode::function::Functions::filesystem("/etc/myapp");
    /// assert!(f.names().contains(&"file"));
    /// ```
    pub fn filesystem(base: impl Into<PathBuf>) -> Functions {
        let base = base.into();
        Functions {
            sets: FunctionSet::Filesystem.bit(),
            inner: Arc::new(Inner {
                fs: Some(FsConfig {
                    root: base.clone(),
                    base,
                    max_file_bytes: DEFAULT_MAX_FILE_BYTES,
                    beside_input: false,
                }),
                ..Inner::default()
            }),
        }
    }

    /// The `filesystem` set as `hcldec --functions=filesystem` has it: each
    /// call reads inside the directory of the file whose expression makes
    /// it (the current directory for standard input).
    ///
    #[cfg_attr(feature = "filesystem", doc = "```")]
    #[cfg_attr(not(feature = "filesystem"), doc = "```ignore")]
    /// let f = hcldecode::function::Functions::filesystem_beside_input();
    /// assert!(f.names().contains(&"file"));
    /// ```
    pub fn filesystem_beside_input() -> Functions {
        Functions::filesystem(".").with_fs(|fs| fs.beside_input = true)
    }

    /// Lets the filesystem functions read anywhere under `root` (which
    /// should contain the base directory), not only under the base.
    ///
    #[cfg_attr(feature = "filesystem", doc = "```")]
    #[cfg_attr(not(feature = "filesystem"), doc = "```ignore")]
    /// let f = hcldecode::function::Functions::filesystem("/srv/app/conf").widen_root("/srv/app");
    /// assert!(f.names().contains(&"fileset"));
    /// ```
    pub fn widen_root(self, root: impl Into<PathBuf>) -> Functions {
        self.with_fs(|fs| fs.root = root.into())
    }

    /// Sets the largest file `file` and `filebase64` read (default
    /// [`DEFAULT_MAX_FILE_BYTES`]).
    ///
    #[cfg_attr(feature = "filesystem", doc = "```")]
    #[cfg_attr(not(feature = "filesystem"), doc = "```ignore")]
    /// let f = hcldecode::function::Functions::filesystem(".").max_file_bytes(1024);
    /// assert!(f.names().contains(&"file"));
    /// ```
    pub fn max_file_bytes(self, n: u64) -> Functions {
        self.with_fs(|fs| fs.max_file_bytes = n)
    }

    fn with_fs(self, f: impl FnOnce(&mut FsConfig)) -> Functions {
        let mut fs = self.inner.fs.clone().unwrap_or(FsConfig {
            base: PathBuf::from("."),
            root: PathBuf::from("."),
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
            beside_input: false,
        });
        f(&mut fs);
        Functions {
            sets: self.sets,
            inner: Arc::new(Inner {
                fs: Some(fs),
                ..Inner::default()
            }),
        }
    }

    /// The union of two libraries (the filesystem configuration of `self`
    /// if it has one, else of `other`).
    ///
    /// ```
    /// use hcldecode::function::{FunctionSet, Functions};
    /// let f = Functions::stdlib().with(Functions::cidr());
    /// assert!(f.contains(FunctionSet::Stdlib) && f.contains(FunctionSet::Cidr));
    /// ```
    pub fn with(self, other: Functions) -> Functions {
        let fs = self.inner.fs.clone().or_else(|| other.inner.fs.clone());
        Functions {
            sets: self.sets | other.sets,
            inner: Arc::new(Inner {
                fs,
                ..Inner::default()
            }),
        }
    }

    /// The sets named in a comma-separated list (`stdlib,encoding`); the
    /// filesystem set's base is the current directory until set with
    /// [`Functions::filesystem`]. `Err` names an unknown set.
    ///
    /// ```
    /// use hcldecode::function::{FunctionSet, Functions};
    /// let f = Functions::parse("stdlib, uuid").unwrap();
    /// assert!(f.contains(FunctionSet::Uuid));
    /// assert_eq!(Functions::parse("std").unwrap_err(), "unknown function set \"std\" (known: stdlib, encoding, crypto, uuid, cidr, filesystem, terraform)");
    /// ```
    pub fn parse(list: &str) -> Result<Functions, String> {
        let mut out = Functions::none();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let Some(set) = FunctionSet::from_name(name) else {
                let known: Vec<&str> = FunctionSet::ALL.iter().map(|s| s.name()).collect();
                return Err(format!(
                    "unknown function set {name:?} (known: {})",
                    known.join(", ")
                ));
            };
            out = out.with(match set {
                FunctionSet::Filesystem => Functions::filesystem("."),
                // The Terraform set is the whole profile.
                FunctionSet::Terraform => Functions::terraform("."),
                _ => Functions::of(set),
            });
        }
        Ok(out)
    }

    /// Whether the library includes `set`.
    pub fn contains(&self, set: FunctionSet) -> bool {
        self.sets & set.bit() != 0
    }

    /// The sets included.
    pub fn sets(&self) -> impl Iterator<Item = FunctionSet> + '_ {
        FunctionSet::ALL.into_iter().filter(|s| self.contains(*s))
    }

    /// Whether the library has no sets.
    pub fn is_empty(&self) -> bool {
        self.sets == 0
    }

    /// The names of the functions callable, sorted (sets whose feature is
    /// off contribute none).
    pub fn names(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = self
            .sets()
            .filter(|s| s.is_available())
            .flat_map(|s| s.function_names().iter().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The function of a name, if the library has it.
    pub fn get(&self, name: &str) -> Option<&Function> {
        let built = self.inner.built.get_or_init(|| {
            let names = self.names();
            Built {
                functions: names.iter().map(|_| OnceLock::new()).collect(),
                index: names.into_iter().enumerate().map(|(i, n)| (n, i)).collect(),
            }
        });
        let i = *built.index.get(name)?;
        built.functions[i].get_or_init(|| self.build(name)).as_ref()
    }

    /// Gives the library the evaluator's template rendering (the first
    /// one given stays).
    #[cfg(feature = "terraform")]
    pub(crate) fn provide_renderer(&self, render: RenderTemplate) {
        let _ = self.inner.render.set(render);
    }

    /// A handle on this library that does not keep it alive.
    #[cfg(feature = "terraform")]
    fn downgrade(&self) -> WeakFunctions {
        WeakFunctions {
            sets: self.sets,
            inner: Arc::downgrade(&self.inner),
            fs: self.inner.fs.clone(),
            render: self.inner.render.get().copied(),
        }
    }

    #[allow(unused_variables)]
    fn build(&self, name: &str) -> Option<Function> {
        // Terraform's meaning first, where it and Nomad's differ.
        #[cfg(feature = "terraform")]
        if self.contains(FunctionSet::Terraform)
            && let Some(f) = super::terraform::lookup(name, self.inner.fs.as_ref(), &|| {
                // Templates render with this library's functions, held
                // weakly: the library owns the functions it built.
                let lib = self.downgrade();
                std::sync::Arc::new(
                    move |cx: &crate::function::CallContext<'_>,
                          name: &str,
                          text: &str,
                          vars: &crate::value::Value,
                          ranges: bool| {
                        let lib = lib.upgrade();
                        let Some(render) = lib.inner.render.get().copied() else {
                            return Err(crate::function::FunctionError::call(
                                "templates render with the evaluator: call this function through an evaluation context that offers its library",
                            ));
                        };
                        render(cx, name, text, vars, lib, ranges)
                    },
                )
            })
        {
            return Some(f);
        }
        #[cfg(feature = "stdlib")]
        if self.contains(FunctionSet::Stdlib)
            && let Some(f) = super::stdlib::library_function(name)
        {
            return Some(f);
        }
        #[cfg(feature = "encoding")]
        if self.contains(FunctionSet::Encoding)
            && let Some(f) = super::encoding::lookup(name)
        {
            return Some(f);
        }
        #[cfg(feature = "crypto")]
        if self.contains(FunctionSet::Crypto)
            && let Some(f) = super::crypto::lookup(name)
        {
            return Some(f);
        }
        #[cfg(feature = "uuid")]
        if self.contains(FunctionSet::Uuid)
            && let Some(f) = super::uuid::lookup(name)
        {
            return Some(f);
        }
        #[cfg(feature = "cidr")]
        if self.contains(FunctionSet::Cidr)
            && let Some(f) = super::cidr::lookup(name)
        {
            return Some(f);
        }
        #[cfg(feature = "filesystem")]
        if self.contains(FunctionSet::Filesystem)
            && let Some(fs) = &self.inner.fs
            && let Some(f) = super::filesystem::lookup(name, fs)
        {
            return Some(f);
        }
        None
    }
}
