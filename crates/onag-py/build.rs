//! Builds the pages' WebAssembly engine for the notebook widget (`onag.widgets`) with the very
//! build script of `crates/onag-cli` (the same nested cargo into `target/wasm`, the same
//! freshness check and `ONAG_SKIP_WASM`), so both embed one `.wasm`, built once.

#[path = "../onag-cli/build.rs"]
mod pages;

fn main() {
    pages::main();
}
