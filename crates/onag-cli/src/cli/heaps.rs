//! `onag heaps …`: nim sequences of take-and-break codes, Grundy's game and subtraction games;
//! period searches with checkpoints; the census of short codes; re-checking committed results;
//! playing a sum of heaps.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Subcommand;

use onag::heaps::position::position_report;
use onag::heaps::{
    census_codes, census_entry, census_of, checkpoint, values_report, Analysis, CensusEntry,
    CensusReport, CheckReport, PeriodReport, PeriodSearch, Ruleset, Status, Strategy,
};
use onag::StopFlag;

use onag_api::limits::NATIVE_MAX_HEAP_VALUES;

use super::common::{self, parse_u64, parse_usize, Internal, MaxForms, Resume, RunLimits};
use super::output::{outln, print_json, Output};

/// How long a stopped period search may take to write its checkpoint before the process is
/// ended anyway.
const CHECKPOINT_GRACE_SECS: u64 = 300;

/// The `heaps` subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// The first N nim values G(0), …, G(N − 1) of a ruleset, by the sparse-space engine.
    Values {
        /// The ruleset: a code (0.137, 4.07, 0.f), grundy, S(1,3,4), all-but(2), or a name.
        #[arg(allow_hyphen_values = true)]
        ruleset: String,
        /// How many values: 1 to 2^30 (4 bytes a heap; `onag_api::limits::NATIVE_MAX_HEAP_VALUES`,
        /// the same bound as Python's `heaps(…).values`).
        #[arg(long, value_parser = parse_usize, default_value_t = 100)]
        count: usize,
        /// Misère play: each heap's genus (heaps 0 to count − 1, at most 1000) and the first
        /// wild heap, from misère canonical forms.
        #[arg(long)]
        misere: bool,
        #[command(flatten)]
        max_forms: MaxForms,
        #[command(flatten)]
        limits: RunLimits,
        #[command(flatten)]
        output: Output,
    },
    /// Searches for a period and proves it (finite codes), with resumable checkpoints.
    Period(PeriodArgs),
    /// The census of every code 0.d… and 4.d… with up to D digits (JSON with --json or --out).
    Census {
        /// Digits after the point (1–4).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4), default_value_t = 3)]
        digits: u8,
        /// Values per code at most.
        #[arg(long, value_parser = parse_usize, default_value_t = 1 << 16)]
        max: usize,
        /// Only these codes (comma-separated), e.g. the long games.
        #[arg(long, value_delimiter = ',')]
        codes: Option<Vec<String>>,
        /// Write the report (pretty JSON) to FILE, atomically.
        #[arg(long)]
        out: Option<PathBuf>,
        #[command(flatten)]
        limits: RunLimits,
        #[command(flatten)]
        output: Output,
    },
    /// One code's census entry (one independent task of a census; with --json a sealed census
    /// part, merged with `heaps merge`).
    Entry {
        /// The ruleset.
        #[arg(allow_hyphen_values = true)]
        ruleset: String,
        /// Values at most.
        #[arg(long, value_parser = parse_usize, default_value_t = 1 << 16)]
        max: usize,
        #[command(flatten)]
        limits: RunLimits,
        #[command(flatten)]
        output: Output,
    },
    /// Merges census parts (the sealed JSON of `heaps entry --json`) into one census report;
    /// each part is checked (its checksum, its codes, its `--max`; no code in two parts).
    Merge {
        /// The entry files.
        files: Vec<PathBuf>,
        /// The cap the entries were computed with.
        #[arg(long, value_parser = parse_usize)]
        max: usize,
        /// Write the report (pretty JSON) to FILE, atomically.
        #[arg(long)]
        out: Option<PathBuf>,
        #[command(flatten)]
        output: Output,
    },
    /// Recomputes a committed results file and compares: a census report entry by entry, a
    /// period report (`heaps period --out`) whole; exits 1 on any difference.
    Check {
        /// The results file (a census or period report).
        file: PathBuf,
        /// Only these codes (comma-separated).
        #[arg(long, value_delimiter = ',')]
        codes: Option<Vec<String>>,
        #[command(flatten)]
        limits: RunLimits,
        #[command(flatten)]
        output: Output,
    },
    /// The misère quotient Q_n of the positions with heaps ≤ n (Plambeck–Siegel), heap by
    /// heap, with an optional certificate.
    Quotient(super::quotient::QuotientArgs),
    /// Checks a quotient certificate independently of its construction.
    QuotientCheck(super::quotient::CheckArgs),
    /// Q_n of every code with up to D digits (or of --codes): orders, where they grow.
    QuotientCensus(super::quotient::CensusArgs),
    /// A sum of heaps: values, nim-sum, every move with ✓/✗, the computer's move.
    Play {
        /// The ruleset.
        #[arg(allow_hyphen_values = true)]
        ruleset: String,
        /// The heap sizes.
        #[arg(value_parser = parse_u64, required = true, num_args = 1..)]
        heaps: Vec<u64>,
        /// The computer: perfect, random, or skill:L (perfect with probability L/100).
        #[arg(long, default_value = "perfect")]
        computer: String,
        /// Seed of the random choices.
        #[arg(long, value_parser = parse_u64, default_value_t = 0)]
        seed: u64,
        /// Misère play: the exact misère outcome and every move with ✓/✗ (heaps up to 1000),
        /// from the misère canonical form of the sum, or, where its forms exceed the bound,
        /// from the misère quotient Q_n (n the largest heap) computed on the spot or read from
        /// --quotient; the output says which.
        #[arg(long)]
        misere: bool,
        #[command(flatten)]
        max_forms: MaxForms,
        /// With --misere: the largest misère quotient computed for the position.
        #[arg(long, default_value_t = 4096, requires = "misere")]
        max_order: usize,
        /// With --misere: a quotient certificate (`onag heaps quotient --certificate`),
        /// checked before use, answering every position of its ruleset with heaps ≤ its n.
        #[arg(long, value_name = "FILE", requires = "misere")]
        quotient: Option<PathBuf>,
        #[command(flatten)]
        output: Output,
    },
}

