//! The document's own variables and locals (issue 38): a schema that
//! declares namespaces (a spec file's `namespace` blocks, or a derived
//! type's `variables`/`locals` fields) checks each document against the
//! variables and locals declared in it as it is now, not against values
//! fixed when the server started.

use hcldecode::HclDecode;
mod common;

use hcldecode::namespaces::{Locals, Variable};
use hcldecode::spec_file::LoadedSpec;
use hcldecode_lsp::Schema;
use hcldecode_lsp::analysis::diagnostics;

const SPEC: &str = "namespace \"var\" {\n  kind       = \"variables\"\n  block_type = \"variable\"\n}\nnamespace \"local\" {\n  kind       = \"locals\"\n  block_type = \"locals\"\n}\nobject {\n  attr \"zone\" { type = string }\n}\n";

#[derive(HclDecode)]
#[allow(dead_code)]
struct Config {
    #[hcl(block, variables = "var")]
    variable: Vec<Variable>,
    #[hcl(block, locals = "local")]
    locals: Vec<Locals>,
    zone: Option<String>,
}

fn schemas() -> [Schema; 2] {
    let (loaded, _) = LoadedSpec::load_file(SPEC, "app.hcldec").unwrap();
    [Schema::from_spec_file(loaded), Schema::of::<Config>()]
}

#[test]
fn a_variable_typed_into_the_buffer_is_known_at_once() {
    for schema in schemas() {
        // Used before it is declared: one error, with the declared names.
        let before = "locals {\n  suffix = \"a\"\n}\nzone = \"${var.zone}${local.suffix}\"\n";
        let d = diagnostics(&schema, "a.hcl", &before.into());
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(
            d[0].message
                .starts_with("Reference to undeclared input variable"),
            "{d:?}"
        );
        assert_eq!(d[0].range.start.line, 3);
        // Declared in the buffer: nothing to report.
        let after = format!("variable \"zone\" {{\n  default = \"eu\"\n}}\n{before}");
        assert!(diagnostics(&schema, "a.hcl", &after.as_str().into()).is_empty());
        // A typo gets "Did you mean".
        let typo = after.replace("local.suffix", "local.sufix");
        let d = diagnostics(&schema, "a.hcl", &typo.as_str().into());
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.contains("Did you mean \"suffix\"?"), "{d:?}");
    }
}

#[test]
fn a_cycle_of_locals_is_one_diagnostic() {
    for schema in schemas() {
        let text = "locals {\n  a = local.b\n  b = local.a\n}\nzone = local.a\n";
        let d = diagnostics(&schema, "a.hcl", &text.into());
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.starts_with("Cycle in local values"), "{d:?}");
    }
}

mod references {
    //! Go to definition, find references, highlight and rename of the
    //! document's own variables and locals, through the server over stdio
    //! with a spec-file schema (`examples/module/module.hcldec`) and
    //! through the library with a derived one.

    use super::*;
    use lsp_types::{Position, Uri};
    use serde_json::{Value, json};

    use super::common::{Client, pos};

    const URI: &str = "file:///work/main.hcl";
    // Lines: 0 variable "zone" {, 1 default, 2 }, 3 locals {, 4 prefix = ...,
    // 5 }, 6 service "a" {, 7 replicas, 8 listeners, 9 database, 10 }.
    const DOC: &str = "variable \"zone\" {\n  default = \"eu\"\n}\nlocals {\n  prefix = \"svc-${var.zone}\"\n}\nservice \"a\" {\n  replicas  = 1\n  listeners = [local.prefix, var.zone, var[\"zone\"]]\n  database  = \"db.${var.zone}\"\n}\n";

    fn spec_path() -> String {
        format!(
            "{}/../examples/module/module.hcldec",
            env!("CARGO_MANIFEST_DIR")
        )
    }

