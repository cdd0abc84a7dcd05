//! The loopy notation (CGSuite's): the short notation of [`crate::partizan::parse`] plus
//! `pass`, the named values `on off over under upon dud tis tisn`, pseudonumbers such as
//! `3/2under`, CGSuite's upon forms `x^[on]*n` and `xv[on]*n` (x + upon + *n and x − upon +
//! *n), and named positions `a{0|a}` / `a:{0|a}` (a name may be used anywhere in the text,
//! before or after its definition).
//!
//! | word   | game                     |
//! |--------|--------------------------|
//! | `on`   | {pass \| }               |
//! | `off`  | { \| pass}               |
//! | `over` | {0 \| pass}              |
//! | `under`| {pass \| 0}              |
//! | `upon`, `^[on]` | {pass \| *}    |
//! | `v[on]`| {* \| pass} = −upon       |
//! | `dud`  | {pass \| pass}           |
//! | `tis`  | {tisn \| }, tisn = { \| tis} |
//!
//! Parts without loopy notation are built by the short parser's own builder, so a loopy parse
//! of a short game is exactly its short canonical form.

use std::collections::HashMap;

use super::graph::{Graph, LoopyGame};
use super::sided::LoopyValue;
use super::sides::Sides;
use super::stopper::Stopper;
use super::LoopyError;
use crate::partizan::game::{Arena, GameError};
use crate::partizan::parse::{build, parse_loopy_expr, Expr, ParseError, ParseLimits};
use crate::partizan::Player;
use crate::{Span, StopFlag};

/// What went wrong in a [`LoopyParseError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoopyParseErrorKind {
    /// The text is not in the notation (the short parser's error).
    #[error("{0}")]
    Syntax(crate::partizan::parse::ParseErrorKind),
    /// A word that is neither a loopy value nor a defined name.
    #[error(
        "unknown word '{0}' (known: pass, on, off, over, under, upon, dud, tis, tisn, tiny, miny, \
         v, cool, freeze, heat, overheat, aw, rcf, norton, mean, temp, the operators Upsum and \
         Downsum between stoppers, or a name defined as \
         name{{…}})"
    )]
    UnknownName(String),
    /// A name defined twice.
    #[error("the name '{0}' is defined twice")]
    DuplicateName(String),
    /// `pass` outside the options of a `{…}` game.
    #[error("'pass' can only be an option inside {{…}}")]
    PassOutsideGame,
    /// An operation that needs a short game (`tiny`, `cool`, …) was given a loopy one.
    #[error("this operation needs a short game, not a loopy one")]
    NotShort,
    /// A sum or negative refers to a named position whose definition encloses it.
    #[error("a sum or negative inside '{0}{{…}}' cannot use '{0}' (write the position out)")]
    SelfReference(String),
    /// Building a short part failed.
    #[error("{0}")]
    Game(GameError),
    /// Building a loopy part failed (a sum too large).
    #[error("{0}")]
    Loopy(LoopyError),
    /// A side of `G & H` that is not a stopper (sides are stoppers: Siegel, *CGT* ch. VI.4).
    #[error(
        "each side of G & H must be a stopper, and this one is not (some play alternates for ever)"
    )]
    SideNotStopper,
    /// `G & H` with the onside G not ≥ the offside H.
    #[error("in G & H the onside G must be ≥ the offside H, and {onside} is not ≥ {offside}")]
    SidesOutOfOrder {
        /// The onside's name.
        onside: String,
        /// The offside's name.
        offside: String,
    },
    /// `&` inside braces, deeper parentheses or a function: a sided value is a whole
    /// expression, or a term `(G & H)` of a sum.
    #[error(
        "'&' joins an onside and an offside: write G & H as the whole expression, or (G & H) \
         as a term of a sum"
    )]
    NestedSided,
    /// More than one `&`.
    #[error("one '&' per sided value (G & H)")]
    DuplicateSided,
    /// An operand of `Upsum` or `Downsum` that is missing or not a stopper.
    #[error(
        "Upsum and Downsum join two stoppers (G Upsum H is the onside of G + H, G Downsum H its \
         offside, as CGSuite's CanonicalStopper has them), and this operand is {0}"
    )]
    NotStopperOperand(&'static str),
}

