//! The Toads-and-Frogs board: squares, the notation of `docs/toads-and-frogs.md` (`TTT..FFF`, `T3.2F3`,
//! `T3□2F3`), moves and the mirror image.

use std::fmt;
use std::str::FromStr;

use crate::games::{Keyed, PartizanGame};
use crate::partizan::search::Position;
use crate::partizan::Player;
use crate::{Play, Span};

/// One square of the strip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Square {
    /// An empty square (`.` or `□`).
    Empty = 0,
    /// A toad (`T`, Left's piece, moves rightwards).
    Toad = 1,
    /// A frog (`F`, Right's piece, moves leftwards).
    Frog = 2,
}

impl Square {
    /// The square seen in the mirror: toads and frogs swap.
    pub fn mirror(self) -> Square {
        match self {
            Square::Empty => Square::Empty,
            Square::Toad => Square::Frog,
            Square::Frog => Square::Toad,
        }
    }

    fn ascii(self) -> char {
        match self {
            Square::Empty => '.',
            Square::Toad => 'T',
            Square::Frog => 'F',
        }
    }
}

/// The longest board the engine accepts (its parts are packed two bits per square into 256
/// bits, with one sentinel bit).
pub const MAX_LEN: usize = 127;

/// A Toads-and-Frogs position: a strip of squares, left to right.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::Board;
/// let b: Board = "T3□2F3".parse().unwrap();
/// assert_eq!(b.to_string(), "TTT..FFF");
/// assert_eq!(b.run_length(true), "T3□2F3");
/// assert_eq!(b.mirror(), b);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    squares: Vec<Square>,
}

/// A move: the piece on `from` goes to `to` (one step, or a jump over one enemy piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: usize,
    /// The square it lands on.
    pub to: usize,
}

/// Why a board text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No squares at all.
    #[error("empty board: write squares like TTT..FFF or T3.2F3")]
    Empty,
    /// A character that is not `T`, `F`, `.`, `□`, a count or `^`.
    #[error(
        "unexpected '{found}' at {span}: squares are T, F, '.' or '□', each optionally \
        followed by a count"
    )]
    UnexpectedChar {
        /// Where in the text.
        span: Span,
        /// The character found.
        found: char,
    },
    /// A count with nothing before it to repeat (`3T`) or a `^` without a count.
    #[error("count at {span} does not follow a square")]
    DanglingCount {
        /// Where in the text.
        span: Span,
    },
    /// A repeat count of zero.
    #[error("zero repeat count at {span}")]
    ZeroCount {
        /// Where in the text.
        span: Span,
    },
    /// More squares than [`MAX_LEN`].
    #[error("board of {len} squares is longer than the limit of {max}")]
    TooLong {
        /// The length asked for (saturating).
        len: usize,
        /// The limit.
        max: usize,
    },
}

impl BoardError {
    /// Where the error is, if at one place.
    pub fn span(&self) -> Option<Span> {
        match self {
            BoardError::UnexpectedChar { span, .. }
            | BoardError::DanglingCount { span }
            | BoardError::ZeroCount { span } => Some(*span),
            BoardError::Empty | BoardError::TooLong { .. } => None,
        }
    }
}

/// Why a move was rejected by [`Play::play`] on a [`Board`]: no piece on `from` can reach `to`
/// (off the board, an empty square, a blocked step or jump, or not one or two squares in the
/// piece's direction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no piece can move from square {} to square {}", .0.from + 1, .0.to + 1)]
pub struct IllegalMove(pub Move);

impl FromStr for Board {
    type Err = BoardError;

