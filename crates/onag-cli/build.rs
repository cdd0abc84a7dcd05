//! Builds the pages' WebAssembly engine (`crates/onag-wasm`) from source for
//! `wasm32-unknown-unknown`, so `onag serve` and `onag site` embed a `.wasm` made by this very
//! build (no prebuilt binary is committed).
//!
//! It runs a second cargo with its own target directory (`target/wasm`): the outer cargo holds
//! the lock of its own build directory, never that one, so the two cannot wait on each other.
//! The toolchain and the wasm target come from `rust-toolchain.toml`.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest
        .parent()
        .and_then(Path::parent)
        .expect("crates/onag-cli lies two levels below the workspace root")
        .to_path_buf();
    for input in [
        "crates/onag/src",
        "crates/onag/Cargo.toml",
        "crates/onag-api/src",
        "crates/onag-api/Cargo.toml",
        "crates/onag-wasm/src",
        "crates/onag-wasm/Cargo.toml",
        "crates/onag-wasm/build.rs",
        "Cargo.lock",
        "Cargo.toml",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(input).display());
    }
    let target_dir = match env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir).join("wasm"),
        None => root.join("target").join("wasm"),
    };
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(&root)
        .args(["build", "--package", "onag-wasm", "--lib"])
        .args(["--target", "wasm32-unknown-unknown", "--profile", "wasm"])
        .arg("--target-dir")
        .arg(&target_dir);
    if env::var_os("CARGO_NET_OFFLINE").is_some_and(|v| v == "true") {
        command.arg("--offline");
    }
    // What the outer build set up for the host (clippy's wrapper, host flags, its target)
    // must not reach the wasm build.
    for var in [
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_RUSTFLAGS",
        "CARGO_BUILD_TARGET",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET_DIR",
        "CARGO_PRIMARY_PACKAGE",
    ] {
        command.env_remove(var);
    }
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("cannot run cargo to build the wasm engine: {e}"));
    if !status.success() {
        panic!(
            "building crates/onag-wasm for wasm32-unknown-unknown failed ({status}); the target \
             comes with rust-toolchain.toml (or: rustup target add wasm32-unknown-unknown)"
        );
    }
    let wasm = target_dir.join("wasm32-unknown-unknown/wasm/onag_wasm.wasm");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets it")).join("onag.wasm");
    std::fs::copy(&wasm, &out)
        .unwrap_or_else(|e| panic!("cannot copy {} to {}: {e}", wasm.display(), out.display()));
}