/// A loopy parse failure and where it happened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at {span}: {kind}")]
pub struct LoopyParseError {
    /// Where in the input.
    pub span: Span,
    /// What went wrong.
    pub kind: LoopyParseErrorKind,
}

impl From<ParseError> for LoopyParseError {
    fn from(e: ParseError) -> Self {
        LoopyParseError {
            span: e.span,
            kind: LoopyParseErrorKind::Syntax(e.kind),
        }
    }
}

/// The words of the notation that are values.
const WORDS: [&str; 10] = [
    "on", "off", "over", "under", "upon", "^[on]", "v[on]", "dud", "tis", "tisn",
];

/// Whether `expr` uses loopy notation anywhere.
pub fn is_loopy(expr: &Expr) -> bool {
    match expr {
        Expr::Word(..) | Expr::Named(..) => true,
        Expr::Nus { .. } => false,
        Expr::Game { left, right, .. } => left.iter().chain(right).any(is_loopy),
        Expr::Sum(t) | Expr::PlusMinus(_, t) | Expr::Call(_, _, t) => t.iter().any(is_loopy),
        Expr::Neg(a) | Expr::Tiny(_, a) | Expr::Miny(_, a) | Expr::Multiple(_, _, a) => is_loopy(a),
    }
}

/// Parses `text` into a loopy game (default limits).
///
/// # Examples
/// ```
/// use onag::loopy::parse::parse_loopy;
/// use onag::loopy::stopper::Stopper;
///
/// let a = Stopper::new(&parse_loopy("a{0|a}").unwrap()).unwrap();
/// let over = Stopper::new(&parse_loopy("over").unwrap()).unwrap();
/// assert!(a.equals(&over).unwrap()); // a = {0|a} is over = {0|pass}
/// assert!(parse_loopy("{pass|").is_err());
/// ```
pub fn parse_loopy(text: &str) -> Result<LoopyGame, LoopyParseError> {
    parse_loopy_with_limits(text, ParseLimits::default())
}

/// Parses `text` into a loopy game, within `limits`.
pub fn parse_loopy_with_limits(
    text: &str,
    limits: ParseLimits,
) -> Result<LoopyGame, LoopyParseError> {
    let expr = parse_loopy_expr(text, limits)?;
    build_loopy(text, &expr)
}

/// Parses `text` as a loopy value: a loopy game, or a sided value `G & H` (CGSuite's
/// notation: onside G, offside H, both stoppers, G ≥ H; see [`super::sided`]). `&` binds
/// loosest: `on & off + 1` is on & (off + 1). Default limits, sums of any size the library
/// builds.
///
/// # Examples
/// ```
/// use onag::loopy::parse::{parse_loopy_value, LoopyParseErrorKind};
/// use onag::loopy::sided::LoopyValue;
///
/// let LoopyValue::Sided(s) = parse_loopy_value("1over & over - 1").unwrap() else { panic!() };
/// assert_eq!(onag::loopy::report::sided_name(&s), "1over & -1over");
/// let e = parse_loopy_value("off & on").unwrap_err();
/// assert!(matches!(e.kind, LoopyParseErrorKind::SidesOutOfOrder { .. }));
/// assert_eq!(e.span.char, 4); // the '&'
/// assert!(matches!(parse_loopy_value("on").unwrap(), LoopyValue::Game(_)));
/// ```
pub fn parse_loopy_value(text: &str) -> Result<LoopyValue, LoopyParseError> {
    parse_loopy_value_bounded(text, ParseLimits::default(), super::graph::MAX_VERTICES)
}

/// [`parse_loopy_value`] within `limits`, every sum bounded by `max_positions` (as
/// [`build_loopy_bounded`]).
pub fn parse_loopy_value_bounded(
    text: &str,
    limits: ParseLimits,
    max_positions: usize,
) -> Result<LoopyValue, LoopyParseError> {
    parse_loopy_value_with_stop(text, limits, max_positions, &StopFlag::new())
}

