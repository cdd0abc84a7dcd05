//! Helpers shared by every command: number parsing, JSON output, progress bars, atomic writes
//! and the exit-code policy.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// An error caused by the machine rather than by the user's input (I/O failure, a broken
/// invariant). Everything else is bad input and exits with status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Internal(pub String);

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

/// The largest input file read whole (JSON checkpoints and results files): far above any
/// file onag writes (the largest, the Toads families results, is 10 MB), so a wrong path
/// (`/dev/zero`, a disk image) is refused before it is read, and a JSON file at the cap parses
/// within about a gigabyte (a JSON tree takes up to ~16 bytes a byte of text: at 256 MiB a
/// garbage array aborted under a 3 GB address-space limit). Part files have their own,
/// smaller cap and are checked before they are parsed ([`onag_api::shard`]).
pub const MAX_INPUT_FILE: u64 = 64 << 20;

/// Reads the text file `path`, refusing more than `max` bytes with a clear error (bad input)
/// instead of reading on: the size is checked while reading, so a device or a FIFO that never
/// ends (`/dev/zero`) is caught too.
pub fn read_capped(path: &Path, max: u64, what: &str) -> anyhow::Result<String> {
    use std::io::Read;
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > max {
        anyhow::bail!(
            "{} is larger than {} MiB, too large for {what}",
            path.display(),
            max >> 20
        );
    }
    String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("{} is not {what} (not UTF-8 text)", path.display()))
}

/// The field holding a checkpoint's seal: the keyed tag of its bytes ([`write_sealed`]).
const SEAL_FIELD: &str = "seal";

/// Writes `value` (a checkpoint) to `path` sealed under this user's
/// [checkpoint key](checkpoint_key): one line of JSON whose `seal` field tags the rest of the
/// line ([`onag_api::shard::seal_keyed`]), so [`read_sealed`] checks it before any parse.
pub fn write_sealed<T: serde::Serialize>(path: &Path, value: &T) -> anyhow::Result<()> {
    let text =
        onag_api::shard::seal_keyed(value, SEAL_FIELD, &checkpoint_key()?).map_err(Internal)?;
    write_atomic(path, text.as_bytes())
}

/// Reads a checkpoint written by [`write_sealed`] into `T`: a file over
/// [`onag_api::shard::MAX_PART_BYTES`] (the size is checked while reading), not one line of
/// JSON, without its seal, or whose seal fails under this user's key is refused on its bytes,
/// before any parse — so an edited, truncated or garbage file costs one pass of the hash, never
/// a JSON tree. Every message is one line naming the file (bad input, exit 2).
pub fn read_sealed<T: serde::de::DeserializeOwned>(path: &Path, what: &str) -> anyhow::Result<T> {
    let text = read_capped(path, onag_api::shard::MAX_PART_BYTES, what)?;
    let body = onag_api::shard::unseal(text.as_bytes(), what, SEAL_FIELD, &checkpoint_key()?)
        .map_err(|e| anyhow::anyhow!("{} {e}", path.display()))?;
    serde_json::from_slice(&body)
        .map_err(|e| anyhow::anyhow!("{} is not {what} ({e})", path.display()))
}

/// The trailer of a sealed binary file ([`write_sealed_bytes`]): a newline, this marker, the
/// tag ([`onag::checksum::tag`], 26 characters) and a newline.
const BYTES_SEAL: &[u8] = b"\nonag-seal ";
/// The trailer's length: marker, tag, newline.
const BYTES_SEAL_LEN: usize = BYTES_SEAL.len() + 26 + 1;

/// Writes `bytes` (a binary checkpoint) to `path` atomically ([`write_atomic`]), followed by a
/// trailer that seals them under this user's [checkpoint key](checkpoint_key), so that
/// [`read_sealed_bytes`] refuses the file edited, truncated or damaged.
pub fn write_sealed_bytes(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let tag = onag::checksum::tag(&checkpoint_key()?, bytes);
    let mut out = Vec::with_capacity(bytes.len() + BYTES_SEAL_LEN);
    out.extend_from_slice(bytes);
    out.extend_from_slice(BYTES_SEAL);
    out.extend_from_slice(tag.as_bytes());
    out.push(b'\n');
    write_atomic(path, &out)
}