/// Arguments of `onag heaps period`.
#[derive(clap::Args)]
pub struct PeriodArgs {
    /// The ruleset.
    #[arg(allow_hyphen_values = true)]
    ruleset: String,
    /// Values to compute at most.
    #[arg(long, value_parser = parse_usize)]
    max: usize,
    /// Checkpoints: every --checkpoint-secs and when stopped.
    #[command(flatten)]
    save: Resume,
    /// Seconds between checkpoints.
    #[arg(long, value_parser = parse_u64, default_value_t = 300)]
    checkpoint_secs: u64,
    /// Write the report (pretty JSON) to FILE, atomically.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    limits: RunLimits,
    #[command(flatten)]
    output: Output,
}

fn ruleset(text: &str) -> anyhow::Result<Ruleset> {
    text.parse::<Ruleset>().map_err(|e| {
        super::located::Located::new(format!("bad ruleset '{text}': {e}"), text, e.span).into()
    })
}

/// Runs one `heaps` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {
        Cmd::Values {
            ruleset: text,
            count,
            limits,
            misere,
            max_forms: MaxForms { max_forms },
            output,
        } => {
            let r = ruleset(&text)?;
            if misere {
                let stop = StopFlag::new();
                limits.watch("the misère genera", &stop);
                return misere_values(&r, count, max_forms, &output, &stop);
            }
            if count == 0 || count > NATIVE_MAX_HEAP_VALUES {
                bail!(
                    "--count must be between 1 and {NATIVE_MAX_HEAP_VALUES} (2^30), not {count}; \
                     use `heaps period` for longer runs"
                );
            }
            // codes whose moves leave three heaps are computed by the definition, O(n³) a
            // value: a long hexadecimal code runs for hours, so the run is bounded
            let stop = StopFlag::new();
            limits.watch("the nim sequence", &stop);
            let report = values_report(&r, count, &stop)?;
            if output.json {
                return print_json(&report);
            }
            let name = known_name(report.name.as_deref());
            outln!(
                "{}{name}: G(0) … G({})",
                report.ruleset,
                count.saturating_sub(1)
            );
            for (i, chunk) in report.values.chunks(20).enumerate() {
                let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
                outln!("{:>8}: {}", i * 20, line.join(" "));
            }
            outln!(
                "largest value {}; {}",
                report.largest_value,
                rare_words(report.rare.mask, report.rare.count)
            );
            Ok(())
        }
        Cmd::Period(args) => period(args),
        Cmd::Quotient(args) => super::quotient::run(args),
        Cmd::QuotientCheck(args) => super::quotient::check(args),
        Cmd::QuotientCensus(args) => super::quotient::census(args),
        Cmd::Census {
            digits,
            max,
            codes,
            out,
            limits,
            output,
        } => {
            let list = match codes {
                Some(list) => list
                    .iter()
                    .map(|c| ruleset(c))
                    .collect::<Result<Vec<_>, _>>()?,
                None => census_codes(usize::from(digits)),
            };
            // the destination is checked before the census runs, not after
            if let Some(path) = &out {
                common::check_output(path)?;
            }
            let stop = StopFlag::new();
            limits.watch("the census", &stop);
            let report = run_census(&list, max, &stop, output.quiet)?;
            if let Some(path) = &out {
                write_pretty(path, &report)?;
            }
            if output.json {
                return print_json(&report);
            }
            print_census(&report)
        }
        Cmd::Entry {
            ruleset: text,
            max,
            limits,
            output,
        } => {
            let r = ruleset(&text)?;
            let stop = StopFlag::new();
            limits.watch("the census entry", &stop);
            let entry = census_entry(&r, max, &stop)?;
            if output.json {
                // a census part, sealed: `heaps merge` checks it
                let part = onag_api::shard::CensusPart {
                    max_n: max,
                    entries: vec![entry],
                };
                let text = onag_api::shard::seal_census(&part).map_err(Internal)?;
                outln!("{}", text.trim_end());
                return Ok(());
            }
            outln!("{}", describe(&entry.ruleset, &entry.analysis));
            Ok(())
        }
        Cmd::Merge {
            files,
            max,
            out,
            output,
        } => {
            if let Some(path) = &out {
                common::check_output(path)?;
            }
            let mut parts = Vec::new();
            // a file named twice counts once; the same code in two files is refused (a part
            // copied over another's)
            let mut named = std::collections::BTreeSet::new();
            for f in &files {
                if !named.insert(std::fs::canonicalize(f).unwrap_or_else(|_| f.clone())) {
                    continue;
                }
                let what = "an onag heaps census part";
                let text = common::read_capped(f, onag_api::shard::MAX_PART_BYTES, what)?;
                let part = onag_api::shard::open_census(text.as_bytes())
                    .map_err(|e| anyhow::anyhow!("{} {e}", f.display()))?;
                parts.push((f.display().to_string(), part, None));
            }
            let entries =
                onag_api::shard::merge_census(max, parts).map_err(|e| anyhow::anyhow!(e))?;
            let report = CensusReport::from_entries(max, entries);
            if let Some(path) = &out {
                write_pretty(path, &report)?;
            }
            if output.json {
                return print_json(&report);
            }
            print_census(&report)
        }
        Cmd::Check {
            file,
            codes,
            limits,
            output,
        } => check(&file, codes, limits, output),
        Cmd::Play {
            ruleset: text,
            heaps,
            computer,
            seed,
            misere,
            max_forms: MaxForms { max_forms },
            max_order,
            quotient,
            output,
        } => {
            let r = ruleset(&text)?;
            if let Some(&big) = heaps.iter().find(|&&h| h > 1 << 20) {
                bail!("heap {big} is above 2^20");
            }
            if misere {
                let means = MiserePlayArgs {
                    max_forms,
                    max_order,
                    quotient: quotient.as_deref(),
                };
                return misere_play(&r, &heaps, means, &output);
            }
            // every move is listed: bound them before any is computed (1,000 heaps of 2^20
            // took 4.4 GB; 1,500 aborted)
            let moves = r.moves();
            let count = heaps
                .iter()
                .fold(0u64, |n, &h| n.saturating_add(moves.count_leaves(h)));
            if count > onag_api::limits::NATIVE_MAX_PLAY_MOVES {
                bail!(
                    "this position has {count} moves under {r}; `heaps play` lists at most {} \
                     (use fewer or smaller heaps)",
                    onag_api::limits::NATIVE_MAX_PLAY_MOVES
                );
            }
            let strategy = match computer.as_str() {
                "perfect" => Strategy::Perfect,
                "random" => Strategy::Random { seed },
                s => match s.strip_prefix("skill:").map(str::parse::<u8>) {
                    Some(Ok(level)) if level <= 100 => Strategy::Skill { level, seed },
                    _ => bail!("--computer must be perfect, random or skill:L with L in 0..=100"),
                },
            };
            let report = position_report(&r, &heaps, strategy, &StopFlag::new())?;
            if output.json {
                return print_json(&report);
            }
            let sizes: Vec<String> = report
                .heaps
                .iter()
                .map(|h| format!("{} (*{})", h.size, h.value))
                .collect();
            outln!("{}: heaps {}", report.ruleset, sizes.join(", "));
            outln!(
                "nim-sum {}: the player to move {}",
                report.nim_sum,
                if report.to_move_wins { "wins" } else { "loses" }
            );
            for m in &report.moves {
                let mark = if m.winning { "✓" } else { "✗" };
                outln!("  {mark} {}  → nim-sum {}", m.text, m.nim_sum_after);
            }
            match &report.computer {
                Some(m) => outln!("computer: {}", m.text),
                None => outln!("computer: no move"),
            }
            Ok(())
        }
    }
}

