//! Research runs split into independent tasks, for `onag.cluster`: each task function is a
//! pure call into the engine (GIL released) returning the text of the part file it finished —
//! the same bytes the CLI writes for that part — and each merge reads the part files and
//! combines them with the library's own merge code into the JSON the CLI prints for one
//! process (`onag toads stats --json`, `onag toads cells --json`) or writes (`onag heaps
//! census --out FILE`).

use std::path::{Path, PathBuf};

use onag::games::toads_and_frogs::{
    board_count, cell_record, estimate_work, merge_shards, named_shards, table_cells, Board,
    BoardRecord, NamedShard, ResultsFile, ShardFile, Solver, StatsReport,
};
use onag::heaps::quotient::census::{quotient_census_entry_reached, QuotientCensusEntry};
use onag::heaps::quotient::QuotientLimits;
use onag::heaps::{
    census_codes, census_entry, census_tasks, representative, task_analyses, CensusEntry,
    CensusReport, CensusTask, Ruleset,
};
use onag_api::shard::CensusPart;
use pyo3::prelude::*;

use crate::{bad, run_stoppable};

/// One line of compact JSON, as the CLI prints `--json` into a file or pipe.
fn json_line<T: serde::Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string(value)
        .map(|text| text + "\n")
        .map_err(|e| format!("internal error: {e}"))
}

/// Reads one part file as `T`, naming the file in every error.
fn read_part<T: serde::de::DeserializeOwned>(path: &Path, what: &str) -> Result<T, String> {
    let text = read_capped(path)?;
    serde_json::from_slice(&text).map_err(|e| format!("{}: not {what} ({e})", path.display()))
}

/// The bytes of the part file `path`, refused past [`onag_api::shard::MAX_PART_BYTES`] before
/// they are read whole (the size is checked while reading, so a device that never ends is
/// caught too).
fn read_capped(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let max = onag_api::shard::MAX_PART_BYTES;
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "{}: larger than {} MiB, not a part file",
            path.display(),
            max >> 20
        ));
    }
    Ok(bytes)
}

/// The statistics of boards of `length` squares, shard `index` of `count` (consecutive board
/// ranges, `shard_range`), as the text of the shard file `onag toads stats --min-len L
/// --max-len L --shard I/N --out FILE` writes.
#[pyfunction]
fn toads_stats_shard(py: Python<'_>, length: usize, index: u64, count: u64) -> PyResult<String> {
    if length == 0 || board_count(length) == u64::MAX {
        return Err(bad(format!("length {length}: must be between 1 and 40")));
    }
    if index >= count {
        return Err(bad(format!(
            "shard {index}/{count}: write I/N with 0 ≤ I < N"
        )));
    }
    run_stoppable(py, None, move |stop, _| {
        let shards = named_shards(length, length, (index, count), stop, |_| {})
            .map_err(|e| e.to_string())?;
        onag_api::shard::seal(&ShardFile::new((index, count), &shards))
    })
}

/// Merges shard files into the statistics report, as the line `onag toads stats --json`
/// prints: `groups` holds the files of one length each (merged one length at a time, so the
/// distinct values of one length are in memory at once), in any order.
#[pyfunction]
fn toads_stats_merge(py: Python<'_>, groups: Vec<Vec<PathBuf>>) -> PyResult<String> {
    py.detach(move || {
        let mut lengths: Vec<NamedShard> = Vec::new();
        for files in groups {
            let mut shards = Vec::new();
            for path in &files {
                let bytes = read_capped(path)?;
                let file = onag_api::shard::open(&bytes)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                shards.extend(
                    file.into_shards()
                        .map_err(|e| format!("{}: {e}", path.display()))?,
                );
            }
            lengths.extend(merge_shards(shards).map_err(|e| e.to_string())?);
        }
        // whole lengths merge as themselves: this orders them and checks each is there once
        let merged = merge_shards(lengths).map_err(|e| e.to_string())?;
        json_line(&StatsReport::new(&merged))
    })
    .map_err(bad)
}