/// Reads a file written by [`write_sealed_bytes`]: over `max` bytes of content (checked while
/// reading, so a device that never ends is caught), without its trailer, or whose seal fails
/// under this user's key, it is refused in one line naming the file (bad input, exit 2) —
/// before any of its bytes are used.
pub fn read_sealed_bytes(path: &Path, max: u64, what: &str) -> anyhow::Result<Vec<u8>> {
    use std::io::Read;
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let cap = max + BYTES_SEAL_LEN as u64;
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > cap {
        anyhow::bail!(
            "{} is larger than {what} can be ({} bytes at most)",
            path.display(),
            cap
        );
    }
    let split = bytes.len().checked_sub(BYTES_SEAL_LEN);
    let sealed =
        split.filter(|&at| bytes[at..].starts_with(BYTES_SEAL) && bytes.last() == Some(&b'\n'));
    let Some(at) = sealed else {
        anyhow::bail!("{} is not {what} (no seal at its end)", path.display());
    };
    let tag = &bytes[at + BYTES_SEAL.len()..bytes.len() - 1];
    if tag != onag::checksum::tag(&checkpoint_key()?, &bytes[..at]).as_bytes() {
        anyhow::bail!(
            "{} is not {what} written by this user's onag: its seal fails (edited, damaged, \
             or written under another checkpoint key)",
            path.display()
        );
    }
    bytes.truncate(at);
    Ok(bytes)
}

/// Prints `value` (a run's `--json` report, read back by another command) as one line of
/// JSON sealed under this user's [checkpoint key](checkpoint_key), as [`write_sealed`] writes
/// a checkpoint, so that [`read_sealed`] refuses it edited or damaged. Where there is no key
/// (no config directory), the report is printed unsealed: reading it back then asks for a
/// sealed one.
pub fn print_sealed_json<T: serde::Serialize>(value: &T) -> anyhow::Result<()> {
    match checkpoint_key() {
        Ok(key) => {
            let text = onag_api::shard::seal_keyed(value, SEAL_FIELD, &key).map_err(Internal)?;
            super::output::line(format_args!("{}", text.trim_end()))?;
            Ok(())
        }
        Err(_) => super::output::print_json(value),
    }
}

/// The field holding a published file's checksum ([`write_checksummed`]).
const CHECKSUM_FIELD: &str = "checksum";

/// Writes `value` (a file meant to be read on other machines: a quotient certificate) to
/// `path` as one line of JSON whose `checksum` field tags the rest of the line under the
/// public key ([`onag_api::shard::seal_keyed`]): anyone can read it, and [`read_checksummed`]
/// refuses it damaged or edited by hand before any parse.
pub fn write_checksummed<T: serde::Serialize>(path: &Path, value: &T) -> anyhow::Result<String> {
    let text = onag_api::shard::seal_keyed(value, CHECKSUM_FIELD, &onag::checksum::PUBLIC_KEY)
        .map_err(Internal)?;
    write_atomic(path, text.as_bytes())?;
    Ok(text)
}

/// Reads a file written by [`write_checksummed`] into `T`: over `max` bytes (checked while
/// reading), not one line of JSON, without its checksum, or failing it, the file is refused on
/// its bytes before any parse, in one line naming the file (bad input, exit 2).
pub fn read_checksummed<T: serde::de::DeserializeOwned>(
    path: &Path,
    max: u64,
    what: &str,
) -> anyhow::Result<T> {
    let text = read_capped(path, max, what)?;
    let body = onag_api::shard::unseal_capped(
        text.as_bytes(),
        max,
        what,
        CHECKSUM_FIELD,
        &onag::checksum::PUBLIC_KEY,
    )
    .map_err(|e| anyhow::anyhow!("{} {e}", path.display()))?;
    serde_json::from_slice(&body)
        .map_err(|e| anyhow::anyhow!("{} is not {what} ({e})", path.display()))
}

/// Checks that the JSON text of `path` declares the format `format` and a version in
/// `versions` (its top-level `format` and `version` fields) in one pass that keeps nothing
/// else (every other field is skipped unread), before the whole file is parsed into memory
/// proportional to it: a file of another kind, or garbage, is refused at the cost of a scan.
/// `text` is the file's text, already read under a size cap ([`read_capped`]).
pub fn check_header(
    path: &Path,
    text: &str,
    format: &str,
    versions: &[u64],
    what: &str,
) -> anyhow::Result<()> {
    #[derive(serde::Deserialize)]
    struct Header {
        format: Option<String>,
        version: Option<u64>,
    }
    let header: Header = serde_json::from_str(text)
        .map_err(|e| anyhow::anyhow!("{} is not {what} ({e})", path.display()))?;
    match (header.format.as_deref(), header.version) {
        (Some(f), Some(v)) if f == format && versions.contains(&v) => Ok(()),
        (Some(f), Some(v)) if f == format => anyhow::bail!(
            "{} is {what} of version {v}, which this onag does not read",
            path.display()
        ),
        _ => anyhow::bail!("{} is not {what} (no format \"{format}\")", path.display()),
    }
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
    /// A regular file, or nothing yet: a new temporary file + fsync + rename (atomic).
    Replace,
    /// A FIFO or a character device (`/dev/null`, a terminal): written through in place,
    /// never replaced.
    Through,
}

