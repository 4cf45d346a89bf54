//! The runtime-spec API as a plugin host uses it: a spec loaded at run
//! time, inputs decoded with it, errors reported (issue 24, "The
//! runtime-spec API").

use hcldecode::decode::{DecodeOptions, decode_traced, var_refs_json};
use hcldecode::diag::Code;
use hcldecode::eval::EvalContext;
use hcldecode::spec_file::LoadedSpec;
use hcldecode::text_eval::TextEval;
use hcldecode::{Diagnostics, Error, IntoResult, SourceMap, Value, parse};

const BAD_TYPE: &str = "object {\n  attr \"a\" { type = strin }\n}\n";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hcldecode-rt-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// Item 1: a spec with errors is not handed out.

#[test]
fn load_str_gives_no_spec_after_errors() {
    let (spec, diags) = LoadedSpec::load_str(BAD_TYPE, "s.hcldec");
    assert!(spec.is_none());
    assert!(diags.has_errors());
    // Through IntoResult: an error, not a spec that decodes as `any`.
    assert!(
        LoadedSpec::load_str(BAD_TYPE, "s.hcldec")
            .into_result()
            .is_err()
    );
}

#[test]
fn load_path_gives_no_spec_after_errors_but_keeps_the_file() {
    let dir = temp_dir("load-path");
    let path = dir.join("bad.hcldec");
    std::fs::write(&path, BAD_TYPE).unwrap();
    let (spec, file, diags) = LoadedSpec::load_path(&path);
    assert!(spec.is_none());
    assert!(file.is_some());
    assert!(diags.has_errors());
    // The loader's triple is an IntoResult too.
    assert!(LoadedSpec::load_path(&path).into_result().is_err());
    std::fs::write(&path, "attr {\n  name = \"a\"\n}\n").unwrap();
    let ((spec, file), warnings) = LoadedSpec::load_path(&path).into_result().unwrap();
    assert!(spec.is_some() && file.is_some() && warnings.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn load_file_error_renders_with_a_snippet_of_the_spec() {
    let err = LoadedSpec::load_file(BAD_TYPE, "s.hcldec").unwrap_err();
    assert!(!err.diagnostics().is_empty());
    let text = err.to_string();
    assert!(text.contains("  on s.hcldec line 2"), "{text}");
    assert!(!text.contains("source code not available"), "{text}");
}

#[test]
fn traced_decoders_triple_is_an_into_result() {
    let (spec, _) =
        LoadedSpec::load_file("object {\n  attr \"n\" { type = number }\n}\n", "s.hcldec").unwrap();
    let (file, _) = parse::parse_native(b"n = 1\n", "in.hcl");
    let ((v, _trace), warnings) = decode_traced(&file.body, &spec.spec, None, Some(&spec.spec_ctx))
        .into_result()
        .unwrap();
    assert_eq!(v.get_attr("n"), Some(Value::int(1)));
    assert!(warnings.is_empty());
    let (file, _) = parse::parse_native(b"n = \"x\"\n", "in.hcl");
    let diags = decode_traced(&file.body, &spec.spec, None, Some(&spec.spec_ctx))
        .into_result()
        .unwrap_err();
    assert_eq!(diags[0].code, Some(Code::IncorrectAttributeValueType));
}

#[test]
fn an_earlier_error_does_not_add_a_missing_spec_block() {
    // `min_items` is bad: the block_list is given up, as the reference
    // does, whether or not an error came before it.
    let alone = "block_list \"b\" {\n  block_type = \"b\"\n  min_items = \"x\"\n}\n";
    let (_, diags) = LoadedSpec::load_str(alone, "s.hcldec");
    assert_eq!(diags.len(), 1, "{diags:?}");
    let after = "object {\n  attr \"a\" { type = strin }\n  block_list \"b\" {\n    min_items = \"x\"\n  }\n}\n";
    let (_, diags) = LoadedSpec::load_str(after, "s.hcldec");
    let (_, type_alone) = LoadedSpec::load_str(BAD_TYPE, "s.hcldec");
    // The type's diagnostics and the one about `min_items`, no more.
    assert_eq!(diags.len(), type_alone.len() + 1, "{diags:?}");
}

// Item 2: serde structs with ranges.

#[cfg(feature = "serde")]
mod serde_ranges {
    use hcldecode::serde::ValueDeserializer;
    use hcldecode::typed::At;
    use serde::Deserialize;

    use super::*;

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Config {
        a: String,
        b: u8,
    }

    const SPEC: &str =
        "object {\n  attr \"a\" { type = string }\n  attr \"b\" { type = number }\n}\n";

    #[test]
    fn value_deserializer_over_a_trace_follows_object_properties() {
        let (spec, _) = LoadedSpec::load_file(SPEC, "s.hcldec").unwrap();
        let (file, _) = parse::parse_native(b"a = \"x\"\nb = 300\n", "in.hcl");
        let (v, trace, diags) = decode_traced(&file.body, &spec.spec, None, Some(&spec.spec_ctx));
        assert!(diags.is_empty());
        let err = Config::deserialize(ValueDeserializer::new(&v, At::trace(&trace))).unwrap_err();
        let r = err.diagnostics()[0].subject.as_ref().unwrap().to_string();
        assert_eq!(r, "in.hcl:2,5-8");
    }

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Service {
        port: u8,
    }

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Job {
        name: String,
        service: std::collections::BTreeMap<String, Service>,
        limits: Limits,
    }

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Limits {
        cpu: u8,
    }

    const JOB_SPEC: &str = r#"object {
  attr "name" { type = string }
  block_map "service" {
    labels = ["name"]
    object {
      attr "port" { type = number }
    }
  }
  block "limits" {
    object {
      attr "cpu" { type = number }
    }
  }
}
"#;

    #[test]
    fn loaded_spec_deserialize_points_into_blocks() {
        let (spec, _) = LoadedSpec::load_file(JOB_SPEC, "job.hcldec").unwrap();
        let src = "name = \"j\"\nservice \"web\" {\n  port = 80\n}\nservice \"db\" {\n  port = 5432\n}\nlimits {\n  cpu = 2\n}\n";
        let (file, _) = parse::parse_native(src.as_bytes(), "job.hcl");
        let err = spec.deserialize::<Job>(&file, None).unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(d.subject.as_ref().unwrap().to_string(), "job.hcl:6,10-14");
        assert!(err.to_string().contains("   6:   port = 5432\n"), "{err}");

        let src = "name = \"j\"\nlimits {\n  cpu = 1000\n}\n";
        let (file, _) = parse::parse_native(src.as_bytes(), "job.hcl");
        let err = spec.deserialize::<Job>(&file, None).unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(d.subject.as_ref().unwrap().to_string(), "job.hcl:3,9-13");

        let src = "name = \"j\"\nservice \"web\" {\n  port = 80\n}\nlimits {\n  cpu = 1\n}\n";
        let (file, _) = parse::parse_native(src.as_bytes(), "job.hcl");
        let (job, warnings) = spec.deserialize::<Job>(&file, None).unwrap();
        assert_eq!(job.service["web"].port, 80);
        assert!(warnings.is_empty());
    }

    #[test]
    fn loaded_spec_deserialize_reports_decode_errors_with_snippets() {
        let (spec, _) = LoadedSpec::load_file(SPEC, "s.hcldec").unwrap();
        let (file, _) = parse::parse_native(b"a = \"x\"\nb = \"many\"\n", "in.hcl");
        let err = spec.deserialize::<Config>(&file, None).unwrap_err();
        assert_eq!(
            err.diagnostics()[0].code,
            Some(Code::IncorrectAttributeValueType)
        );
        assert!(err.to_string().contains("   2: b = \"many\"\n"), "{err}");
    }
}

// Item 3: rendering from hcldecode alone.

#[test]
fn source_map_add_file_keeps_json_context_lines() {
    let src = br#"{"service": {"web": {"port": "x"}}}"#;
    let (file, _) = parse::parse(src, "app.hcl.json", parse::Syntax::Json);
    let (spec, _) = LoadedSpec::load_file(
        "block_map {\n  block_type = \"service\"\n  labels = [\"name\"]\n  object {\n    attr \"port\" { type = number }\n  }\n}\n",
        "s.hcldec",
    )
    .unwrap();
    let (_, diags) = spec.decode(&file.body, None);
    assert!(diags.has_errors());
    let mut files = SourceMap::new();
    files.add_file(&file);
    let mut text = String::new();
    hcldecode::diag::render::write_text(&mut text, &diags, &files, 0, false);
    assert!(
        text.contains("  on app.hcl.json line 1, in service.web:"),
        "{text}"
    );
}

#[test]
fn an_empty_list_renders_as_nothing() {
    assert_eq!(Error::from_diagnostics(Diagnostics::new()).to_string(), "");
    assert_eq!(
        Error::from_diagnostics(Diagnostics::new())
            .with_files(SourceMap::new())
            .render(80, false),
        ""
    );
    let mut json = String::new();
    hcldecode::diag::render::write_json(&mut json, &Diagnostics::new());
    assert_eq!(json, "");
}

#[test]
fn decode_file_renders_errors_with_snippets() {
    let (spec, _) = LoadedSpec::load_file(
        "object {\n  attr \"port\" { type = number }\n}\n",
        "s.hcldec",
    )
    .unwrap();
    let (file, _) = parse::parse_native(b"port = \"http\"\n", "app.hcl");
    let err = spec.decode_file(&file, None).unwrap_err();
    assert_eq!(
        err.diagnostics()[0].code,
        Some(Code::IncorrectAttributeValueType)
    );
    assert!(err.to_string().contains("   1: port = \"http\"\n"), "{err}");
    let json = err.to_json();
    assert!(json.contains("\"filename\": \"app.hcl\""), "{json}");
}

#[test]
fn text_eval_errors_render_with_their_snippet() {
    let vars = Value::empty_object();
    for err in [
        TextEval::new().expr("1 + nope", &vars).unwrap_err(),
        TextEval::new()
            .template("x ${nope}", &vars)
            .map(|_| ())
            .unwrap_err(),
        TextEval::new()
            .config_attrs("a = nope\n", &vars)
            .unwrap_err(),
        TextEval::new()
            .config("a = nope\n", "attr {\n  name = \"a\"\n}\n", &vars)
            .unwrap_err(),
    ] {
        assert_eq!(err.diagnostics()[0].code, Some(Code::UnknownVariable));
        let text = err.to_string();
        assert!(text.contains("nope"), "{text}");
        assert!(text.contains(" line 1:\n   1: "), "{text}");
        assert!(!text.contains("source code not available"), "{text}");
    }
}

#[cfg(feature = "stdlib")]
#[test]
fn text_eval_takes_function_sets() {
    use hcldecode::function::Functions;
    let vars = Value::object([("m", Value::object([("a", Value::int(1))]))]);
    // Without the set, `merge` is unknown; with it, it is callable.
    let err = TextEval::new()
        .expr("merge(m, { b = 2 })", &vars)
        .unwrap_err();
    assert_eq!(err.diagnostics()[0].code, Some(Code::UnknownFunction));
    let t = TextEval::new().functions(Functions::stdlib());
    let (v, _) = t.expr("merge(m, { b = 2 })", &vars).unwrap();
    assert_eq!(v.get_attr("b"), Some(Value::int(2)));
    let (v, _) = t
        .config("x = keys(m)\n", "attr {\n  name = \"x\"\n}\n", &vars)
        .unwrap();
    assert_eq!(v, Value::tuple(vec![Value::string("a")]));
    let (s, _) = t.template("${join(\",\", keys(m))}", &vars).unwrap();
    assert_eq!(s, "a");
}

// Item 5: the CLI's helpers in the library.

#[test]
fn read_variables_merges_json_text_and_files() {
    let dir = temp_dir("vars");
    let hcl = dir.join("vars.hcl");
    std::fs::write(&hcl, "b = \"from file\"\nc = 1 + 2\n").unwrap();
    let json = dir.join("vars.json");
    std::fs::write(&json, "{\"c\": 4}").unwrap();
    let mut ctx = EvalContext::new();
    let (files, diags) = ctx.read_variables([
        std::ffi::OsStr::new(r#"{"a": 1, "b": "text"}"#),
        hcl.as_os_str(),
        json.as_os_str(),
    ]);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(files.len(), 3);
    assert_eq!(&**files[0].source.name(), "<vars argument 0>");
    assert_eq!(ctx.variable("a"), Some(&Value::int(1)));
    assert_eq!(ctx.variable("b"), Some(&Value::string("from file")));
    assert_eq!(ctx.variable("c"), Some(&Value::int(4)));
    let (_, diags) = ctx.read_variables(["{\"a\": "]);
    assert!(diags.has_errors());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn set_variables_from_an_object_value() {
    let mut ctx = EvalContext::new();
    ctx.set_variables_from(&Value::object([("x", Value::int(1))]))
        .unwrap();
    assert_eq!(ctx.variable("x"), Some(&Value::int(1)));
    let d = ctx.set_variables_from(&Value::string("no")).unwrap_err();
    assert_eq!(d[0].code, Some(Code::InvalidVariables));
    let (_, diags) = hcldecode::eval_expr("1", &Value::string("no"));
    assert_eq!(diags[0].code, Some(Code::InvalidVariables));
}

#[test]
fn var_refs_document_from_the_library() {
    let (spec, _) = LoadedSpec::load_file("attr {\n  name = \"a\"\n}\n", "s.hcldec").unwrap();
    let (file, _) = parse::parse_native(b"a = var.x[0]\n", "in.hcl");
    let refs = spec.variables_with(&file.body, DecodeOptions::new());
    let doc = var_refs_json(&refs, None);
    assert!(doc.contains("\"root_name\": \"var\""), "{doc}");
    assert!(doc.contains("\"kind\": \"index\""), "{doc}");
}

// Item 6: small ones.

#[test]
fn extraneous_json_property_has_a_code() {
    let (spec, _) = LoadedSpec::load_file("attr {\n  name = \"a\"\n}\n", "s.hcldec").unwrap();
    let (file, _) = parse::parse(br#"{"a": 1, "nope": 2}"#, "in.json", parse::Syntax::Json);
    let (_, diags) = spec.decode(&file.body, None);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].code, Some(Code::ExtraneousJsonProperty));
}

#[cfg(feature = "serde")]
#[test]
fn serializing_infinity_through_serde_is_an_error() {
    let inf = Value::object([("x", Value::number(hcldecode::Number::infinity(false)))]);
    let err = serde_json::to_string(&inf).unwrap_err();
    assert!(err.to_string().contains("infinity"), "{err}");
    // As marshal refuses it.
    assert!(hcldecode::value::json::marshal(&inf, inf.ty()).is_err());
}

#[test]
fn a_literal_specs_value_is_public() {
    let (spec, _) =
        LoadedSpec::load_file("literal {\n  value = { a = 1 }\n}\n", "s.hcldec").unwrap();
    let hcldecode::Spec::Literal(l) = &spec.spec else {
        panic!("{:?}", spec.spec)
    };
    assert_eq!(l.value.get_attr("a"), Some(Value::int(1)));
}

/// `optional()` attributes stay visible: the spec tree holds their type
/// constraint and defaults, and `to_spec_file` writes them back so that the
/// reloaded spec decodes the same.
#[test]
fn optional_attributes_are_visible_and_print_back() {
    use hcldecode_spec::spec::{Spec, Transform};
    let text = "object {\n  attr \"svc\" {\n    type = object({name = string, port = optional(number, 8080), tags = optional(list(string), [\"web\"])})\n    required = true\n    description = \"The service.\"\n  }\n}\n";
    let (spec, _) = LoadedSpec::load_file(text, "s.hcldec").unwrap();
    let Spec::Object(obj) = &spec.spec else {
        panic!("not an object: {:?}", spec.spec);
    };
    let Spec::Transform(t) = &obj.properties[0].1 else {
        panic!("not a transform");
    };
    let Transform::Optional(o) = &t.transform else {
        panic!("not an optional type: {:?}", t.transform);
    };
    let attrs = o.attrs.as_deref().expect("optional attributes");
    assert_eq!(attrs.optional, ["port", "tags"]);
    let defaults: Vec<(&str, Option<String>)> = attrs
        .defaults
        .iter()
        .map(|(k, d)| (k.as_str(), d.to_hcl()))
        .collect();
    assert_eq!(
        defaults,
        [
            ("port", Some("8080".into())),
            ("tags", Some("[\"web\"]".into()))
        ]
    );

    let printed = spec.spec.to_spec_file();
    assert!(
        printed.contains("port = optional(number, 8080)"),
        "{printed}"
    );
    let (reloaded, _) = LoadedSpec::load_file(&printed, "printed.hcldec").unwrap();
    // The description too.
    let Spec::Object(again) = &reloaded.spec else {
        panic!("not an object: {:?}", reloaded.spec);
    };
    assert_eq!(again.properties[0].1.description(), Some("The service."));
    assert_eq!(obj.properties[0].1.description(), Some("The service."));
    let (file, _) = parse::parse_native(b"svc = { name = \"api\" }\n", "in.hcl");
    let (a, d1) = spec.decode(&file.body, None);
    let (b, d2) = reloaded.decode(&file.body, None);
    assert!(d1.is_empty() && d2.is_empty(), "{d1}{d2}");
    assert_eq!(a, b);
    assert_eq!(
        a.get_attr("svc").unwrap().get_attr("port"),
        Some(Value::int(8080))
    );
}

/// `LoadedSpec::prepare` plans once and decodes as `decode` does, with
/// the spec's own functions in its transforms, and with options.
#[test]
fn a_prepared_spec_decodes_as_decode_does() {
    let text = "function \"twice\" {\n  params = [x]\n  result = x * 2\n}\nobject {\n  transform \"port\" {\n    attr {\n      name = \"port\"\n      type = number\n    }\n    result = upper(\"${nested * 2}\")\n  }\n  block_list \"p\" {\n    block_type = \"p\"\n    object {\n      attr \"n\" {\n        type = number\n      }\n    }\n  }\n}\n";
    let (spec, _) = LoadedSpec::load_file(text, "s.hcldec").unwrap();
    let prepared = spec.prepare();
    for src in [
        "port = 21\n",
        "port = 1\np { n = 1 }\np { n = 2 }\n",
        "port = \"x\"\n",
        "nope = 1\n",
    ] {
        let (file, _) = parse::parse_native(src.as_bytes(), "in.hcl");
        let (a, da) = spec.decode(&file.body, Some(&spec.input_context()));
        let (b, db) = prepared.decode(&file.body, Some(&spec.input_context()));
        assert_eq!(a, b, "{src}");
        assert_eq!(format!("{da:?}"), format!("{db:?}"), "{src}");
    }
    let (file, _) = parse::parse_native(b"port = 21\n", "in.hcl");
    assert_eq!(
        prepared
            .decode(&file.body, Some(&spec.input_context()))
            .0
            .get_attr("port"),
        Some(Value::string("42"))
    );
    let dynamic = b"port = 2\ndynamic \"p\" {\n  for_each = [5, 6]\n  content { n = p.value }\n}\n";
    let (file, _) = parse::parse_native(dynamic, "in.hcl");
    let (v, diags) = prepared.decode_with(
        &file.body,
        Some(&spec.input_context()),
        DecodeOptions::new().dynamic_blocks(true),
    );
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v.get_attr("p").unwrap().elements().unwrap().len(), 2);
}