/// The value of the cell T^toads □^blanks F^frogs (a fresh solver), as one line of JSON: the
/// cell's record in the results file `onag toads cells --json` prints.
#[pyfunction]
fn toads_cell(py: Python<'_>, toads: usize, blanks: usize, frogs: usize) -> PyResult<String> {
    Solver::check_standard(toads, blanks, frogs).map_err(bad)?;
    run_stoppable(py, None, move |stop, _| {
        let record = cell_record(toads, blanks, frogs, stop).map_err(|e| e.to_string())?;
        json_line(&record)
    })
}

/// The work estimate of a cell (placements reachable if pieces never blocked each other, the
/// library's `estimate_work`), or `None` for two-word boards (past 127 squares); a
/// `ValueError` when the solver cannot take the cell at all.
#[pyfunction]
fn toads_cell_estimate(toads: usize, blanks: usize, frogs: usize) -> PyResult<Option<f64>> {
    Solver::check_standard(toads, blanks, frogs).map_err(bad)?;
    Ok(Board::standard(toads, blanks, frogs)
        .ok()
        .map(|b| estimate_work(&b)))
}

/// The cells `(toads, blanks, frogs)` of the table Ta+k□bFa (k = 0, 1, 2) on at most
/// `max_squares` squares.
#[pyfunction]
fn toads_table_cells(max_squares: usize) -> Vec<(usize, usize, usize)> {
    table_cells(max_squares)
}

/// Merges cell files (any order) into the results file, as the line `onag toads cells --json`
/// prints.
#[pyfunction]
fn toads_cells_merge(py: Python<'_>, paths: Vec<PathBuf>) -> PyResult<String> {
    py.detach(move || {
        let records = paths
            .iter()
            .map(|p| read_part::<BoardRecord>(p, "an onag toads cell record"))
            .collect::<Result<Vec<_>, String>>()?;
        json_line(&ResultsFile::of_cells(records))
    })
    .map_err(bad)
}

fn parse_ruleset(text: &str) -> PyResult<Ruleset> {
    text.parse::<Ruleset>()
        .map_err(|e| bad(format!("bad ruleset '{text}': {e}")))
}

/// The codes of the census of codes with up to `digits` digits (`0.d…` and `4.d…`), printed,
/// in census order.
#[pyfunction]
fn heap_census_codes(digits: usize) -> Vec<String> {
    census_codes(digits).iter().map(|r| r.to_string()).collect()
}

/// A ruleset as the census prints it (a `ValueError` when it does not parse).
#[pyfunction]
fn heap_ruleset(text: &str) -> PyResult<String> {
    parse_ruleset(text).map(|r| r.to_string())
}

/// The code whose census entry a code shares (the library's `heaps::representative`: codes
/// that differ only in bit 1 and agree on the first heaps have equal values everywhere).
#[pyfunction]
fn heap_census_representative(ruleset: &str) -> PyResult<String> {
    Ok(representative(&parse_ruleset(ruleset)?).to_string())
}

/// One code's census entry (its period search with at most `max_n` values), as the sealed
/// census part `onag heaps entry CODE --max N --json` prints.
#[pyfunction]
fn heap_census_entry(py: Python<'_>, ruleset: &str, max_n: usize) -> PyResult<String> {
    let ruleset = parse_ruleset(ruleset)?;
    run_stoppable(py, None, move |stop, _| {
        let entry = census_entry(&ruleset, max_n, stop).map_err(|e| e.to_string())?;
        onag_api::shard::seal_census(&CensusPart {
            max_n,
            entries: vec![entry],
        })
    })
}

/// The census tasks of representative codes (the library's `heaps::census_tasks`): pairs
/// (code computed, codes that extend it by moves leaving at most one heap and take its values
/// where they are provably theirs), in census order.
#[pyfunction]
fn heap_census_tasks(py: Python<'_>, codes: Vec<String>) -> PyResult<Vec<(String, Vec<String>)>> {
    let codes = codes
        .iter()
        .map(|c| parse_ruleset(c))
        .collect::<PyResult<Vec<_>>>()?;
    let tasks = py.detach(move || census_tasks(&codes));
    Ok(tasks
        .into_iter()
        .map(|t| {
            let ext = t.extensions.iter().map(|r| r.to_string()).collect();
            (t.base.to_string(), ext)
        })
        .collect())
}