/// [`parse_loopy_value_bounded`], polling `stop` while sums of sided values are sidled.
///
/// A sided value in parentheses may be a term of a sum, as CGSuite adds them:
/// `(over & under) + 1 - (1 & 0)`. The sum of sided values is
/// (G⁺ & G⁻) + (H⁺ & H⁻) = (G⁺ ∔ H⁺) & (G⁻ ∸ H⁻), the onsum of the onsides and the offsum of
/// the offsides ([`super::sided::Sides::sum`]); −(G⁺ & G⁻) = −G⁻ & −G⁺. A game term is added
/// by its sides (sidling), and [`LoopyError::NoSides`] is the error where it has none.
///
/// # Examples
/// ```
/// use onag::loopy::parse::parse_loopy_value;
/// use onag::loopy::report::value_report;
///
/// let stop = onag::StopFlag::new();
/// let r = value_report(&parse_loopy_value("(1 & 0) + (0 & -1)").unwrap(), &stop).unwrap();
/// assert_eq!(r.value, "1 & -1");
/// let r = value_report(&parse_loopy_value("1/2 - (on & off)").unwrap(), &stop).unwrap();
/// assert_eq!(r.value, "dud");
/// ```
pub fn parse_loopy_value_with_stop(
    text: &str,
    limits: ParseLimits,
    max_positions: usize,
    stop: &StopFlag,
) -> Result<LoopyValue, LoopyParseError> {
    let err = |pos: usize, kind| LoopyParseError {
        span: Span::at(text, pos),
        kind,
    };
    let ops = stopper_sums(text);
    if !ops.is_empty() {
        return upsums(text, &ops, limits, max_positions, stop);
    }
    let (amp, groups) = find_sided(text).map_err(|(pos, kind)| err(pos, kind))?;
    if !groups.is_empty() {
        return sum_of_sided(text, &groups, limits, max_positions, stop);
    }
    let Some(amp) = amp else {
        let expr = parse_loopy_expr(text, limits)?;
        return build_loopy_bounded(text, &expr, max_positions).map(LoopyValue::Game);
    };
    let mut sides = Vec::with_capacity(2);
    for (from, to) in [(0, amp), (amp + 1, text.len())] {
        let part = &text[from..to];
        // Errors inside a side point into the whole text.
        let shift = |e: LoopyParseError| err(from + e.span.byte, e.kind);
        let expr = parse_loopy_expr(part, limits).map_err(|e| shift(e.into()))?;
        let g = build_loopy_bounded(part, &expr, max_positions).map_err(shift)?;
        let start = from + (part.len() - part.trim_start().len());
        if !g.is_stopper() {
            return Err(err(start, LoopyParseErrorKind::SideNotStopper));
        }
        let s = Stopper::new_with_stop(&g, stop)
            .map_err(|e| err(start, LoopyParseErrorKind::Loopy(e)))?;
        sides.push(s);
    }
    let offside = sides.pop().expect("two sides");
    let onside = sides.pop().expect("two sides");
    match Sides::new(onside.clone(), offside.clone()) {
        Ok(s) => Ok(LoopyValue::Sided(s)),
        Err(LoopyError::SidesOutOfOrder) => Err(err(
            amp,
            LoopyParseErrorKind::SidesOutOfOrder {
                onside: super::name::name(&onside),
                offside: super::name::name(&offside),
            },
        )),
        Err(e) => Err(err(amp, LoopyParseErrorKind::Loopy(e))),
    }
}

