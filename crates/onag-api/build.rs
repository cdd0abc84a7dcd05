//! Packs the committed misère-quotient certificates (`results/quotients/*.json`, listed in
//! `CERTIFICATES`) into the crate, deflated: the web app answers positions they cover with a
//! table look-up instead of building the quotient per request (`src/known_quotients.rs`).

use std::env;
use std::path::PathBuf;

/// The certificates, relative to the workspace root: (ruleset, file).
const CERTIFICATES: [(&str, &str); 2] = [
    ("0.07", "results/quotients/0.07-q33.json"),
    ("0.77", "results/quotients/0.77-q120.json"),
];

fn main() {
    let root =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("../..");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets it"));
    let mut table = String::from("[\n");
    for (i, (ruleset, file)) in CERTIFICATES.iter().enumerate() {
        let path = root.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        let bytes =
            std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let packed = miniz_oxide::deflate::compress_to_vec(&bytes, 9);
        std::fs::write(out.join(format!("certificate-{i}.deflate")), packed)
            .unwrap_or_else(|e| panic!("cannot write to {}: {e}", out.display()));
        table.push_str(&format!(
            "    ({ruleset:?}, {file:?}, include_bytes!(concat!(env!(\"OUT_DIR\"), \"/certificate-{i}.deflate\"))),\n"
        ));
    }
    table.push(']');
    std::fs::write(out.join("certificates.rs"), table)
        .unwrap_or_else(|e| panic!("cannot write to {}: {e}", out.display()));
    println!("cargo:rerun-if-changed=build.rs");
}
