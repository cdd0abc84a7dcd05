//! Caps the module's linear memory, so a board too big for the page fails fast with a clear
//! message (the worker reports "out of memory") instead of the tab growing for minutes.

/// 2 GiB: every browser grants this much to a wasm32 module (Chromium allows up to 4 GiB).
const MAX_MEMORY_BYTES: u64 = 2 << 30;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-cdylib=--max-memory={MAX_MEMORY_BYTES}");
    }
}
