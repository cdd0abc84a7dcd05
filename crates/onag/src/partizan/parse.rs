//! Parser of game notation: the literature's, CGSuite's ASCII exchange format, and everything
//! [`super::name`] prints.
//!
//! Grammar (whitespace is free between tokens, except inside a compact `2v3*`-style literal):
//!
//! ```text
//! expr     := unary (('+' | '-' | '±' | '+-') unary)*      a ± b means a + ±b
//! unary    := '-' unary | '+' unary | ('±' | '+-') pm | primary
//! pm       := '(' expr (',' expr)* ')' | unary             ±(A, B) = {A, B | −A, −B}
//! primary  := compact | multiple | '{' game '}' | '(' expr ')'
//!           | ('tiny' | 'miny') ['-'] primary              tiny-G = {0 ‖ 0 | −G}
//!           | func '(' expr (',' expr)* ')'                 cool({5|1}, 1), aw(^^*), …
//! compact  := [number] [arrows [count]] ['*' [count]]     at least one part, no spaces
//! number   := digits ['/' digits]                          denominator a power of two
//! arrows   := ('^' | '↑' | '⇑')+ | ('v' | '↓' | '⇓')+       ⇑ counts two
//! multiple := digits '·' (arrows | '{' game '}' | '(' expr ')') ['*' [count]]
//! game     := options (bars options)*                      bars = a run of '|'
//! options  := [expr (',' expr)*]
//! ```
//!
//! - A count after arrows is a multiplicity (CGSuite): `2v3` = 2 + 3·↓, `v4*` = 4·↓ + *,
//!   `^3` = 3·↑. `*n` is the nimber n.
//! - In `k·↓*` the multiplier applies to the arrow only: `4·↓*` = 4·↓ + * (as CGSuite's `v4*`).
//! - A `-` written directly before a digit, where a term starts, is the sign of that number
//!   only: `-1^2` = −1 + ⇑ (CGSuite). `- 1^2` (with a space) and `-(1^2)` negate the whole term.
//! - Multi-slash: the longest run of bars splits the game; each side with shorter runs is one
//!   nested game: `{3||2|1}` = {3 | {2 | 1}}. The longest run must be unique.
//! - Functions (Siegel, *CGT* ch. II; see [`Func`]): `cool(G, t)` and `freeze(G)`,
//!   `heat(G, T)` (∫^T G), `overheat(G, S, T)` (∫_S^T G), `aw(G)` (atomic weight, all-small G),
//!   `rcf(G)` (reduced canonical form), `norton(G, U)` (Norton product G.U), `mean(G)` and
//!   `temp(G)` (as numbers). A temperature `t` must be a number ≥ 0.
//! - `+-` is always the ASCII spelling of `±` (so `3+-1` = 3 ± 1 = {4 | 2}); write `3 + -1`
//!   for a sum with a negative number.
//!
//! Input is bounded ([`ParseLimits`]): length, nesting depth and multiplicities, so a server can
//! accept untrusted text without risking a stack overflow or an unbounded construction.

mod lex;

use lex::{describe, lex, Tok, Token};

use super::dyadic::Dyadic;
use super::game::{Arena, GameError, GameId};
use crate::Span;

/// Bounds on what [`parse_with_limits`] accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseLimits {
    /// Longest accepted input, in bytes.
    pub max_len: usize,
    /// Deepest accepted nesting of braces, parentheses and prefix operators.
    pub max_depth: usize,
    /// Largest count after `^`, `v`, `*`, or before `·`, and largest multiple of ↑ one literal
    /// denotes (a run of arrows, `k·⇑⇑`). Sums and braces may still build larger multiples
    /// (`^16 + ^16`, `{0|^16*}` = ↑17, up to the arena's own limits), and names print them
    /// as they are.
    pub max_count: u32,
}

impl Default for ParseLimits {
    /// 4 KiB of text, nesting depth 200, counts up to 1024.
    fn default() -> Self {
        ParseLimits {
            max_len: 4096,
            max_depth: 200,
            max_count: 1024,
        }
    }
}