/// The most heaps `heaps values --misere` analyses.
const MAX_MISERE_HEAPS: usize = 1000;

fn misere_values(
    r: &Ruleset,
    count: usize,
    max_forms: usize,
    output: &Output,
    stop: &StopFlag,
) -> anyhow::Result<()> {
    if count == 0 || count > MAX_MISERE_HEAPS {
        bail!("--count must be between 1 and {MAX_MISERE_HEAPS} with --misere, not {count}");
    }
    let report = onag::heaps::misere::misere_genera(r, count as u64 - 1, max_forms, stop)?;
    if output.json {
        return print_json(&report);
    }
    let name = known_name(report.name.as_deref());
    outln!(
        "{}{name}: misère genus of heaps 0 … {}",
        report.ruleset,
        count - 1
    );
    for h in &report.heaps {
        let mark = if h.tame_genus { "" } else { "  wild" };
        outln!("{:>6}: {}{mark}", h.heap, h.genus);
    }
    match report.first_wild {
        Some(n) => outln!("first wild heap: {n}"),
        None => outln!("tame up to heap {}", count - 1),
    }
    outln!("{} canonical forms", report.forms);
    Ok(())
}

/// The means of `heaps play --misere`.
struct MiserePlayArgs<'a> {
    max_forms: usize,
    max_order: usize,
    quotient: Option<&'a Path>,
}