/// What `path` is, and whether onag may write it: regular files (or a new name in an
/// existing directory) are replaced atomically, FIFOs and character devices are written
/// through; symbolic links, directories, sockets and block devices are refused, and so is a
/// path ending in `/` (it names a directory, whatever is there): bad input, exit 2.
fn target(path: &Path) -> anyhow::Result<Target> {
    if path.as_os_str().as_encoded_bytes().ends_with(b"/") || path.file_name().is_none() {
        anyhow::bail!("output {} names a directory, not a file", path.display());
    }
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

/// The directory `path` is written in (`.` for a bare file name).
fn parent_dir(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// A new temporary file beside `path`: a random name, created exclusively (`O_EXCL`, so an
/// existing file, symbolic link or FIFO of that name is never opened) in `path`'s directory
/// with the umask's mode, deleted again unless persisted.
fn temp_beside(path: &Path) -> anyhow::Result<tempfile::NamedTempFile> {
    let dir = parent_dir(path);
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(path.file_name().unwrap_or_default());
    prefix.push(".");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // Created with mode 0666 less the umask, as any new file: the temporary file becomes the
    // output (tempfile's default 0600 is for secrets, and left a site served by another user
    // unreadable); the creation is exclusive all the same.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder
        .tempfile_in(dir)
        .with_context(|| format!("cannot write {} in {}", path.display(), dir.display()))
}

/// Checks, before a long run starts, that `path` can be written at the end: it is a regular
/// file, a FIFO or character device, or a new name in an existing directory where a file can
/// be created (probed by creating and removing a temporary file). A failure is bad input
/// (exit 2), reported before any work is done.
pub fn check_output(path: &Path) -> anyhow::Result<()> {
    if target(path)? == Target::Through {
        return Ok(());
    }
    temp_beside(path).map(drop)
}

/// Opens the FIFO or character device `path` for writing without following a symbolic link
/// put there since it was checked.
fn open_through(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // a symbolic link in place of the checked file is an error, not a redirect
        options.custom_flags(libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// Writes `bytes` to `path` atomically: a new temporary file with a random name is created
/// exclusively beside it, written, flushed to disk and renamed over the target (the rename
/// replaces a name, it never follows a link there). A reader (or a killed run) sees either the
/// old or the new file, never a torn one, and no other file is ever opened for writing. A FIFO
/// or character device is written through instead of replaced, and anything else that is not
/// a regular file is refused (see [`check_output`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if target(path)? == Target::Through {
        return open_through(path)
            .and_then(|mut f| f.write_all(bytes))
            .map_err(|e| Internal(e.to_string()))
            .with_context(|| format!("cannot write {}", path.display()));
    }
    let mut tmp = temp_beside(path)?;
    let write = |tmp: &mut tempfile::NamedTempFile| -> std::io::Result<()> {
        tmp.write_all(bytes)?;
        tmp.as_file().sync_all()
    };
    write(&mut tmp)
        .map_err(|e| Internal(e.to_string()))
        .with_context(|| format!("cannot write {}", path.display()))?;
    tmp.persist(path)
        .map_err(|e| Internal(e.error.to_string()))
        .with_context(|| format!("cannot write {}", path.display()))?;
    // the rename itself reaches the disk with the directory
    if let Ok(dir) = std::fs::File::open(parent_dir(path)) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// The directory of onag's per-user files: `$ONAG_CONFIG_DIR`, else `$XDG_CONFIG_HOME/onag`,
/// else `~/.config/onag`.
fn config_dir() -> anyhow::Result<std::path::PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("ONAG_CONFIG_DIR") {
        return Ok(dir.into());
    }
    if let Some(dir) = var("XDG_CONFIG_HOME") {
        return Ok(std::path::PathBuf::from(dir).join("onag"));
    }
    match var("HOME") {
        Some(home) => Ok(std::path::PathBuf::from(home).join(".config").join("onag")),
        None => anyhow::bail!(
            "no place for the checkpoint key: set ONAG_CONFIG_DIR (or HOME) to a directory"
        ),
    }
}

/// This user's checkpoint key: 16 random bytes kept in `checkpoint.key` (32 hex digits, mode
/// 0600) in the [config directory](config_dir), made on first use. Checkpoints are tagged with
/// it (`onag::checksum`), so a checkpoint edited or forged without it is refused; a checkpoint
/// moves to another machine with the key file.
pub fn checkpoint_key() -> anyhow::Result<onag::checksum::Key> {
    use std::io::Read;
    let dir = config_dir()?;
    let path = dir.join("checkpoint.key");
    let parse = |text: &str| -> Option<onag::checksum::Key> {
        let text = text.trim();
        if text.len() != 32 || !text.is_ascii() {
            return None;
        }
        let mut key = [0u8; 16];
        for (i, byte) in key.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(key)
    };
    if let Ok(text) = read_capped(&path, 1024, "a checkpoint key") {
        return parse(&text).ok_or_else(|| {
            anyhow::anyhow!("{} is not a checkpoint key (32 hex digits)", path.display())
        });
    }
    let mut key = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut key))
        .map_err(|e| Internal(format!("cannot draw a checkpoint key: {e}")))?;
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(&dir)
        .with_context(|| format!("cannot create {}", dir.display()))?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
    match options.open(&path) {
        Ok(mut file) => {
            file.write_all(format!("{hex}\n").as_bytes())
                .and_then(|()| file.sync_all())
                .map_err(|e| Internal(format!("cannot write {}: {e}", path.display())))?;
            Ok(key)
        }
        // another run made it meanwhile: use that one
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            let text = read_capped(&path, 1024, "a checkpoint key")?;
            parse(&text)
                .ok_or_else(|| anyhow::anyhow!("{} is not a checkpoint key", path.display()))
        }
        Err(e) => Err(anyhow::anyhow!("cannot create {}: {e}", path.display())),
    }
}