    fn at(c: &mut Client, method: &str, line: u32, character: u32, extra: Value) -> Value {
        let mut params = json!({"textDocument": {"uri": URI}, "position": pos(line, character)});
        if let (Some(p), Some(e)) = (params.as_object_mut(), extra.as_object()) {
            p.extend(e.clone());
        }
        c.request(method, params)["result"].clone()
    }

    fn start(c: &mut Client) {
        c.initialize();
        let d = c.open(URI, DOC);
        assert_eq!(d["diagnostics"], json!([]), "{d}");
    }

    #[test]
    fn over_stdio_with_a_spec_file() {
        let mut c = Client::start(&["--spec", &spec_path()]);
        start(&mut c);
        // From `var.zone` in line 4 to the label of `variable "zone"`.
        let def = at(&mut c, "textDocument/definition", 4, 21, json!({}));
        assert_eq!(
            def["range"],
            json!({"start": pos(0, 9), "end": pos(0, 15)}),
            "{def}"
        );
        // From `local.prefix` to its name.
        let def = at(&mut c, "textDocument/definition", 8, 20, json!({}));
        assert_eq!(def["range"]["start"], pos(4, 2), "{def}");
        // References of var.zone: four uses and the declaration.
        let refs = at(
            &mut c,
            "textDocument/references",
            0,
            11,
            json!({"context": {"includeDeclaration": true}}),
        );
        let lines: Vec<u64> = refs
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["range"]["start"]["line"].as_u64().unwrap())
            .collect();
        assert_eq!(lines, [0, 4, 8, 8, 9], "{refs}");
        let hl = at(&mut c, "textDocument/documentHighlight", 9, 22, json!({}));
        assert_eq!(hl.as_array().unwrap().len(), 5, "{hl}");
        assert_eq!(hl[0]["kind"], 3, "the declaration is written: {hl}");
        // Rename: prepare gives the name, rename edits all five.
        let prep = at(&mut c, "textDocument/prepareRename", 8, 37, json!({}));
        assert_eq!(prep["placeholder"], "zone", "{prep}");
        let edit = at(
            &mut c,
            "textDocument/rename",
            8,
            37,
            json!({"newName": "region"}),
        );
        let edits = edit["changes"][URI].as_array().unwrap().clone();
        let texts: Vec<&str> = edits
            .iter()
            .map(|e| e["newText"].as_str().unwrap())
            .collect();
        assert_eq!(
            texts,
            ["\"region\"", "region", "region", "[\"region\"]", "region"],
            "{edit}"
        );
        // Applied, the document means the same.
        let renamed = apply(DOC, &edits);
        assert!(renamed.contains("variable \"region\" {"), "{renamed}");
        assert!(
            renamed.contains("listeners = [local.prefix, var.region, var[\"region\"]]"),
            "{renamed}"
        );
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": renamed}]}),
        );
        let d = c.notification("textDocument/publishDiagnostics");
        assert_eq!(d["diagnostics"], json!([]), "{d}");
        // Not a name: nothing to rename.
        let none = at(&mut c, "textDocument/rename", 7, 4, json!({"newName": "x"}));
        assert!(none.is_null(), "{none}");
        c.shutdown();
    }

    /// The edits applied to `text` (one line each, as rename gives them).
    fn apply(text: &str, edits: &[Value]) -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut sorted = edits.to_vec();
        sorted.sort_by_key(|e| {
            std::cmp::Reverse((
                e["range"]["start"]["line"].as_u64().unwrap(),
                e["range"]["start"]["character"].as_u64().unwrap(),
            ))
        });
        for e in sorted {
            let line = e["range"]["start"]["line"].as_u64().unwrap() as usize;
            let (a, b) = (
                e["range"]["start"]["character"].as_u64().unwrap() as usize,
                e["range"]["end"]["character"].as_u64().unwrap() as usize,
            );
            lines[line].replace_range(a..b, e["newText"].as_str().unwrap());
        }
        lines.join("\n") + "\n"
    }

    #[test]
    fn through_the_library_with_a_derived_schema() {
        use hcldecode_lsp::analysis;
        let schema = Schema::of::<Config>();
        let text = "variable \"zone\" {\n  default = \"eu\"\n}\nlocals {\n  p = var.zone\n}\nzone = local.p\n".into();
        let uri: Uri = "file:///c.hcl".parse().unwrap();
        let def = analysis::definition(&schema, &uri, &text, Position::new(6, 13), &[]).unwrap();
        assert_eq!((def.range.start.line, def.range.start.character), (4, 2));
        let refs = analysis::references(&schema, &uri, &text, Position::new(4, 10), false, &[]);
        assert_eq!(refs.len(), 1);
        assert_eq!(refs[0].range.start.line, 4);
        let edit = analysis::rename(&schema, &uri, &text, Position::new(4, 2), "q", &[]).unwrap();
        assert_eq!(edit.changes.unwrap()[&uri].len(), 2);
        assert!(
            analysis::rename(&schema, &uri, &text, Position::new(4, 2), "not a name", &[])
                .is_none()
        );
        assert!(analysis::definition(&schema, &uri, &text, Position::new(1, 3), &[]).is_none());
    }
}

