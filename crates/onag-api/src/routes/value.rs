//! `POST /value` `{"expr": "…"}`: the worksheet's question — any expression of the game
//! notation ([`onag::partizan::parse`]: `{a|b}`, sums, differences, `cool(G, t)`, `heat`,
//! `aw`, `norton`, …), positions of registered games written `name("position")`
//! (`domineering("..|..") + *`), and one comparison between two expressions (`<`, `<=`, `>`,
//! `>=`, `=`/`==`, `||` confused, `<|` less or confused, `|>` greater or confused).
//!
//! The answer is the value's [`GameReport`] (`onag value --json`, names with ↑ ± ·), or for a
//! comparison both sides' reports, how they compare and whether the comparison asked holds.
//! An expression in the loopy notation (`on`, `off`, `over`, `upon`, `{0|pass}`, `a{0|{1|a}}`,
//! sums of them: `onag::loopy::parse`) is answered by its [`LoopyReport`] instead (`value` is
//! then absent): the loopy value, the outcome with draws, whether it is a stopper, its stops or
//! its sides' stops; a sided value `G & H` (onside G ≥ offside H, both stoppers) is answered
//! the same way. A comparison with a loopy side compares the two values by their sides
//! ([`onag::loopy::sided::compare`]: G ≥ H iff G⁺ ≥ H⁺ and G⁻ ≥ H⁻, Siegel, *Combinatorial
//! Game Theory* ch. VI.4) and answers in `loopy_comparison`. Loopy work is bounded: sums of at
//! most [`MAX_LOOPY_POSITIONS`] positions, and the request's time budget.
//!
//! Misère play (Conway, *On Numbers and Games*, ch. 12; docs/misere.md): `misere(G)` reads G
//! as an impartial game in CGSuite's misère notation — nim heaps `*2`, sums `*2 + *2`, forms
//! `*[2[2]321]`, input lists `[[2], 0]` — and positions of registered impartial games
//! (`misere(cram("..|..") + *2)`); an expression that starts with a form `*[…]` is read the
//! same way. The answer's `misere` ([`MisereValue`]) is the misère canonical form, outcome,
//! Grundy values, genus and classification (`value` is then absent). Misère games have no
//! comparisons on the worksheet.
//!
//! Errors say where the expression went wrong: "at character N: …", N counted in the text as
//! typed (a registered game's position is checked by its own notation, and an error there
//! points into the position).

use onag::games::analysis::Budget;
use onag::games::registry::{self, AnalyzeError, Options};
use onag::loopy::report::{value_report, LoopyReport};
use onag::loopy::sided::{compare, LoopyValue};
use onag::loopy::LoopyError;
use onag::misere::{
    analyze_misere, Classifier, MisereAnalyzeError, MisereError, MisereStore, Phylum,
};
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