/// A sum whose terms include parenthesised sided values `(G & H)` (byte offsets of `(`, `&`
/// and `)` in `groups`): each group is replaced by a word of the same length, so the rest
/// parses with its places unchanged; the groups must be terms of the sum (under minus signs
/// only), and are added to the rest by their sides.
fn sum_of_sided(
    text: &str,
    groups: &[(usize, usize, usize)],
    limits: ParseLimits,
    max_positions: usize,
    stop: &StopFlag,
) -> Result<LoopyValue, LoopyParseError> {
    let err = |pos: usize, kind| LoopyParseError {
        span: Span::at(text, pos),
        kind,
    };
    let words = placeholders(text, groups);
    let mut replaced = text.to_string();
    for (&(open, _, close), w) in groups.iter().zip(&words) {
        replaced.replace_range(open..=close, w);
    }
    let expr = parse_loopy_expr(&replaced, limits).map_err(|e| {
        let e: LoopyParseError = e.into();
        // An error at a group (`2·(on & off)`): it stands where only a game can, not a term.
        match groups
            .iter()
            .find(|&&(open, _, close)| (open..=close).contains(&e.span.byte))
        {
            Some(&(_, amp, _)) => err(amp, LoopyParseErrorKind::NestedSided),
            None => err(e.span.byte, e.kind),
        }
    })?;
    let mut rest = Vec::new();
    let mut sided = Vec::new();
    split_terms(expr, false, &words, &mut rest, &mut sided)
        .map_err(|k: usize| err(groups[k].1, LoopyParseErrorKind::NestedSided))?;
    let mut value = match rest.len() {
        0 => None,
        1 => Some(LoopyValue::Game(build_loopy_bounded(
            text,
            &rest[0],
            max_positions,
        )?)),
        _ => Some(LoopyValue::Game(build_loopy_bounded(
            text,
            &Expr::Sum(rest),
            max_positions,
        )?)),
    };
    for (k, negative) in sided {
        let (open, amp, close) = groups[k];
        let inner = &text[open + 1..close];
        let v = parse_loopy_value_with_stop(inner, limits, max_positions, stop)
            .map_err(|e| err(open + 1 + e.span.byte, e.kind))?;
        let v = if negative { v.neg() } else { v };
        value = Some(match value {
            None => v,
            Some(acc) => {
                let product = value_size(&acc).saturating_mul(value_size(&v));
                if product > max_positions {
                    return Err(err(
                        amp,
                        LoopyParseErrorKind::Loopy(LoopyError::TooLarge(format!(
                            "the sum has up to {product} positions, more than {max_positions}"
                        ))),
                    ));
                }
                acc.sum(&v, stop)
                    .map_err(|e| err(amp, LoopyParseErrorKind::Loopy(e)))?
            }
        });
    }
    Ok(value.expect("at least one sided group"))
}

/// Whether `text` is written in the notation only [`parse_loopy_value`] reads: a sided value
/// `G & H`, or stoppers joined by `Upsum` or `Downsum`.
///
/// # Examples
/// ```
/// use onag::loopy::parse::is_value_notation;
///
/// assert!(is_value_notation("on & off"));
/// assert!(is_value_notation("over Upsum -over"));
/// assert!(!is_value_notation("{pass|3/2}"));
/// ```
pub fn is_value_notation(text: &str) -> bool {
    text.contains('&') || !stopper_sums(text).is_empty()
}

