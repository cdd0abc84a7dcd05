//! The notation of heap rulesets, and its errors.
//!
//! - a take-and-break code: `0.137`, `.137` (the same), `4.07`, `0.f` (hexadecimal digits
//!   `a`–`f`, either case), up to [`MAX_CODE_DIGITS`] digits after the point;
//! - `S(1,3,4)`: a subtraction game; `all-but(1,2)`: the all-but subtraction game;
//! - a name from [`NAMES`] (`kayles`, `dawsons-chess`, `grundy`, `nim`, …), any case.
//!
//! Spaces around the text and after commas are allowed.

use std::str::FromStr;

use super::ruleset::{Code, CodeError, Ruleset, MAX_CODE_DIGITS, MAX_SUBTRACTION, NAMES};
use crate::Span;

/// What is wrong with a ruleset's text (its message says what, [`RulesetError`]'s adds where).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesetErrorKind {
    /// Nothing to parse.
    #[error("empty ruleset: give a code such as 0.77, S(1,2) or a name such as kayles")]
    Empty,
    /// Neither a code, a subtraction set nor a known name.
    #[error(
        "unknown ruleset '{0}': give a code such as 0.137, S(1,3,4), all-but(2), or one of {names}",
        names = ruleset_names()
    )]
    Unknown(String),
    /// A character that does not belong there.
    #[error("unexpected '{0}'")]
    Unexpected(char),
    /// A code with no digit after the point.
    #[error("no digit after the point")]
    NoDigits,
    /// The digits do not make a code.
    #[error("{0}")]
    Code(CodeError),
    /// A number in a set that is 0, too large, or not a number.
    #[error("expected a number from 1 to {MAX_SUBTRACTION}")]
    BadNumber,
    /// `S()`: a subtraction game needs a number.
    #[error("a subtraction set needs a number")]
    EmptySet,
    /// The text ended inside a set.
    #[error("missing ')'")]
    Unclosed,
}

/// The known names, for the message of [`RulesetErrorKind::Unknown`].
fn ruleset_names() -> String {
    let names: Vec<&str> = NAMES.iter().map(|(n, _, _)| *n).collect();
    names.join(", ")
}

/// A ruleset's text that does not parse: what is wrong and where.
///
/// # Examples
/// ```
/// use onag::heaps::Ruleset;
///
/// let err = "0.1g7".parse::<Ruleset>().unwrap_err();
/// assert_eq!(err.span.char, 3);
/// assert_eq!(err.to_string(), "unexpected 'g' at character 4");
/// assert!("1.3".parse::<Ruleset>().is_err()); // d0 may only split
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}{}", place(.kind, *.span))]
pub struct RulesetError {
    /// What is wrong.
    pub kind: RulesetErrorKind,
    /// Where.
    pub span: Span,
}

/// Where a [`RulesetError`] is, as its message says it: nowhere for an empty or unknown
/// name (the whole text is wrong), in brackets after a bad code's own message.
fn place(kind: &RulesetErrorKind, span: Span) -> String {
    match kind {
        RulesetErrorKind::Empty | RulesetErrorKind::Unknown(_) => String::new(),
        RulesetErrorKind::Code(_) => format!(" (at {span})"),
        _ => format!(" at {span}"),
    }
}

impl FromStr for Ruleset {
    type Err = RulesetError;

    fn from_str(text: &str) -> Result<Ruleset, RulesetError> {
        let start = text.len() - text.trim_start().len();
        let body = text.trim();
        let err = |kind, byte: usize| RulesetError {
            kind,
            span: Span::at(text, byte),
        };
        if body.is_empty() {
            return Err(err(RulesetErrorKind::Empty, 0));
        }
        let lower = body.to_ascii_lowercase();
        if let Some((_, rules, _)) = NAMES.iter().find(|(name, _, _)| *name == lower) {
            if *rules == "grundy" {
                return Ok(Ruleset::Grundy);
            }
            return rules.parse();
        }
        let mut chars = body.chars();
        let first = chars.next().unwrap_or(' ');
        let second = chars.next();
        if first.is_ascii_digit()
            || first == '.'
            || first.is_ascii_hexdigit() && second == Some('.')
        {
            return parse_code(text, start, body);
        }
        for (prefix, all_but) in [("all-but(", true), ("s(", false)] {
            if lower.starts_with(prefix) {
                let set = parse_set(text, start + prefix.len(), all_but)?;
                return Ok(if all_but {
                    Ruleset::AllBut(set)
                } else {
                    Ruleset::Subtraction(set)
                });
            }
        }
        Err(err(RulesetErrorKind::Unknown(body.to_string()), start))
    }
}

