//! A smoke test with a real editor: Neovim, headless, with its built-in
//! LSP client (`tests/data/nvim_smoke.lua`) starting the server on a
//! document, receiving its diagnostics and a hover. Skipped, with the
//! reason printed, where `nvim` is not on `PATH` (Debian: `apt-get install
//! neovim`).

use std::process::Command;
use std::time::Duration;

mod common;

/// Whether `nvim` runs; if not, says the test is skipped.
fn have_nvim() -> bool {
    match Command::new("nvim").arg("--version").output() {
        Ok(o) if o.status.success() => true,
        _ => {
            eprintln!(
                "skipped: `nvim` is not on PATH (install Debian's `neovim` to run this test)"
            );
            false
        }
    }
}

/// Runs `tests/data/nvim_smoke.lua` in mode `mode` on `text` (written to
/// `name` in a new directory, beside `files`) with spec `spec`: the lines
/// it wrote.
fn run_nvim(mode: &str, spec: &str, name: &str, text: &str, files: &[(&str, &str)]) -> String {
    let dir =
        std::env::temp_dir().join(format!("hcldecode-lsp-nvim-{mode}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let doc = dir.join(name);
    let out = dir.join("out.txt");
    std::fs::write(&doc, text).unwrap();
    for (n, t) in files {
        std::fs::write(dir.join(n), t).unwrap();
    }
    let mut child = Command::new("nvim")
        .args(["--headless", "--clean", "-c"])
        .arg(format!("luafile {}", common::data_path("nvim_smoke.lua")))
        .env("HCLLSP_BIN", env!("CARGO_BIN_EXE_hcldecode-lsp"))
        .env("HCLLSP_SPEC", spec)
        .env("HCLLSP_DOC", &doc)
        .env("HCLLSP_OUT", &out)
        .env("HCLLSP_MODE", mode)
        .stdin(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Neovim quits once it has written its findings; a hung one is killed.
    let mut waited = Duration::ZERO;
    while child.try_wait().unwrap().is_none() {
        if waited > Duration::from_secs(60) {
            child.kill().ok();
            panic!("nvim did not finish in a minute");
        }
        std::thread::sleep(Duration::from_millis(100));
        waited += Duration::from_millis(100);
    }
    let got = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("no output from nvim: {e}"));
    std::fs::remove_dir_all(&dir).ok();
    got
}

#[test]
fn neovim_gets_diagnostics_and_a_hover() {
    if !have_nvim() {
        return;
    }
    // An unsupported argument after a line of multi-byte characters.
    let got = run_nvim(
        "diagnostics",
        &common::data_path("service.hcldec"),
        "app.hcl",
        "name = \"é😀\"\nnope = 1\n",
        &[],
    );
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(
        lines,
        [
            "diagnostics 1",
            "code content.unsupported_argument",
            "line 1 col 0",
            "message Unsupported argument",
            "hover **name**: `string, required`",
        ],
        "{got}"
    );
}

/// Go to definition, find references and rename of a declared variable
/// used in the document, with the declaration in another file of the
/// configuration: Neovim applies the rename's edit to its buffer.
#[test]
fn neovim_goes_to_definition_finds_references_and_renames() {
    if !have_nvim() {
        return;
    }
    let spec = format!(
        "{}/../examples/module/module.hcldec",
        env!("CARGO_MANIFEST_DIR")
    );
    // Line 4, column 15 is in `var.zone`'s `zone`.
    let text = "variable \"zone\" {\n  default = \"eu\"\n}\nservice \"a\" {\n  listeners = [var.zone]\n}\n";
    let got = run_nvim("references", &spec, "main.hcl", text, &[]);
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(
        lines,
        [
            "definition 0:9",
            "references 0:9 4:15",
            "| variable \"region\" {",
            "|   default = \"eu\"",
            "| }",
            "| service \"a\" {",
            "|   listeners = [var.region]",
            "| }",
        ],
        "{got}"
    );
}