    /// Parses `TTT..FFF`, `T3.2F3`, `T3□2F3` or `T□TF□F□^6` (a count, optionally after `^`,
    /// repeats the square before it); whitespace is ignored.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let chars: Vec<char> = text.chars().collect();
        let at = |i: usize| Span::at_char(text, i);
        let mut squares = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let square = match c {
                'T' | 't' => Square::Toad,
                'F' | 'f' => Square::Frog,
                '.' | '□' | '_' => Square::Empty,
                c if c.is_whitespace() => {
                    i += 1;
                    continue;
                }
                c if c.is_ascii_digit() || c == '^' => {
                    return Err(BoardError::DanglingCount { span: at(i) })
                }
                found => return Err(BoardError::UnexpectedChar { span: at(i), found }),
            };
            i += 1;
            let count_at = i;
            if chars.get(i) == Some(&'^') {
                i += 1;
                if !chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
                    return Err(BoardError::DanglingCount { span: at(count_at) });
                }
            }
            let mut count: Option<usize> = None;
            while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                let c = count.unwrap_or(0);
                count = Some(c.saturating_mul(10).saturating_add(d as usize));
                i += 1;
            }
            let count = count.unwrap_or(1);
            if count == 0 {
                return Err(BoardError::ZeroCount { span: at(count_at) });
            }
            let len = squares.len() + count.min(MAX_LEN + 1);
            if len > MAX_LEN {
                return Err(BoardError::TooLong {
                    len: squares.len().saturating_add(count),
                    max: MAX_LEN,
                });
            }
            squares.extend(std::iter::repeat_n(square, count));
        }
        if squares.is_empty() {
            return Err(BoardError::Empty);
        }
        Ok(Board { squares })
    }
}

impl fmt::Display for Board {
    /// The plain notation, one character per square: `TTT..FFF`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.squares {
            write!(f, "{}", s.ascii())?;
        }
        Ok(())
    }
}

impl Board {
    /// A board from its squares; `Err` when longer than [`MAX_LEN`] or empty.
    pub fn new(squares: Vec<Square>) -> Result<Board, BoardError> {
        if squares.is_empty() {
            return Err(BoardError::Empty);
        }
        if squares.len() > MAX_LEN {
            return Err(BoardError::TooLong {
                len: squares.len(),
                max: MAX_LEN,
            });
        }
        Ok(Board { squares })
    }

    /// T^toads □^blanks F^frogs, the starting position of the research families.
    pub fn standard(toads: usize, blanks: usize, frogs: usize) -> Result<Board, BoardError> {
        let len = toads.saturating_add(blanks).saturating_add(frogs);
        if len > MAX_LEN {
            return Err(BoardError::TooLong { len, max: MAX_LEN });
        }
        let mut squares = vec![Square::Toad; toads];
        squares.extend(std::iter::repeat_n(Square::Empty, blanks));
        squares.extend(std::iter::repeat_n(Square::Frog, frogs));
        Board::new(squares)
    }

    /// Builds a board from squares the caller knows to be short enough (parts of a board).
    pub(crate) fn from_squares(squares: Vec<Square>) -> Board {
        Board { squares }
    }

    /// The squares, left to right.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// Number of squares.
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// Whether the board has no squares (never, for a parsed board).
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// The run-length notation: `T3.2F3` (ASCII) or `T3□2F3` (Unicode); a run of one square
    /// has no count.
    pub fn run_length(&self, unicode: bool) -> String {
        let mut out = String::new();
        let mut i = 0;
        while i < self.squares.len() {
            let s = self.squares[i];
            let mut j = i;
            while j < self.squares.len() && self.squares[j] == s {
                j += 1;
            }
            out.push(if unicode && s == Square::Empty {
                '□'
            } else {
                s.ascii()
            });
            if j - i > 1 {
                out.push_str(&(j - i).to_string());
            }
            i = j;
        }
        out
    }

    /// The mirror image: reversed, toads and frogs swapped. Its value is the negative.
    pub fn mirror(&self) -> Board {
        Board {
            squares: self.squares.iter().rev().map(|s| s.mirror()).collect(),
        }
    }

    /// `self`, the dead wall `TTFF`, then `other`: the value is the sum of the two values.
    pub fn joined(&self, other: &Board) -> Result<Board, BoardError> {
        let mut squares = self.squares.clone();
        squares.extend([Square::Toad, Square::Toad, Square::Frog, Square::Frog]);
        squares.extend_from_slice(&other.squares);
        Board::new(squares)
    }

    /// The legal moves of `player`, left to right by the square the piece leaves.
    pub fn moves(&self, player: Player) -> Vec<Move> {
        let mut out = Vec::new();
        moves_of(&self.squares, player, |from, to| {
            out.push(Move { from, to })
        });
        out
    }

    /// The positions `player` can move to.
    pub fn options(&self, player: Player) -> Vec<Board> {
        self.moves(player)
            .into_iter()
            .map(|m| self.play_unchecked(m))
            .collect()
    }
}