/// `d0.d1…` starting at byte `start` of `text`.
fn parse_code(text: &str, start: usize, body: &str) -> Result<Ruleset, RulesetError> {
    let err = |kind, byte: usize| RulesetError {
        kind,
        span: Span::at(text, byte),
    };
    let mut digits = Vec::new();
    let mut point = None;
    for (i, c) in body.char_indices() {
        let byte = start + i;
        match c {
            '.' if point.is_none() => {
                if digits.is_empty() {
                    digits.push(0);
                }
                point = Some(byte);
            }
            _ => match c.to_digit(16) {
                Some(d) if point.is_some() || digits.is_empty() => {
                    if digits.len() > MAX_CODE_DIGITS {
                        return Err(err(RulesetErrorKind::Code(CodeError::TooLong), byte));
                    }
                    digits.push(d as u8);
                }
                _ => return Err(err(RulesetErrorKind::Unexpected(c), byte)),
            },
        }
    }
    let Some(point) = point else {
        return Err(err(RulesetErrorKind::NoDigits, start + body.len()));
    };
    if digits.len() == 1 {
        return Err(err(RulesetErrorKind::NoDigits, point + 1));
    }
    Code::new(digits).map(Ruleset::Code).map_err(|e| {
        let byte = match e {
            CodeError::DigitTooLarge { .. } | CodeError::BadLeadingDigit => start,
            CodeError::TooLong => start + body.len(),
        };
        err(RulesetErrorKind::Code(e), byte)
    })
}

/// `n, n, …)` starting at byte `from` of `text`; sorted and without duplicates.
fn parse_set(text: &str, from: usize, all_but: bool) -> Result<Vec<u32>, RulesetError> {
    let err = |kind, byte: usize| RulesetError {
        kind,
        span: Span::at(text, byte),
    };
    let end = text.trim_end().len();
    let inner = &text[from..end];
    let Some(close) = inner.find(')') else {
        return Err(err(RulesetErrorKind::Unclosed, end));
    };
    if close + 1 != inner.len() {
        let c = inner[close + 1..].chars().next().unwrap_or(')');
        return Err(err(RulesetErrorKind::Unexpected(c), from + close + 1));
    }
    let mut set = Vec::new();
    let list = &inner[..close];
    if !list.trim().is_empty() {
        let mut offset = from;
        for item in list.split(',') {
            let lead = item.len() - item.trim_start().len();
            let number = item.trim();
            let ok = !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
            match number.parse::<u32>() {
                Ok(n) if ok && (1..=MAX_SUBTRACTION).contains(&n) => set.push(n),
                _ => return Err(err(RulesetErrorKind::BadNumber, offset + lead)),
            }
            offset += item.len() + 1;
        }
    }
    if set.is_empty() && !all_but {
        return Err(err(RulesetErrorKind::EmptySet, from));
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> RulesetErrorKind {
        text.parse::<Ruleset>().unwrap_err().kind
    }

    #[test]
    fn codes_parse_and_print() {
        for (text, printed) in [
            ("0.137", "0.137"),
            (".137", "0.137"),
            (" 4.07 ", "4.07"),
            ("0.70", "0.7"),
            ("0.F", "0.f"),
            ("0.0", "0.0"),
            ("c.1", "c.1"),
            ("s(4, 1,3,3)", "S(1,3,4)"),
            ("ALL-BUT(5,1)", "all-but(1,5)"),
            ("all-but()", "all-but()"),
            ("Kayles", "0.77"),
            ("grundy", "grundy"),
        ] {
            let r: Ruleset = text.parse().unwrap();
            assert_eq!(r.to_string(), printed, "{text}");
            assert_eq!(printed.parse::<Ruleset>().unwrap(), r);
        }
    }

    #[test]
    fn bad_texts_name_the_place() {
        assert_eq!(kind(""), RulesetErrorKind::Empty);
        assert_eq!(kind("0."), RulesetErrorKind::NoDigits);
        assert_eq!(kind("07"), RulesetErrorKind::Unexpected('7'));
        assert_eq!(kind("0.1.2"), RulesetErrorKind::Unexpected('.'));
        assert_eq!(
            kind("2.1"),
            RulesetErrorKind::Code(CodeError::BadLeadingDigit)
        );
        assert_eq!(kind("S()"), RulesetErrorKind::EmptySet);
        assert_eq!(kind("S(1,0)"), RulesetErrorKind::BadNumber);
        assert_eq!(kind("S(1,x)"), RulesetErrorKind::BadNumber);
        assert_eq!(kind("S(1"), RulesetErrorKind::Unclosed);
        assert_eq!(kind("S(1)x"), RulesetErrorKind::Unexpected('x'));
        assert_eq!(
            kind("wibble"),
            RulesetErrorKind::Unknown("wibble".to_string())
        );
        let long = format!("0.{}", "7".repeat(MAX_CODE_DIGITS + 1));
        assert_eq!(kind(&long), RulesetErrorKind::Code(CodeError::TooLong));
        let ok = format!("0.{}", "7".repeat(MAX_CODE_DIGITS));
        assert!(ok.parse::<Ruleset>().is_ok());
        let e = "S(1, 0)".parse::<Ruleset>().unwrap_err();
        assert_eq!(e.span.char, 5);
    }
}
