//! `onag game GAME POSITION`: the analysis report of a position of any registered game
//! (value, outcome, mean, temperature, stops, thermograph, atomic weight, every move with its
//! value and ✓/✗, the computer's choice, remoteness); `onag game list` lists the games.

use std::path::PathBuf;

use anyhow::bail;
use onag::games::analysis::{computer_move, AnalysisReport, Strength};
use onag::games::registry::{analyze, AnalyzeError, GAMES};
use onag::partizan::Player;

use super::common::{write_atomic, MaxForms};
use super::located::Located;
use super::output::{outln, print_json, Output};

/// Arguments of `onag game`.
#[derive(clap::Args)]
pub struct Args {
    /// The game (`onag game list` lists them), e.g. domineering, clobber, hackenbush.
    pub game: String,
    /// The position in the game's notation, e.g. '..|..' (Domineering 2×2).
    #[arg(allow_hyphen_values = true)]
    pub position: Option<String>,
    #[command(flatten)]
    pub output: Output,
    /// Also print the computer's move for this player (left or right).
    #[arg(long, value_name = "PLAYER", value_parser = parse_player)]
    pub computer: Option<Player>,
    /// The computer's strength: perfect, random, or a skill p between 0 and 1.
    #[arg(long, default_value = "perfect", value_parser = parse_strength)]
    pub strength: Strength,
    /// The seed of the computer's random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Most components in the solver's transposition table.
    #[arg(long, default_value_t = onag_api::limits::NATIVE_MAX_GAME_TABLE_ENTRIES, value_name = "N")]
    pub max_table: usize,
    /// Write the thermograph as an SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Misère play (impartial games only): the misère canonical form, outcome, genus and a
    /// winning move.
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub max_forms: MaxForms,
    /// Time and memory bounds.
    #[command(flatten)]
    pub limits: super::common::RunLimits,
}

fn parse_player(s: &str) -> Result<Player, String> {
    match s.to_ascii_lowercase().as_str() {
        "left" | "l" => Ok(Player::Left),
        "right" | "r" => Ok(Player::Right),
        _ => Err(format!("'{s}' is not a player (left or right)")),
    }
}

fn parse_strength(s: &str) -> Result<Strength, String> {
    match s {
        "perfect" => Ok(Strength::Perfect),
        "random" => Ok(Strength::Random),
        _ => match s.parse::<f64>() {
            Ok(p) if (0.0..=1.0).contains(&p) => Ok(Strength::Skill(p)),
            _ => Err(format!(
                "'{s}' is not a strength (perfect, random, or a number between 0 and 1)"
            )),
        },
    }
}

/// Runs `onag game`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.game == "list" {
        return list(&args.output);
    }
    let Some(position) = &args.position else {
        bail!(
            "missing the position (e.g. 'onag game {} \"{}\"'; 'onag game list' lists the games)",
            args.game,
            onag::games::registry::game(&args.game).map_or("..|..", |g| g.example)
        );
    };
    if let Some(path) = &args.svg {
        super::common::check_output(path)?;
    }
    let stop = onag::StopFlag::new();
    args.limits.watch("the analysis", &stop);
    if args.misere {
        if args.svg.is_some() || args.computer.is_some() {
            bail!("--svg and --computer are for normal play, not with --misere");
        }
        let r =
            onag::misere::analyze_misere(&args.game, position, args.max_forms.max_forms, &stop)?;
        if args.output.json {
            return print_json(&r);
        }
        return print_misere(&r);
    }
    let options = onag_api::native::game_options(args.max_table);
    let r = analyze(&args.game, position, &options, &stop).map_err(|e| match e {
        AnalyzeError::Position {
            span: Some(span), ..
        } => Located::new(&e, position, span).into(),
        e => anyhow::anyhow!(e),
    })?;
    if let Some(path) = &args.svg {
        write_atomic(path, r.report.thermograph.svg.as_bytes())?;
    }
    let computer = args
        .computer
        .map(|p| (p, computer_move(&r, p, args.strength, args.seed)));
    if args.output.json {
        return print_json(&r);
    }
    print_report(&r)?;
    if let Some((player, choice)) = computer {
        match choice {
            Some(i) => outln!(
                "computer ({player:?}, {:?}): {} → {}",
                args.strength,
                r.moves[i].label,
                r.moves[i].position
            ),
            None => outln!("computer ({player:?}): no move"),
        }
    }
    Ok(())
}

