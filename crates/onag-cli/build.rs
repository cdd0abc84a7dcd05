//! Builds the pages' WebAssembly engine (`crates/onag-wasm`) from source for
//! `wasm32-unknown-unknown`, so `onag serve` and `onag site` embed a `.wasm` made by this very
//! build (no prebuilt binary is committed).
//!
//! It runs a second cargo with its own target directory (`target/wasm`): the outer cargo holds
//! the lock of its own build directory, never that one, so the two cannot wait on each other.
//! The toolchain and the wasm target come from `rust-toolchain.toml`; rustup adds a toolchain
//! file's targets only when it installs the toolchain, so where the pinned toolchain was already
//! there without the wasm target this script adds it (`rustup target add`), once.
//!
//! It stays cheap when nothing it reads changed: cargo reruns it only when a file under its
//! inputs changes, and when it does run (a new profile: check, clippy, test) it reuses the
//! `.wasm` in `target/wasm` if that is newer than every input, so the nested cargo runs only
//! after a change to `crates/onag`, `crates/onag-api` or `crates/onag-wasm`. Under clippy it
//! reuses whatever `.wasm` is there (lints do not need a fresh one).
//!
//! To skip the wasm build altogether (a quick `cargo check`, a machine without the wasm32
//! target): `ONAG_SKIP_WASM=1 cargo …`. The binary then embeds an empty `onag.wasm`: the CLI
//! works, the pages cannot compute (their worker reports that the engine did not load).

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest
        .parent()
        .and_then(Path::parent)
        .expect("crates/onag-cli lies two levels below the workspace root")
        .to_path_buf();
    let inputs: Vec<PathBuf> = INPUTS.iter().map(|i| root.join(i)).collect();
    for input in &inputs {
        println!("cargo:rerun-if-changed={}", input.display());
    }
    println!("cargo:rerun-if-env-changed=ONAG_SKIP_WASM");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets it")).join("onag.wasm");
    if env::var_os("ONAG_SKIP_WASM").is_some_and(|v| !v.is_empty() && v != "0") {
        println!("cargo:warning=ONAG_SKIP_WASM is set: the pages' WebAssembly engine is not built");
        std::fs::write(&out, b"").unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
        return;
    }
    let target_dir = match env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir).join("wasm"),
        None => root.join("target").join("wasm"),
    };
    let wasm = target_dir.join("wasm32-unknown-unknown/wasm/onag_wasm.wasm");
    let under_clippy = env::var_os("RUSTC_WORKSPACE_WRAPPER")
        .is_some_and(|w| w.to_string_lossy().contains("clippy"));
    if (under_clippy && wasm.is_file()) || is_fresh(&wasm, &inputs) {
        copy(&wasm, &out);
        return;
    }
    ensure_wasm_target(&root);
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
    copy(&wasm, &out);
}

/// What the wasm engine is built from, relative to the workspace root.
const INPUTS: [&str; 11] = [
    "crates/onag/src",
    "crates/onag/Cargo.toml",
    "crates/onag-api/src",
    "crates/onag-api/Cargo.toml",
    "crates/onag-api/build.rs",
    // the misère quotients' certificates that onag-api packs (crates/onag-api/build.rs)
    "results/quotients",
    "crates/onag-wasm/src",
    "crates/onag-wasm/Cargo.toml",
    "crates/onag-wasm/build.rs",
    "Cargo.lock",
    "Cargo.toml",
];

fn copy(wasm: &Path, out: &Path) {
    std::fs::copy(wasm, out)
        .unwrap_or_else(|e| panic!("cannot copy {} to {}: {e}", wasm.display(), out.display()));
}

/// Whether `wasm` exists and is newer than every file under `inputs`.
fn is_fresh(wasm: &Path, inputs: &[PathBuf]) -> bool {
    let Ok(built) = std::fs::metadata(wasm).and_then(|m| m.modified()) else {
        return false;
    };
    inputs.iter().all(|i| newest(i).is_some_and(|t| t <= built))
}

/// The newest modification time of `path` and, for a folder, of everything under it.
fn newest(path: &Path) -> Option<std::time::SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    let mut time = meta.modified().ok()?;
    if meta.is_dir() {
        for entry in std::fs::read_dir(path).ok()? {
            time = time.max(newest(&entry.ok()?.path())?);
        }
    }
    Some(time)
}

/// Adds the wasm32 target to the toolchain that builds this crate when its sysroot lacks it
/// (a toolchain installed before `rust-toolchain.toml` named the target). Without rustup it
/// does nothing: the wasm build then fails with the message above.
fn ensure_wasm_target(root: &Path) {
    const TARGET: &str = "wasm32-unknown-unknown";
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let sysroot = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()));
    let Some(sysroot) = sysroot else { return };
    if sysroot.join(format!("lib/rustlib/{TARGET}/lib")).is_dir() {
        return;
    }
    println!("cargo:warning=the toolchain lacks the {TARGET} target; running `rustup target add {TARGET}`");
    let mut rustup = Command::new("rustup");
    rustup.current_dir(root).args(["target", "add", TARGET]);
    if let Some(toolchain) = env::var_os("RUSTUP_TOOLCHAIN") {
        rustup.arg("--toolchain").arg(toolchain);
    }
    match rustup.status() {
        Ok(status) if status.success() => {}
        Ok(status) => println!("cargo:warning=`rustup target add {TARGET}` failed ({status})"),
        Err(e) => println!("cargo:warning=cannot run rustup ({e})"),
    }
}
