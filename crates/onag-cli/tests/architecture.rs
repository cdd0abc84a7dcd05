//! ARCHITECTURE.md stays true: every path it names exists, every `a::b` item it names is
//! declared in the sources, and it stays one page.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The text between single backticks, outside fenced blocks (the diagram).
fn code_spans(text: &str) -> Vec<String> {
    let mut prose = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    prose
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(std::fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn every_path_and_item_in_architecture_md_exists() {
    let root = root();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    assert!(
        text.chars().count() <= 8_000,
        "ARCHITECTURE.md is one page: {} characters",
        text.chars().count()
    );
    let mut files = Vec::new();
    sources(&root.join("crates"), &mut files);
    let declared = |name: &str| {
        [
            "fn", "struct", "enum", "mod", "const", "static", "type", "trait",
        ]
        .iter()
        .any(|kw| {
            let decl = format!("{kw} {name}");
            files.iter().any(|f| {
                f.match_indices(&decl).any(|(i, _)| {
                    !f[i + decl.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                })
            })
        })
    };
    let mut missing = Vec::new();
    let spans = code_spans(&text);
    for span in &spans {
        let span = span.as_str();
        let top = [
            "crates/",
            "docs/",
            "web-tests/",
            "results/",
            "scripts/",
            ".ci/",
        ];
        if top.iter().any(|t| span.starts_with(t)) && !span.contains('<') {
            if !root.join(span).exists() {
                missing.push(format!("path {span}"));
            }
        } else if span.contains("::") && !span.contains(' ') && !span.contains('(') {
            let last = span.rsplit("::").next().unwrap_or(span);
            if !declared(last) {
                missing.push(format!("item {span}"));
            }
        }
    }
    // Files named relative to a crate (`src/toads.rs`, `web/worker.js`): some crate has it.
    for span in &spans {
        let span = span.as_str();
        let relative = ["src/", "web/", "python/"];
        if relative.iter().any(|t| span.starts_with(t)) && !span.contains('<') {
            let found = ["onag", "onag-api", "onag-cli", "onag-py", "onag-wasm"]
                .iter()
                .any(|c| root.join("crates").join(c).join(span).exists());
            if !found {
                missing.push(format!("path {span}"));
            }
        }
    }
    assert!(missing.is_empty(), "ARCHITECTURE.md names {missing:?}");
}
