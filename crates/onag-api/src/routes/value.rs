//! `POST /value` `{"expr": "…"}`: the worksheet's question — any expression of the game
//! notation ([`onag::partizan::parse`]: `{a|b}`, sums, differences, `cool(G, t)`, `heat`,
//! `aw`, `norton`, …), positions of registered games written `name("position")`
//! (`domineering("..|..") + *`), and one comparison between two expressions (`<`, `<=`, `>`,
//! `>=`, `=`/`==`, `||` confused, `<|` less or confused, `|>` greater or confused).
//!
//! The answer is the value's [`GameReport`] (`onag value --json`, names with ↑ ± ·), or for a
//! comparison both sides' reports, how they compare and whether the comparison asked holds.
//! Errors say where the expression went wrong: "at character N: …", N counted in the text as
//! typed (a registered game's position is checked by its own notation, and an error there
//! points into the position).

use onag::games::analysis::Budget;
use onag::games::registry::{self, AnalyzeError, Options};
use onag::partizan::game::{Arena, GameError};
use onag::partizan::name::NameStyle;
use onag::partizan::parse::{parse_with_limits, ParseError, ParseLimits};
use onag::partizan::report::{game_report, GameReport};
use onag::{Span, StopFlag};
use serde::{Deserialize, Serialize};

use crate::limits::{self, check_notation};
use crate::ApiError;

/// Most positions of registered games in one expression (each is an analysis of its own).
pub const MAX_GAME_CALLS: usize = 8;

/// The body of `POST /value`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ValueRequest {
    /// The expression.
    pub expr: String,
}

/// A comparison between two games, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Relation {
    /// `<`: less than.
    #[serde(rename = "<")]
    Less,
    /// `<=`: less than or equal.
    #[serde(rename = "<=")]
    LessOrEqual,
    /// `>`: greater than.
    #[serde(rename = ">")]
    Greater,
    /// `>=`: greater than or equal.
    #[serde(rename = ">=")]
    GreaterOrEqual,
    /// `=` or `==`: equal.
    #[serde(rename = "=")]
    Equal,
    /// `||`: confused with (incomparable).
    #[serde(rename = "||")]
    Confused,
    /// `<|`: less than or confused with.
    #[serde(rename = "<|")]
    LessOrConfused,
    /// `|>`: greater than or confused with.
    #[serde(rename = "|>")]
    GreaterOrConfused,
}

impl Relation {
    /// The operators, longest first (so `<=` is not read as `<`).
    const OPERATORS: [(&'static str, Relation); 9] = [
        ("<=", Relation::LessOrEqual),
        (">=", Relation::GreaterOrEqual),
        ("==", Relation::Equal),
        ("||", Relation::Confused),
        ("<|", Relation::LessOrConfused),
        ("|>", Relation::GreaterOrConfused),
        ("<", Relation::Less),
        (">", Relation::Greater),
        ("=", Relation::Equal),
    ];

    /// Whether the relation holds between G and H, from G ≤ H and H ≤ G.
    fn holds(self, le: bool, ge: bool) -> bool {
        match self {
            Relation::Less => le && !ge,
            Relation::LessOrEqual => le,
            Relation::Greater => ge && !le,
            Relation::GreaterOrEqual => ge,
            Relation::Equal => le && ge,
            Relation::Confused => !le && !ge,
            Relation::LessOrConfused => !ge,
            Relation::GreaterOrConfused => !le,
        }
    }

    /// The one relation that is exactly true of G and H.
    fn exact(le: bool, ge: bool) -> Relation {
        match (le, ge) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        }
    }
}

/// One side of the expression: its text and where it starts in the whole (bytes).
#[derive(Clone, Debug)]
struct Side {
    text: String,
    start: usize,
}

/// A checked request: the expression split at its comparison, if any.
#[derive(Clone, Debug)]
pub struct Value {
    expr: String,
    left: Side,
    comparison: Option<(Relation, Side)>,
}

/// A registered game's position in the expression and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameCall {
    /// The game.
    pub game: String,
    /// The position, as the game prints it.
    pub position: String,
    /// Its value (canonical form, ASCII).
    pub value: String,
}

/// The answer of `POST /value`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValueResponse {
    /// The expression, as sent.
    pub expr: String,
    /// The value (the left side of a comparison).
    pub value: GameReport,
    /// The comparison asked, if any: the operator, the right side's report, how the two
    /// compare exactly and whether the operator holds.
    pub comparison: Option<Comparison>,
    /// The registered games' positions used, in order.
    pub games: Vec<GameCall>,
}

/// A comparison's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// The operator written.
    pub operator: Relation,
    /// The right side.
    pub right: GameReport,
    /// The exact relation (`<`, `>`, `=` or `||`).
    pub relation: Relation,
    /// Whether `operator` holds.
    pub holds: bool,
}