/// The brute-force checks a `--quotient` certificate passes before use (total size of the
/// positions compared with the definition; the local condition covers every position).
const QUOTIENT_CHECK_TOTAL: usize = 16;

fn misere_play(
    r: &Ruleset,
    heaps: &[u64],
    means: MiserePlayArgs<'_>,
    output: &Output,
) -> anyhow::Result<()> {
    use onag::heaps::misere::{misere_position_with, MiserePlay};
    use onag::heaps::quotient::{Certificate, MisereQuotient, QuotientLimits};
    if let Some(&big) = heaps.iter().find(|&&h| h > MAX_MISERE_HEAPS as u64) {
        bail!("heap {big} is above {MAX_MISERE_HEAPS} with --misere");
    }
    let stop = StopFlag::new();
    common::stop_on_ctrl_c(&stop);
    let given = match means.quotient {
        Some(path) => {
            let cert: Certificate = common::read_checksummed(
                path,
                super::quotient::MAX_CERTIFICATE_FILE,
                "a quotient certificate",
            )?;
            let q = MisereQuotient::from_certificate(&cert, QUOTIENT_CHECK_TOTAL, &stop)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            if q.ruleset() != r {
                bail!(
                    "{} is a quotient of {}, not of {r}",
                    path.display(),
                    q.ruleset()
                );
            }
            Some(q)
        }
        None => None,
    };
    let play = MiserePlay {
        quotient_limits: QuotientLimits {
            max_order: means.max_order,
            ..QuotientLimits::default()
        },
        quotient: given.as_ref(),
        ..MiserePlay::new(means.max_forms)
    };
    let report = misere_position_with(r, heaps, &play, &stop)?;
    if output.json {
        return print_json(&report);
    }
    let sizes: Vec<String> = match &report.genera {
        Some(genera) => report
            .heaps
            .iter()
            .zip(genera)
            .map(|(h, g)| format!("{h} ({g})"))
            .collect(),
        None => report.heaps.iter().map(u64::to_string).collect(),
    };
    outln!(
        "{} (misère play): heaps {}",
        report.ruleset,
        sizes.join(", ")
    );
    outln!("method: {}", report.method);
    let value = match (&report.genus, &report.image) {
        (Some(g), _) => format!("genus {g}"),
        (None, Some(x)) => format!("image {x} in the quotient"),
        (None, None) => String::new(),
    };
    outln!(
        "outcome {} ({value}): the player to move {}",
        report.outcome,
        if report.outcome == onag::partizan::Outcome::N {
            "wins"
        } else {
            "loses"
        }
    );
    for m in &report.moves {
        let mark = if m.winning { "✓" } else { "✗" };
        outln!("  {mark} {}", m.text);
    }
    match &report.winning_move {
        Some(m) => outln!("winning move: {m}"),
        None if report.moves.is_empty() => outln!("no move: the player to move has won"),
        None => outln!("no winning move"),
    }
    Ok(())
}