/// One census task's entries, base first (a sealed census part on one line): the base code's period
/// search with at most `max_n` values, and each extension's, from the base's values as far as
/// they are provably its own.
#[pyfunction]
fn heap_census_task(
    py: Python<'_>,
    base: &str,
    extensions: Vec<String>,
    max_n: usize,
) -> PyResult<String> {
    let task = CensusTask {
        base: parse_ruleset(base)?,
        extensions: extensions
            .iter()
            .map(|c| parse_ruleset(c))
            .collect::<PyResult<Vec<_>>>()?,
    };
    run_stoppable(py, None, move |stop, _| {
        let entries: Vec<CensusEntry> = task_analyses(&task, max_n, stop)
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|(ruleset, analysis)| CensusEntry {
                ruleset: ruleset.to_string(),
                analysis,
            })
            .collect();
        onag_api::shard::seal_census(&CensusPart { max_n, entries })
    })
}

/// Merges census part files (any order; sealed, as `heap_census_entry` and `heap_census_task`
/// write them) into the census report, as `onag heaps census --out FILE` writes it (pretty
/// JSON). Each part is checked (its seal, its codes, its cap `max_n`; no code in two parts)
/// and, where `expected` gives a list per path, holds exactly those codes. `members`, when
/// given, maps a representative code to the codes it stands for: an entry of a code in it is
/// given to each of them under its own name; other entries keep theirs; every representative
/// must have its entry.
#[pyfunction]
#[pyo3(signature = (max_n, paths, members=None, expected=None))]
fn heap_census_merge(
    py: Python<'_>,
    max_n: usize,
    paths: Vec<PathBuf>,
    members: Option<std::collections::HashMap<String, Vec<String>>>,
    expected: Option<Vec<Vec<String>>>,
) -> PyResult<String> {
    if expected.as_ref().is_some_and(|e| e.len() != paths.len()) {
        return Err(bad("expected: one list of codes per path"));
    }
    py.detach(move || {
        let mut parts = Vec::new();
        let mut expected = expected.map(Vec::into_iter);
        for p in &paths {
            let bytes = read_capped(p)?;
            let part =
                onag_api::shard::open_census(&bytes).map_err(|e| format!("{} {e}", p.display()))?;
            let codes = expected.as_mut().and_then(Iterator::next);
            parts.push((p.display().to_string(), part, codes));
        }
        let computed = onag_api::shard::merge_census(max_n, parts)?;
        if let Some(m) = &members {
            let have: std::collections::BTreeSet<&str> =
                computed.iter().map(|e| e.ruleset.as_str()).collect();
            let mut missing: Vec<&str> = m
                .keys()
                .map(String::as_str)
                .filter(|k| !have.contains(k))
                .collect();
            missing.sort_unstable();
            if !missing.is_empty() {
                return Err(format!("no part holds {}", missing.join(",")));
            }
        }
        let mut entries = Vec::new();
        for entry in computed {
            match members.as_ref().and_then(|m| m.get(&entry.ruleset)) {
                Some(names) => entries.extend(names.iter().map(|name| CensusEntry {
                    ruleset: name.clone(),
                    analysis: entry.analysis.clone(),
                })),
                None => entries.push(entry),
            }
        }
        let report = CensusReport::from_entries(max_n, entries);
        serde_json::to_string_pretty(&report)
            .map(|text| text + "\n")
            .map_err(|e| format!("internal error: {e}"))
    })
    .map_err(bad)
}

