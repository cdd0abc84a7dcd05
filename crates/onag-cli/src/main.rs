//! `onag`: the command line and local web app of the onag combinatorial-game engine.
//!
//! This crate is thin glue: it parses arguments, calls the `onag` library and prints. Every
//! error is reported on stderr; bad input exits with status 2 (see [`cli::common::exit_code`]).

#![forbid(unsafe_code)]

mod cli;
mod server;

use clap::{Parser, Subcommand};

/// onag — play, solve and explain combinatorial games exactly.
#[derive(Parser)]
#[command(name = "onag", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Nim arithmetic: products, inverses, square roots, powers, product tables.
    #[command(subcommand)]
    Nim(cli::nim::Cmd),
    /// Coin-turning games: single-coin values, Tartan products, full solver, lexicodes.
    #[command(subcommand)]
    Coins(cli::coins::Cmd),
    /// Turning Corners: the by-definition (mex) table against the fast nim product.
    #[command(subcommand)]
    Corners(cli::corners::Cmd),
    /// Wythoff's game: Grundy values, P-positions, periodicity sweep, Nivasch's g-points.
    #[command(subcommand)]
    Wythoff(cli::wythoff::Cmd),
    /// Corner-the-Queen variants: Grundy tables for move sets, closed-form checker.
    #[command(subcommand)]
    Queens(cli::queens::Cmd),
    /// Value of a partizan game written in the literature's notation, e.g. '{2|-1}'.
    Value(cli::value::Args),
    /// A position of a loopy ruleset (Backsliding Toads and Frogs, Fox and Geese, Wind-Up, Hare
    /// and Hounds): value or loopy nim-values, and the outcome with draws.
    Loopy(cli::loopy::Args),
    /// Any registered game: the analysis of a position ('onag game list' lists the games).
    Game(cli::game::Args),
    /// Who wins a position of any registered game, by outcome search (no canonical form);
    /// '--rectangles N' solves every Domineering m×n board up to N.
    Solve(cli::solve::Args),
    /// Toads and Frogs: values, statistics, verification, families.
    #[command(subcommand)]
    Toads(cli::toads::Cmd),
    /// Heap games: take-and-break codes, Grundy's game, subtraction games — values, proven
    /// periods, the census of short codes, play.
    #[command(subcommand)]
    Heaps(cli::heaps::Cmd),
    /// Re-check every published table and claim; write a Markdown + JSON report.
    Reproduce(cli::reproduce::Args),
    /// Start the local web app.
    Serve(server::ServeArgs),
    /// Write the web app as a static site (pages + WebAssembly engine) for any static server.
    Site(server::SiteArgs),
}

fn main() {
    let cli = Cli::try_parse().unwrap_or_else(|err| exit_on_usage_error(err));
    let result = match cli.command {
        Command::Nim(cmd) => cli::nim::run(cmd),
        Command::Coins(cmd) => cli::coins::run(cmd),
        Command::Corners(cmd) => cli::corners::run(cmd),
        Command::Wythoff(cmd) => cli::wythoff::run(cmd),
        Command::Queens(cmd) => cli::queens::run(cmd),
        Command::Value(args) => cli::value::run(args),
        Command::Loopy(args) => cli::loopy::run(args),
        Command::Game(args) => cli::game::run(args),
        Command::Solve(args) => cli::solve::run(args),
        Command::Toads(cmd) => cli::toads::run(cmd),
        Command::Heaps(cmd) => cli::heaps::run(cmd),
        Command::Reproduce(args) => cli::reproduce::run(args),
        Command::Serve(args) => server::run(args),
        Command::Site(args) => server::site(args),
    };
    let result = result.and_then(|()| Ok(cli::output::flush()?));
    if let Err(err) = result {
        // A closed pipe (`onag … | head`) is the reader's choice: stop quietly, as ripgrep does.
        let closed = err.chain().any(|e| {
            e.downcast_ref::<cli::output::StdoutError>()
                .is_some_and(|e| e.is_broken_pipe())
        });
        if closed {
            std::process::exit(0);
        }
        let mut message = format!("{err:#}");
        // a stopped computation says only that it stopped: name the bound that stopped it
        if let Some(reason) = cli::common::stop_reason() {
            if !message.contains(reason) {
                message = format!("{reason}: {message}");
            }
        }
        eprintln!("error: {}", one_line(&message));
        // a parse error's input and a caret under its place, on two lines of their own
        if let Some(lines) = cli::located::caret_lines(&err) {
            eprintln!("{}\n{}", lines[0], lines[1]);
        }
        std::process::exit(cli::common::exit_code(&err));
    }
}

/// Longest error line printed: messages quote at most an excerpt of their input, and anything
/// that still runs longer (an operating-system message quoting a path) is cut here.
const MAX_ERROR_LINE: usize = 400;

/// `message` on one line (line breaks and other control characters as spaces), at most
/// [`MAX_ERROR_LINE`] characters.
fn one_line(message: &str) -> String {
    let mut line: String = message
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_ERROR_LINE + 1)
        .collect();
    if line.chars().count() > MAX_ERROR_LINE {
        line = line.chars().take(MAX_ERROR_LINE - 1).collect();
        line.push('…');
    }
    line
}

/// Help and version go to stdout (status 0); a usage error is one line on stderr naming the
/// problem and where help is, with status 2 (clap's own display takes three to six lines).
fn exit_on_usage_error(err: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        err.exit();
    }
    let text = err.render().to_string();
    if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // `onag toads` alone: a usage error like any other, not a screen of help
        let usage = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("Usage:"))
            .map_or("onag COMMAND".to_string(), |u| u.trim().to_string());
        let command = usage
            .split(" [")
            .next()
            .unwrap_or("onag")
            .split(" <")
            .next();
        let command = command.unwrap_or("onag");
        eprintln!("error: a subcommand is missing (usage: {usage}; see '{command} --help')");
        std::process::exit(2);
    }
    // clap's first paragraph is the problem (a list of missing arguments continues it on
    // indented lines); the rest is tips and usage.
    let first: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let first = first.join(" ");
    let first = first.strip_prefix("error: ").unwrap_or(&first);
    eprintln!(
        "error: {} (see 'onag --help' or 'onag COMMAND --help')",
        one_line(first)
    );
    std::process::exit(2);
}
