//! The outputs the README and the CLI guide show are the outputs `onag` prints.
//!
//! Convention (stated in README.md): a fenced block marked `console` is a transcript. Each line
//! starting `$ ` is a command, run by `sh` in a fresh temporary directory with the built `onag`
//! first on `PATH` (so `| head -1` and `; echo "exit $?"` work); the lines up to the next command
//! are its output, stdout and stderr together. In the expected output, a line that is just `…`
//! stands for any number of lines, and `…` inside a line for any text. Blocks marked `sh` or
//! `text` are not run (long runs, installs, servers).

use std::path::{Path, PathBuf};
use std::process::Command;

/// One command of a transcript and the output shown under it.
struct Shown {
    file: String,
    line: usize,
    command: String,
    output: Vec<String>,
}

/// The `console` transcripts of the Markdown text `text`.
fn transcripts(file: &str, text: &str) -> Vec<Shown> {
    let mut shown = Vec::new();
    let mut in_console = false;
    let mut in_other = false;
    for (n, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        if in_console {
            if fence {
                in_console = false;
            } else if let Some(command) = line.strip_prefix("$ ") {
                shown.push(Shown {
                    file: file.to_string(),
                    line: n + 1,
                    command: command.to_string(),
                    output: Vec::new(),
                });
            } else if let Some(last) = shown.last_mut() {
                last.output.push(line.to_string());
            } else {
                panic!(
                    "{file}:{}: a console block must start with a `$ ` command",
                    n + 1
                );
            }
        } else if in_other {
            in_other = !fence;
        } else if fence {
            let info = line.trim_start().trim_start_matches('`').trim();
            in_console = info == "console";
            in_other = !in_console;
        }
    }
    shown
}

/// Whether `line` matches the pattern line `want`, where `…` stands for any text.
fn line_matches(want: &str, line: &str) -> bool {
    let parts: Vec<&str> = want.split('…').collect();
    if parts.len() == 1 {
        return want == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the output lines `got` match the pattern lines `want` (a line `…`: any lines).
fn matches(want: &[String], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((w, rest)) if w == "…" => (0..=got.len()).any(|skip| matches(rest, &got[skip..])),
        Some((w, rest)) => !got.is_empty() && line_matches(w, got[0]) && matches(rest, &got[1..]),
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn check(file: &str) -> usize {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_onag"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    let shown = transcripts(file, &text);
    for s in &shown {
        let dir =
            std::env::temp_dir().join(format!("onag-readme-{}-{}", std::process::id(), s.line));
        std::fs::create_dir_all(&dir).unwrap();
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("exec 2>&1\n{}", s.command))
            .current_dir(&dir)
            .env("PATH", &path)
            .env("COLUMNS", "100")
            .output()
            .expect("run sh");
        let _ = std::fs::remove_dir_all(&dir);
        let got = String::from_utf8_lossy(&out.stdout).into_owned();
        let lines: Vec<&str> = got.lines().collect();
        let want: Vec<String> = s.output.iter().map(|l| l.trim_end().to_string()).collect();
        let trimmed: Vec<&str> = lines.iter().map(|l| l.trim_end()).collect();
        if !matches(&want, &trimmed) {
            failures.push(format!(
                "{}:{}: $ {}\n--- shown\n{}\n--- printed\n{}",
                s.file,
                s.line,
                s.command,
                want.join("\n"),
                got.trim_end()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    shown.len()
}

#[test]
fn the_pattern_matcher() {
    let lines = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(matches(&lines(&["a", "…", "z"]), &["a", "b", "c", "z"]));
    assert!(matches(&lines(&["a", "…"]), &["a"]));
    assert!(!matches(&lines(&["a", "z"]), &["a", "b", "z"]));
    assert!(line_matches("{\"s\":…}", "{\"s\":0.25}"));
    assert!(line_matches("x … y … z", "x 1 y 2 z"));
    assert!(!line_matches("x … y", "x 1 z"));
    let t = transcripts(
        "t",
        "```console\n$ onag a\nout\n$ onag b\n```\n```sh\n$ onag c\n```\n",
    );
    assert_eq!(t.len(), 2);
    assert_eq!((t[0].command.as_str(), t[0].output.len()), ("onag a", 1));
}

#[test]
fn readme_transcripts_are_what_onag_prints() {
    assert!(
        check("README.md") >= 5,
        "the README shows fewer transcripts than expected"
    );
}

#[test]
fn cli_guide_transcripts_are_what_onag_prints() {
    assert!(
        check("docs/cli.md") >= 20,
        "docs/cli.md shows fewer transcripts than expected"
    );
}