fn print_misere(r: &onag::misere::MisereReport) -> anyhow::Result<()> {
    outln!("{} {} (misère play)", r.game, r.position);
    outln!(
        "outcome {}: the player to move {}",
        r.outcome,
        if r.outcome == onag::partizan::Outcome::N {
            "wins"
        } else {
            "loses"
        }
    );
    outln!(
        "genus {}  (misère Grundy value {}, normal {})",
        r.genus,
        r.misere_grundy,
        r.grundy
    );
    match &r.form {
        Some(f) => outln!("form {f}  (birthday {})", r.birthday),
        None => outln!("form: too long to print (birthday {})", r.birthday),
    }
    let p = &r.phylum;
    let kinds: Vec<&str> = [
        (p.nim_heap, "nim heap"),
        (p.tame, "tame"),
        (p.generally_tame && !p.tame, "generally tame"),
        (p.restive, "restive"),
        (p.generally_restive && !p.restive, "generally restive"),
        (p.restless, "restless"),
    ]
    .iter()
    .filter(|(b, _)| *b)
    .map(|(_, n)| *n)
    .collect();
    outln!(
        "phylum: {}",
        if kinds.is_empty() {
            "wild".to_string()
        } else {
            kinds.join(", ")
        }
    );
    for m in &r.moves {
        let mark = if m.winning { "✓" } else { "✗" };
        outln!(
            "  {mark} {}  → {} (misère Grundy {})",
            m.label,
            m.position,
            m.misere_grundy
        );
    }
    match &r.winning_move {
        Some(m) => outln!("winning move: {m}"),
        None if r.moves.is_empty() => outln!("no move: the player to move has won"),
        None => outln!("no winning move"),
    }
    Ok(())
}

fn list(output: &Output) -> anyhow::Result<()> {
    if output.json {
        return print_json(&GAMES);
    }
    for g in GAMES {
        outln!(
            "{:<16} {:<10} {:<9} {}   e.g. '{}'",
            g.name,
            g.family,
            format!("{:?}", g.kind).to_lowercase(),
            g.rules,
            g.example
        );
    }
    Ok(())
}

fn print_report(r: &AnalysisReport) -> anyhow::Result<()> {
    let g = &r.report;
    outln!("game:        {}", r.game);
    outln!("position:    {}", r.position);
    outln!("value:       {}   (CGSuite: {})", r.value, g.canonical);
    if let Some(n) = r.grundy {
        outln!("grundy:      {n}");
    }
    outln!("outcome:     {} — {}", g.outcome, r.outcome_words);
    outln!("mean:        {}", g.mean);
    outln!("temperature: {}", g.temperature);
    outln!(
        "stops:       {} (left), {} (right)",
        g.left_stop,
        g.right_stop
    );
    outln!("birthday:    {}", g.birthday);
    match &g.atomic_weight {
        Some(w) => outln!("atomic weight: {w}"),
        None => outln!("atomic weight: undefined (not atomic)"),
    }
    outln!("reduced canonical form: {}", g.reduced_canonical_form);
    if r.components.len() > 1 {
        outln!("components:");
        for c in &r.components {
            outln!("  {:<24} {}", c.position, c.value);
        }
    }
    outln!("moves:");
    // Columns as wide as their longest entry: a long value must not push the rest out of line.
    let label_width = r
        .moves
        .iter()
        .map(|m| m.label.chars().count())
        .max()
        .unwrap_or(0);
    let value_width = r
        .moves
        .iter()
        .map(|m| m.value.chars().count())
        .max()
        .unwrap_or(0);
    for (i, m) in r.moves.iter().enumerate() {
        let who = match m.player {
            Some(Player::Left) => "Left ",
            Some(Player::Right) => "Right",
            None => "     ",
        };
        let mark = if m.winning { "✓" } else { "✗" };
        // In words: a bare `*` after a move reads as the value star.
        let chosen = if Some(i) == r.computer.left || Some(i) == r.computer.right {
            "   (the computer's choice)"
        } else {
            ""
        };
        outln!(
            "  {who} {mark} {:<label_width$}  {:<value_width$}  → {}{chosen}",
            m.label,
            m.value,
            m.position
        );
    }
    if let Some(rem) = &r.remoteness {
        outln!(
            "remoteness:  {} with Left to move, {} with Right to move",
            rem.position.left,
            rem.position.right
        );
    }
    let u = &r.usage;
    outln!(
        "solver:      {} components in the table ({} KiB), {} games in the arena ({} KiB)",
        u.table_entries,
        u.table_bytes / 1024,
        u.arena_games,
        u.arena_bytes / 1024
    );
    Ok(())
}
