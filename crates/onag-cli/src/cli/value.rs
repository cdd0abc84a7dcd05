//! `onag value GAME`: canonical form, outcome, mean, temperature and stops of a partizan game,
//! its birthday, atomic weight (all-small games) and reduced canonical form; for a game in the
//! loopy notation (`pass`, `on`, `a{0|a}`, …) or a sided value `G & H` its loopy value and
//! outcome with draws; for a comparison `G <= H` (`<`, `<=`, `>`, `>=`, `==`, `||`, `<|`,
//! `|>`) whether it holds and the exact relation (loopy values compare by their sides:
//! `onag::loopy::sided`).

use std::path::PathBuf;

use onag::loopy::parse::LoopyParseErrorKind;
use onag::partizan::game::Arena;
use onag::partizan::name::NameStyle;
use onag::partizan::parse::{parse_with_limits, ParseErrorKind, ParseLimits};
use onag::partizan::report::game_report;
use onag_api::routes::value::Relation;

use super::common::write_atomic;
use super::located::Located;
use super::output::{outln, print_json, Output};

/// Arguments of `onag value`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. '{2|-1}', '+-1/8', '2+4·↓', '{3||2|1}', '2v3' (CGSuite ASCII), or a
    /// loopy game: '{pass|3/2}', 'on + off', 'a{0|{1|a}}', 'upon', a sided value 'on & 0',
    /// or a comparison of two of them: 'over < 1/1024', '{1|-1} || 0', 'tis >= 1 & 0'.
    #[arg(allow_hyphen_values = true)]
    pub game: String,
    #[command(flatten)]
    pub output: Output,
    /// Name the canonical form with ↑ ↓ ⇑ ± instead of ASCII ^ v +-.
    #[arg(long)]
    pub unicode: bool,
    /// Write the thermograph as an SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Time and memory bounds (a short formula such as '1024·{3||2|1}' can need hours).
    #[command(flatten)]
    pub limits: super::common::RunLimits,
}

/// Runs `onag value` on a thread with a deep stack: building and naming a game recurse once
/// per level of its game tree, and a long sum can build a deep one.
pub fn run(args: Args) -> anyhow::Result<()> {
    super::common::on_deep_stack(move || run_here(args))
}

fn run_here(args: Args) -> anyhow::Result<()> {
    if let Some(path) = &args.svg {
        super::common::check_output(path)?;
    }
    let stop = onag::StopFlag::new();
    args.limits.watch("the value", &stop);
    let mut arena = Arena::new();
    // The command line is trusted more than the web server: long inputs (printed canonical
    // forms) are fine, and the deep stack allows deeper nesting.
    let limits = ParseLimits {
        max_len: 1 << 20,
        max_depth: 1000,
        ..ParseLimits::default()
    };
    let split = onag_api::routes::value::find_comparison(&args.game)
        .map_err(|e| anyhow::anyhow!("bad game: {}", e.message))?;
    if let Some((at, op, relation)) = split {
        return run_comparison(&args, at, op, relation, limits, &stop);
    }
    if onag::loopy::parse::is_value_notation(&args.game) {
        return run_loopy_value(&args, limits, &stop);
    }
    let loopy = onag::partizan::parse::parse_loopy_expr(&args.game, limits);
    if let Ok(expr) = &loopy {
        if onag::loopy::parse::is_loopy(expr) {
            return run_loopy(&args, expr, &stop);
        }
    }
    let g = parse_with_limits(&mut arena, &args.game, limits).map_err(|e| {
        // A loopy word, a label (`a{…}`, `a:`) or ':' the short notation lacks: the loopy
        // parser's error says more. Any other unknown word is the short parser's error.
        let loopy_syntax = match &e.kind {
            ParseErrorKind::UnexpectedChar(':') => true,
            ParseErrorKind::UnknownWord(w) => {
                const WORDS: [&str; 9] = [
                    "pass", "on", "off", "over", "under", "upon", "dud", "tis", "tisn",
                ];
                let after = args.game.get(e.span.byte + w.len()..).unwrap_or("");
                WORDS.contains(&w.to_ascii_lowercase().as_str())
                    || after.trim_start().starts_with(['{', ':'])
            }
            _ => false,
        };
        let e = match loopy {
            Err(le) if loopy_syntax => le,
            _ => e,
        };
        Located::new(format!("bad game: {e}"), &args.game, e.span)
    })?;
    let style = if args.unicode {
        NameStyle::Unicode
    } else {
        NameStyle::Ascii
    };
    let r = game_report(&mut arena, g, style)?;
    if let Some(path) = &args.svg {
        write_atomic(path, r.thermograph.svg.as_bytes())?;
    }
    if args.output.json {
        return print_json(&r);
    }
    outln!("canonical:   {}", r.canonical);
    outln!("outcome:     {}", r.outcome);
    outln!("mean:        {}", r.mean);
    outln!("temperature: {}", r.temperature);
    outln!("left stop:   {}", r.left_stop);
    outln!("right stop:  {}", r.right_stop);
    outln!("birthday:    {}", r.birthday);
    outln!("tempered:    {}", r.tempered);
    match &r.atomic_weight {
        Some(w) => outln!("atomic weight: {w}"),
        None => outln!("atomic weight: undefined (not atomic)"),
    }
    outln!("reduced canonical form: {}", r.reduced_canonical_form);
    if let Some(path) = &args.svg {
        outln!("thermograph: {}", path.display());
    }
    Ok(())
}