/// Most positions of a loopy expression's game graph (a stopper's canonical form compares
/// every pair of positions: 2048² pairs is a few tens of MB).
pub const MAX_LOOPY_POSITIONS: usize = 2048;

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
    pub fn holds(self, le: bool, ge: bool) -> bool {
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
    pub fn exact(le: bool, ge: bool) -> Relation {
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
    /// The value (the left side of a comparison); absent for a loopy expression.
    pub value: Option<GameReport>,
    /// The loopy value, for an expression in the loopy notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loopy: Option<LoopyReport>,
    /// The misère value, for `misere(…)` or a form `*[…]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub misere: Option<MisereValue>,
    /// The comparison asked, if any: the operator, the right side's report, how the two
    /// compare exactly and whether the operator holds.
    pub comparison: Option<Comparison>,
    /// The comparison asked when a side is loopy (`loopy` is then the left side's report).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loopy_comparison: Option<LoopyComparison>,
    /// The registered games' positions used, in order.
    pub games: Vec<GameCall>,
}

/// The misère value of an impartial game (Conway, *On Numbers and Games*, ch. 12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereValue {
    /// The misère canonical form in CGSuite's notation (`None` when longer than
    /// [`onag::misere::game::MAX_FORM_TEXT`]).
    pub form: Option<String>,
    /// `P` (the previous player wins) or `N` (the player to move wins), in misère play.
    pub outcome: String,
    /// The misère Grundy value g⁻.
    pub misere_grundy: u32,
    /// The normal-play Grundy value g⁺.
    pub grundy: u32,
    /// The genus, e.g. `0^120`.
    pub genus: String,
    /// `Some(n)` when the game is misère-equal to the nim heap \*n.
    pub nim_heap: Option<u32>,
    /// The birthday of the canonical form.
    pub birthday: u32,
    /// Tame, restive, restless, …
    pub phylum: Phylum,
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

/// A comparison's answer when a side is loopy: the two values compared by their sides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoopyComparison {
    /// The operator written.
    pub operator: Relation,
    /// The right side's loopy report.
    pub right: LoopyReport,
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
/// parentheses and quoted positions (where `|` separates options and `<`, `>` cannot occur);
/// the operator as written and its relation. `onag value` splits its argument with it too.
pub fn find_comparison(text: &str) -> Result<Option<(usize, &'static str, Relation)>, ApiError> {
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
        if let Some(side) = self.misere_side()? {
            return self.misere(&side, stop);
        }
        let mut arena = Arena::new();
        arena.set_stop(Some(stop.clone()));
        let mut games = Vec::new();
        let left = self.substituted(&self.left, &mut games, stop)?;
        let right = match &self.comparison {
            None => None,
            Some((_, side)) => Some(self.substituted(side, &mut games, stop)?),
        };
        if is_loopy_text(&left.0) || right.as_ref().is_some_and(|r| is_loopy_text(&r.0)) {
            return self.loopy(&left, right.as_ref(), games, stop);
        }
        let g = self.side(&mut arena, &self.left, &left, stop)?;
        let value = report(&mut arena, g, stop)?;
        let comparison = match (&self.comparison, right) {
            (Some((operator, side)), Some(right)) => {
                let h = self.side(&mut arena, side, &right, stop)?;
                let le = arena.try_le(g, h).map_err(|e| game_error(e, stop))?;
                let ge = arena.try_le(h, g).map_err(|e| game_error(e, stop))?;
                Some(Comparison {
                    operator: *operator,
                    right: report(&mut arena, h, stop)?,
                    relation: Relation::exact(le, ge),
                    holds: operator.holds(le, ge),
                })
            }
            _ => None,
        };
        Ok(ValueResponse {
            expr: self.expr.clone(),
            value: Some(value),
            loopy: None,
            misere: None,
            comparison,
            loopy_comparison: None,
            games,
        })
    }

    /// The answer for a loopy expression, or a comparison with a loopy side (both sides are
    /// then read in the loopy notation, where a short game is the stopper it is).
    fn loopy(
        &self,
        left: &(String, Vec<Piece>),
        right: Option<&(String, Vec<Piece>)>,
        games: Vec<GameCall>,
        stop: &StopFlag,
    ) -> Result<ValueResponse, ApiError> {
        let g = self.loopy_value(&self.left, left, stop)?;
        let report = value_report(&g, stop).map_err(|e| loopy_error(e, &self.expr))?;
        let loopy_comparison = match (&self.comparison, right) {
            (Some((operator, side)), Some(right)) => {
                let h = self.loopy_value(side, right, stop)?;
                let order = compare(&g, &h, stop).map_err(|e| loopy_error(e, &self.expr))?;
                Some(LoopyComparison {
                    operator: *operator,
                    right: value_report(&h, stop).map_err(|e| loopy_error(e, &self.expr))?,
                    relation: Relation::exact(order.le, order.ge),
                    holds: operator.holds(order.le, order.ge),
                })
            }
            _ => None,
        };
        Ok(ValueResponse {
            expr: self.expr.clone(),
            value: None,
            loopy: Some(report),
            misere: None,
            comparison: None,
            loopy_comparison,
            games,
        })
    }

    /// One side read in the loopy notation (a game, or a sided value `G & H`), within the web
    /// app's bounds.
    fn loopy_value(
        &self,
        side: &Side,
        (parsed, pieces): &(String, Vec<Piece>),
        stop: &StopFlag,
    ) -> Result<LoopyValue, ApiError> {
        // A sum of sided values `(G & H) + X` is sidled while it is read: the budget stops it.
        let v = onag::loopy::parse::parse_loopy_value_with_stop(
            parsed,
            parse_limits(),
            MAX_LOOPY_POSITIONS,
            stop,
        )
        .map_err(|e| match e.kind {
            onag::loopy::parse::LoopyParseErrorKind::Loopy(
                e @ (LoopyError::Stopped | LoopyError::NoSides),
            ) => loopy_error(e, &self.expr),
            onag::loopy::parse::LoopyParseErrorKind::Loopy(LoopyError::TooLarge(what)) => {
                ApiError::too_large(format!(
                    "this loopy expression is beyond the web app's limits: {what} (the \
                     command line `onag value` takes larger ones)"
                ))
            }
            kind => at(&self.expr, side.start + place(pieces, e.span.byte), kind),
        })?;
        if let LoopyValue::Game(g) = &v {
            if g.graph.len() > MAX_LOOPY_POSITIONS {
                return Err(ApiError::too_large(format!(
                    "this loopy game has {} positions, more than the web app's \
                     {MAX_LOOPY_POSITIONS} (the command line `onag value` takes larger ones)",
                    g.graph.len()
                )));
            }
        }
        Ok(v)
    }

    /// One side's text with registered games' positions replaced by their values.
    fn substituted(
        &self,
        side: &Side,
        games: &mut Vec<GameCall>,
        stop: &StopFlag,
    ) -> Result<(String, Vec<Piece>), ApiError> {
        if side.text.trim().is_empty() {
            return Err(at(
                &self.expr,
                side.start,
                "a comparison needs a game on both sides",
            ));
        }
        self.substitute(side, games, false, stop)
    }

    /// Parses one side's substituted text.
    fn side(
        &self,
        arena: &mut Arena,
        side: &Side,
        (parsed, pieces): &(String, Vec<Piece>),
        stop: &StopFlag,
    ) -> Result<onag::partizan::game::GameId, ApiError> {
        parse_with_limits(arena, parsed, parse_limits()).map_err(|e: ParseError| {
            if let onag::partizan::parse::ParseErrorKind::Game(GameError::Stopped) = e.kind {
                return game_error(GameError::Stopped, stop);
            }
            at(&self.expr, side.start + place(pieces, e.span.byte), e.kind)
        })
    }

    /// The side's text with each `name("position")` of a registered game replaced by its
    /// value in parentheses (with `misere`, by its misère canonical form), and the pieces
    /// mapping it back.
    fn substitute(
        &self,
        side: &Side,
        games: &mut Vec<GameCall>,
        misere: bool,
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
            if misere {
                let call = misere_call(name, position, stop).map_err(|e| match e {
                    CallError::Position(message) => at(
                        &self.expr,
                        side.start + body,
                        format!("in the position of {name}: {message}"),
                    ),
                    CallError::Other(message) => at(&self.expr, side.start + name_start, message),
                    CallError::Api(e) => e,
                })?;
                out.push_str(&text[copied..name_start]);
                pieces.push(Piece {
                    from: name_start,
                    to: out.len(),
                    call: true,
                });
                out.push_str(&call.value);
                copied = close + 2;
                pieces.push(Piece {
                    from: copied,
                    to: out.len(),
                    call: false,
                });
                games.push(call);
                search = copied;
                continue;
            }
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

/// A loopy computation's failure as the API says it.
fn loopy_error(e: LoopyError, expr: &str) -> ApiError {
    match e {
        LoopyError::Stopped => ApiError::stopped("the value was stopped (time budget)"),
        LoopyError::TooLarge(what) => ApiError::too_large(format!(
            "this loopy expression is beyond the web app's limits: {what}"
        )),
        LoopyError::NoSides => ApiError::bad(format!(
            "{expr}: no sided value: sidling did not settle on a term or side, so there is no \
             value to compare or add"
        )),
        other => ApiError::bad(other.to_string()),
    }
}

/// Why a registered game's position gave no misère form.
enum CallError {
    /// The position is not in the game's notation (the game's message).
    Position(String),
    /// Another reason, placed at the game's name.
    Other(String),
    /// Stopped or past the limits: not placed.
    Api(ApiError),
}

/// A registered impartial game's position and its misère canonical form (in CGSuite's
/// notation, which the worksheet's misère reader takes back).
fn misere_call(name: &str, position: &str, stop: &StopFlag) -> Result<GameCall, CallError> {
    let report =
        analyze_misere(name, position, limits::MAX_MISERE_FORMS, stop).map_err(|e| match e {
            MisereAnalyzeError::Position { message, .. } => CallError::Position(message),
            MisereAnalyzeError::Misere(e) => CallError::Api(misere_error(e)),
            other => CallError::Other(other.to_string()),
        })?;
    let form = report.form.ok_or_else(|| {
        CallError::Other(format!(
            "the misère form of this position is longer than {} characters: the worksheet \
             cannot add it to others (type it alone in `onag game {name} … --misere`)",
            onag::misere::game::MAX_FORM_TEXT
        ))
    })?;
    Ok(GameCall {
        game: report.game,
        position: report.position,
        value: form,
    })
}

fn misere_error(e: MisereError) -> ApiError {
    match e {
        MisereError::Stopped => ApiError::stopped("the value was stopped (time budget)"),
        e @ MisereError::TooManyForms { .. } => ApiError::too_large(format!(
            "this misère game is beyond the web app's limits: {e} (the command line `onag game \
             … --misere --max-forms N` takes larger ones)"
        )),
    }
}

impl Value {
    /// The misère side: the text inside `misere(…)` (or `misère(…)`) when that is the whole
    /// expression, or the whole expression when it starts with a form `*[…]`; `None` for an
    /// expression of normal play.
    fn misere_side(&self) -> Result<Option<Side>, ApiError> {
        let text = &self.expr;
        let lead = text.len() - text.trim_start().len();
        let rest = &text[lead..];
        let side = if let Some(word) = ["misere(", "misère("]
            .into_iter()
            .find(|w| rest.starts_with(w))
        {
            let start = lead + word.len();
            let end = text.trim_end().len();
            if end <= start || !text[..end].ends_with(')') || self.comparison.is_some() {
                if let Some((_, right)) = &self.comparison {
                    return Err(no_misere_comparison(text, right.start));
                }
                return Err(at(
                    text,
                    end,
                    "expected ')' closing misere(…), which takes the whole expression",
                ));
            }
            Side {
                text: text[start..end - 1].to_string(),
                start,
            }
        } else if rest.starts_with("*[") {
            if let Some((_, right)) = &self.comparison {
                return Err(no_misere_comparison(text, right.start));
            }
            Side {
                text: text.clone(),
                start: 0,
            }
        } else {
            return Ok(None);
        };
        Ok(Some(side))
    }

    /// The answer for a misère expression.
    fn misere(&self, side: &Side, stop: &StopFlag) -> Result<ValueResponse, ApiError> {
        let mut games = Vec::new();
        let (parsed, pieces) = self.substitute(side, &mut games, true, stop)?;
        let mut store = MisereStore::with_limit(limits::MAX_MISERE_FORMS);
        store.set_stop(stop);
        let parsed_form = store.parse(&parsed);
        store.clear_stop();
        let g = parsed_form.map_err(|e| {
            if stop.is_stopped() {
                ApiError::stopped("the value was stopped (time budget)")
            } else if e.message.contains("exceed the limit") {
                misere_error(MisereError::TooManyForms {
                    limit: limits::MAX_MISERE_FORMS,
                })
            } else {
                at(
                    &self.expr,
                    side.start + place(&pieces, e.at),
                    format!(
                        "{} (misère notation: *2, *2 + *2, *[2[2]], [[2], 0])",
                        e.message
                    ),
                )
            }
        })?;
        let phylum = Classifier::new().phylum(&store, g);
        let value = MisereValue {
            form: store.name_within(g, onag::misere::game::MAX_FORM_TEXT),
            outcome: store.outcome(g).to_string(),
            misere_grundy: store.misere_grundy(g),
            grundy: store.grundy(g),
            genus: store.genus(g).to_string(),
            nim_heap: store.as_nimber(g),
            birthday: store.birthday(g),
            phylum,
        };
        Ok(ValueResponse {
            expr: self.expr.clone(),
            value: None,
            loopy: None,
            misere: Some(value),
            comparison: None,
            loopy_comparison: None,
            games,
        })
    }
}

/// A comparison with a misère game: refused, placed at the operator.
fn no_misere_comparison(expr: &str, right_start: usize) -> ApiError {
    let op = Relation::OPERATORS
        .iter()
        .find(|(op, _)| expr[..right_start].ends_with(op))
        .map_or(1, |(op, _)| op.len());
    at(
        expr,
        right_start - op,
        "misère games have no comparisons on the worksheet (type each side alone: equal games \
         have the same misère canonical form)",
    )
}

fn parse_limits() -> ParseLimits {
    ParseLimits {
        max_len: limits::MAX_NOTATION_BYTES * 4,
        ..ParseLimits::default()
    }
}

/// Whether a side is in the loopy notation (and not plain short notation): a sided value
/// `G & H` or `G Upsum H`, or an expression with loopy words; other errors are left to the short parser,
/// which reports them as before.
fn is_loopy_text(parsed: &str) -> bool {
    onag::loopy::parse::is_value_notation(parsed)
        || onag::partizan::parse::parse_loopy_expr(parsed, parse_limits())
            .is_ok_and(|expr| onag::loopy::parse::is_loopy(&expr))
}

/// Back from a byte of the parser's text to the side's text as typed.
fn place(pieces: &[Piece], byte: usize) -> usize {
    let piece = pieces
        .iter()
        .rev()
        .find(|p| p.to <= byte)
        .unwrap_or(&pieces[0]);
    if piece.call {
        piece.from
    } else {
        piece.from + (byte - piece.to)
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

    /// The misère outcome of nim heaps by exhaustive play (the player who cannot move wins):
    /// no theory.
    fn brute_misere_nim(heaps: &mut Vec<u32>) -> bool {
        if heaps.iter().all(|&h| h == 0) {
            return true;
        }
        for i in 0..heaps.len() {
            for take in 1..=heaps[i] {
                heaps[i] -= take;
                let loses = !brute_misere_nim(heaps);
                heaps[i] += take;
                if loses {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn misere_values_of_nim_sums_agree_with_brute_force() {
        for a in 0..4u32 {
            for b in 0..4u32 {
                for c in 0..3u32 {
                    let expr = format!("misere(*{a} + *{b} + *{c})");
                    let m = value(&expr).unwrap().misere.unwrap();
                    let wins = brute_misere_nim(&mut vec![a, b, c]);
                    assert_eq!(m.outcome, if wins { "N" } else { "P" }, "{expr}");
                    assert_eq!(m.misere_grundy == 0, !wins, "{expr}");
                }
            }
        }
        let r = value("misere(*2 + *2)").unwrap();
        assert!(r.value.is_none() && r.loopy.is_none());
        let m = r.misere.unwrap();
        assert_eq!(m.form.as_deref(), Some("*[2[2]]"));
        assert_eq!((m.genus.as_str(), m.outcome.as_str()), ("0^02", "P"));
        assert!(m.phylum.tame && m.nim_heap.is_none());
        // CGSuite's forms typed as they are, and the accented name
        assert_eq!(value("*[2#]").unwrap().misere.unwrap().outcome, "P");
        let m = value(" misère([[2], 1]) ").unwrap().misere.unwrap();
        assert_eq!(
            (m.form.as_deref(), m.genus.as_str()),
            (Some("*[2#1]"), "2^1420")
        );
        assert!(m.phylum.restless);
    }

    #[test]
    fn misere_values_of_registered_positions_agree_with_brute_force() {
        use onag::games::cram::Cram;
        use onag::misere::{misere_outcome, MisereSum};
        for (a, b) in [("..|..", "..."), ("...|...", ".."), ("..|..", "..|..")] {
            let r = value(&format!("misere(cram(\"{a}\") + cram(\"{b}\"))")).unwrap();
            assert_eq!(r.games.len(), 2);
            let sum = MisereSum(vec![a.parse::<Cram>().unwrap(), b.parse::<Cram>().unwrap()]);
            let brute = misere_outcome(&sum, &StopFlag::new()).unwrap();
            assert_eq!(r.misere.unwrap().outcome, brute.to_string(), "{a} + {b}");
        }
    }

    #[test]
    fn misere_errors_say_where() {
        assert!(
            error("misere(*2 + ?)").starts_with("at character 13:"),
            "{}",
            error("misere(*2 + ?)")
        );
        let e = error("misere(domineering(\"..\"))");
        assert!(
            e.starts_with("at character 8:") && e.contains("partizan"),
            "{e}"
        );
        let e = error("misere(cram(\"..x\"))");
        assert!(
            e.starts_with("at character 14:") && e.contains("cram"),
            "{e}"
        );
        assert!(error("misere(*2) = *2").starts_with("at character 12:"));
        assert!(error("*[2] < 0").contains("no comparisons"));
        assert!(error("misere(*2").contains("expected ')'"));
    }

    #[test]
    fn values_of_the_notation() {
        let r = value("{5 | {3|-3}, 1*}").unwrap();
        assert_eq!(r.value.as_ref().unwrap().canonical, "{5|±3,1*}");
        assert_eq!(r.value.as_ref().unwrap().temperature.to_string(), "2");
        assert!(r.comparison.is_none() && r.games.is_empty());
        assert_eq!(
            value("cool({5|1}, 1)").unwrap().value.unwrap().canonical,
            "{4|2}"
        );
        assert_eq!(value("^ + ^ - ^2").unwrap().value.unwrap().canonical, "0");
        assert_eq!(value("aw(^^*)").unwrap().value.unwrap().canonical, "2");
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
        assert_eq!(r.value.as_ref().unwrap().canonical, "{0|-2}");
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
    fn loopy_expressions_answer_with_the_loopy_report() {
        let r = value("on").unwrap();
        assert!(r.value.is_none());
        let l = r.loopy.unwrap();
        assert_eq!((l.value.as_str(), l.outcome_text.as_str()), ("on", "L"));
        assert!(l.stopper);
        assert_eq!(l.left_stop.as_deref(), Some("on"));
        let l = value("{0|pass} + 1").unwrap().loopy.unwrap();
        assert_eq!(l.value, "1over");
        assert_eq!(
            (l.left_stop.as_deref(), l.mean.as_deref()),
            (Some("1over"), Some("1"))
        );
        // the thermograph of a stopper by unrolling (docs/loopy.md "Temperature of stoppers")
        assert_eq!(l.temperature.as_deref(), Some("0"));
        assert!(l
            .thermograph
            .as_ref()
            .is_some_and(|t| t.svg.starts_with("<svg")));
        let l = value("{{on|0}|-5}").unwrap().loopy.unwrap();
        assert_eq!(
            (l.mean.as_deref(), l.temperature.as_deref()),
            (Some("0"), Some("5"))
        );
        // CGSuite's infix onsum and offsum of stoppers
        let l = value("over Downsum -over").unwrap().loopy.unwrap();
        assert_eq!(l.value, "under");
        let l = value("{on|0}").unwrap().loopy.unwrap();
        assert_eq!(l.temperature.as_deref(), Some("infinite"));
        assert!(l.thermograph.is_none());
        let l = value("on + off").unwrap().loopy.unwrap();
        assert_eq!(l.value, "dud");
        assert!(!l.stopper);
        assert_eq!(l.onside_stops, Some(["on".to_string(), "on".to_string()]));
        // registered games' positions inside a loopy sum: a 1×2 Domineering row is −1
        let r = value("domineering(\"..\") + over").unwrap();
        assert_eq!(r.loopy.unwrap().value, "-1over");
        // short expressions are as before
        let r = value("{1|-1}").unwrap();
        assert!(r.loopy.is_none() && r.value.is_some());
    }

    #[test]
    fn loopy_comparisons_answer_by_sides() {
        for (expr, relation, holds) in [
            ("on > 1", Relation::Greater, true),
            ("over <= 0", Relation::Greater, false),
            ("over < 1/1024", Relation::Less, true),
            ("under == -over", Relation::Equal, true),
            ("dud || 0", Relation::Confused, true),
            ("tis >= 1 & 0", Relation::Equal, true),
            ("upon < *", Relation::Confused, false),
            ("domineering(\"..\") < over", Relation::Less, true),
        ] {
            let r = value(expr).unwrap();
            let c = r.loopy_comparison.unwrap_or_else(|| panic!("{expr}"));
            assert_eq!((c.relation, c.holds), (relation, holds), "{expr}");
            assert!(r.value.is_none() && r.loopy.is_some() && r.comparison.is_none());
        }
        let r = value("1 & 0").unwrap().loopy.unwrap();
        assert_eq!((r.value.as_str(), r.stopper), ("tis", false));
        // short comparisons are as before
        let r = value("{1|-1} || 0").unwrap();
        assert!(r.comparison.is_some() && r.loopy_comparison.is_none());
    }

    #[test]
    fn loopy_work_is_bounded_and_errors_have_places() {
        let e = value("{pass|").unwrap_err();
        assert_eq!(e.kind.status(), 400, "{}", e.message);
        let e = value("1 + frob").unwrap_err();
        assert!(e.message.starts_with("at character 5:"), "{}", e.message);
        // 8^5 = 32768 positions: refused before it is built
        let big = ["a", "b", "c", "d", "f"]
            .map(|n| format!("{n}{{0|{{1|{{2|{{3|{{4|{{5|{{6|{n}}}}}}}}}}}}}}}"))
            .join(" + ");
        let e = value(&big).unwrap_err();
        assert_eq!(e.kind.status(), 422, "{}", e.message);
        let e = value("on < {pass|").unwrap_err();
        assert!(e.message.starts_with("at character 12:"), "{}", e.message);
        let e = value("off & on").unwrap_err();
        assert!(e.message.starts_with("at character 5:"), "{}", e.message);
    }

    #[test]
    fn sums_of_sided_values_and_games_without_one() {
        let l = value("(1 & 0) + (0 & -1)").unwrap().loopy.unwrap();
        assert_eq!(l.value, "1 & -1");
        let c = value("(on & off) + 1 = dud")
            .unwrap()
            .loopy_comparison
            .unwrap();
        assert!(c.holds);
        // Bach's Carousel (Winning Ways ch. 11, as CGSuite's loopy tutorial writes it)
        let bach = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";
        let l = value(bach).unwrap().loopy.unwrap();
        assert!(l.value.starts_with("no sided value: "), "{}", l.value);
        assert!(l.onside.is_none() && l.offside.is_none());
        for expr in [format!("{bach} > 0"), format!("{bach} + (1 & 0)")] {
            let e = value(&expr).unwrap_err();
            assert_eq!(e.kind.status(), 400, "{expr}: {}", e.message);
            assert!(
                e.message.contains("no sided value"),
                "{expr}: {}",
                e.message
            );
        }
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
