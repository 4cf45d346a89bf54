//! A smoke test with a real editor: Neovim, headless, with its built-in
//! LSP client (`tests/data/nvim_smoke.lua`) starting the server on a
//! document, receiving its diagnostics and a hover. Skipped, with the
//! reason printed, where `nvim` is not on `PATH` (Debian: `apt-get install
//! neovim`).

use std::process::Command;
use std::time::Duration;

mod common;

#[test]
fn neovim_gets_diagnostics_and_a_hover() {
    match Command::new("nvim").arg("--version").output() {
        Ok(o) if o.status.success() => {}
        _ => {
            eprintln!(
                "skipped: `nvim` is not on PATH (install Debian's `neovim` to run this test)"
            );
            return;
        }
    }
    let dir = std::env::temp_dir().join(format!("hcldecode-lsp-nvim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let doc = dir.join("app.hcl");
    let out = dir.join("out.txt");
    // An unsupported argument after a line of multi-byte characters.
    std::fs::write(&doc, "name = \"é😀\"\nnope = 1\n").unwrap();
    let mut child = Command::new("nvim")
        .args(["--headless", "--clean", "-c"])
        .arg(format!("luafile {}", common::data_path("nvim_smoke.lua")))
        .env("HCLLSP_BIN", env!("CARGO_BIN_EXE_hcldecode-lsp"))
        .env("HCLLSP_SPEC", common::data_path("service.hcldec"))
        .env("HCLLSP_DOC", &doc)
        .env("HCLLSP_OUT", &out)
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
