//! Messages are written as prose: a string literal broken over source lines must continue with
//! `\` (which drops the next line's indentation). Two messages had lost their backslashes and
//! printed a run of 14–18 spaces in the middle of a sentence (`onag serve --host 0.0.0.0`).

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The places on `line` where a run of at least `min` spaces follows a non-space character
/// inside a string literal (an odd number of unescaped `"` before it on the line).
fn runs_in_strings(line: &str, min: usize) -> Vec<usize> {
    let chars: Vec<char> = line.chars().collect();
    let mut found = Vec::new();
    let (mut quotes, mut i) = (0, 0);
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '"' => quotes += 1,
            c if c != ' ' && quotes % 2 == 1 => {
                let run = chars[i + 1..].iter().take_while(|&&c| c == ' ').count();
                let next = chars.get(i + 1 + run);
                // a run before a placeholder aligns a printed column (`"first:   {m}"`)
                if run >= min && next.is_some_and(|&c| c != '"' && c != '{') {
                    found.push(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

#[test]
fn no_message_holds_a_run_of_indentation() {
    assert_eq!(
        runs_in_strings(r#"  "web app and              make it""#, 10).len(),
        1
    );
    assert!(runs_in_strings(r#"    outln!("mean:        {}", r.mean);"#, 10).is_empty());
    assert!(runs_in_strings(r#"    outln!("first:          {m}");"#, 10).is_empty());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        let src = krate.unwrap().path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    assert!(files.len() > 50, "{} files", files.len());
    let mut bad = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            if !runs_in_strings(line, 10).is_empty() {
                bad.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "runs of spaces in messages:\n{}",
        bad.join("\n")
    );
}
