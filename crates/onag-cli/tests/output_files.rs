//! Output files are written through a new temporary file with a random name, created
//! exclusively beside the target and renamed over it: no predictable name to plant a link or a
//! FIFO at, no file opened for writing that was there before, no stray file left behind.
//!
//! Invariant, for every kind of entry found at the target and at any `TARGET.tmp`-style name
//! beside it (nothing, a regular file, a symbolic link to a file, a dangling link, a FIFO, a
//! directory): the command either leaves a regular file with the new contents at the target,
//! or writes through a FIFO / character device, or refuses with exit 2 and one line; in every
//! case no other file changes and the directory holds nothing new but the target.

#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::onag;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onag-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Runs `onag` and fails the test if it takes more than 30 s (a FIFO nobody reads hangs).
fn onag_bounded(args: &[&str]) -> (i32, String, String) {
    let started = Instant::now();
    let out = onag(args);
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{args:?} took {:?}",
        started.elapsed()
    );
    out
}

/// `ln -s victim out.svg.tmp; onag value … --svg out.svg` overwrote the victim and left
/// `out.svg` a link to it; a FIFO at `o.svg.tmp` hung the run.
#[test]
fn planted_temporary_names_are_never_followed() {
    let dir = scratch("planted");
    let victim = dir.join("victim");
    std::fs::write(&victim, "keep").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("out.svg.tmp")).unwrap();
    std::os::unix::fs::symlink(&victim, dir.join(".out.svg.tmp")).unwrap();
    mkfifo(&dir.join("o.svg.tmp"));
    for target in ["out.svg", "o.svg"] {
        let path = dir.join(target);
        let (code, _, err) = onag_bounded(&["value", "{2|-1}", "--svg", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let meta = std::fs::symlink_metadata(&path).unwrap();
        assert!(meta.file_type().is_file(), "{target} is not a regular file");
        assert!(std::fs::read_to_string(&path).unwrap().starts_with("<svg"));
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
    assert_eq!(
        listing(&dir),
        [
            ".out.svg.tmp",
            "o.svg",
            "o.svg.tmp",
            "out.svg",
            "out.svg.tmp",
            "victim"
        ]
    );
}

/// The same for checkpoints, written every few rows of a run.
#[test]
fn checkpoints_never_follow_planted_links() {
    let dir = scratch("checkpoint");
    let victim = dir.join("victim");
    std::fs::write(&victim, "keep").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("ck.json.tmp")).unwrap();
    let ck = dir.join("ck.json");
    let (code, _, err) = onag_bounded(&[
        "corners",
        "mex",
        "40",
        "--quiet",
        "--checkpoint",
        ck.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(&ck)
        .unwrap()
        .file_type()
        .is_file());
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
    assert_eq!(listing(&dir), ["ck.json", "ck.json.tmp", "victim"]);
}

/// `--svg newdir/` left a stray `newdir.tmp`; a path ending in `/` names a directory.
#[test]
fn a_path_ending_in_a_slash_is_refused_and_leaves_nothing() {
    let dir = scratch("slash");
    for name in ["newdir/", "sub/", "x.svg/"] {
        let path = format!("{}/{name}", dir.display());
        let (code, out, err) = onag_bounded(&["value", "{2|-1}", "--svg", &path]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(out.is_empty());
        assert!(err.contains("directory"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let (code, _, err) = onag_bounded(&[
        "value",
        "{2|-1}",
        "--svg",
        dir.join("missing/x.svg").to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(listing(&dir).is_empty(), "{:?}", listing(&dir));
}

/// `onag site --out D` wrote through a symbolic link at `D/index.html`.
#[test]
fn the_static_site_never_writes_through_links() {
    let dir = scratch("site");
    let site = dir.join("site");
    std::fs::create_dir_all(&site).unwrap();
    let victim = dir.join("victim");
    std::fs::write(&victim, "keep").unwrap();
    std::os::unix::fs::symlink(&victim, site.join("index.html")).unwrap();
    let (code, _, err) = onag_bounded(&["site", "--out", site.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");

    // `static/` as a link to elsewhere is refused too
    let other = dir.join("site2");
    std::fs::create_dir_all(&other).unwrap();
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, other.join("static")).unwrap();
    let (code, _, err) = onag_bounded(&["site", "--out", other.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(listing(&elsewhere).is_empty());

    // a clean run leaves only the site's own files (no temporary file behind)
    let clean = dir.join("clean");
    let (code, _, err) = onag_bounded(&["site", "--out", clean.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(listing(&clean).iter().all(|n| !n.ends_with(".tmp")));
    assert!(listing(&clean.join("static"))
        .iter()
        .all(|n| !n.ends_with(".tmp")));
}

#[derive(Clone, Copy, Debug)]
enum Entry {
    Nothing,
    File,
    LinkToFile,
    DanglingLink,
    Fifo,
    Dir,
}

const ENTRIES: [Entry; 6] = [
    Entry::Nothing,
    Entry::File,
    Entry::LinkToFile,
    Entry::DanglingLink,
    Entry::Fifo,
    Entry::Dir,
];

fn plant(path: &Path, entry: Entry, victim: &Path) {
    match entry {
        Entry::Nothing => {}
        Entry::File => std::fs::write(path, "old").unwrap(),
        Entry::LinkToFile => std::os::unix::fs::symlink(victim, path).unwrap(),
        Entry::DanglingLink => {
            std::os::unix::fs::symlink(path.with_extension("gone"), path).unwrap()
        }
        Entry::Fifo => mkfifo(path),
        Entry::Dir => std::fs::create_dir(path).unwrap(),
    }
}

/// Every combination of what is at the target and at the old temporary name.
#[test]
fn every_kind_of_planted_entry_is_written_safely_or_refused() {
    for (i, &at_target) in ENTRIES.iter().enumerate() {
        for (j, &at_tmp) in ENTRIES.iter().enumerate() {
            let dir = scratch(&format!("combo-{i}-{j}"));
            let victim = dir.join("victim");
            std::fs::write(&victim, "keep").unwrap();
            let target = dir.join("out.svg");
            plant(&target, at_target, &victim);
            plant(&dir.join("out.svg.tmp"), at_tmp, &victim);
            let before = listing(&dir);
            let reader = matches!(at_target, Entry::Fifo).then(|| {
                let fifo = target.clone();
                std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
            });
            let (code, _, err) =
                onag_bounded(&["value", "{2|-1}", "--svg", target.to_str().unwrap()]);
            let case = format!("target {at_target:?}, tmp {at_tmp:?}: exit {code}, {err}");
            assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep", "{case}");
            let mut after = listing(&dir);
            match at_target {
                Entry::Nothing | Entry::File => {
                    assert_eq!(code, 0, "{case}");
                    let meta = std::fs::symlink_metadata(&target).unwrap();
                    assert!(meta.file_type().is_file(), "{case}");
                    assert!(std::fs::read_to_string(&target)
                        .unwrap()
                        .starts_with("<svg"));
                    after.retain(|n| n != "out.svg");
                    let mut was = before.clone();
                    was.retain(|n| n != "out.svg");
                    assert_eq!(after, was, "{case}");
                }
                Entry::Fifo => {
                    assert_eq!(code, 0, "{case}");
                    let svg = reader.unwrap().join().unwrap();
                    assert!(svg.starts_with("<svg"), "{case}");
                    assert_eq!(after, before, "{case}");
                }
                Entry::LinkToFile | Entry::DanglingLink | Entry::Dir => {
                    assert_eq!(code, 2, "{case}");
                    assert_eq!(err.lines().count(), 1, "{case}");
                    assert_eq!(after, before, "{case}");
                }
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
