//! Checkpoints and shard files under corruption and forgery.
//!
//! Invariant, for every kind of file a run resumes from or merges (corners mex checkpoints,
//! Wythoff periods checkpoints and the results written from them, Toads stats shards) and
//! any change to its bytes (a flipped bit, a changed digit, a truncation, an inserted byte):
//! the command either refuses it (exit 2, one line) or reports exactly what the untouched
//! file gives.

mod common;

use std::path::{Path, PathBuf};

fn config_dir() -> PathBuf {
    std::env::temp_dir().join(format!("onag-ckfuzz-config-{}", std::process::id()))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onag-ckfuzz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str]) -> (i32, String, String) {
    common::onag_in(&config_dir(), args)
}

/// A small deterministic generator (xorshift), so a failure names a reproducible case.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `good` changed once: a bit flipped, a digit changed, cut short, or a byte inserted.
fn mutate(good: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut bytes = good.to_vec();
    let at = rng.below(bytes.len());
    match rng.below(4) {
        0 => bytes[at] ^= 1 << rng.below(8),
        1 => {
            // a digit somewhere changed to another digit (stays valid JSON)
            let digits: Vec<usize> = (0..bytes.len())
                .filter(|&i| bytes[i].is_ascii_digit())
                .collect();
            let i = digits[rng.below(digits.len())];
            bytes[i] = b'0' + ((bytes[i] - b'0' + 1 + rng.below(9) as u8) % 10);
        }
        2 => bytes.truncate(at),
        _ => bytes.insert(at, b"0 ,]}\"x"[rng.below(7)]),
    }
    bytes
}

/// Runs `resume` on `cases` mutations of `good` (at `path`): every run refuses with one line
/// or prints `want`.
fn fuzz(
    good: &[u8],
    path: &Path,
    want: &str,
    cases: usize,
    seed: u64,
    resume: &dyn Fn() -> (i32, String, String),
) {
    let mut rng = Rng(seed);
    let mut refused = 0;
    for case in 0..cases {
        let bad = mutate(good, &mut rng);
        std::fs::write(path, &bad).unwrap();
        let (code, out, err) = resume();
        match code {
            2 => {
                refused += 1;
                assert_eq!(err.lines().count(), 1, "case {case}: {err}");
            }
            0 => assert_eq!(out, want, "case {case}: a changed file gave another result"),
            _ => panic!("case {case}: exit {code}: {err}"),
        }
    }
    assert!(refused > 0, "no mutation was refused");
}

/// Drops the timing fields of a JSON report, which differ between runs.
fn stable(json: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
    if let Some(m) = v.as_object_mut() {
        for k in [
            "seconds",
            "sweep_seconds",
            "us_per_cell",
            "rows_resumed",
            "rows_resumed_rechecked",
            "resumed_from_column",
            "rows_from_checkpoint",
            "columns_swept",
        ] {
            m.remove(k);
        }
    }
    v.to_string()
}

#[test]
fn corners_checkpoints_resume_identically_or_are_refused() {
    let dir = scratch("corners");
    let ck = dir.join("ck.json");
    let path = ck.to_str().unwrap();
    let (code, whole, err) = run(&[
        "corners",
        "mex",
        "60",
        "--json",
        "--quiet",
        "--checkpoint",
        path,
    ]);
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read(&ck).unwrap();
    let resume = || {
        let (code, out, err) = run(&[
            "corners",
            "mex",
            "60",
            "--json",
            "--quiet",
            "--checkpoint",
            path,
            "--resume",
        ]);
        (code, stable(&out), err)
    };
    fuzz(
        &good,
        &ck,
        &stable(&whole),
        40,
        0x9e37_79b9_7f4a_7c15,
        &resume,
    );
}

#[test]
fn wythoff_checkpoints_resume_identically_or_are_refused() {
    let dir = scratch("wythoff");
    let ck = dir.join("ck.json");
    let path = ck.to_str().unwrap();
    let args = [
        "wythoff",
        "periods",
        "--rows",
        "0..12",
        "--columns",
        "20000",
        "--period-cap",
        "768",
        "--json",
        "--quiet",
        "--checkpoint",
        path,
    ];
    let (code, whole, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read(&ck).unwrap();
    let resume = || {
        let mut a = args.to_vec();
        a.push("--resume");
        let (code, out, err) = run(&a);
        (code, stable(&out), err)
    };
    fuzz(
        &good,
        &ck,
        &stable(&whole),
        40,
        0x2545_f491_4f6c_dd1d,
        &resume,
    );
}

#[test]
fn toads_shards_merge_identically_or_are_refused() {
    let dir = scratch("shards");
    let mut files = Vec::new();
    for i in 0..2 {
        let f = dir.join(format!("s{i}.json"));
        let shard = format!("{i}/2");
        let (code, _, err) = run(&[
            "toads",
            "stats",
            "--max-len",
            "6",
            "--shard",
            &shard,
            "--out",
            f.to_str().unwrap(),
            "--quiet",
        ]);
        assert_eq!(code, 0, "{err}");
        files.push(f);
    }
    let merge = || {
        run(&[
            "toads",
            "stats-merge",
            "--json",
            "--quiet",
            files[0].to_str().unwrap(),
            files[1].to_str().unwrap(),
        ])
    };
    let (code, whole, err) = merge();
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read(&files[0]).unwrap();
    fuzz(&good, &files[0], &whole, 40, 0xdead_beef_cafe_f00d, &merge);
}