/// `onag value` of a game in the loopy notation.
fn run_loopy(
    args: &Args,
    expr: &onag::partizan::parse::Expr,
    stop: &onag::StopFlag,
) -> anyhow::Result<()> {
    let g = onag::loopy::parse::build_loopy(&args.game, expr)
        .map_err(|e| Located::new(format!("bad game: {e}"), &args.game, e.span))?;
    let r = onag::loopy::report::loopy_report(&g, stop)?;
    write_loopy_svg(args, &r)?;
    print_loopy_report(&r, args.output.json)
}

/// `--svg PATH` of a loopy value: the stopper's thermograph where the unrolled thermographs
/// settled; else one line saying why there is none.
fn write_loopy_svg(args: &Args, r: &onag::loopy::report::LoopyReport) -> anyhow::Result<()> {
    let Some(path) = &args.svg else {
        return Ok(());
    };
    match &r.thermograph {
        Some(th) => write_atomic(path, th.svg.as_bytes()),
        None => anyhow::bail!(
            "--svg: no thermograph: {}",
            r.thermograph_note
                .as_deref()
                .unwrap_or("the value is not a stopper")
        ),
    }
}

/// `onag value` of a sided value `G & H`.
fn run_loopy_value(args: &Args, limits: ParseLimits, stop: &onag::StopFlag) -> anyhow::Result<()> {
    let v = loopy_side(&args.game, 0, args.game.len(), limits, stop)?;
    let r = onag::loopy::report::value_report(&v, stop)?;
    write_loopy_svg(args, &r)?;
    print_loopy_report(&r, args.output.json)
}

/// The bytes `from..to` of `text` (a side of a comparison, or all of it) in the loopy
/// notation; errors point into the whole argument.
fn loopy_side(
    text: &str,
    from: usize,
    to: usize,
    limits: ParseLimits,
    stop: &onag::StopFlag,
) -> anyhow::Result<onag::loopy::sided::LoopyValue> {
    let side = &text[from..to];
    let max = onag::loopy::graph::MAX_VERTICES;
    onag::loopy::parse::parse_loopy_value_with_stop(side, limits, max, stop).map_err(|e| {
        // Sums of sided values are sidled as they are read: a stop is the run's bound.
        if e.kind == LoopyParseErrorKind::Loopy(onag::loopy::LoopyError::Stopped) {
            return anyhow::Error::from(onag::loopy::LoopyError::Stopped);
        }
        let span = onag::Span::at(text, from + e.span.byte);
        let located = Located::new(format!("bad game: at {span}: {}", e.kind), text, span);
        anyhow::Error::from(located)
    })
}

/// Whether a side is written in the loopy notation (a sided value or loopy words).
fn is_loopy_side(side: &str, limits: ParseLimits) -> bool {
    onag::loopy::parse::is_value_notation(side)
        || onag::partizan::parse::parse_loopy_expr(side, limits)
            .is_ok_and(|e| onag::loopy::parse::is_loopy(&e))
}

/// The answer to a comparison, as `onag value --json` prints it.
#[derive(serde::Serialize)]
struct ComparisonOut<'a, T: serde::Serialize> {
    expr: &'a str,
    operator: Relation,
    relation: Relation,
    holds: bool,
    left: T,
    right: T,
}