/// One code's line of the misère-quotient census, as one line of JSON (the entry `onag heaps
/// quotient-census` lists): Q_n with heaps ≤ `max_heap`, recorded as too large above
/// `max_order` elements (or `max_candidate` before reduction), and as stopped after
/// `max_seconds` (0: no limit) with its growth up to the heap it reached.
#[pyfunction]
fn quotient_census_task(
    py: Python<'_>,
    ruleset: &str,
    max_heap: usize,
    max_order: usize,
    max_candidate: usize,
    max_seconds: f64,
) -> PyResult<String> {
    let ruleset = parse_ruleset(ruleset)?;
    if max_heap == 0 || max_heap > 4096 {
        return Err(bad(format!(
            "max_heap must be between 1 and 4096, not {max_heap}"
        )));
    }
    if !(max_seconds >= 0.0 && max_seconds.is_finite()) {
        return Err(bad(format!(
            "max_seconds must be at least 0, not {max_seconds}"
        )));
    }
    let limits = QuotientLimits {
        max_order,
        max_candidate,
    };
    run_stoppable(py, None, move |stop, _| {
        // the task's own time limit: a watchdog raises the flag unless the work ends first
        let (done, wait) = std::sync::mpsc::channel::<()>();
        if max_seconds > 0.0 {
            let flag = stop.clone();
            let limit = std::time::Duration::from_secs_f64(max_seconds);
            std::thread::spawn(move || {
                // the work dropping its end first disconnects the channel: no stop then
                if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(limit) {
                    flag.stop();
                }
            });
        }
        let (mut entry, stopped) = quotient_census_entry_reached(&ruleset, max_heap, limits, stop);
        drop(done);
        if stopped {
            entry.error = Some(format!(
                "stopped by the task's time limit of {max_seconds} s after Q_{}",
                entry.reached
            ));
        }
        json_line(&entry)
    })
}

/// The misère-quotient census as `onag heaps quotient-census --out FILE` writes it (pretty
/// JSON).
#[derive(serde::Serialize)]
struct QuotientCensusReport {
    complete: bool,
    max_heap: usize,
    max_order: usize,
    max_candidate: usize,
    entries: Vec<QuotientCensusEntry>,
}

/// Merges quotient-census part files (one entry each, as `quotient_census_task` returns them)
/// in the order given into the census report; each part must be the entry of the code
/// `expected` names for it, with the heap bound `max_heap`.
#[pyfunction]
fn quotient_census_merge(
    py: Python<'_>,
    max_heap: usize,
    max_order: usize,
    max_candidate: usize,
    paths: Vec<PathBuf>,
    expected: Vec<String>,
) -> PyResult<String> {
    if expected.len() != paths.len() {
        return Err(bad("expected: one code per path"));
    }
    py.detach(move || {
        let mut entries = Vec::with_capacity(paths.len());
        for (path, code) in paths.iter().zip(&expected) {
            let entry: QuotientCensusEntry = read_part(path, "a quotient-census part")?;
            if entry.ruleset != *code || entry.max_heap != max_heap {
                return Err(format!(
                    "{}: the entry of {} with heaps ≤ {}, not of {code} with heaps ≤ {max_heap}",
                    path.display(),
                    entry.ruleset,
                    entry.max_heap
                ));
            }
            entries.push(entry);
        }
        let report = QuotientCensusReport {
            complete: true,
            max_heap,
            max_order,
            max_candidate,
            entries,
        };
        serde_json::to_string_pretty(&report)
            .map(|text| text + "\n")
            .map_err(|e| format!("internal error: {e}"))
    })
    .map_err(bad)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(toads_stats_shard, m)?)?;
    m.add_function(wrap_pyfunction!(toads_stats_merge, m)?)?;
    m.add_function(wrap_pyfunction!(toads_cell, m)?)?;
    m.add_function(wrap_pyfunction!(toads_cell_estimate, m)?)?;
    m.add_function(wrap_pyfunction!(toads_table_cells, m)?)?;
    m.add_function(wrap_pyfunction!(toads_cells_merge, m)?)?;
    m.add_function(wrap_pyfunction!(heap_census_codes, m)?)?;
    m.add_function(wrap_pyfunction!(heap_ruleset, m)?)?;
    m.add_function(wrap_pyfunction!(heap_census_representative, m)?)?;
    m.add_function(wrap_pyfunction!(heap_census_entry, m)?)?;
    m.add_function(wrap_pyfunction!(heap_census_merge, m)?)?;
    m.add_function(wrap_pyfunction!(heap_census_tasks, m)?)?;
    m.add_function(wrap_pyfunction!(heap_census_task, m)?)?;
    m.add_function(wrap_pyfunction!(quotient_census_task, m)?)?;
    m.add_function(wrap_pyfunction!(quotient_census_merge, m)?)?;
    Ok(())
}
