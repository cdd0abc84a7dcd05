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
    /// Toads and Frogs: values, statistics, verification, families.
    #[command(subcommand)]
    Toads(cli::toads::Cmd),
    /// Re-check every published table and claim; write a Markdown + JSON report.
    Reproduce(cli::reproduce::Args),
    /// Start the local web app.
    Serve(server::ServeArgs),
    /// Write the web app as a static site (pages + WebAssembly engine) for any static server.
    Site(server::SiteArgs),
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Nim(cmd) => cli::nim::run(cmd),
        Command::Coins(cmd) => cli::coins::run(cmd),
        Command::Corners(cmd) => cli::corners::run(cmd),
        Command::Wythoff(cmd) => cli::wythoff::run(cmd),
        Command::Queens(cmd) => cli::queens::run(cmd),
        Command::Value(args) => cli::value::run(args),
        Command::Toads(cmd) => cli::toads::run(cmd),
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
        eprintln!("error: {err:#}");
        std::process::exit(cli::common::exit_code(&err));
    }
}