/// `onag value 'G <= H'`: whether the comparison holds and the exact relation; loopy values
/// compare by their sides (Siegel, *Combinatorial Game Theory* ch. VI.4), short games as the
/// canonical forms compare.
fn run_comparison(
    args: &Args,
    at: usize,
    op: &str,
    operator: Relation,
    limits: ParseLimits,
    stop: &onag::StopFlag,
) -> anyhow::Result<()> {
    if args.svg.is_some() {
        anyhow::bail!("--svg: a comparison has two thermographs; ask for each side alone");
    }
    let text = &args.game;
    let (left, right_at) = (&text[..at], at + op.len());
    for (side, from) in [(left, 0), (&text[right_at..], right_at)] {
        if side.trim().is_empty() {
            let span = onag::Span::at(text, from);
            let e = format!("bad game: at {span}: a comparison needs a game on both sides");
            return Err(Located::new(e, text, span).into());
        }
    }
    let style = if args.unicode {
        NameStyle::Unicode
    } else {
        NameStyle::Ascii
    };
    let print = |relation: Relation, holds: bool, l: &str, r: &str| -> anyhow::Result<()> {
        outln!("holds:       {holds} ({})", text.trim());
        outln!("relation:    {l} {} {r}", relation_symbol(relation));
        Ok(())
    };
    if is_loopy_side(left, limits) || is_loopy_side(&text[right_at..], limits) {
        let g = loopy_side(text, 0, at, limits, stop)?;
        let h = loopy_side(text, right_at, text.len(), limits, stop)?;
        let order = onag::loopy::sided::compare(&g, &h, stop)?;
        let (le, ge) = (order.le, order.ge);
        let (l, r) = (
            onag::loopy::report::value_report(&g, stop)?,
            onag::loopy::report::value_report(&h, stop)?,
        );
        let (relation, holds) = (Relation::exact(le, ge), operator.holds(le, ge));
        if args.output.json {
            return print_json(&ComparisonOut {
                expr: text,
                operator,
                relation,
                holds,
                left: l,
                right: r,
            });
        }
        return print(relation, holds, &l.value, &r.value);
    }
    let mut arena = Arena::new();
    arena.set_stop(Some(stop.clone()));
    let mut side = |from: usize, to: usize| {
        parse_with_limits(&mut arena, &text[from..to], limits).map_err(|e| {
            let span = onag::Span::at(text, from + e.span.byte);
            anyhow::Error::from(Located::new(
                format!("bad game: at {span}: {}", e.kind),
                text,
                span,
            ))
        })
    };
    let g = side(0, at)?;
    let h = side(right_at, text.len())?;
    let le = arena.try_le(g, h)?;
    let ge = arena.try_le(h, g)?;
    let (l, r) = (
        game_report(&mut arena, g, style)?,
        game_report(&mut arena, h, style)?,
    );
    let (relation, holds) = (Relation::exact(le, ge), operator.holds(le, ge));
    if args.output.json {
        return print_json(&ComparisonOut {
            expr: text,
            operator,
            relation,
            holds,
            left: l,
            right: r,
        });
    }
    print(relation, holds, &l.canonical, &r.canonical)
}

/// How a relation is written.
fn relation_symbol(r: Relation) -> &'static str {
    match r {
        Relation::Less => "<",
        Relation::LessOrEqual => "<=",
        Relation::Greater => ">",
        Relation::GreaterOrEqual => ">=",
        Relation::Equal => "=",
        Relation::Confused => "||",
        Relation::LessOrConfused => "<|",
        Relation::GreaterOrConfused => "|>",
    }
}

/// Prints a loopy report (`onag value`, `onag loopy`).
pub fn print_loopy_report(r: &onag::loopy::report::LoopyReport, json: bool) -> anyhow::Result<()> {
    if json {
        return print_json(r);
    }
    outln!("value:       {}", r.value);
    outln!("outcome:     {}", r.outcome_text);
    outln!(
        "stopper:     {}",
        if r.stopper {
            "yes"
        } else {
            "no (some play alternates for ever)"
        }
    );
    if !r.stopper {
        if let (Some(on), Some(off)) = (&r.onside, &r.offside) {
            outln!("onside:      {on}");
            outln!("offside:     {off}");
        }
    }
    if let (Some(l), Some(r)) = (&r.left_stop, &r.right_stop) {
        outln!("left stop:   {l}");
        outln!("right stop:  {r}");
    }
    if let Some(m) = &r.mean {
        outln!("mean:        {m}");
    }
    if let Some(rcf) = r.reduced.as_ref().or(r.reduced_note.as_ref()) {
        outln!("reduced:     {rcf}");
    }
    if let Some(t) = &r.temperature {
        outln!("temperature: {t}");
    }
    if let Some(note) = &r.thermograph_note {
        outln!("thermograph: {note}");
    }
    if let Some(th) = &r.thermograph {
        let walls = |w: &[(
            onag::partizan::dyadic::Dyadic,
            onag::partizan::dyadic::Dyadic,
        )]| {
            w.iter()
                .map(|(t, x)| format!("({t}, {x})"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        outln!("left wall:   {}", walls(&th.left));
        outln!("right wall:  {}", walls(&th.right));
    }
    for (side, st) in [("onside", &r.onside_stops), ("offside", &r.offside_stops)] {
        if let Some([l, r]) = st {
            outln!("{side} stops: {l}, {r}");
        }
    }
    outln!("positions:   {}", r.positions);
    if let Some(n) = r.canonical_positions {
        outln!("canonical positions: {n}");
    }
    Ok(())
}