/// Completion of declared names after `var.` and `local.`, and hover on a
/// use showing the declaration.
#[test]
fn declared_names_complete_and_hover() {
    use hcldecode_lsp::analysis::{completion, hover};
    use lsp_types::{HoverContents, Position};
    let text = "variable \"zone\" {\n  type        = string\n  description = \"Where it runs.\"\n  default     = \"eu\"\n}\nvariable \"token\" {\n  sensitive = true\n}\nlocals {\n  prefix = \"svc-${var.zone}\"\n}\nzone = var.\n";
    for schema in schemas() {
        let items = completion(&schema, "a.hcl", &text.into(), Position::new(11, 11), false);
        let labels: Vec<(&str, Option<&str>)> = items
            .iter()
            .map(|i| (i.label.as_str(), i.detail.as_deref()))
            .collect();
        assert_eq!(labels, [("zone", Some("string")), ("token", Some("any"))]);
        let local = text.replace("zone = var.", "zone = local.pr");
        let items = completion(
            &schema,
            "a.hcl",
            &local.as_str().into(),
            Position::new(11, 15),
            false,
        );
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].label, "prefix");
        // Outside a traversal, the namespaces themselves are offered.
        let bare = text.replace("zone = var.", "zone = ");
        let items = completion(
            &schema,
            "a.hcl",
            &bare.as_str().into(),
            Position::new(11, 7),
            false,
        );
        let names: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
        assert!(
            names.contains(&"var") && names.contains(&"local"),
            "{names:?}"
        );

        let used = text.replace("zone = var.", "zone = var.zone");
        // A variable without a value or default (`token`) is no error in
        // the editor: the configuration's inputs are not given there.
        let d = hcldecode_lsp::analysis::diagnostics(&schema, "a.hcl", &used.as_str().into());
        assert!(d.is_empty(), "{d:?}");
        // Nor is a use of it (its value is unknown there).
        let token = text.replace("zone = var.", "zone = var.token");
        let d = hcldecode_lsp::analysis::diagnostics(&schema, "a.hcl", &token.as_str().into());
        assert!(d.is_empty(), "{d:?}");
        let h = hover(
            &schema,
            "a.hcl",
            &used.as_str().into(),
            Position::new(11, 13),
        )
        .unwrap();
        let HoverContents::Markup(m) = h.contents else {
            panic!()
        };
        assert_eq!(
            m.value,
            "**var.zone**: `string`\n\nWhere it runs.\n\nDefault: `\"eu\"`\n\nValue: `\"eu\"`\n\nDeclared at line 1."
        );
        let h = hover(
            &schema,
            "a.hcl",
            &used.as_str().into(),
            Position::new(9, 22),
        )
        .unwrap();
        let HoverContents::Markup(m) = h.contents else {
            panic!()
        };
        assert!(m.value.starts_with("**var.zone**"), "{}", m.value);
        let with_local = text.replace("zone = var.", "zone = local.prefix");
        let h = hover(
            &schema,
            "a.hcl",
            &with_local.as_str().into(),
            Position::new(11, 15),
        )
        .unwrap();
        let HoverContents::Markup(m) = h.contents else {
            panic!()
        };
        assert_eq!(
            m.value,
            "**local.prefix**: local value\n\n```hcl\nprefix = \"svc-${var.zone}\"\n```\n\nValue: `\"svc-eu\"`\n\nDeclared at line 10."
        );
    }
}