/// What went wrong in a [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// The input is empty (or only whitespace).
    #[error("empty game")]
    Empty,
    /// The input is longer than [`ParseLimits::max_len`] bytes.
    #[error("input longer than {max} bytes")]
    TooLong {
        /// The limit.
        max: usize,
    },
    /// Braces, parentheses or prefix operators nest deeper than [`ParseLimits::max_depth`].
    #[error("nesting deeper than {max}")]
    TooDeep {
        /// The limit.
        max: usize,
    },
    /// A character that is not part of the notation.
    #[error("unexpected character '{0}'")]
    UnexpectedChar(char),
    /// A word other than `tiny`, `miny` or a run of `v`.
    #[error(
        "unknown word '{0}' (known: tiny, miny, v, cool, freeze, heat, overheat, aw, \
        rcf, norton, mean, temp)"
    )]
    UnknownWord(String),
    /// A token that cannot appear here.
    #[error("unexpected '{found}', expected {expected}")]
    Unexpected {
        /// What was found.
        found: String,
        /// What would have been accepted.
        expected: &'static str,
    },
    /// The input ended too early.
    #[error("unexpected end of input, expected {expected}")]
    UnexpectedEnd {
        /// What would have been accepted.
        expected: &'static str,
    },
    /// A number does not fit in 64 bits.
    #[error("number too large")]
    NumberTooLarge,
    /// A fraction's denominator is not a power of two (short games only have dyadic numbers).
    #[error("denominator is not a power of two (short games are dyadic)")]
    NotDyadic,
    /// A count after `^`/`v`/`*` or before `·`, or the multiple of ↑ that one literal denotes
    /// (`⇑⇑⇑` = 6·↑, `3·⇓⇓` = 12·↓), exceeds [`ParseLimits::max_count`].
    #[error("count larger than {max}")]
    CountTooLarge {
        /// The limit.
        max: u32,
    },
    /// A brace game without any `|`, e.g. `{1}`.
    #[error("a game needs a '|' between its options")]
    MissingBar,
    /// Two runs of bars of the same, longest, length in one game, e.g. `{1|2|3}`.
    #[error("ambiguous bars: write {{a|{{b|c}}}} or {{a||b|c}} instead of {{a|b|c}}")]
    AmbiguousBars,
    /// Building the game failed (a dyadic overflow, or the computation was stopped).
    #[error("{0}")]
    Game(GameError),
    /// A function called with the wrong number of arguments.
    #[error("{func} takes {expected} argument(s), not {found}")]
    Arity {
        /// The function.
        func: &'static str,
        /// How many it takes.
        expected: usize,
        /// How many were given.
        found: usize,
    },
}

/// The functions of the notation: operations on canonical games (Siegel, *CGT* ch. II).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Func {
    /// `cool(G, t)`: G cooled by the number t ≥ 0.
    Cool,
    /// `freeze(G)`: G cooled by its temperature.
    Freeze,
    /// `heat(G, T)`: ∫^T G.
    Heat,
    /// `overheat(G, S, T)`: ∫_S^T G.
    Overheat,
    /// `aw(G)`: the atomic weight of an all-small game.
    AtomicWeight,
    /// `rcf(G)`: the reduced canonical form.
    Rcf,
    /// `norton(G, U)`: the Norton product G.U (U > 0).
    Norton,
    /// `mean(G)`: the mean value, as a number.
    Mean,
    /// `temp(G)`: the temperature, as a number.
    Temperature,
}

impl Func {
    const ALL: [(Func, &'static str, usize); 9] = [
        (Func::Cool, "cool", 2),
        (Func::Freeze, "freeze", 1),
        (Func::Heat, "heat", 2),
        (Func::Overheat, "overheat", 3),
        (Func::AtomicWeight, "aw", 1),
        (Func::Rcf, "rcf", 1),
        (Func::Norton, "norton", 2),
        (Func::Mean, "mean", 1),
        (Func::Temperature, "temp", 1),
    ];

    /// The function written `word` (lower case), if any.
    pub fn from_name(word: &str) -> Option<Func> {
        Self::ALL.iter().find(|f| f.1 == word).map(|f| f.0)
    }

    /// How the function is written.
    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|f| f.0 == self).map_or("?", |f| f.1)
    }

    /// How many arguments it takes.
    pub fn arity(self) -> usize {
        Self::ALL.iter().find(|f| f.0 == self).map_or(0, |f| f.2)
    }

    /// Applies the function to built arguments (`args.len() == self.arity()`).
    pub fn apply(self, arena: &mut Arena, args: &[GameId]) -> Result<GameId, GameError> {
        let number = |arena: &Arena, g: GameId| {
            arena.as_number(g).ok_or_else(|| {
                GameError::Undefined(format!(
                    "the temperature of {}(…) must be a number",
                    self.name()
                ))
            })
        };
        let arg = |i: usize| args.get(i).copied().unwrap_or(GameId::from_index(0));
        match self {
            Func::Cool => {
                let t = number(arena, arg(1))?;
                arena.cool(arg(0), t)
            }
            Func::Freeze => arena.freeze(arg(0)),
            Func::Heat => arena.heat(arg(0), arg(1)),
            Func::Overheat => arena.overheat(arg(0), arg(1), arg(2)),
            Func::AtomicWeight => arena.atomic_weight(arg(0)),
            Func::Rcf => arena.reduced_canonical_form(arg(0)),
            Func::Norton => arena.norton_product(arg(0), arg(1)),
            Func::Mean => {
                let (mean, _) = arena.mean_and_temperature(arg(0))?;
                arena.number(mean)
            }
            Func::Temperature => {
                let (_, t) = arena.mean_and_temperature(arg(0))?;
                arena.number(t)
            }
        }
    }
}