fn write_pretty<T: serde::Serialize>(path: &Path, value: &T) -> anyhow::Result<()> {
    common::check_output(path)?;
    let mut text = serde_json::to_string_pretty(value)?;
    text.push('\n');
    common::write_atomic(path, text.as_bytes())
}

fn run_census(
    codes: &[Ruleset],
    max: usize,
    stop: &StopFlag,
    quiet: bool,
) -> anyhow::Result<CensusReport> {
    let bar = common::progress(codes.len() as u64, "census", quiet);
    let report = census_of(codes, max, stop, &|done| bar.set_position(done as u64))?;
    bar.finish_and_clear();
    Ok(report)
}

/// One line about a ruleset's analysis.
fn describe(ruleset: &str, a: &Analysis) -> String {
    match (a.status, a.proof, a.arithmetic) {
        (Status::Periodic, Some(p), _) => format!(
            "{ruleset}: periodic, preperiod {} period {} (proven: G(n+p) = G(n) checked for {} ≤ n < {}); largest value {} (first at {})",
            p.preperiod, p.period, p.certificate.0, p.certificate.1, a.largest_value, a.largest_at
        ),
        (Status::Arithmetic, _, Some(ar)) => format!(
            "{ruleset}: arithmetic periodicity observed from {} (period {}, saltus {}) over {} values, not proven",
            ar.preperiod, ar.period, ar.saltus, a.computed_to
        ),
        _ => format!(
            "{ruleset}: unsolved up to {}: {}, the last at {}; largest value {} (first at {})",
            a.computed_to,
            rare_words(a.rare.mask, a.rare.count),
            a.rare.last.map_or("-".to_string(), |n| n.to_string()),
            a.largest_value,
            a.largest_at
        ),
    }
}

fn print_census(report: &CensusReport) -> anyhow::Result<()> {
    for e in &report.entries {
        outln!("{}", describe(&e.ruleset, &e.analysis));
    }
    outln!(
        "{} codes up to {}: {} periodic (proven), {} arithmetic (observed), {} unsolved; {} groups of equal sequences",
        report.codes,
        report.max_n,
        report.periodic,
        report.arithmetic,
        report.unsolved,
        report.equivalences.len()
    );
    Ok(())
}