/// The files of one configuration are checked together: a variable
/// declared in `variables.hcl` (on disk, or open with unsaved changes) is
/// known in `main.hcl`, and a change to one republishes the other.
#[test]
fn a_configuration_of_several_files() {
    use serde_json::json;
    let dir = std::env::temp_dir().join(format!("hcldecode-lsp-ws-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("variables.hcl"),
        "variable \"zone\" {\n  default = \"eu\"\n}\n",
    )
    .unwrap();
    // Not part of the configuration: another suffix.
    std::fs::write(dir.join("notes.txt"), "variable \"x\" {}\n").unwrap();
    let spec = dir.join("app.hcldec");
    std::fs::write(&spec, SPEC).unwrap();
    let main = format!("file://{}", dir.join("main.hcl").display());
    let vars = format!("file://{}", dir.join("variables.hcl").display());

    let mut c = common::Client::start(&["--spec", spec.to_str().unwrap()]);
    c.initialize();
    let d = c.open(&main, "zone = var.zone\n");
    assert_eq!(d["diagnostics"], json!([]), "{d}");
    // Definition and rename across the files: the declaration is in
    // variables.hcl, on disk.
    let at = json!({"textDocument": {"uri": main}, "position": common::pos(0, 12)});
    let def = c.request("textDocument/definition", at.clone())["result"].clone();
    assert_eq!(def["uri"], vars.as_str(), "{def}");
    assert_eq!(def["range"]["start"], common::pos(0, 9), "{def}");
    let mut params = at.clone();
    params["newName"] = json!("region");
    let edit = c.request("textDocument/rename", params)["result"].clone();
    assert_eq!(edit["changes"][&main][0]["newText"], "region", "{edit}");
    assert_eq!(edit["changes"][&vars][0]["newText"], "\"region\"", "{edit}");
    let mut params = at.clone();
    params["context"] = json!({"includeDeclaration": true});
    let refs = c.request("textDocument/references", params)["result"].clone();
    assert_eq!(refs.as_array().unwrap().len(), 2, "{refs}");
    // Opening the variables file with the variable renamed (unsaved):
    // main.hcl is republished with the error, variables.hcl is clean.
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": vars, "languageId": "hcl", "version": 1,
            "text": "variable \"zones\" {\n  default = \"eu\"\n}\n"}}),
    );
    let mut by_uri = std::collections::HashMap::new();
    for _ in 0..2 {
        let n = c.notification("textDocument/publishDiagnostics");
        by_uri.insert(
            n["uri"].as_str().unwrap().to_string(),
            n["diagnostics"].clone(),
        );
    }
    // variables.hcl: only the hint that nothing uses var.zones.
    let hints = by_uri[&vars].as_array().unwrap();
    assert_eq!(hints.len(), 1, "{by_uri:?}");
    assert_eq!(hints[0]["severity"], 4);
    assert_eq!(hints[0]["tags"], json!([1]));
    assert_eq!(hints[0]["message"], "var.zones is declared but not used.");
    let errs = by_uri[&main].as_array().unwrap();
    assert_eq!(errs.len(), 1, "{by_uri:?}");
    assert!(
        errs[0]["message"]
            .as_str()
            .unwrap()
            .contains("Did you mean \"zones\"?"),
        "{errs:?}"
    );
    c.shutdown();
    std::fs::remove_dir_all(&dir).ok();
}