/// A parse failure and where it happened.
///
/// # Examples
/// ```
/// use onag::partizan::game::Arena;
/// use onag::partizan::parse::{parse, ParseErrorKind};
/// use onag::Span;
///
/// let mut arena = Arena::new();
/// let e = parse(&mut arena, "↑+ q").unwrap_err(); // '↑' is three bytes
/// assert_eq!(e.span, Span { byte: 5, char: 3 });
/// assert_eq!(e.kind, ParseErrorKind::UnknownWord("q".into()));
/// assert!(e.to_string().starts_with("at character 4: unknown word 'q'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at {span}: {kind}")]
pub struct ParseError {
    /// Where in the input (byte and character offsets).
    pub span: Span,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

/// Parses `text` into a game of `arena` with the default [`ParseLimits`].
///
/// # Examples
/// ```
/// use onag::partizan::game::Arena;
/// use onag::partizan::parse::parse;
///
/// let mut arena = Arena::new();
/// let a = parse(&mut arena, "2v3").unwrap();
/// let b = parse(&mut arena, "2 + 3·↓").unwrap();
/// assert_eq!(a, b);
/// assert!(parse(&mut arena, "{1|2|3}").is_err());
/// ```
pub fn parse(arena: &mut Arena, text: &str) -> Result<GameId, ParseError> {
    parse_with_limits(arena, text, ParseLimits::default())
}

/// Parses `text` into a game of `arena`, within `limits`.
///
/// # Examples
/// ```
/// use onag::partizan::game::Arena;
/// use onag::partizan::parse::{parse_with_limits, ParseErrorKind, ParseLimits};
///
/// let mut arena = Arena::new();
/// let tight = ParseLimits { max_depth: 2, ..ParseLimits::default() };
/// assert!(parse_with_limits(&mut arena, "{{0|}|}", tight).is_ok());
/// let e = parse_with_limits(&mut arena, "{{{0|}|}|}", tight).unwrap_err();
/// assert_eq!(e.kind, ParseErrorKind::TooDeep { max: 2 });
/// ```
pub fn parse_with_limits(
    arena: &mut Arena,
    text: &str,
    limits: ParseLimits,
) -> Result<GameId, ParseError> {
    let expr = parse_expr(text, limits)?;
    build(arena, &expr).map_err(|(pos, e)| error_at(text, pos, ParseErrorKind::Game(e)))
}

/// Parses `text` into a syntax tree without building the game (no arena needed).
///
/// # Examples
/// ```
/// use onag::partizan::game::Arena;
/// use onag::partizan::parse::{build, parse, parse_expr, ParseLimits};
///
/// let expr = parse_expr("{1|0} + *", ParseLimits::default()).unwrap();
/// let mut arena = Arena::new();
/// let built = build(&mut arena, &expr).unwrap();
/// assert_eq!(built, parse(&mut arena, "{1|0} + *").unwrap());
/// assert!(parse_expr("{1|", ParseLimits::default()).is_err());
/// ```
pub fn parse_expr(text: &str, limits: ParseLimits) -> Result<Expr, ParseError> {
    parse_expr_mode(text, limits, false)
}

/// Parses `text` in the loopy notation: the short notation plus words (`pass`, `on`, `off`,
/// `over`, `under`, `upon`, `dud`, `tis`, `tisn`, a number glued to `over`/`under`/`upon`)
/// and named positions (`a{0|a}` or `a:{0|a}`; the name may be used anywhere in the text).
/// The loopy parts are [`Expr::Word`] and [`Expr::Named`]; `crate::loopy::parse` builds them.
///
/// # Examples
/// ```
/// use onag::partizan::parse::{parse_expr, parse_loopy_expr, Expr, ParseLimits};
///
/// let e = parse_loopy_expr("a:{0|a}", ParseLimits::default()).unwrap();
/// assert!(matches!(e, Expr::Named(_, ref name, _) if name == "a"));
/// // the short notation has no such words
/// assert!(parse_expr("a:{0|a}", ParseLimits::default()).is_err());
/// ```
pub fn parse_loopy_expr(text: &str, limits: ParseLimits) -> Result<Expr, ParseError> {
    parse_expr_mode(text, limits, true)
}

fn parse_expr_mode(text: &str, limits: ParseLimits, loopy: bool) -> Result<Expr, ParseError> {
    if text.len() > limits.max_len {
        return Err(error_at(
            text,
            0,
            ParseErrorKind::TooLong {
                max: limits.max_len,
            },
        ));
    }
    let tokens = lex(text, loopy)?;
    if tokens.is_empty() {
        return Err(error_at(text, 0, ParseErrorKind::Empty));
    }
    let mut parser = Parser {
        text,
        tokens,
        at: 0,
        depth: 0,
        limits,
        loopy,
    };
    let expr = parser.expr()?;
    if let Some(tok) = parser.peek() {
        let pos = tok.pos;
        return Err(parser.unexpected(pos, "'+', '-' or the end of the game"));
    }
    Ok(expr)
}

fn error_at(text: &str, position: usize, kind: ParseErrorKind) -> ParseError {
    ParseError {
        span: Span::at(text, position),
        kind,
    }
}

/// A parsed game expression; `pos` fields are byte offsets for error messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// number + ups·↑ + *star, with the number as num / 2^exp (not yet normalised).
    Nus {
        /// Start of the literal.
        pos: usize,
        /// Numerator of the number part.
        num: i64,
        /// The number part is num / 2^exp.
        exp: u32,
        /// Multiplicity of ↑ (negative: ↓).
        ups: i64,
        /// The nimber added.
        star: u32,
    },
    /// {left | right}.
    Game {
        /// Start of the game.
        pos: usize,
        /// Left options.
        left: Vec<Expr>,
        /// Right options.
        right: Vec<Expr>,
    },
    /// a + b + …: a flat list of two or more terms, so a sum of any length is a shallow
    /// tree (parsing, building and dropping it never recurse once per term).
    Sum(Vec<Expr>),
    /// −a.
    Neg(Box<Expr>),
    /// ±(A, B, …) = {A, B, … | −A, −B, …}.
    PlusMinus(usize, Vec<Expr>),
    /// tiny-G = {0 ‖ 0 | −G}.
    Tiny(usize, Box<Expr>),
    /// miny-G = {G | 0 ‖ 0}.
    Miny(usize, Box<Expr>),
    /// k·G.
    Multiple(usize, u32, Box<Expr>),
    /// f(a, b, …), with as many arguments as `f` takes.
    Call(usize, Func, Vec<Expr>),
    /// Loopy notation only: a word — `pass`, a named loopy value (`on`, `over`, …) or the name
    /// of a position defined by [`Expr::Named`].
    Word(usize, String),
    /// Loopy notation only: `a{…}` or `a:{…}`, the game `{…}` named `a`.
    Named(usize, String, Box<Expr>),
}