fn period(args: PeriodArgs) -> anyhow::Result<()> {
    let r = ruleset(&args.ruleset)?;
    let stop = StopFlag::new();
    if let Some(path) = &args.save.checkpoint {
        common::check_output(path)?;
    }
    if let Some(path) = &args.out {
        common::check_output(path)?;
    }
    // stopped, the search writes its checkpoint (4 bytes a heap) before it exits
    let grace = if args.save.checkpoint.is_some() {
        Duration::from_secs(CHECKPOINT_GRACE_SECS)
    } else {
        Duration::from_millis(500)
    };
    // the bounds hold from the start: reading and re-checking a checkpoint is part of the run
    args.limits
        .watch_with_grace("the period search", &stop, grace);
    let key = match &args.save.checkpoint {
        Some(_) => Some(common::checkpoint_key()?),
        None => None,
    };
    let mut search = match (&args.save.checkpoint, args.save.resume, &key) {
        (Some(path), true, Some(key)) => {
            let bytes = read_checkpoint(path, args.max, &r)?;
            let search = checkpoint::decode(&bytes, key, &stop)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            let stored = search.sequence().ruleset();
            if *stored != r {
                bail!("{} is a checkpoint of {stored}, not of {r}", path.display());
            }
            PeriodSearch::resume(search.sequence().clone(), args.max, search.next_check())
        }
        _ => PeriodSearch::new(&r, args.max),
    };
    let bar = common::progress(args.max as u64, &format!("{r}"), args.output.quiet);
    let mut last_save = Instant::now();
    let save = |search: &PeriodSearch| -> anyhow::Result<()> {
        if let (Some(path), Some(key)) = (&args.save.checkpoint, &key) {
            common::write_atomic(path, &checkpoint::encode(search, key))?;
        }
        Ok(())
    };
    let analysis = loop {
        let until = search.sequence().len() + (1 << 20);
        match search.run(until, &stop, &mut |n| bar.set_position(n as u64)) {
            Ok(Some(a)) => break a,
            Ok(None) => {
                if last_save.elapsed().as_secs() >= args.checkpoint_secs {
                    save(&search)?;
                    last_save = Instant::now();
                }
            }
            Err(stopped) => {
                save(&search)?;
                let how = match &args.save.checkpoint {
                    Some(p) => format!(
                        "; {} values saved in {} (continue with --resume)",
                        search.sequence().len(),
                        p.display()
                    ),
                    None => String::new(),
                };
                return Err(anyhow::anyhow!("{stopped}{how}"));
            }
        }
    };
    bar.finish_and_clear();
    save(&search)?;
    let report = search.report();
    debug_assert_eq!(report.analysis, analysis);
    if let Some(path) = &args.out {
        write_pretty(path, &report)?;
    }
    if args.output.json {
        return print_json(&report);
    }
    outln!("{}", describe(&report.ruleset, &report.analysis));
    Ok(())
}

/// The bytes of the checkpoint `path`, sized by its header first: a checkpoint of more values
/// than `--max` allows, or whose length is not the one its header declares, is refused before
/// the file is read whole.
fn read_checkpoint(path: &Path, max: usize, ruleset: &Ruleset) -> anyhow::Result<Vec<u8>> {
    use std::io::Read;
    let cannot = || format!("cannot read {}", path.display());
    let mut file = std::fs::File::open(path).with_context(cannot)?;
    let mut prefix = Vec::new();
    (&mut file)
        .take(checkpoint::HEADER_BYTES as u64)
        .read_to_end(&mut prefix)
        .with_context(cannot)?;
    let h = checkpoint::header(&prefix).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if h.ruleset != *ruleset {
        bail!(
            "{} is a checkpoint of {}, not of {ruleset}",
            path.display(),
            h.ruleset
        );
    }
    if h.count > max.saturating_add(1) {
        bail!(
            "{} holds {} values, more than --max {max}: pass a larger --max to resume it",
            path.display(),
            h.count
        );
    }
    let actual = file.metadata().with_context(cannot)?.len();
    if actual != h.len {
        bail!(
            "{}: {}",
            path.display(),
            checkpoint::CheckpointError::Length {
                declared: h.len,
                actual
            }
        );
    }
    let mut bytes = prefix;
    file.take(h.len - bytes.len() as u64)
        .read_to_end(&mut bytes)
        .with_context(cannot)?;
    Ok(bytes)
}

