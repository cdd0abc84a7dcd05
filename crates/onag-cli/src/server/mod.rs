//! `onag serve`: the local web app (axum + tokio, assets embedded in the binary).

/// Arguments of `onag serve`.
#[derive(clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
}

/// Starts the web app.
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    eprintln!(
        "onag serve: the web app is not built yet (it would listen on http://{}:{}/)",
        args.host, args.port
    );
    Ok(())
}