/// Runs a command on the library's deep-stack thread ([`onag::deep_stack`]: the partizan
/// arena's sums and comparisons recurse once per level of a game, the Toads-and-Frogs solver
/// once per move of the longest line of play) and returns its result; a thread that cannot
/// start or panics is an internal error.
pub fn on_deep_stack<T: Send>(
    work: impl FnOnce() -> anyhow::Result<T> + Send,
) -> anyhow::Result<T> {
    onag::deep_stack::on_deep_stack("onag", work).map_err(|e| Internal(e.to_string()))?
}

/// At most this many characters of an input are repeated in an error message.
pub const ECHO_WIDTH: usize = 80;

/// `--checkpoint FILE` and `--resume`, shared by the long runs that save their work as they go
/// (`wythoff periods`, `heaps period`, `corners mex`).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Resume {
    /// Save the work done to FILE as the run goes and when it is stopped (atomically, sealed
    /// under this user's checkpoint key), so that an interrupted run can go on with --resume.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Continue from the checkpoint FILE instead of starting over.
    #[arg(long, requires = "checkpoint")]
    pub resume: bool,
}

/// `--force`, shared by the commands that refuse a board whose work estimate is past the
/// default bound.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct Force {
    /// Run even when the work estimate is past the default bound.
    #[arg(long)]
    pub force: bool,
}

/// `--max-forms`, shared by the misère analyses (`game --misere`, `heaps values --misere`,
/// `heaps play --misere`).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct MaxForms {
    /// With --misere: the most canonical forms to create (a larger position stops with an
    /// error instead of filling memory).
    #[arg(long, value_name = "N", value_parser = parse_usize, default_value_t = onag::heaps::misere::DEFAULT_MISERE_FORMS)]
    pub max_forms: usize,
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

/// The same bounds for the long research runs (`toads family`): none unless asked for.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct LongRunLimits {
    /// Stop the run after this many seconds (0: no limit).
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub max_seconds: u64,
    /// Stop the run once it uses more than this many MiB of memory (0: no limit).
    #[arg(long, default_value_t = 0, value_name = "MIB")]
    pub max_memory: u64,
}

impl LongRunLimits {
    /// As [`RunLimits::watch`].
    pub fn watch(self, what: &str, stop: &onag::StopFlag) {
        RunLimits {
            max_seconds: self.max_seconds,
            max_memory: self.max_memory,
        }
        .watch(what, stop)
    }
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

/// Why the run's [`RunLimits`] watcher stopped it, once it did.
static STOP_REASON: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Why a bound or Ctrl-C stopped the run (`--max-seconds`, `--max-memory`, interrupted), if
/// one did: the error of a stopped computation says only that it stopped, so the message
/// names the bound.
pub fn stop_reason() -> Option<&'static str> {
    STOP_REASON.get().map(String::as_str)
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
        self.watch_with_grace(what, stop, Duration::from_millis(500));
    }

    /// As [`RunLimits::watch`], waiting `grace` for the run to end by itself once stopped: a
    /// run that writes its checkpoint when stopped needs the time to write it (gigabytes, on a
    /// loaded machine), or its work since the last checkpoint is lost.
    pub fn watch_with_grace(self, what: &str, stop: &onag::StopFlag, grace: Duration) {
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
            let _ = STOP_REASON.set(reason.clone());
            flag.stop();
            std::thread::sleep(grace);
            let _ = writeln!(std::io::stderr(), "error: {reason}");
            std::process::exit(2);
        });
    }
}