struct Parser<'t> {
    text: &'t str,
    tokens: Vec<Token>,
    at: usize,
    depth: usize,
    limits: ParseLimits,
    loopy: bool,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn peek_tok(&self) -> Option<&Tok> {
        self.peek().map(|t| &t.tok)
    }

    /// The next token if it directly follows the previous one.
    fn peek_glued(&self) -> Option<&Tok> {
        self.peek().filter(|t| t.glued).map(|t| &t.tok)
    }

    fn bump(&mut self) -> Option<Token> {
        let tok = self.tokens.get(self.at).cloned();
        self.at += 1;
        tok
    }

    fn end_pos(&self) -> usize {
        self.text.len()
    }

    fn err(&self, pos: usize, kind: ParseErrorKind) -> ParseError {
        error_at(self.text, pos, kind)
    }

    fn unexpected(&self, pos: usize, expected: &'static str) -> ParseError {
        match self.tokens.iter().find(|t| t.pos == pos) {
            Some(tok) => self.err(
                pos,
                ParseErrorKind::Unexpected {
                    found: describe(&tok.tok),
                    expected,
                },
            ),
            None => self.err(pos, ParseErrorKind::UnexpectedEnd { expected }),
        }
    }

    /// The error for the next token (or the end of input) not being `expected`.
    fn expected(&self, expected: &'static str) -> ParseError {
        match self.peek() {
            Some(tok) => self.unexpected(tok.pos, expected),
            None => self.err(self.end_pos(), ParseErrorKind::UnexpectedEnd { expected }),
        }
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > self.limits.max_depth {
            let pos = self.peek().map_or(self.end_pos(), |t| t.pos);
            return Err(self.err(
                pos,
                ParseErrorKind::TooDeep {
                    max: self.limits.max_depth,
                },
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        let mut terms = vec![self.unary()?];
        while let Some(tok) = self.peek_tok() {
            let term = match tok {
                Tok::Plus => {
                    self.bump();
                    self.unary()?
                }
                Tok::Minus => {
                    self.bump();
                    // Binary minus subtracts the whole next term, `-1^2` style glue included.
                    Expr::Neg(Box::new(self.unary()?))
                }
                Tok::PlusMinus => {
                    let pos = self.bump().map_or(0, |t| t.pos);
                    self.pm(pos)?
                }
                _ => break,
            };
            terms.push(term);
        }
        Ok(if terms.len() == 1 {
            terms.swap_remove(0)
        } else {
            Expr::Sum(terms)
        })
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        if !matches!(
            self.peek_tok(),
            Some(Tok::Minus) | Some(Tok::Plus) | Some(Tok::PlusMinus)
        ) {
            return self.primary();
        }
        self.enter()?;
        let result = match self.peek_tok() {
            Some(Tok::Minus) => {
                let minus = self.bump().map_or(0, |t| t.pos);
                let next_is_glued_int = matches!(self.peek_glued(), Some(Tok::Int(_)));
                let next_is_dot =
                    matches!(self.tokens.get(self.at + 1).map(|t| &t.tok), Some(Tok::Dot));
                if next_is_glued_int && !next_is_dot {
                    // CGSuite: the sign belongs to the number only (`-1^2` = −1 + ⇑).
                    self.compact(Some(minus))
                } else {
                    Ok(Expr::Neg(Box::new(self.unary()?)))
                }
            }
            Some(Tok::Plus) => {
                self.bump();
                self.unary()
            }
            Some(Tok::PlusMinus) => {
                let pos = self.bump().map_or(0, |t| t.pos);
                self.pm(pos)
            }
            _ => self.primary(),
        };
        self.leave();
        result
    }

    /// The operand of ±: a parenthesised list, or one unary term.
    fn pm(&mut self, pos: usize) -> Result<Expr, ParseError> {
        self.enter()?;
        let result = if self.peek_tok() == Some(&Tok::LParen) {
            self.bump();
            let mut items = vec![self.expr()?];
            while self.peek_tok() == Some(&Tok::Comma) {
                self.bump();
                items.push(self.expr()?);
            }
            self.expect(Tok::RParen, "',' or ')'")?;
            Ok(Expr::PlusMinus(pos, items))
        } else {
            Ok(Expr::PlusMinus(pos, vec![self.unary()?]))
        };
        self.leave();
        result
    }

    fn expect(&mut self, tok: Tok, expected: &'static str) -> Result<(), ParseError> {
        if self.peek_tok() == Some(&tok) {
            self.bump();
            Ok(())
        } else {
            Err(self.expected(expected))
        }
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        let Some(tok) = self.peek().cloned() else {
            return Err(self.expected("a game"));
        };
        let nests = matches!(
            tok.tok,
            Tok::LBrace | Tok::LParen | Tok::Tiny | Tok::Miny | Tok::Func(_)
        );
        if nests {
            self.enter()?;
        }
        let result = match tok.tok {
            Tok::LBrace => {
                self.bump();
                let game = self.game(tok.pos)?;
                self.expect(Tok::RBrace, "',', '|' or '}'")?;
                Ok(game)
            }
            Tok::LParen => {
                self.bump();
                let inner = self.expr()?;
                self.expect(Tok::RParen, "')'")?;
                Ok(inner)
            }
            Tok::Tiny | Tok::Miny => {
                self.bump();
                if self.peek_tok() == Some(&Tok::Minus) {
                    self.bump();
                }
                let operand = Box::new(self.primary()?);
                Ok(if tok.tok == Tok::Tiny {
                    Expr::Tiny(tok.pos, operand)
                } else {
                    Expr::Miny(tok.pos, operand)
                })
            }
            Tok::Func(func) => {
                self.bump();
                self.expect(Tok::LParen, "'(' after a function name")?;
                let mut args = vec![self.expr()?];
                while self.peek_tok() == Some(&Tok::Comma) {
                    self.bump();
                    args.push(self.expr()?);
                }
                self.expect(Tok::RParen, "',' or ')'")?;
                if args.len() == func.arity() {
                    Ok(Expr::Call(tok.pos, func, args))
                } else {
                    Err(self.err(
                        tok.pos,
                        ParseErrorKind::Arity {
                            func: func.name(),
                            expected: func.arity(),
                            found: args.len(),
                        },
                    ))
                }
            }
            Tok::Int(_)
                if matches!(self.tokens.get(self.at + 1).map(|t| &t.tok), Some(Tok::Dot)) =>
            {
                self.multiple()
            }
            Tok::Int(_) | Tok::Arrows(_) | Tok::Star => self.compact(None),
            Tok::Word(word) => {
                self.bump();
                let named = match (self.peek_tok(), self.peek_glued()) {
                    (Some(Tok::Colon), _) => {
                        self.bump();
                        true
                    }
                    (_, Some(Tok::LBrace)) => true,
                    _ => false,
                };
                if named {
                    let open = self.peek().map_or(self.end_pos(), |t| t.pos);
                    self.expect(Tok::LBrace, "'{' after a name")?;
                    self.enter()?;
                    let game = self.game(open);
                    self.leave();
                    let game = game?;
                    self.expect(Tok::RBrace, "',', '|' or '}'")?;
                    Ok(Expr::Named(tok.pos, word, Box::new(game)))
                } else {
                    self.upon_star(vec![Expr::Word(tok.pos, word)])
                }
            }
            _ => Err(self.expected("a game")),
        };
        if nests {
            self.leave();
        }
        result
    }

    fn count(&mut self, text: &str, pos: usize) -> Result<u32, ParseError> {
        let max = self.limits.max_count;
        match text.parse::<u32>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(self.err(pos, ParseErrorKind::CountTooLarge { max })),
        }
    }

    /// The multiple of ↑ a literal denotes, within [`ParseLimits::max_count`] (a run of arrows
    /// is as much a count as the digits of `^n`: `⇑⇑⇑` is 6·↑).
    fn ups(&self, ups: i64, pos: usize) -> Result<i64, ParseError> {
        let max = self.limits.max_count;
        if ups.unsigned_abs() > u64::from(max) {
            return Err(self.err(pos, ParseErrorKind::CountTooLarge { max }));
        }
        Ok(ups)
    }

    /// `k·↑`, `k·{…}`, `k·(…)`, with an optional `*n` after arrows.
    fn multiple(&mut self) -> Result<Expr, ParseError> {
        let Some(Token {
            tok: Tok::Int(digits),
            pos,
            ..
        }) = self.bump()
        else {
            return Err(self.expected("a count"));
        };
        let k = self.count(&digits, pos)?;
        self.bump(); // the dot
        match self.peek_tok() {
            Some(Tok::Arrows(n)) => {
                let ups = self.ups(*n * i64::from(k), pos)?;
                self.bump();
                let star = self.star_suffix()?;
                Ok(Expr::Nus {
                    pos,
                    num: 0,
                    exp: 0,
                    ups,
                    star,
                })
            }
            Some(Tok::LBrace) | Some(Tok::LParen) => {
                let operand = self.primary()?;
                Ok(Expr::Multiple(pos, k, Box::new(operand)))
            }
            _ => Err(self.expected("an arrow, '{' or '(' after '·'")),
        }
    }

    /// `*` or `*n` glued to what precedes it, if present.
    fn star_suffix(&mut self) -> Result<u32, ParseError> {
        if self.peek_glued() != Some(&Tok::Star) {
            return Ok(0);
        }
        self.star()
    }

    /// `*` or `*n`, the star being the next token.
    fn star(&mut self) -> Result<u32, ParseError> {
        self.bump();
        if let Some(Tok::Int(digits)) = self.peek_glued().cloned() {
            let pos = self.peek().map_or(0, |t| t.pos);
            self.bump();
            return self.count(&digits, pos);
        }
        Ok(1)
    }

    /// `[number] [arrows [count]] [* [count]]`, the number negated when `minus` is given.
    fn compact(&mut self, minus: Option<usize>) -> Result<Expr, ParseError> {
        let start = self.peek().map_or(self.end_pos(), |t| t.pos);
        let pos = minus.unwrap_or(start);
        let (mut num, mut exp) = (0i64, 0u32);
        let mut any = false;
        if let Some(Tok::Int(digits)) = self.peek_tok().cloned() {
            self.bump();
            any = true;
            num = digits
                .parse::<i64>()
                .map_err(|_| self.err(start, ParseErrorKind::NumberTooLarge))?;
            if self.peek_glued() == Some(&Tok::Slash) {
                self.bump();
                let den_pos = self.peek().map_or(self.end_pos(), |t| t.pos);
                let Some(Tok::Int(den)) = self.peek_glued().cloned() else {
                    return Err(self.expected("a denominator"));
                };
                self.bump();
                let den = den
                    .parse::<u64>()
                    .map_err(|_| self.err(den_pos, ParseErrorKind::NumberTooLarge))?;
                if !den.is_power_of_two() {
                    return Err(self.err(den_pos, ParseErrorKind::NotDyadic));
                }
                exp = den.trailing_zeros();
            }
            if minus.is_some() {
                num = -num;
            }
        }
        let mut ups = 0i64;
        let arrows_here = if any {
            self.peek_glued()
        } else {
            self.peek_tok()
        };
        if let Some(Tok::Arrows(n)) = arrows_here.cloned() {
            let arrows_pos = self.peek().map_or(0, |t| t.pos);
            ups = self.ups(n, arrows_pos)?;
            self.bump();
            any = true;
            if let Some(Tok::Int(digits)) = self.peek_glued().cloned() {
                let pos = self.peek().map_or(0, |t| t.pos);
                if n.abs() != 1 {
                    return Err(self.unexpected(pos, "a single arrow before a count"));
                }
                self.bump();
                ups = n * i64::from(self.count(&digits, pos)?);
            }
        }
        let star_here = if any {
            self.peek_glued()
        } else {
            self.peek_tok()
        };
        let mut star = 0;
        if star_here == Some(&Tok::Star) {
            star = self.star()?;
            any = true;
        }
        if !any {
            return Err(self.expected("a game"));
        }
        let nus = Expr::Nus {
            pos,
            num,
            exp,
            ups,
            star,
        };
        // Loopy notation: `3/2under` is 3/2 + under (CGSuite's pseudonumbers), `1^[on]*` is
        // 1 + upon + * (CGSuite's upon forms).
        if let Some(Tok::Word(word)) = self.peek_glued().cloned() {
            if self.loopy && matches!(word.as_str(), "over" | "under" | "upon" | "^[on]" | "v[on]")
            {
                let at = self.bump().map_or(0, |t| t.pos);
                return self.upon_star(vec![nus, Expr::Word(at, word)]);
            }
        }
        Ok(nus)
    }

    /// The star glued after an upon form (`^[on]*`, `1v[on]*3`), added to `terms`.
    fn upon_star(&mut self, mut terms: Vec<Expr>) -> Result<Expr, ParseError> {
        let upon = matches!(terms.last(), Some(Expr::Word(_, w)) if w == "^[on]" || w == "v[on]");
        if upon && self.peek_glued() == Some(&Tok::Star) {
            let pos = self.peek().map_or(0, |t| t.pos);
            let star = self.star()?;
            terms.push(Expr::Nus {
                pos,
                num: 0,
                exp: 0,
                ups: 0,
                star,
            });
        }
        Ok(if terms.len() == 1 {
            terms.swap_remove(0)
        } else {
            Expr::Sum(terms)
        })
    }

    /// The inside of `{…}`: option lists separated by runs of bars.
    fn game(&mut self, pos: usize) -> Result<Expr, ParseError> {
        let mut lists: Vec<(usize, Vec<Expr>)> = Vec::new();
        let mut bars: Vec<(usize, usize)> = Vec::new(); // (run length, position)
        loop {
            let list_pos = self.peek().map_or(self.end_pos(), |t| t.pos);
            let mut list = Vec::new();
            if !matches!(self.peek_tok(), Some(Tok::Bars(_)) | Some(Tok::RBrace)) {
                list.push(self.expr()?);
                while self.peek_tok() == Some(&Tok::Comma) {
                    self.bump();
                    list.push(self.expr()?);
                }
            }
            lists.push((list_pos, list));
            match self.peek().cloned() {
                Some(Token {
                    tok: Tok::Bars(n),
                    pos,
                    ..
                }) => {
                    self.bump();
                    bars.push((n, pos));
                }
                _ => break,
            }
        }
        if bars.is_empty() {
            return Err(self.err(pos, ParseErrorKind::MissingBar));
        }
        self.split(pos, lists, &bars)
    }

    /// Builds the nested game of `lists` separated by `bars` (one fewer than lists).
    fn split(
        &self,
        pos: usize,
        mut lists: Vec<(usize, Vec<Expr>)>,
        bars: &[(usize, usize)],
    ) -> Result<Expr, ParseError> {
        let longest = bars.iter().map(|b| b.0).max().unwrap_or(0);
        let mut at_longest = bars.iter().enumerate().filter(|(_, b)| b.0 == longest);
        let Some((i, _)) = at_longest.next() else {
            return Err(self.err(pos, ParseErrorKind::MissingBar));
        };
        if let Some((_, &(_, dup))) = at_longest.next() {
            return Err(self.err(dup, ParseErrorKind::AmbiguousBars));
        }
        let right_lists = lists.split_off(i + 1);
        let left = self.side(lists, &bars[..i])?;
        let right = self.side(right_lists, &bars[i + 1..])?;
        Ok(Expr::Game { pos, left, right })
    }

    /// One side of a split: an option list, or (with bars inside) a single nested game.
    fn side(
        &self,
        mut lists: Vec<(usize, Vec<Expr>)>,
        bars: &[(usize, usize)],
    ) -> Result<Vec<Expr>, ParseError> {
        if bars.is_empty() {
            return Ok(lists.pop().map(|l| l.1).unwrap_or_default());
        }
        let pos = lists.first().map_or(0, |l| l.0);
        Ok(vec![self.split(pos, lists, bars)?])
    }
}

/// Builds the game of a syntax tree in `arena`; errors carry the byte offset of the node.
pub fn build(arena: &mut Arena, expr: &Expr) -> Result<GameId, (usize, GameError)> {
    match expr {
        Expr::Nus {
            pos,
            num,
            exp,
            ups,
            star,
        } => {
            let number = Dyadic::new(*num, *exp).map_err(|e| (*pos, GameError::from(e)))?;
            arena.nus(number, *ups, *star).map_err(|e| (*pos, e))
        }
        Expr::Game { pos, left, right } => {
            let left = left
                .iter()
                .map(|e| build(arena, e))
                .collect::<Result<Vec<_>, _>>()?;
            let right = right
                .iter()
                .map(|e| build(arena, e))
                .collect::<Result<Vec<_>, _>>()?;
            arena.from_options(&left, &right).map_err(|e| (*pos, e))
        }
        Expr::Sum(terms) => {
            let mut acc = arena.zero();
            for term in terms {
                let x = build(arena, term)?;
                acc = arena.add(acc, x).map_err(|e| (position(term), e))?;
            }
            Ok(acc)
        }
        Expr::Neg(a) => {
            let x = build(arena, a)?;
            Ok(arena.neg(x))
        }
        Expr::PlusMinus(pos, items) => {
            let left = items
                .iter()
                .map(|e| build(arena, e))
                .collect::<Result<Vec<_>, _>>()?;
            let right: Vec<GameId> = left.iter().map(|&g| arena.neg(g)).collect();
            arena.from_options(&left, &right).map_err(|e| (*pos, e))
        }
        Expr::Tiny(pos, g) | Expr::Miny(pos, g) => {
            let x = build(arena, g)?;
            let zero = arena.zero();
            let neg = arena.neg(x);
            let inner = arena.from_options(&[zero], &[neg]).map_err(|e| (*pos, e))?;
            let tiny = arena
                .from_options(&[zero], &[inner])
                .map_err(|e| (*pos, e))?;
            Ok(if matches!(expr, Expr::Miny(..)) {
                arena.neg(tiny)
            } else {
                tiny
            })
        }
        Expr::Multiple(pos, k, g) => {
            let x = build(arena, g)?;
            multiple(arena, x, *k).map_err(|e| (*pos, e))
        }
        Expr::Call(pos, func, args) => {
            let args = args
                .iter()
                .map(|e| build(arena, e))
                .collect::<Result<Vec<_>, _>>()?;
            func.apply(arena, &args).map_err(|e| (*pos, e))
        }
        Expr::Word(pos, _) | Expr::Named(pos, _, _) => Err((
            *pos,
            GameError::Undefined("loopy notation has no short value".into()),
        )),
    }
}

/// k·g by doubling.
fn multiple(arena: &mut Arena, g: GameId, k: u32) -> Result<GameId, GameError> {
    let mut acc = arena.zero();
    let mut power = g;
    let mut k = k;
    while k > 0 {
        if k & 1 == 1 {
            acc = arena.add(acc, power)?;
        }
        k >>= 1;
        if k > 0 {
            power = arena.add(power, power)?;
        }
    }
    Ok(acc)
}

/// The byte offset where an expression starts.
fn position(expr: &Expr) -> usize {
    match expr {
        Expr::Nus { pos, .. } | Expr::Game { pos, .. } => *pos,
        Expr::Sum(terms) => terms.first().map_or(0, position),
        Expr::Neg(a) => position(a),
        Expr::PlusMinus(pos, _)
        | Expr::Tiny(pos, _)
        | Expr::Miny(pos, _)
        | Expr::Multiple(pos, _, _)
        | Expr::Call(pos, _, _)
        | Expr::Word(pos, _)
        | Expr::Named(pos, _, _) => *pos,
    }
}
