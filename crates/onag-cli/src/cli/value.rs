//! `onag value GAME`: canonical form, outcome, mean, temperature and stops of a partizan game,
//! its birthday, atomic weight (all-small games) and reduced canonical form.

use std::path::PathBuf;

use onag::partizan::game::{Arena, GameError};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::{parse_with_limits, ParseLimits};
use onag::partizan::thermograph::thermograph;
use serde_json::json;

use super::common::{print_json, write_atomic};

/// Arguments of `onag value`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. '{2|-1}', '+-1/8', '2+4·↓', '{3||2|1}', '2v3' (CGSuite ASCII).
    #[arg(allow_hyphen_values = true)]
    pub game: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
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

/// Runs `onag value`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(path) = &args.svg {
        super::common::check_output(path)?;
    }
    args.limits.watch("the value", &onag::StopFlag::new());
    let mut arena = Arena::new();
    // The command line is trusted more than the web server: long inputs (printed canonical
    // forms) are fine, and the main thread's 8 MiB stack allows deeper nesting.
    let limits = ParseLimits {
        max_len: 1 << 20,
        max_depth: 1000,
        ..ParseLimits::default()
    };
    let g = parse_with_limits(&mut arena, &args.game, limits).map_err(|e| {
        let caret = " ".repeat(e.span.char);
        anyhow::anyhow!("bad game: {e}\n  {}\n  {caret}^", args.game)
    })?;
    let style = if args.unicode {
        NameStyle::Unicode
    } else {
        NameStyle::Ascii
    };
    let canonical = name(&arena, g, style);
    let outcome = arena.outcome(g);
    let th = thermograph(&mut arena, g).map_err(|e| {
        anyhow::anyhow!("cannot compute the thermograph of {canonical}: {e} (means and temperatures are exact dyadics with denominators up to 2^62)")
    })?;
    if let Some(path) = &args.svg {
        write_atomic(path, th.to_svg().as_bytes())?;
    }
    let birthday = arena.birthday(g);
    // undefined (not all-small) → None; other failures (overflow) are errors
    let atomic_weight = match arena.atomic_weight(g) {
        Ok(w) => Some(name(&arena, w, style)),
        Err(GameError::Undefined(_)) => None,
        Err(e) => anyhow::bail!("cannot compute the atomic weight of {canonical}: {e}"),
    };
    let reduced = arena.reduced_canonical_form(g).map_err(|e| {
        anyhow::anyhow!("cannot compute the reduced canonical form of {canonical}: {e}")
    })?;
    let reduced = name(&arena, reduced, style);
    if args.json {
        return print_json(&json!({
            "canonical": canonical,
            "outcome": outcome.to_string(),
            "mean": th.mean().to_string(),
            "temperature": th.temperature().to_string(),
            "left_stop": th.left_stop().to_string(),
            "right_stop": th.right_stop().to_string(),
            "birthday": birthday,
            "atomic_weight": atomic_weight,
            "reduced_canonical_form": reduced,
        }));
    }
    println!("canonical:   {canonical}");
    println!("outcome:     {outcome}");
    println!("mean:        {}", th.mean());
    println!("temperature: {}", th.temperature());
    println!("left stop:   {}", th.left_stop());
    println!("right stop:  {}", th.right_stop());
    println!("birthday:    {birthday}");
    match &atomic_weight {
        Some(w) => println!("atomic weight: {w}"),
        None => println!("atomic weight: undefined (not all-small)"),
    }
    println!("reduced canonical form: {reduced}");
    if let Some(path) = &args.svg {
        println!("thermograph: {}", path.display());
    }
    Ok(())
}
