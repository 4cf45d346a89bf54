//! An application that ships its own language server: the Nomad example
//! (`hcldecode/examples/nomad.rs`) with an `lsp` subcommand. The editor
//! gets the application's schema (its derived types and decoder, with
//! the `region` variable) and its own rules (`nomad::findings`: a
//! service's port must be one its group defines) as diagnostics, beside
//! the decoder's.
//!
//! ```sh
//! cargo run -p hcldecode-lsp --example nomad_lsp -- lsp   # the server, on stdio
//! cargo run -p hcldecode-lsp --example nomad_lsp          # the application
//! ```
//!
//! An editor starts it as it starts `hcldecode-lsp` (docs/lsp.md), with
//! `args = ["lsp"]`.

#[path = "../../hcldecode/examples/nomad.rs"]
mod nomad;

fn main() -> Result<(), hcldecode_lsp::Error> {
    if std::env::args().nth(1).as_deref() == Some("lsp") {
        let schema =
            hcldecode_lsp::Schema::with_rules::<nomad::JobFile>(nomad::decoder(), nomad::findings);
        return hcldecode_lsp::serve_stdio(schema);
    }
    nomad::main();
    Ok(())
}
