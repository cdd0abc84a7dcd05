//! Unsigned integers as the CLI and the API read them: decimal or `0x…` hexadecimal,
//! underscores between digits allowed, no sign.

/// Parses an unsigned integer written in decimal or as `0x…` hexadecimal. Underscores may
/// separate digits (`1_000_000`, as in Rust and Python); a sign (`+1`, `-1`), a leading or
/// trailing underscore, or two in a row are rejected.
///
/// Used as a clap `value_parser` for every number the CLI accepts, and by the web API for
/// numbers sent as strings, so both accept exactly the same texts.
///
/// # Examples
/// ```
/// assert_eq!(onag_api::number::parse_u128("0xff"), Ok(255));
/// assert_eq!(onag_api::number::parse_u128("1_000"), Ok(1000));
/// assert!(onag_api::number::parse_u128("-1").is_err());
/// ```
pub fn parse_u128(text: &str) -> Result<u128, String> {
    let t = text.trim();
    let digits = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(t);
    let hex = digits.len() != t.len();
    let bad = |why: &str| format!("'{text}' is not a decimal or 0x-hex number: {why}");
    if digits.starts_with(['+', '-']) {
        return Err(bad("no sign allowed"));
    }
    if digits.starts_with('_') || digits.ends_with('_') || digits.contains("__") {
        return Err(bad("underscores only between digits"));
    }
    let cleaned: String = digits.chars().filter(|&c| c != '_').collect();
    if cleaned.is_empty() {
        return Err(bad("no digits"));
    }
    let valid = |c: char| {
        if hex {
            c.is_ascii_hexdigit()
        } else {
            c.is_ascii_digit()
        }
    };
    if let Some(c) = cleaned.chars().find(|&c| !valid(c)) {
        return Err(bad(&format!("unexpected '{c}'")));
    }
    let parsed = if hex {
        u128::from_str_radix(&cleaned, 16)
    } else {
        cleaned.parse::<u128>()
    };
    parsed.map_err(|_| format!("'{text}' is too large (at most 2^128 - 1)"))
}

/// Like [`parse_u128`] but limited to 64 bits.
///
/// # Examples
/// ```
/// assert_eq!(onag_api::number::parse_u64("0x10"), Ok(16));
/// assert!(onag_api::number::parse_u64("0x1_0000_0000_0000_0000").is_err());
/// ```
pub fn parse_u64(text: &str) -> Result<u64, String> {
    let value = parse_u128(text)?;
    u64::try_from(value).map_err(|_| format!("'{text}' is too large (at most 2^64 - 1)"))
}

/// Like [`parse_u128`] but limited to `usize`.
///
/// # Examples
/// ```
/// assert_eq!(onag_api::number::parse_usize("12"), Ok(12));
/// ```
pub fn parse_usize(text: &str) -> Result<usize, String> {
    let value = parse_u128(text)?;
    usize::try_from(value).map_err(|_| format!("'{text}' is too large (at most {})", usize::MAX))
}
