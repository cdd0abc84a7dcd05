//! `onag heaps quotient` and `onag heaps quotient-check`: misère quotients Q_n of heap games,
//! their certificates and the independent check of a certificate.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context};

use onag::heaps::quotient::{
    quotient_resumed, Certificate, MisereQuotient, QuotientError, QuotientLimits, QuotientReport,
    Trial,
};
use onag::heaps::Ruleset;
use onag::StopFlag;

use super::common::{self, parse_usize, RunLimits};
use super::output::{outln, print_json, Output};

/// The largest n accepted.
pub const MAX_QUOTIENT_HEAP: usize = 4096;

/// The largest certificate file read (a table of 8192² elements is far smaller as JSON
/// only for small orders; the cap refuses a wrong path before parsing).
pub const MAX_CERTIFICATE_FILE: u64 = 512 << 20;

/// The largest --total of a check.
pub const MAX_CHECK_TOTAL: usize = 60;

/// Arguments of `onag heaps quotient`.
#[derive(clap::Args)]
pub struct QuotientArgs {
    /// The ruleset: a code (0.07, 0.77), S(1,2), all-but(), or a name (kayles, nim).
    #[arg(allow_hyphen_values = true)]
    ruleset: String,
    /// n: the largest heap (1 to 4096).
    #[arg(long, value_parser = parse_usize)]
    max_heap: usize,
    /// The largest quotient accepted.
    #[arg(long, value_parser = parse_usize, default_value_t = 20_000)]
    max_order: usize,
    /// The largest candidate monoid (before reduction) built.
    #[arg(long, value_parser = parse_usize, default_value_t = 4_000_000)]
    max_candidate: usize,
    /// Write the certificate (JSON) to FILE, atomically, and read it back (a run that ends
    /// before n, by time or the limits, writes that of the last complete Q_k).
    #[arg(long)]
    certificate: Option<PathBuf>,
    /// Go on from the quotient of this certificate (Q_k of the same ruleset, k < n, from an
    /// earlier --certificate), checked first, instead of from heap 1.
    #[arg(long)]
    resume: Option<PathBuf>,
    /// Print each trial monoid of a heap whose quotient changes (stderr): the progress
    /// inside a heap that can take hours.
    #[arg(long)]
    trials: bool,
    /// Also print the multiplication table (text output).
    #[arg(long)]
    table: bool,
    #[command(flatten)]
    limits: RunLimits,
    #[command(flatten)]
    output: Output,
}

/// Arguments of `onag heaps quotient-check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// The certificate file (from `onag heaps quotient --certificate`).
    file: PathBuf,
    /// The largest total size of the positions compared with the definition (0 to 60).
    #[arg(long, value_parser = parse_usize, default_value_t = 20)]
    total: usize,
    #[command(flatten)]
    limits: RunLimits,
    #[command(flatten)]
    output: Output,
}

fn error(e: QuotientError) -> anyhow::Error {
    match e {
        QuotientError::Internal(_) => common::Internal(e.to_string()).into(),
        other => anyhow::anyhow!("{other}"),
    }
}

/// Runs `onag heaps quotient`.
pub fn run(args: QuotientArgs) -> anyhow::Result<()> {
    let ruleset: Ruleset = args
        .ruleset
        .parse()
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("bad ruleset '{}'", args.ruleset))?;
    if args.max_heap == 0 || args.max_heap > MAX_QUOTIENT_HEAP {
        bail!(
            "--max-heap must be between 1 and {MAX_QUOTIENT_HEAP}, not {}",
            args.max_heap
        );
    }
    if let Some(path) = &args.certificate {
        common::check_output(path)?;
    }
    let stop = StopFlag::new();
    args.limits.watch("the quotient", &stop);
    common::stop_on_ctrl_c(&stop);
    let limits = QuotientLimits {
        max_order: args.max_order,
        max_candidate: args.max_candidate,
    };
    let start = Instant::now();
    let quiet = args.output.quiet;
    let from = match &args.resume {
        Some(path) => Some(resume_from(path, &ruleset, args.max_heap, &stop)?),
        None => None,
    };
    let mut progress = |s: &onag::heaps::quotient::HeapStep| {
        if !quiet {
            eprintln!(
                "heap {:>4}: |Q| = {:>6}, |P| = {:>5}{} ({:.2} s)",
                s.heap,
                s.order,
                s.p_size,
                if s.conservative {
                    String::new()
                } else {
                    format!(", {} candidate(s)", s.candidates)
                },
                start.elapsed().as_secs_f64()
            );
        }
    };
    let show_trials = args.trials;
    let mut trial = |t: &Trial| {
        if show_trials {
            eprintln!(
                "heap {:>4}: trial {:>3}: |Q| = {:>6}, |P| = {:>5}, {} ({:.2} s)",
                t.heap,
                t.candidates,
                t.order,
                t.p_size,
                t.failure
                    .as_deref()
                    .map_or_else(|| "proved".to_string(), |w| format!("fails at {w}")),
                start.elapsed().as_secs_f64()
            );
        }
    };
    let from = from.unwrap_or_else(|| MisereQuotient::trivial(&ruleset));
    let (q, ended) = quotient_resumed(
        from,
        args.max_heap,
        limits,
        &stop,
        &mut progress,
        &mut trial,
    );
    if let Some(e) = ended {
        // a long run keeps what it proved: the certificate of the last complete Q_k
        if let (Some(path), true) = (&args.certificate, q.max_heap() > 0) {
            write_certificate(path, &q)?;
            eprintln!(
                "{}: the certificate of Q_{} (order {}) is written",
                path.display(),
                q.max_heap(),
                q.order()
            );
        }
        return Err(error(e));
    }
    if let Some(path) = &args.certificate {
        write_certificate(path, &q)?;
    }
    let report = q.report();
    if args.output.json {
        return print_json(&report);
    }
    print_report(&report)?;
    if args.table {
        for x in 0..q.order() as u32 {
            let row: Vec<String> = (0..q.order() as u32)
                .map(|y| q.product(x, y).to_string())
                .collect();
            outln!("{x:>5}: {}", row.join(" "));
        }
    }
    Ok(())
}

