//! Every file a command reads is size-capped and checked before it is parsed into memory
//! proportional to it: an oversized file (past the cap, or a garbage JSON array of tens of
//! MiB) and a damaged file (one byte changed, truncated) give one line on stderr and exit 2,
//! for the Wythoff and Turning Corners checkpoints, the Wythoff and Toads results files and the
//! heap census reports.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn config_dir() -> PathBuf {
    std::env::temp_dir().join(format!("onag-input-files-config-{}", std::process::id()))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onag-input-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn onag(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_onag"))
        .env("ONAG_CONFIG_DIR", config_dir())
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The file as a path argument.
fn arg(p: &Path) -> String {
    p.to_str().unwrap().to_string()
}

/// Runs `command` (with `{}` standing for `file`) and asserts a refusal: exit 2, one line on
/// stderr naming the file and containing `want`, nothing on stdout, within `within`.
fn refused(command: &[&str], file: &Path, want: &str, within: Duration) {
    let path = arg(file);
    let args: Vec<&str> = command
        .iter()
        .map(|a| if *a == "{}" { path.as_str() } else { a })
        .collect();
    let started = Instant::now();
    let (code, out, err) = onag(&args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(&path), "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: want {want:?} in {err}");
    assert!(
        started.elapsed() < within,
        "{args:?} took {:?}",
        started.elapsed()
    );
}

/// A sparse file one byte past 64 MiB (the cap on every input file).
fn oversized(dir: &Path) -> PathBuf {
    let p = dir.join("oversized.json");
    let f = std::fs::File::create(&p).unwrap();
    f.set_len((64 << 20) + 1).unwrap();
    p
}

/// 48 MiB of a JSON array of small numbers: under the cap, and a JSON tree of it would take
/// about a gigabyte.
fn garbage_array(dir: &Path) -> PathBuf {
    let p = dir.join("array.json");
    let mut text = String::with_capacity(48 << 20);
    text.push('[');
    while text.len() < (48 << 20) {
        text.push_str("1,");
    }
    text.push_str("1]");
    std::fs::write(&p, text).unwrap();
    p
}

/// `good` with the byte at `at` changed (a digit to another digit, anything else to a space),
/// and `good` cut in half.
fn damaged(dir: &Path, good: &[u8], at: usize) -> (PathBuf, PathBuf) {
    let mut edited = good.to_vec();
    edited[at] = match edited[at] {
        b'0'..=b'8' => edited[at] + 1,
        b'9' => b'0',
        _ => b' ',
    };
    let (e, t) = (dir.join("edited.json"), dir.join("truncated.json"));
    std::fs::write(&e, edited).unwrap();
    std::fs::write(&t, &good[..good.len() / 2]).unwrap();
    (e, t)
}

/// The position of the first digit after `needle` in `text`.
fn digit_after(text: &[u8], needle: &str) -> usize {
    let at = text
        .windows(needle.len())
        .position(|w| w == needle.as_bytes())
        .unwrap_or_else(|| panic!("{needle} in the file"));
    at + text[at..].iter().position(u8::is_ascii_digit).unwrap()
}

const QUICK: Duration = Duration::from_secs(20);

#[test]
fn wythoff_checkpoints_are_checked_before_they_are_parsed() {
    let dir = scratch("wythoff-ck");
    let ck = dir.join("ck.json");
    let periods = [
        "wythoff",
        "periods",
        "--rows",
        "0..8",
        "--columns",
        "20000",
        "--quiet",
        "--json",
        "--checkpoint",
    ];
    let mut args = periods.to_vec();
    let path = arg(&ck);
    args.push(&path);
    let (code, _, err) = onag(&args);
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read(&ck).unwrap();
    // a sealed line: the keyed seal over the bytes, the field tag inside
    assert!(good.ends_with(b"\n") && good.iter().filter(|&&b| b == b'\n').count() == 1);
    let resume: Vec<&str> = periods.iter().copied().chain(["{}", "--resume"]).collect();
    let results = [
        "wythoff",
        "results",
        "--checkpoint",
        "{}",
        "--out",
        "/dev/null",
    ];
    for command in [&resume[..], &results[..]] {
        refused(command, &oversized(&dir), "larger than 64 MiB", QUICK);
        refused(command, &garbage_array(&dir), "not one JSON object", QUICK);
        let (edited, truncated) = damaged(&dir, &good, digit_after(&good, "\"column\""));
        refused(command, &edited, "integrity", QUICK);
        refused(command, &truncated, "not one JSON object", QUICK);
        // a file without the seal (an older onag's, or written by hand)
        let mut v: serde_json::Value = serde_json::from_slice(&good).unwrap();
        v.as_object_mut().unwrap().remove("seal");
        let bare = dir.join("bare.json");
        std::fs::write(&bare, v.to_string()).unwrap();
        refused(command, &bare, "has no seal", QUICK);
    }
    // the untouched file still resumes
    let resumed: Vec<String> = resume
        .iter()
        .map(|a| {
            if *a == "{}" {
                path.clone()
            } else {
                a.to_string()
            }
        })
        .collect();
    let refs: Vec<&str> = resumed.iter().map(String::as_str).collect();
    let (code, _, err) = onag(&refs);
    assert_eq!(code, 0, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn corners_checkpoints_are_checked_before_they_are_parsed() {
    let dir = scratch("corners-ck");
    let ck = dir.join("ck.json");
    let path = arg(&ck);
    let (code, _, err) = onag(&["corners", "mex", "40", "--quiet", "--checkpoint", &path]);
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read(&ck).unwrap();
    let resume = [
        "corners",
        "mex",
        "40",
        "--quiet",
        "--checkpoint",
        "{}",
        "--resume",
    ];
    refused(&resume, &oversized(&dir), "larger than 64 MiB", QUICK);
    refused(&resume, &garbage_array(&dir), "not one JSON object", QUICK);
    let (edited, truncated) = damaged(&dir, &good, digit_after(&good, "\"rows\""));
    refused(&resume, &edited, "integrity", QUICK);
    refused(&resume, &truncated, "not one JSON object", QUICK);
    let (code, _, err) = onag(&[
        "corners",
        "mex",
        "40",
        "--quiet",
        "--checkpoint",
        &path,
        "--resume",
    ]);
    assert_eq!(code, 0, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A results file of another kind, garbage, or damaged is refused; the format is read by a
/// scan that keeps nothing before the file is parsed.
#[test]
fn results_files_and_census_reports_are_checked_before_they_are_parsed() {
    let dir = scratch("results");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let bfile = [
        "wythoff",
        "results",
        "--bfile",
        "A046874",
        "--from",
        "{}",
        "--out",
        "/dev/null",
    ];
    let toads = ["toads", "results", "--verify", "{}", "--max-squares", "4"];
    let census = ["heaps", "check", "{}", "--codes", "0.07"];
    for command in [&bfile[..], &toads[..], &census[..]] {
        refused(command, &oversized(&dir), "larger than 64 MiB", QUICK);
        refused(command, &garbage_array(&dir), "is not", QUICK);
    }
    // 48 MiB of rows before the format: refused on the format, rows skipped unread
    let p = dir.join("rows-first.json");
    let mut text = String::from("{\"rows\":[");
    while text.len() < (48 << 20) {
        text.push_str("{\"row\":1},");
    }
    text.push_str("{}],\"format\":\"something else\",\"version\":1}");
    std::fs::write(&p, text).unwrap();
    refused(&bfile, &p, "not an onag Wythoff results file", QUICK);
    refused(&toads, &p, "not an onag toads results file", QUICK);
    // damaged copies of the committed files: a changed version, a truncation
    for (command, file, field) in [
        (&bfile[..], "results/wythoff-periods.json", "\"version\""),
        (&toads[..], "results/toads-families.json", "\"version\""),
    ] {
        let good = std::fs::read(root.join(file)).unwrap();
        let (edited, truncated) = damaged(&dir, &good, digit_after(&good, field));
        refused(command, &edited, "version", QUICK);
        refused(command, &truncated, "is not", QUICK);
    }
    let good = std::fs::read(root.join("results/heaps-census-3-65536.json")).unwrap();
    let (_, truncated) = damaged(&dir, &good, 0);
    refused(&census, &truncated, "is not", QUICK);
    std::fs::remove_dir_all(&dir).ok();
}

/// Runs `args` with `{}` standing for `file` and returns (exit code, stderr).
fn run_with(command: &[&str], file: &Path) -> (i32, String) {
    let path = arg(file);
    let args: Vec<&str> = command
        .iter()
        .map(|a| if *a == "{}" { path.as_str() } else { a })
        .collect();
    let (code, _, err) = onag(&args);
    (code, err)
}

/// `good` (one JSON object) without its field `field`: a file written before that field was.
fn without(dir: &Path, good: &[u8], field: &str) -> PathBuf {
    let mut v: serde_json::Value = serde_json::from_slice(good).unwrap();
    v.as_object_mut().unwrap().remove(field);
    let bare = dir.join("bare.json");
    std::fs::write(&bare, v.to_string()).unwrap();
    bare
}

/// A run's `--json` output (read back by `onag wythoff results --run-json` for its wall time)
/// is sealed under the user's checkpoint key like the checkpoint itself: an edited, damaged or
/// unsealed (older) one is refused, never taken into a results file.
#[test]
fn run_json_files_are_sealed_and_checked_before_they_are_parsed() {
    let dir = scratch("run-json");
    let ck = dir.join("ck.json");
    let (code, run, err) = onag(&[
        "wythoff",
        "periods",
        "--rows",
        "0..6",
        "--columns",
        "20000",
        "--quiet",
        "--json",
        "--checkpoint",
        &arg(&ck),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(run.lines().count(), 1, "{run}");
    assert!(run.contains("\"seal\":\"siphash24:"), "{run}");
    let good = run.into_bytes();
    let run_json = dir.join("run.json");
    std::fs::write(&run_json, &good).unwrap();
    let out = dir.join("results.json");
    let (ck, out) = (arg(&ck), arg(&out));
    let results = [
        "wythoff",
        "results",
        "--checkpoint",
        &ck,
        "--out",
        &out,
        "--run-json",
        "{}",
    ];
    let (code, err) = run_with(&results, &run_json);
    assert_eq!(code, 0, "{err}");
    let written: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let seconds = serde_json::from_slice::<serde_json::Value>(&good).unwrap()["seconds"].clone();
    assert_eq!(written["parameters"]["wall_seconds"], seconds, "{written}");
    refused(&results, &oversized(&dir), "larger than 64 MiB", QUICK);
    refused(&results, &garbage_array(&dir), "not one JSON object", QUICK);
    let (edited, truncated) = damaged(&dir, &good, digit_after(&good, "\"seconds\""));
    refused(&results, &edited, "integrity", QUICK);
    refused(&results, &truncated, "not one JSON object", QUICK);
    // an unsealed one (an older onag's, or written by hand): regenerate it
    let bare = without(&dir, &good, "seal");
    refused(&results, &bare, "has no seal", QUICK);
    refused(&results, &bare, "run it again", QUICK);
    std::fs::remove_dir_all(&dir).ok();
}

/// A quotient certificate carries a checksum (under the public key: a certificate is read
/// on other machines, and its mathematics is re-checked anyway) that is checked on the bytes
/// before the table is parsed.
#[test]
fn quotient_certificates_are_checksummed_and_checked_before_they_are_parsed() {
    let dir = scratch("certificate");
    let cert = dir.join("q.json");
    let (code, _, err) = onag(&[
        "heaps",
        "quotient",
        "kayles",
        "--max-heap",
        "12",
        "--certificate",
        &arg(&cert),
    ]);
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read(&cert).unwrap();
    assert!(good.ends_with(b"\n") && good.iter().filter(|&&b| b == b'\n').count() == 1);
    let check = ["heaps", "quotient-check", "{}", "--total", "8"];
    let (code, err) = run_with(&check, &cert);
    assert_eq!(code, 0, "{err}");
    refused(&check, &garbage_array(&dir), "not one JSON object", QUICK);
    // an entry of the table changed: refused on the checksum, not by the check's mathematics
    let (edited, truncated) = damaged(&dir, &good, digit_after(&good, "\"table\""));
    refused(&check, &edited, "fails its checksum", QUICK);
    refused(&check, &truncated, "not one JSON object", QUICK);
    let bare = without(&dir, &good, "checksum");
    refused(&check, &bare, "has no checksum", QUICK);
    refused(&check, &bare, "run it again", QUICK);
    // the committed certificates are sealed and pass
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for file in [
        "results/quotients/0.77-q120.json",
        "results/quotients/0.07-q30.json",
    ] {
        let (code, err) = run_with(&check, &root.join(file));
        assert_eq!(code, 0, "{file}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