/// "at character N: message", N the 1-based character of byte `byte` of `text`.
fn at(text: &str, byte: usize, message: impl std::fmt::Display) -> ApiError {
    ApiError::bad(format!("at {}: {message}", Span::at(text, byte)))
}

/// The byte offset of the top-level comparison operator, if any: outside braces,
/// parentheses and quoted positions (where `|` separates options and `<`, `>` cannot occur).
fn find_comparison(text: &str) -> Result<Option<(usize, &'static str, Relation)>, ApiError> {
    let bytes = text.as_bytes();
    let (mut depth, mut quoted, mut found) = (0i64, false, None);
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if quoted {
            quoted = c != b'"';
        } else if c == b'"' {
            quoted = true;
        } else if c == b'{' || c == b'(' {
            depth += 1;
        } else if c == b'}' || c == b')' {
            depth -= 1;
        } else if depth == 0 {
            if let Some(&(op, rel)) = Relation::OPERATORS
                .iter()
                .find(|(op, _)| bytes[i..].starts_with(op.as_bytes()))
            {
                if found.is_some() {
                    return Err(at(text, i, "one comparison per expression"));
                }
                found = Some((i, op, rel));
                i += op.len();
                continue;
            }
        }
        i += 1;
    }
    Ok(found)
}

impl ValueRequest {
    /// Checks the length and splits the expression at its comparison.
    pub fn checked(self) -> Result<Value, ApiError> {
        check_notation("expr", &self.expr)?;
        if self.expr.trim().is_empty() {
            return Err(ApiError::bad(
                "'expr' is empty: type a game, e.g. {1|-1} + ^",
            ));
        }
        let (left, comparison) = match find_comparison(&self.expr)? {
            None => (
                Side {
                    text: self.expr.clone(),
                    start: 0,
                },
                None,
            ),
            Some((i, op, rel)) => (
                Side {
                    text: self.expr[..i].to_string(),
                    start: 0,
                },
                Some((
                    rel,
                    Side {
                        text: self.expr[i + op.len()..].to_string(),
                        start: i + op.len(),
                    },
                )),
            ),
        };
        Ok(Value {
            expr: self.expr,
            left,
            comparison,
        })
    }
}

/// A piece of the text the parser reads: copied from the expression, or a registered game's
/// value standing for a call.
struct Piece {
    /// Where it starts in the side's text (bytes).
    from: usize,
    /// Where it starts in the parser's text.
    to: usize,
    /// Whether it stands for a call (an error inside it points at the call).
    call: bool,
}

impl Value {
    /// The answer, polling `stop` (sums, comparisons and thermographs poll it through the
    /// arena; each registered game's analysis polls it too).
    pub fn run(&self, stop: &StopFlag) -> Result<ValueResponse, ApiError> {
        let mut arena = Arena::new();
        arena.set_stop(Some(stop.clone()));
        let mut games = Vec::new();
        let g = self.side(&mut arena, &self.left, &mut games, stop)?;
        let value = report(&mut arena, g, stop)?;
        let comparison = match &self.comparison {
            None => None,
            Some((operator, side)) => {
                let h = self.side(&mut arena, side, &mut games, stop)?;
                let le = arena.try_le(g, h).map_err(|e| game_error(e, stop))?;
                let ge = arena.try_le(h, g).map_err(|e| game_error(e, stop))?;
                Some(Comparison {
                    operator: *operator,
                    right: report(&mut arena, h, stop)?,
                    relation: Relation::exact(le, ge),
                    holds: operator.holds(le, ge),
                })
            }
        };
        Ok(ValueResponse {
            expr: self.expr.clone(),
            value,
            comparison,
            games,
        })
    }

    /// Builds one side: registered games' positions replaced by their values, then parsed.
    fn side(
        &self,
        arena: &mut Arena,
        side: &Side,
        games: &mut Vec<GameCall>,
        stop: &StopFlag,
    ) -> Result<onag::partizan::game::GameId, ApiError> {
        let text = &side.text;
        if text.trim().is_empty() {
            return Err(at(
                &self.expr,
                side.start,
                "a comparison needs a game on both sides",
            ));
        }
        let (parsed, pieces) = self.substitute(side, games, stop)?;
        let limits = ParseLimits {
            max_len: limits::MAX_NOTATION_BYTES * 4,
            ..ParseLimits::default()
        };
        parse_with_limits(arena, &parsed, limits).map_err(|e: ParseError| {
            if let onag::partizan::parse::ParseErrorKind::Game(GameError::Stopped) = e.kind {
                return game_error(GameError::Stopped, stop);
            }
            // Back from the parser's text to the expression as typed.
            let piece = pieces
                .iter()
                .rev()
                .find(|p| p.to <= e.span.byte)
                .unwrap_or(&pieces[0]);
            let byte = if piece.call {
                piece.from
            } else {
                piece.from + (e.span.byte - piece.to)
            };
            at(&self.expr, side.start + byte, e.kind)
        })
    }