/// The brute-force bound of the check of a certificate a run resumes from (its local
/// condition is checked in full whatever the bound).
const RESUME_CHECK_TOTAL: usize = 12;

/// The quotient of the certificate at `path`, checked, for `ruleset` and below `max_heap`.
fn resume_from(
    path: &std::path::Path,
    ruleset: &Ruleset,
    max_heap: usize,
    stop: &StopFlag,
) -> anyhow::Result<MisereQuotient> {
    let cert: Certificate =
        common::read_checksummed(path, MAX_CERTIFICATE_FILE, "a quotient certificate")?;
    let q = MisereQuotient::from_certificate(&cert, RESUME_CHECK_TOTAL, stop)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if q.ruleset().to_string() != ruleset.to_string() {
        bail!(
            "{} is a quotient of {}, not of {ruleset}",
            path.display(),
            q.ruleset()
        );
    }
    if q.max_heap() >= max_heap {
        bail!(
            "{} already reaches heap {}: --max-heap {max_heap} adds nothing",
            path.display(),
            q.max_heap()
        );
    }
    eprintln!(
        "{}: Q_{} (order {}) checked; going on from heap {}",
        path.display(),
        q.max_heap(),
        q.order(),
        q.max_heap() + 1
    );
    Ok(q)
}

/// Writes the certificate, checksummed ([`common::write_checksummed`]), and reads it back.
fn write_certificate(path: &std::path::Path, q: &MisereQuotient) -> anyhow::Result<()> {
    let text = common::write_checksummed(path, &q.certificate())?;
    let back = common::read_capped(path, MAX_CERTIFICATE_FILE, "a quotient certificate")?;
    if back != text {
        return Err(
            common::Internal(format!("{} does not read back as written", path.display())).into(),
        );
    }
    Ok(())
}

fn print_report(r: &QuotientReport) -> anyhow::Result<()> {
    outln!(
        "{}: Q_{} has order {}, P-portion of {}",
        r.ruleset,
        r.max_heap,
        r.order,
        r.p_size
    );
    outln!("generators: {}", r.generators.join(", "));
    outln!("relations: {}", r.relations.join(", "));
    outln!("P-portion: {}", r.p_portion.join(", "));
    let images: Vec<String> = r
        .heap_images
        .iter()
        .enumerate()
        .skip(1)
        .map(|(h, x)| format!("{h}:{x}"))
        .collect();
    outln!("heaps: {}", images.join("  "));
    let mut last = 0;
    let mut growth = Vec::new();
    for s in &r.steps {
        if s.order != last {
            growth.push(format!("{}→{}", s.heap, s.order));
            last = s.order;
        }
    }
    outln!("order by heap (where it changes): {}", growth.join(", "));
    Ok(())
}

/// Runs `onag heaps quotient-check`.
pub fn check(args: CheckArgs) -> anyhow::Result<()> {
    if args.total > MAX_CHECK_TOTAL {
        bail!(
            "--total must be at most {MAX_CHECK_TOTAL}, not {}",
            args.total
        );
    }
    // The checksum is checked on the bytes before the table is parsed; the certificate's
    // mathematics is then checked by `verify`, which trusts nothing in it.
    let cert: Certificate =
        common::read_checksummed(&args.file, MAX_CERTIFICATE_FILE, "a quotient certificate")?;
    let stop = StopFlag::new();
    args.limits.watch("the check", &stop);
    common::stop_on_ctrl_c(&stop);
    let report = cert
        .verify(args.total, &stop)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    if args.output.json {
        return print_json(&report);
    }
    outln!(
        "{}: Q_{} of order {} (|P| = {}) checked: a reduced commutative monoid; the local \
         condition holds for every position with heaps ≤ {} ({} proof nodes); {} positions \
         and {} sums of total size ≤ {} agree with the definition",
        report.ruleset,
        report.max_heap,
        report.order,
        report.p_size,
        report.max_heap,
        report.proof_nodes,
        report.positions,
        report.sums,
        report.total
    );
    Ok(())
}

