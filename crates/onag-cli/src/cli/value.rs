//! `onag value GAME`: canonical form, outcome, mean, temperature and stops of a partizan game.

/// Arguments of `onag value`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. '{2|-1}', '+-1/8', '2+4·↓'.
    pub game: String,
}

/// Runs `onag value`.
pub fn run(args: Args) -> anyhow::Result<()> {
    anyhow::bail!("partizan values are not built yet (game '{}')", args.game)
}
