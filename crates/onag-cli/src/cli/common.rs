//! Helpers shared by every command: number parsing, JSON output, progress bars, atomic writes
//! and the exit-code policy.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// An error caused by the machine rather than by the user's input (I/O failure, a broken
/// invariant). Everything else is bad input and exits with status 2.
#[derive(Debug)]
pub struct Internal(pub String);

impl std::fmt::Display for Internal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Internal {}

/// Exit status for an error: 1 for [`Internal`] errors and failed writes to stdout, 2 for everything else (bad input).
pub fn exit_code(err: &anyhow::Error) -> i32 {
    if err
        .chain()
        .any(|e| e.is::<Internal>() || e.is::<super::output::StdoutError>())
    {
        1
    } else {
        2
    }
}

pub use onag_api::number::{parse_u128, parse_u64, parse_usize};

pub use super::output::print_json;

/// Reads the JSON file `path` into `T`: "cannot read PATH" when it cannot be read, "PATH is
/// not WHAT" when it does not parse as `T` (e.g. `what` = "an onag periods checkpoint").
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path, what: &str) -> anyhow::Result<T> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not {what}", path.display()))
}

/// A progress bar on stderr, hidden when `quiet` is set or stderr is not a terminal.
pub fn progress(len: u64, message: &str, quiet: bool) -> ProgressBar {
    let bar = if quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} (eta {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    };
    bar.set_message(message.to_string());
    bar
}

/// How an output path is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// A regular file, or nothing yet: temporary file + fsync + rename (atomic).
    Replace,
    /// A FIFO or a character device (`/dev/null`, a terminal): written through in place,
    /// never replaced.
    Through,
}

/// What `path` is, and whether onag may write it: regular files (or a new name in a writable
/// directory) are replaced atomically, FIFOs and character devices are written through;
/// symbolic links, directories, sockets and block devices are refused (bad input, exit 2).
fn target(path: &Path) -> anyhow::Result<Target> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Target::Replace),
        Err(e) => anyhow::bail!("cannot use {} as an output file: {e}", path.display()),
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(Target::Replace);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() || kind.is_char_device() {
            return Ok(Target::Through);
        }
    }
    let what = if kind.is_symlink() {
        "a symbolic link (give the path of the file itself)"
    } else if kind.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    };
    anyhow::bail!(
        "output {} is {what}; refusing to replace it",
        path.display()
    )
}

/// The temporary file `write_atomic` writes beside `path`.
fn temp_path(path: &Path) -> std::path::PathBuf {
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(".tmp");
    path.with_file_name(tmp_name)
}

/// Checks, before a long run starts, that `path` can be written at the end: it is a regular
/// file, a FIFO or character device, or a new name in an existing directory where a file can
/// be created (probed by creating and removing the temporary file). A failure is bad input
/// (exit 2), reported before any work is done.
pub fn check_output(path: &Path) -> anyhow::Result<()> {
    if target(path)? == Target::Through {
        return Ok(());
    }
    if path.file_name().is_none() {
        anyhow::bail!("output {} names no file", path.display());
    }
    let tmp = temp_path(path);
    let probe = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp);
    match probe {
        Ok(_) => {
            let _ = std::fs::remove_file(&tmp);
            Ok(())
        }
        // a stale temporary file from a killed run: the directory is writable
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => {
            let dir = path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            anyhow::bail!("cannot write {} in {}: {e}", path.display(), dir.display())
        }
    }
}

/// Writes `bytes` to `path` atomically: write a temporary file beside it, flush it to disk,
/// then rename over the target. A reader (or a killed run) sees either the old or the new file,
/// never a torn one. A FIFO or character device is written through instead of replaced, and
/// anything else that is not a regular file is refused (see [`check_output`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if target(path)? == Target::Through {
        return std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| f.write_all(bytes))
            .map_err(|e| Internal(e.to_string()))
            .with_context(|| format!("cannot write {}", path.display()));
    }
    let tmp = temp_path(path);
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write()
        .map_err(|e| Internal(e.to_string()))
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Bounds on a run that can grow without end from a short input (`--max-seconds`,
/// `--max-memory`): past either the run stops with exit status 2 and a message saying how to
/// allow more. 0 means no bound.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct RunLimits {
    /// Stop the run after this many seconds (0: no limit).
    #[arg(long, default_value_t = 600, value_name = "S")]
    pub max_seconds: u64,
    /// Stop the run once it uses more than this many MiB of memory (0: no limit).
    #[arg(long, default_value_t = 4096, value_name = "MIB")]
    pub max_memory: u64,
}

/// Makes Ctrl-C (SIGINT) raise `stop` instead of killing the process, so a long computation
/// that polls the flag ends cleanly (and can write its checkpoint).
pub fn stop_on_ctrl_c(stop: &onag::StopFlag) {
    let ctrl_c = stop.clone();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build();
        if let Ok(rt) = runtime {
            rt.block_on(async {
                if tokio::signal::ctrl_c().await.is_ok() {
                    ctrl_c.stop();
                }
            });
        }
    });
}

/// The resident memory of this process in MiB (Linux `/proc/self/statm`; `None` elsewhere).
fn resident_mib() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096 / (1 << 20))
}

impl RunLimits {
    /// Watches the run on a background thread: past `--max-seconds` or `--max-memory` it
    /// raises `stop` (a computation that polls it ends cleanly) and, if the run has not
    /// ended half a second later, exits the process with status 2 and the reason. Ctrl-C
    /// raises `stop` the same way.
    pub fn watch(self, what: &str, stop: &onag::StopFlag) {
        let what = what.to_string();
        let flag = stop.clone();
        stop_on_ctrl_c(stop);
        std::thread::spawn(move || {
            let started = std::time::Instant::now();
            let reason = loop {
                std::thread::sleep(Duration::from_millis(100));
                if flag.is_stopped() {
                    break format!("{what} was interrupted");
                }
                if self.max_seconds > 0 && started.elapsed().as_secs() >= self.max_seconds {
                    break format!(
                        "{what} ran past --max-seconds {} and was stopped (pass --max-seconds 0 \
                         for no limit)",
                        self.max_seconds
                    );
                }
                if self.max_memory > 0 && resident_mib().is_some_and(|m| m > self.max_memory) {
                    break format!(
                        "{what} grew past --max-memory {} MiB and was stopped (pass a larger \
                         --max-memory, or 0 for no limit)",
                        self.max_memory
                    );
                }
            };
            flag.stop();
            std::thread::sleep(Duration::from_millis(500));
            let _ = writeln!(std::io::stderr(), "error: {reason}");
            std::process::exit(2);
        });
    }
}