/// Recomputes every entry of a census report file with the file's cap and compares; a period
/// report is recomputed whole with its cap.
fn check(
    file: &Path,
    codes: Option<Vec<String>>,
    limits: RunLimits,
    output: Output,
) -> anyhow::Result<()> {
    let what = "an onag census or period report";
    let text = common::read_capped(file, common::MAX_INPUT_FILE, what)?;
    // Which of the two reports it is, from a scan that keeps no field (each is skipped
    // unread), then one typed parse: never a JSON tree of the whole file.
    #[derive(serde::Deserialize)]
    struct Kind {
        entries: Option<serde::de::IgnoredAny>,
        analysis: Option<serde::de::IgnoredAny>,
    }
    let kind: Kind =
        serde_json::from_str(&text).with_context(|| format!("{} is not {what}", file.display()))?;
    if kind.entries.is_none() && kind.analysis.is_some() {
        let stored: PeriodReport = serde_json::from_str(&text)
            .with_context(|| format!("{} is not {what}", file.display()))?;
        return check_period(file, &stored, limits, output);
    }
    let stored: CensusReport =
        serde_json::from_str(&text).with_context(|| format!("{} is not {what}", file.display()))?;
    let wanted: Vec<&CensusEntry> = stored
        .entries
        .iter()
        .filter(|e| codes.as_ref().is_none_or(|c| c.contains(&e.ruleset)))
        .collect();
    if wanted.is_empty() {
        bail!("no entry of {} to check", file.display());
    }
    let list = wanted
        .iter()
        .map(|e| ruleset(&e.ruleset))
        .collect::<Result<Vec<_>, _>>()?;
    let stop = StopFlag::new();
    limits.watch("the check", &stop);
    let fresh = run_census(&list, stored.max_n, &stop, output.quiet)?;
    let report = CheckReport::census(file.display().to_string(), &stored, &fresh, codes.is_none());
    if output.json {
        print_json(&report)?;
    } else {
        outln!(
            "{}: {} entries recomputed, {} differ{}",
            file.display(),
            report.checked,
            report.differ.len(),
            if report.same() {
                String::new()
            } else {
                format!(": {}", report.differ.join(", "))
            }
        );
    }
    verdict(file, report.same())
}

fn verdict(file: &Path, same: bool) -> anyhow::Result<()> {
    if same {
        Ok(())
    } else {
        Err(Internal(format!(
            "{} differs from a fresh computation",
            file.display()
        ))
        .into())
    }
}

/// Recomputes a period report with its ruleset and cap and compares the whole report.
fn check_period(
    file: &Path,
    stored: &PeriodReport,
    limits: RunLimits,
    output: Output,
) -> anyhow::Result<()> {
    let r = ruleset(&stored.ruleset)?;
    let stop = StopFlag::new();
    limits.watch("the check", &stop);
    let bar = common::progress(stored.max_n as u64, &format!("{r}"), output.quiet);
    let mut search = PeriodSearch::new(&r, stored.max_n);
    search.run(usize::MAX, &stop, &mut |n| bar.set_position(n as u64))?;
    bar.finish_and_clear();
    let report = CheckReport::period(file.display().to_string(), stored, &search.report());
    if output.json {
        print_json(&report)?;
    } else {
        outln!(
            "{}: the period search of {} to {} recomputed: {}",
            file.display(),
            stored.ruleset,
            stored.max_n,
            if report.same() {
                "the same report"
            } else {
                "it differs"
            }
        );
    }
    verdict(file, report.same())
}

/// The rare heaps in words. The engine splits the values by a mask, as in the sparse-space
/// method (Gangolli and Plambeck, *A note on periodicity in some octal games*, 1989; see
/// `onag::heaps::mask`): a heap is rare when the parity of `popcount(v & mask)` for its value
/// `v` is the rare one (even, or for masks that read the heap's parity, Flammenkamp's sparse
/// positions, that of the heap). Few heaps are rare where a mask is found, which is what makes
/// the values fast; mask 0 means no split was found and every heap counts as rare.
fn rare_words(mask: u32, count: usize) -> String {
    let heaps = if count == 1 { "heap" } else { "heaps" };
    if mask == 0 {
        format!("{count} rare {heaps} (no sparse-space mask found, so every heap counts as rare)")
    } else {
        format!(
            "{count} rare {heaps} (sparse-space mask {mask:#x}: the heaps whose value v has \
             popcount(v & {mask:#x}) of the rare parity)"
        )
    }
}

/// A ruleset's known name after its code (" (Kayles)"), or nothing.
fn known_name(name: Option<&str>) -> String {
    name.map(|n| format!(" ({n})")).unwrap_or_default()
}