/// Arguments of `onag heaps quotient-census`.
#[derive(clap::Args)]
pub struct CensusArgs {
    /// Digits after the point (1–3): every code 0.d… and 4.d… with that many digits at most.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3), default_value_t = 2)]
    digits: u8,
    /// n: the largest heap of each quotient (1 to 4096).
    #[arg(long, value_parser = parse_usize, default_value_t = 20)]
    max_heap: usize,
    /// Only these codes (comma-separated).
    #[arg(long, value_delimiter = ',')]
    codes: Option<Vec<String>>,
    /// The largest quotient per code (larger ones are recorded as too large).
    #[arg(long, value_parser = parse_usize, default_value_t = 500)]
    max_order: usize,
    /// The largest candidate monoid per code.
    #[arg(long, value_parser = parse_usize, default_value_t = 100_000)]
    max_candidate: usize,
    /// Write the census (JSON) to FILE, atomically.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    limits: RunLimits,
    #[command(flatten)]
    output: Output,
}

/// The quotient census as one JSON object.
#[derive(serde::Serialize)]
struct CensusReport {
    /// False when the run was stopped before the last code.
    complete: bool,
    max_heap: usize,
    max_order: usize,
    max_candidate: usize,
    entries: Vec<onag::heaps::quotient::census::QuotientCensusEntry>,
}

/// Runs `onag heaps quotient-census`.
pub fn census(args: CensusArgs) -> anyhow::Result<()> {
    if args.max_heap == 0 || args.max_heap > MAX_QUOTIENT_HEAP {
        bail!(
            "--max-heap must be between 1 and {MAX_QUOTIENT_HEAP}, not {}",
            args.max_heap
        );
    }
    let codes: Vec<Ruleset> = match &args.codes {
        Some(list) => list
            .iter()
            .map(|c| {
                c.parse::<Ruleset>()
                    .map_err(|e| anyhow::anyhow!("bad ruleset '{c}': {e}"))
            })
            .collect::<Result<_, _>>()?,
        None => onag::heaps::census_codes(usize::from(args.digits)),
    };
    if let Some(path) = &args.out {
        common::check_output(path)?;
    }
    let stop = StopFlag::new();
    args.limits.watch("the quotient census", &stop);
    common::stop_on_ctrl_c(&stop);
    let limits = QuotientLimits {
        max_order: args.max_order,
        max_candidate: args.max_candidate,
    };
    let start = Instant::now();
    let mut entries = Vec::with_capacity(codes.len());
    let mut stopped = false;
    for (i, r) in codes.iter().enumerate() {
        let e = match onag::heaps::quotient::census::quotient_census_entry(
            r,
            args.max_heap,
            limits,
            &stop,
        ) {
            Ok(e) => e,
            // stopped (time or memory): the codes done so far are the report
            Err(QuotientError::Stopped) => {
                stopped = true;
                eprintln!(
                    "stopped at {r}: the census lists the {} codes done",
                    entries.len()
                );
                break;
            }
            Err(e) => return Err(error(e)),
        };
        if !args.output.quiet {
            eprintln!(
                "[{}/{}] {}: {} ({:.1} s)",
                i + 1,
                codes.len(),
                e.ruleset,
                e.order
                    .map_or_else(|| "too large".to_string(), |o| format!("|Q| = {o}")),
                start.elapsed().as_secs_f64()
            );
        }
        entries.push(e);
    }
    let report = CensusReport {
        complete: !stopped,
        max_heap: args.max_heap,
        max_order: args.max_order,
        max_candidate: args.max_candidate,
        entries,
    };
    if let Some(path) = &args.out {
        let mut text = serde_json::to_string_pretty(&report)?;
        text.push('\n');
        common::write_atomic(path, text.as_bytes())?;
    }
    if args.output.json {
        return print_json(&report);
    }
    for e in &report.entries {
        let growth: Vec<String> = e.growth.iter().map(|(h, o)| format!("{h}→{o}")).collect();
        match e.order {
            Some(o) => outln!(
                "{:<8} |Q_{}| = {:>5}  |P| = {:>4}  growth {}",
                e.ruleset,
                e.max_heap,
                o,
                e.p_size.unwrap_or(0),
                growth.join(", ")
            ),
            None => outln!(
                "{:<8} {}",
                e.ruleset,
                e.error.as_deref().unwrap_or("not computed")
            ),
        }
    }
    Ok(())
}
