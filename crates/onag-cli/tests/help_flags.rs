//! A flag shared by several commands is declared once (a `clap::Args` struct flattened into
//! each): its help reads the same in every command that takes it, its default is the same,
//! and every one of those commands still takes it.

use std::process::Command;

fn help(command: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(command)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "{command:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The help of `--flag` in `text`: its line and the lines under it up to the next option,
/// whitespace folded.
fn flag_help(text: &str, flag: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| {
        let t = l.trim_start();
        t.starts_with(&format!("{flag} ")) || t == flag || t.starts_with(&format!("{flag}\t"))
    })?;
    let mut block = vec![lines[start]];
    for line in &lines[start + 1..] {
        let t = line.trim_start();
        if t.is_empty() || t.starts_with('-') {
            break;
        }
        block.push(line);
    }
    Some(
        block
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
    )
}

#[test]
fn shared_flags_read_the_same_in_every_command() {
    let shared: [(&str, &[&[&str]]); 4] = [
        (
            "--force",
            &[
                &["toads", "value"],
                &["toads", "equals"],
                &["toads", "family"],
                &["coins", "solve"],
            ],
        ),
        (
            "--max-forms",
            &[&["game"], &["heaps", "values"], &["heaps", "play"]],
        ),
        (
            "--checkpoint",
            &[
                &["wythoff", "periods"],
                &["heaps", "period"],
                &["corners", "mex"],
            ],
        ),
        (
            "--resume",
            &[
                &["wythoff", "periods"],
                &["heaps", "period"],
                &["corners", "mex"],
            ],
        ),
    ];
    for (flag, commands) in shared {
        let texts: Vec<(String, String)> = commands
            .iter()
            .map(|c| {
                let text =
                    flag_help(&help(c), flag).unwrap_or_else(|| panic!("{c:?} has no {flag}"));
                (c.join(" "), text)
            })
            .collect();
        for (command, text) in &texts[1..] {
            assert_eq!(
                text, &texts[0].1,
                "{flag}: `onag {command}` and `onag {}` differ",
                texts[0].0
            );
        }
    }
    // the default the misère analyses share
    let text = flag_help(&help(&["game"]), "--max-forms").unwrap();
    assert!(
        text.contains(&format!(
            "[default: {}]",
            onag::heaps::misere::DEFAULT_MISERE_FORMS
        )),
        "{text}"
    );
}