/// Moves on a strip: a move is legal when it is one of [`Board::moves`] for the player whose
/// piece stands on `from` (a toad for Left, a frog for Right).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{Board, IllegalMove, Move};
/// use onag::Play;
///
/// let board: Board = "TF.".parse().unwrap();
/// let onto = Move { from: 1, to: 0 };
/// assert_eq!(board.play(onto), Err(IllegalMove(onto))); // a frog cannot step onto a toad
/// assert_eq!(board.play(Move { from: 1, to: 2 }), Err(IllegalMove(Move { from: 1, to: 2 })));
/// assert_eq!(board.play(Move { from: 0, to: 2 }).unwrap().to_string(), ".FT");
/// ```
impl Play for Board {
    type Move = Move;
    type Error = IllegalMove;

    fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let player = match self.squares.get(mv.from) {
            Some(Square::Toad) => Player::Left,
            Some(Square::Frog) => Player::Right,
            _ => return Err(IllegalMove(mv)),
        };
        let mut legal = false;
        moves_of(&self.squares, player, |from, to| {
            legal |= from == mv.from && to == mv.to
        });
        if legal {
            Ok(())
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// Swaps the squares `from` and `to`. On an illegal move that is still a swap (so the
    /// board may hold a piece that moved backwards, or over two pieces); a square off the board
    /// leaves the board as it is.
    fn play_unchecked(&self, mv: Move) -> Board {
        let mut squares = self.squares.clone();
        if mv.from < squares.len() && mv.to < squares.len() {
            squares.swap(mv.from, mv.to);
        }
        Board { squares }
    }
}

/// Calls `visit(from, to)` for every legal move of `player` on `squares`: a toad steps right
/// into an empty square or jumps one frog into the empty square beyond; frogs mirror that.
pub(crate) fn moves_of(squares: &[Square], player: Player, mut visit: impl FnMut(usize, usize)) {
    let n = squares.len();
    match player {
        Player::Left => {
            for i in 0..n {
                if squares[i] != Square::Toad {
                    continue;
                }
                match squares.get(i + 1) {
                    Some(Square::Empty) => visit(i, i + 1),
                    Some(Square::Frog) if squares.get(i + 2) == Some(&Square::Empty) => {
                        visit(i, i + 2)
                    }
                    _ => {}
                }
            }
        }
        Player::Right => {
            for i in 0..n {
                if squares[i] != Square::Frog || i == 0 {
                    continue;
                }
                match squares[i - 1] {
                    Square::Empty => visit(i, i - 1),
                    Square::Toad if i >= 2 && squares[i - 2] == Square::Empty => visit(i, i - 2),
                    _ => {}
                }
            }
        }
    }
}

impl Position for Board {
    fn options(&self, player: Player) -> Vec<Board> {
        Board::options(self, player)
    }
}

/// Toads and Frogs on the generic partizan solver: its values agree with the specialised
/// [`Solver`](super::Solver) and its reductions (the tests compare them), and the registry's
/// faces (`onag game`, `/api/game/analyze`) work for it.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{Board, Solver};
/// use onag::games::PartizanSolver;
///
/// let stop = onag::StopFlag::new();
/// let board: Board = "T.TF.F".parse().unwrap();
/// let mut generic = PartizanSolver::new();
/// let g = generic.canonical(&board, &stop).unwrap();
/// let name = onag::partizan::name::name(generic.arena(), g, Default::default());
/// let mut fast = Solver::new();
/// let h = fast.value(&board).unwrap();
/// assert_eq!(name, onag::partizan::name::name(fast.arena(), h, Default::default()));
/// ```
impl PartizanGame for Board {
    fn options(&self, player: Player) -> Vec<Self> {
        Board::options(self, player)
    }

    /// A board and its mirror (reversed, toads and frogs swapped) are negatives.
    fn symmetric_key(&self) -> Keyed<Self> {
        let mirror = self.mirror();
        if mirror < *self {
            Keyed {
                key: mirror,
                negated: true,
            }
        } else {
            Keyed {
                key: self.clone(),
                negated: false,
            }
        }
    }

    fn move_label(&self, player: Player, after: &Self) -> String {
        self.moves(player)
            .into_iter()
            .find(|&m| self.play_unchecked(m) == *after)
            .map_or_else(
                || after.to_string(),
                |m| format!("{}→{}", m.from + 1, m.to + 1),
            )
    }
}