    /// The side's text with each `name("position")` of a registered game replaced by its
    /// value in parentheses, and the pieces mapping it back.
    fn substitute(
        &self,
        side: &Side,
        games: &mut Vec<GameCall>,
        stop: &StopFlag,
    ) -> Result<(String, Vec<Piece>), ApiError> {
        let text = &side.text;
        let mut out = String::new();
        let mut pieces = vec![Piece {
            from: 0,
            to: 0,
            call: false,
        }];
        let mut copied = 0;
        let mut search = 0;
        while let Some(found) = text[search..].find("(\"") {
            let open = search + found;
            // The game's name: the longest registered name ending at the parenthesis.
            let word_start = text[..open]
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .map_or(0, |i| i + 1);
            let name_start = (word_start..open)
                .filter(|&i| i == word_start || text.as_bytes()[i - 1] == b'-')
                .find(|&i| registry::game(&text[i..open]).is_some());
            let Some(name_start) = name_start else {
                return Err(at(
                    &self.expr,
                    side.start + word_start,
                    format!(
                        "'{}' is not a registered game (known: {})",
                        &text[word_start..open],
                        registry::GAMES
                            .iter()
                            .map(|g| g.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            };
            let body = open + 2;
            let Some(len) = text[body..].find('"') else {
                return Err(at(
                    &self.expr,
                    side.start + open + 1,
                    "the position has no closing quote",
                ));
            };
            let close = body + len;
            if !text[close + 1..].starts_with(')') {
                return Err(at(
                    &self.expr,
                    side.start + close + 1,
                    "expected ')' after the position",
                ));
            }
            if games.len() == MAX_GAME_CALLS {
                return Err(at(
                    &self.expr,
                    side.start + name_start,
                    format!(
                        "at most {MAX_GAME_CALLS} positions of registered games per expression"
                    ),
                ));
            }
            let name = &text[name_start..open];
            let position = &text[body..close];
            let options = Options {
                budget: Budget {
                    max_table_entries: limits::MAX_GAME_TABLE_ENTRIES,
                    remoteness_positions: 0,
                },
            };
            let report =
                registry::analyze(name, position, &options, stop).map_err(|e| match e {
                    AnalyzeError::Position { span, message, .. } => {
                        let byte = span.map_or(0, |s| s.byte);
                        // The game's message places the error in the position ("character 3:
                        // …"); the worksheet's place is in the whole expression: say it once.
                        let message = match message.split_once(": ") {
                            Some((place, rest)) if place.contains("character ") => rest.to_string(),
                            _ => message,
                        };
                        at(
                            &self.expr,
                            side.start + body + byte,
                            format!("in the position of {name}: {message}"),
                        )
                    }
                    AnalyzeError::Game(e) => game_error(e, stop),
                    other => at(&self.expr, side.start + name_start, other),
                })?;
            out.push_str(&text[copied..name_start]);
            pieces.push(Piece {
                from: name_start,
                to: out.len(),
                call: true,
            });
            out.push('(');
            out.push_str(&report.report.canonical);
            out.push(')');
            copied = close + 2;
            pieces.push(Piece {
                from: copied,
                to: out.len(),
                call: false,
            });
            games.push(GameCall {
                game: report.game.clone(),
                position: report.position.clone(),
                value: report.report.canonical.clone(),
            });
            search = copied;
        }
        out.push_str(&text[copied..]);
        Ok((out, pieces))
    }
}

fn game_error(e: GameError, stop: &StopFlag) -> ApiError {
    if e == GameError::Stopped || stop.is_stopped() {
        ApiError::stopped("the value was stopped (time budget)")
    } else {
        ApiError::too_large(format!(
            "this expression is beyond the web app's limits: {e} (the command line `onag value` \
             takes larger ones)"
        ))
    }
}

fn report(
    arena: &mut Arena,
    g: onag::partizan::game::GameId,
    stop: &StopFlag,
) -> Result<GameReport, ApiError> {
    game_report(arena, g, NameStyle::Unicode).map_err(|e| {
        if stop.is_stopped() {
            ApiError::stopped("the value was stopped (time budget)")
        } else {
            ApiError::too_large(e.to_string())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(expr: &str) -> Result<ValueResponse, ApiError> {
        ValueRequest {
            expr: expr.to_string(),
        }
        .checked()?
        .run(&StopFlag::new())
    }

    fn error(expr: &str) -> String {
        value(expr).unwrap_err().message
    }

    #[test]
    fn values_of_the_notation() {
        let r = value("{5 | {3|-3}, 1*}").unwrap();
        assert_eq!(r.value.canonical, "{5|±3,1*}");
        assert_eq!(r.value.temperature.to_string(), "2");
        assert!(r.comparison.is_none() && r.games.is_empty());
        assert_eq!(value("cool({5|1}, 1)").unwrap().value.canonical, "{4|2}");
        assert_eq!(value("^ + ^ - ^2").unwrap().value.canonical, "0");
        assert_eq!(value("aw(^^*)").unwrap().value.canonical, "2");
    }

    #[test]
    fn comparisons_hold_or_not_and_say_the_exact_relation() {
        for (expr, relation, holds) in [
            ("^ > 0", Relation::Greater, true),
            ("^ >= 0", Relation::Greater, true),
            ("* || 0", Relation::Confused, true),
            ("* = 0", Relation::Confused, false),
            ("^* <| 0", Relation::Confused, true),
            ("{1|-1} |> 0", Relation::Confused, true),
            ("1/2 + 1/2 == 1", Relation::Equal, true),
            ("v < 0", Relation::Less, true),
            ("v <= *", Relation::Confused, false),
            ("{1|0} > {1|-1}", Relation::Greater, true),
        ] {
            let c = value(expr).unwrap().comparison.unwrap();
            assert_eq!((c.relation, c.holds), (relation, holds), "{expr}");
        }
    }

    #[test]
    fn a_relation_is_exactly_one_of_four_and_operators_agree_with_it() {
        // Every operator against the exact relation, by its definition on the partial order.
        for (le, ge) in [(true, true), (true, false), (false, true), (false, false)] {
            let exact = Relation::exact(le, ge);
            for (_, op) in Relation::OPERATORS {
                let expected = match op {
                    Relation::LessOrEqual => exact == Relation::Less || exact == Relation::Equal,
                    Relation::GreaterOrEqual => {
                        exact == Relation::Greater || exact == Relation::Equal
                    }
                    Relation::LessOrConfused => {
                        exact == Relation::Less || exact == Relation::Confused
                    }
                    Relation::GreaterOrConfused => {
                        exact == Relation::Greater || exact == Relation::Confused
                    }
                    other => other == exact,
                };
                assert_eq!(op.holds(le, ge), expected, "{op:?} with {exact:?}");
            }
        }
    }

    #[test]
    fn registered_games_by_name_and_position() {
        let r = value(r#"domineering("..|..") + domineering("..")"#).unwrap();
        // ±1 + (−1) = {0|−2}.
        assert_eq!(r.value.canonical, "{0|-2}");
        assert_eq!(r.games.len(), 2);
        assert_eq!(
            (r.games[0].game.as_str(), r.games[0].value.as_str()),
            ("domineering", "+-1")
        );
        let c = value(r#"clobber("xo") = *"#).unwrap().comparison.unwrap();
        assert!(c.holds);
        let c = value(r#"{domineering("..|..") | 0} < 2"#)
            .unwrap()
            .comparison
            .unwrap();
        assert!(c.holds);
        // A hyphenated name, after a hyphen: the longest registered name is taken.
        let r = value(r#"1-turning-corners("4x4:2,3 4,4")"#).unwrap();
        assert_eq!(r.games[0].game, "turning-corners");
    }

    #[test]
    fn errors_point_at_their_place_in_the_text_as_typed() {
        // Characters are counted in the expression typed, not in the substituted text.
        assert!(
            error("{1|2|3}").starts_with("at character 5:"),
            "{}",
            error("{1|2|3}")
        );
        let e = error(r#"domineering("..") + {1|2|3}"#);
        assert!(e.starts_with("at character 25:"), "{e}");
        let e = error(r#"chess("..")"#);
        assert!(
            e.starts_with("at character 1:") && e.contains("not a registered game"),
            "{e}"
        );
        let e = error(r#"1 + domineering("..x")"#);
        assert!(
            e.starts_with("at character 20: in the position of domineering: "),
            "{e}"
        );
        assert_eq!(e.matches("character").count(), 1, "{e}");
        let e = error(r#"domineering("..""#);
        assert!(e.starts_with("at character 17:"), "{e}");
        let e = error("^ < 0 < 1");
        assert!(
            e.starts_with("at character 7:") && e.contains("one comparison"),
            "{e}"
        );
        let e = error("^ < ");
        assert!(e.starts_with("at character 4:"), "{e}");
        assert!(error("   ").contains("empty"));
        assert!(error(&"1+".repeat(3000)).contains("limit"));
    }

    #[test]
    fn a_stopped_computation_is_a_503() {
        let stop = StopFlag::new();
        stop.stop();
        let e = ValueRequest {
            expr: "64·{3||2|1}".into(),
        }
        .checked()
        .unwrap()
        .run(&stop)
        .unwrap_err();
        assert_eq!(e.kind.status(), 503);
    }
}