/// The words `Upsum` and `Downsum` (also written in lower case) that stand outside every
/// bracket, with their byte offsets and lengths, and whether each is an upsum — CGSuite's
/// infix `G Upsum H` (Siegel, *CGT* ch. VI.4: the onsum), read here as the loosest operator,
/// left to right. A word followed at once by `{` is a name (`upsum{0|upsum}`), not the operator.
fn stopper_sums(text: &str) -> Vec<(usize, usize, bool)> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut out = Vec::new();
    let mut i = 0;
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => depth = depth.saturating_sub(1),
            c if depth == 0 && word(c) && (i == 0 || !word(bytes[i - 1])) => {
                let end = (i..bytes.len())
                    .find(|&j| !word(bytes[j]))
                    .unwrap_or(bytes.len());
                let up = match &text[i..end] {
                    "Upsum" | "upsum" => Some(true),
                    "Downsum" | "downsum" => Some(false),
                    _ => None,
                };
                let named = text[end..].starts_with('{');
                if let (Some(up), false) = (up, named) {
                    out.push((i, end - i, up));
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// `G Upsum H Downsum K …` (the places of the operators in `ops`, from [`stopper_sums`]):
/// each operand is a loopy value that must be a stopper, joined left to right by the onsum
/// ([`super::sided::onsum`]) or the offsum ([`super::sided::offsum`]).
fn upsums(
    text: &str,
    ops: &[(usize, usize, bool)],
    limits: ParseLimits,
    max_positions: usize,
    stop: &StopFlag,
) -> Result<LoopyValue, LoopyParseError> {
    let err = |pos: usize, kind| LoopyParseError {
        span: Span::at(text, pos),
        kind,
    };
    let mut bounds = vec![0];
    for &(at, len, _) in ops {
        bounds.push(at);
        bounds.push(at + len);
    }
    bounds.push(text.len());
    let mut acc: Option<Stopper> = None;
    for (k, pair) in bounds.chunks_exact(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        // the operator before this operand, or after it for the first
        let (op_at, _, up) = ops[k.saturating_sub(1)];
        let part = &text[from..to];
        if part.trim().is_empty() {
            return Err(err(
                op_at,
                LoopyParseErrorKind::NotStopperOperand("missing"),
            ));
        }
        let start = from + (part.len() - part.trim_start().len());
        let v = parse_loopy_value_with_stop(part, limits, max_positions, stop)
            .map_err(|e| err(from + e.span.byte, e.kind))?;
        let g = match v {
            LoopyValue::Game(g) if g.is_stopper() => g,
            LoopyValue::Game(_) => {
                return Err(err(
                    start,
                    LoopyParseErrorKind::NotStopperOperand(
                        "not one (some play alternates for ever)",
                    ),
                ))
            }
            LoopyValue::Sided(_) => {
                return Err(err(
                    start,
                    LoopyParseErrorKind::NotStopperOperand("a sided value G & H"),
                ))
            }
        };
        let s = Stopper::new_with_stop(&g, stop)
            .map_err(|e| err(start, LoopyParseErrorKind::Loopy(e)))?;
        acc = Some(match acc {
            None => s,
            Some(a) => {
                let (na, nb) = (a.game().graph.len(), s.game().graph.len());
                let product = na.saturating_mul(nb);
                if product > max_positions {
                    return Err(err(
                        op_at,
                        LoopyParseErrorKind::Loopy(LoopyError::TooLarge(format!(
                            "the sum has up to {product} positions, more than {max_positions}"
                        ))),
                    ));
                }
                let sum = if up {
                    super::sided::onsum(&a, &s, stop)
                } else {
                    super::sided::offsum(&a, &s, stop)
                };
                sum.map_err(|e| err(op_at, LoopyParseErrorKind::Loopy(e)))?
            }
        });
    }
    let acc = acc.expect("at least two operands");
    Ok(LoopyValue::Game(acc.game().clone()))
}

/// Positions of a value's graph, or of its larger side (what a sum with it multiplies).
fn value_size(v: &LoopyValue) -> usize {
    match v {
        LoopyValue::Game(g) => g.graph.len(),
        LoopyValue::Sided(s) => s
            .onside
            .game()
            .graph
            .len()
            .max(s.offside.game().graph.len()),
    }
}

/// Words of letters, one per group and as long as it, that occur nowhere in `text`.
fn placeholders(text: &str, groups: &[(usize, usize, usize)]) -> Vec<String> {
    let make = |prefix: char, k: usize, len: usize| {
        let mut w = String::from("Z");
        w.push(prefix);
        let mut k = k;
        loop {
            w.push((b'a' + (k % 26) as u8) as char);
            k /= 26;
            if k == 0 {
                break;
            }
        }
        while w.len() < len {
            w.push('Z');
        }
        w
    };
    // A group is at least `(a&b)`, five bytes: room for `Z`, the prefix and three letters.
    let prefix = ('a'..='z')
        .find(|&p| {
            groups
                .iter()
                .enumerate()
                .all(|(k, &(o, _, c))| !text.contains(&make(p, k, c + 1 - o)[..3]))
        })
        .unwrap_or('q');
    groups
        .iter()
        .enumerate()
        .map(|(k, &(o, _, c))| make(prefix, k, c + 1 - o))
        .collect()
}

/// Splits a sum into its game terms (`rest`, negated as written) and its sided groups
/// (`sided`: the group's index and whether it is negated); `Err(k)` when group k is not a
/// term of the sum (inside braces, a function, a multiple, …).
fn split_terms(
    e: Expr,
    negative: bool,
    words: &[String],
    rest: &mut Vec<Expr>,
    sided: &mut Vec<(usize, bool)>,
) -> Result<(), usize> {
    match e {
        Expr::Sum(terms) => terms
            .into_iter()
            .try_for_each(|t| split_terms(t, negative, words, rest, sided)),
        Expr::Neg(a) => split_terms(*a, !negative, words, rest, sided),
        Expr::Word(_, w) if words.contains(&w) => {
            let k = words.iter().position(|x| *x == w).unwrap_or(0);
            sided.push((k, negative));
            Ok(())
        }
        other => {
            if let Some(k) = mentions(&other, words) {
                return Err(k);
            }
            rest.push(if negative {
                Expr::Neg(Box::new(other))
            } else {
                other
            });
            Ok(())
        }
    }
}

/// The first placeholder word used anywhere in `e`.
fn mentions(e: &Expr, words: &[String]) -> Option<usize> {
    let find = |w: &String| words.iter().position(|x| x == w);
    match e {
        Expr::Word(_, w) => find(w),
        Expr::Named(_, w, body) => find(w).or_else(|| mentions(body, words)),
        Expr::Nus { .. } => None,
        Expr::Game { left, right, .. } => left.iter().chain(right).find_map(|x| mentions(x, words)),
        Expr::Sum(t) | Expr::PlusMinus(_, t) | Expr::Call(_, _, t) => {
            t.iter().find_map(|x| mentions(x, words))
        }
        Expr::Neg(a) | Expr::Tiny(_, a) | Expr::Miny(_, a) | Expr::Multiple(_, _, a) => {
            mentions(a, words)
        }
    }
}

/// The byte offset of a top-level `&` (a sided value `G & H`), if any, and the sided values
/// in parentheses that stand at the top level `(G & H)` (byte offsets of their `(`, `&`, `)`).
/// An `&` deeper inside braces or parentheses, a second `&`, or both kinds at once is an error.
type SidedPlaces = (Option<usize>, Vec<(usize, usize, usize)>);

fn find_sided(text: &str) -> BuildResult<SidedPlaces> {
    let mut open: Vec<(u8, usize)> = Vec::new();
    let mut top = None;
    let mut groups = Vec::new();
    let mut inner: Option<usize> = None;
    for (i, c) in text.bytes().enumerate() {
        match c {
            b'{' | b'(' => open.push((c, i)),
            b'}' | b')' => {
                let opened = open.pop();
                if open.is_empty() {
                    if let (Some((b'(', o)), Some(a)) = (opened, inner.take()) {
                        groups.push((o, a, i));
                    }
                }
            }
            b'&' => match open.as_slice() {
                [] if top.is_some() => return Err((i, LoopyParseErrorKind::DuplicateSided)),
                [] => top = Some(i),
                [(b'(', _)] if inner.is_some() => {
                    return Err((i, LoopyParseErrorKind::DuplicateSided))
                }
                [(b'(', _)] => inner = Some(i),
                _ => return Err((i, LoopyParseErrorKind::NestedSided)),
            },
            _ => {}
        }
    }
    if let Some(a) = inner {
        // a group never closed
        return Err((a, LoopyParseErrorKind::NestedSided));
    }
    if let (Some(_), Some(&(_, a, _))) = (top, groups.first()) {
        return Err((a, LoopyParseErrorKind::NestedSided));
    }
    Ok((top, groups))
}

/// Builds the loopy game of a syntax tree from [`parse_loopy_expr`].
pub fn build_loopy(text: &str, expr: &Expr) -> Result<LoopyGame, LoopyParseError> {
    build_loopy_bounded(text, expr, super::graph::MAX_VERTICES)
}

/// [`build_loopy`] with every sum bounded: a sum whose parts' sizes multiply past
/// `max_positions` is [`LoopyError::TooLarge`] before it is built (the web app's bound).
pub fn build_loopy_bounded(
    text: &str,
    expr: &Expr,
    max_positions: usize,
) -> Result<LoopyGame, LoopyParseError> {
    let mut b = Builder {
        arena: Arena::new(),
        graph: Graph::new(),
        names: HashMap::new(),
        defining: Vec::new(),
        max_positions,
    };
    let err = |(pos, kind): (usize, LoopyParseErrorKind)| LoopyParseError {
        span: Span::at(text, pos),
        kind,
    };
    b.collect_names(expr).map_err(err)?;
    b.standalone(expr).map_err(err)
}

type BuildResult<T> = Result<T, (usize, LoopyParseErrorKind)>;

struct Builder {
    arena: Arena,
    graph: Graph,
    /// name → (vertex, whether its options are being built right now)
    names: HashMap<String, u32>,
    /// named vertices whose options are being built (a sum may not reach them)
    defining: Vec<(u32, String)>,
    /// the largest sum built (by the product of its parts' sizes)
    max_positions: usize,
}

impl Builder {
    fn collect_names(&mut self, e: &Expr) -> BuildResult<()> {
        match e {
            Expr::Named(pos, name, body) => {
                if WORDS.contains(&name.as_str()) || name == "pass" {
                    return Err((*pos, LoopyParseErrorKind::DuplicateName(name.clone())));
                }
                if self.names.contains_key(name) {
                    return Err((*pos, LoopyParseErrorKind::DuplicateName(name.clone())));
                }
                let v = self.graph.add_vertex();
                self.names.insert(name.clone(), v);
                self.collect_names(body)
            }
            Expr::Word(..) | Expr::Nus { .. } => Ok(()),
            Expr::Game { left, right, .. } => left
                .iter()
                .chain(right)
                .try_for_each(|x| self.collect_names(x)),
            Expr::Sum(t) | Expr::PlusMinus(_, t) | Expr::Call(_, _, t) => {
                t.iter().try_for_each(|x| self.collect_names(x))
            }
            Expr::Neg(a) | Expr::Tiny(_, a) | Expr::Miny(_, a) | Expr::Multiple(_, _, a) => {
                self.collect_names(a)
            }
        }
    }

    fn append(&mut self, g: &LoopyGame) -> u32 {
        let offset = self.graph.append(&g.graph);
        offset + g.start
    }

    /// The game of `e` on its own (for sums and negatives).
    fn standalone(&mut self, e: &Expr) -> BuildResult<LoopyGame> {
        let v = self.vertex(e)?;
        let reach = self.graph.reachable(v);
        if let Some((_, name)) = self.defining.iter().find(|(d, _)| reach.contains(d)) {
            return Err((
                position(e),
                LoopyParseErrorKind::SelfReference(name.clone()),
            ));
        }
        LoopyGame::new(&self.graph, v).map_err(|e2| (position(e), LoopyParseErrorKind::Loopy(e2)))
    }

    /// a + b, refused before it is built when the sizes multiply past the bound.
    fn sum(&self, a: &LoopyGame, b: &LoopyGame, pos: usize) -> BuildResult<LoopyGame> {
        let bound = a.graph.len().saturating_mul(b.graph.len());
        if bound > self.max_positions {
            return Err((
                pos,
                LoopyParseErrorKind::Loopy(LoopyError::TooLarge(format!(
                    "the sum may have {bound} positions (more than {})",
                    self.max_positions
                ))),
            ));
        }
        a.try_sum(b)
            .map_err(|e2| (pos, LoopyParseErrorKind::Loopy(e2)))
    }

    fn short(&mut self, e: &Expr) -> BuildResult<u32> {
        let id =
            build(&mut self.arena, e).map_err(|(p, err)| (p, LoopyParseErrorKind::Game(err)))?;
        let g = LoopyGame::from_short(&self.arena, id);
        Ok(self.append(&g))
    }

    fn word(&mut self, pos: usize, w: &str) -> BuildResult<u32> {
        let mut g = Graph::new();
        let v = g.add_vertex();
        let (l, r) = (Player::Left, Player::Right);
        match w {
            "on" => g.add_edge(l, v, v),
            "off" => g.add_edge(r, v, v),
            "dud" => {
                g.add_edge(l, v, v);
                g.add_edge(r, v, v);
            }
            "over" | "under" | "upon" | "^[on]" | "v[on]" => {
                let x = g.add_vertex();
                if matches!(w, "upon" | "^[on]" | "v[on]") {
                    // x = *
                    let z = g.add_vertex();
                    g.add_edge(l, x, z);
                    g.add_edge(r, x, z);
                }
                // over = {0|pass}, −upon = v[on] = {*|pass}
                if matches!(w, "over" | "v[on]") {
                    g.add_edge(l, v, x);
                    g.add_edge(r, v, v);
                } else {
                    g.add_edge(l, v, v);
                    g.add_edge(r, v, x);
                }
            }
            "tis" | "tisn" => {
                let other = g.add_vertex();
                let (a, b) = if w == "tis" { (v, other) } else { (other, v) };
                g.add_edge(l, a, b); // tis = {tisn|}
                g.add_edge(r, b, a); // tisn = {|tis}
            }
            "pass" => return Err((pos, LoopyParseErrorKind::PassOutsideGame)),
            name => {
                return self
                    .names
                    .get(name)
                    .copied()
                    .ok_or((pos, LoopyParseErrorKind::UnknownName(name.to_string())))
            }
        }
        let game = LoopyGame { graph: g, start: v };
        Ok(self.append(&game))
    }

    fn options(&mut self, v: u32, left: &[Expr], right: &[Expr]) -> BuildResult<()> {
        for (player, list) in [(Player::Left, left), (Player::Right, right)] {
            let mut opts = Vec::new();
            for o in list {
                if matches!(o, Expr::Word(_, w) if w == "pass") {
                    opts.push(v);
                } else {
                    opts.push(self.vertex(o)?);
                }
            }
            self.graph.set_options(v, player, opts);
        }
        Ok(())
    }

    fn vertex(&mut self, e: &Expr) -> BuildResult<u32> {
        if !is_loopy(e) {
            return self.short(e);
        }
        match e {
            Expr::Word(pos, w) => self.word(*pos, w),
            Expr::Named(pos, name, body) => {
                let v = self.names[name];
                let Expr::Game { left, right, .. } = body.as_ref() else {
                    return Err((*pos, LoopyParseErrorKind::NotShort));
                };
                self.defining.push((v, name.clone()));
                let r = self.options(v, left, right);
                self.defining.pop();
                r.map(|_| v)
            }
            Expr::Game { left, right, .. } => {
                let v = self.graph.add_vertex();
                self.options(v, left, right)?;
                Ok(v)
            }
            Expr::Sum(terms) => {
                let mut acc = self.standalone(&terms[0])?;
                for t in &terms[1..] {
                    let g = self.standalone(t)?;
                    acc = self.sum(&acc, &g, position(t))?;
                }
                Ok(self.append(&acc))
            }
            Expr::Neg(a) => {
                let g = self.standalone(a)?.neg();
                Ok(self.append(&g))
            }
            Expr::PlusMinus(_, items) => {
                let v = self.graph.add_vertex();
                let mut left = Vec::new();
                let mut right = Vec::new();
                for item in items {
                    let g = self.standalone(item)?;
                    left.push(self.append(&g));
                    right.push(self.append(&g.neg()));
                }
                self.graph.set_options(v, Player::Left, left);
                self.graph.set_options(v, Player::Right, right);
                Ok(v)
            }
            Expr::Multiple(pos, k, a) => {
                let g = self.standalone(a)?;
                let mut acc = LoopyGame::zero();
                for _ in 0..*k {
                    acc = self.sum(&acc, &g, *pos)?;
                }
                Ok(self.append(&acc))
            }
            Expr::Nus { .. } | Expr::Tiny(..) | Expr::Miny(..) | Expr::Call(..) => {
                Err((position(e), LoopyParseErrorKind::NotShort))
            }
        }
    }
}

fn position(e: &Expr) -> usize {
    match e {
        Expr::Nus { pos, .. } | Expr::Game { pos, .. } => *pos,
        Expr::Sum(t) => t.first().map_or(0, position),
        Expr::Neg(a) => position(a),
        Expr::PlusMinus(p, _)
        | Expr::Tiny(p, _)
        | Expr::Miny(p, _)
        | Expr::Multiple(p, _, _)
        | Expr::Call(p, _, _)
        | Expr::Word(p, _)
        | Expr::Named(p, _, _) => *p,
    }
}
