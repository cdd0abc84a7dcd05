//! Hare and Hounds, the French military game (*Winning Ways* 2nd ed. vol. 3 ch. 20, "Fox and
//! Geese; Hare and Hounds"; E. Lucas, *Récréations mathématiques* vol. 3, 1893; M. Gardner,
//! *Scientific American*, Oct. 1963).
//!
//! The board has 11 points: a 3 × 3 grid (columns 1–3) with one point at each end of the
//! middle row (columns 0 and 4). The lines join neighbours in a row or a column, each end
//! point to the three points of the column next to it, and the centre point to the four
//! corners of the grid. Three hounds start on the left (the left end point and the top and
//! bottom points of column 1), the hare on the right end point. A move is a step along a line
//! to an empty point: a hound steps forward (rightwards) or sideways (in its column), never
//! back; the hare steps anywhere. The hounds win by trapping the hare (the hare to move has
//! no move); the hare wins by escaping — standing left of every hound, where no hound can
//! ever reach it — or when the hounds stall: the traditional rule (as Lucas and Gardner give
//! it) is that ten hound moves in a row that do not advance lose for the hounds. Here the
//! limit is a parameter: [`Position::with_stall_limit`]`(0)` drops the rule, and endless play
//! is then a draw. A hound side with no move loses (normal play).
//!
//! As a loopy game the hounds are Left and the hare is Right; a position where the hare has
//! won gives the hounds no move and the hare a pass (so it is lost for the hounds whoever is
//! to move).

use std::fmt;
use std::str::FromStr;

use super::{explore_indexed, LoopyRules};
use crate::games::page::{BoardPoint, PointBoard};
use crate::loopy::components::Values;
use crate::loopy::graph::LoopyGame;
use crate::loopy::name::name;
use crate::loopy::outcome::{Outcomes, Result3};
use crate::loopy::report::sided_name;
use crate::loopy::sides::sides;
use crate::loopy::LoopyError;
use crate::partizan::Player;
use crate::StopFlag;

/// The number of points.
pub const POINTS: usize = 11;

/// The traditional stalling limit: the hare wins when the hounds make this many moves in a
/// row that do not advance.
pub const STALL_LIMIT: u8 = 10;

/// (column, row) of each point: 0 is the left end, 1–9 the grid column by column (rows 0 =
/// top, 1 = middle, 2 = bottom), 10 the right end.
const COORDS: [(u8, u8); POINTS] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
    (3, 0),
    (3, 1),
    (3, 2),
    (4, 1),
];

/// The lines of the board, as pairs of points.
const LINES: [(u8, u8); 22] = [
    // rows
    (1, 4),
    (4, 7),
    (3, 6),
    (6, 9),
    (0, 2),
    (2, 5),
    (5, 8),
    (8, 10),
    // columns
    (1, 2),
    (2, 3),
    (4, 5),
    (5, 6),
    (7, 8),
    (8, 9),
    // the end points to the corners of the columns next to them
    (0, 1),
    (0, 3),
    (10, 7),
    (10, 9),
    // the centre to the four corners
    (5, 1),
    (5, 3),
    (5, 7),
    (5, 9),
];

/// The board as a page draws it: point `p` is drawn at `COORDS[p]`, its character the
/// notation's (row, index) — rows 0 and 2 start at column 1, the middle row at column 0.
pub const BOARD: PointBoard = PointBoard {
    points: &[
        point(1, 0, 0, 1),
        point(0, 0, 1, 0),
        point(1, 1, 1, 1),
        point(2, 0, 1, 2),
        point(0, 1, 2, 0),
        point(1, 2, 2, 1),
        point(2, 1, 2, 2),
        point(0, 2, 3, 0),
        point(1, 3, 3, 1),
        point(2, 2, 3, 2),
        point(1, 4, 4, 1),
    ],
    lines: &LINES_ARRAYS,
    counter: "hound moves in a row that did not advance",
};

const fn point(row: u8, index: u8, x: u8, y: u8) -> BoardPoint {
    BoardPoint {
        cell: [row, index],
        at: [x, y],
    }
}

const LINES_ARRAYS: [[u8; 2]; 22] = {
    let mut out = [[0u8; 2]; 22];
    let mut i = 0;
    while i < 22 {
        out[i] = [LINES[i].0, LINES[i].1];
        i += 1;
    }
    out
};

fn neighbours(p: u8) -> impl Iterator<Item = u8> {
    LINES.iter().filter_map(move |&(a, b)| match p {
        _ if a == p => Some(b),
        _ if b == p => Some(a),
        _ => None,
    })
}

/// A position: where the hounds and the hare stand, and the hounds' moves in a row that did
/// not advance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// One bit per point holding a hound (three bits set).
    hounds: u16,
    /// The hare's point.
    hare: u8,
    /// Hound moves in a row that did not advance.
    stalls: u8,
    /// The stalling limit (0: no limit).
    limit: u8,
}

/// Why a position did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not three rows of 3, 5 and 3 points.
    #[error("a position is three rows of 3, 5 and 3 points separated by '/', e.g. H../H...R/H..")]
    Shape,
    /// A character other than `H`, `R`, `.`.
    #[error("unexpected '{0}' (a point is H hound, R hare or . empty)")]
    BadChar(char),
    /// Not three hounds and one hare.
    #[error("a position has three hounds (H) and one hare (R)")]
    Pieces,
    /// The count after the board is not a number of stalling moves.
    #[error(
        "after the board comes the hound moves in a row that did not advance, 0 to {STALL_LIMIT}"
    )]
    Stalls,
}

impl Position {
    /// The start: hounds on the left end and the top and bottom of column 1, the hare on the
    /// right end; the traditional stalling limit.
    pub fn start() -> Position {
        Position {
            hounds: 1 << 0 | 1 << 1 | 1 << 3,
            hare: 10,
            stalls: 0,
            limit: STALL_LIMIT,
        }
    }

    /// The same position under stalling limit `limit` (0: none, endless play is a draw; the
    /// stalling moves counted are kept, at most `limit`).
    pub fn with_stall_limit(self, limit: u8) -> Position {
        Position {
            limit,
            stalls: self.stalls.min(limit),
            ..self
        }
    }

    /// The points holding hounds.
    pub fn hounds(&self) -> Vec<u8> {
        (0..POINTS as u8)
            .filter(|&p| self.hounds >> p & 1 == 1)
            .collect()
    }

    /// The hare's point.
    pub fn hare(&self) -> u8 {
        self.hare
    }

    /// The hounds' moves in a row that did not advance (0 without a stalling limit).
    pub fn stalls(&self) -> u8 {
        self.stalls
    }

    /// Whether the hare has won: it stands left of every hound, or the hounds stalled.
    pub fn hare_has_won(&self) -> bool {
        let column = |p: u8| COORDS[p as usize].0;
        let escaped = self.hounds().iter().all(|&h| column(self.hare) < column(h));
        escaped || (self.limit > 0 && self.stalls >= self.limit)
    }

    fn occupied(&self, p: u8) -> bool {
        self.hounds >> p & 1 == 1 || self.hare == p
    }
}

impl LoopyRules for Position {
    fn options(&self, player: Player) -> Vec<Position> {
        if self.hare_has_won() {
            // the hounds have lost; the hare passes
            return match player {
                Player::Left => Vec::new(),
                Player::Right => vec![*self],
            };
        }
        let mut out = Vec::new();
        match player {
            Player::Left => {
                for h in self.hounds() {
                    for to in neighbours(h) {
                        let (from_col, to_col) = (COORDS[h as usize].0, COORDS[to as usize].0);
                        if to_col < from_col || self.occupied(to) {
                            continue;
                        }
                        let stalls = if to_col == from_col {
                            self.stalls.saturating_add(1)
                        } else {
                            0
                        };
                        out.push(Position {
                            hounds: self.hounds & !(1 << h) | 1 << to,
                            stalls: if self.limit == 0 { 0 } else { stalls },
                            ..*self
                        });
                    }
                }
            }
            Player::Right => {
                for to in neighbours(self.hare) {
                    if !self.occupied(to) {
                        out.push(Position { hare: to, ..*self });
                    }
                }
            }
        }
        out
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// `H../H...R/H..` (top row of columns 1–3, middle row of columns 0–4, bottom row), then
    /// optionally a space and the hound moves in a row that did not advance (`H../.H..R/H.. 2`),
    /// or `start`; the traditional stalling limit.
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let s = s.trim();
        if s == "start" {
            return Ok(Position::start());
        }
        let (s, stalls) = match s.split_once(' ') {
            Some((board, count)) => match count.trim().parse::<u8>() {
                Ok(n) if n <= STALL_LIMIT => (board, n),
                _ => return Err(PositionError::Stalls),
            },
            None => (s, 0),
        };
        let rows: Vec<&str> = s.split('/').collect();
        let lens: Vec<usize> = rows.iter().map(|r| r.chars().count()).collect();
        if lens != [3, 5, 3] {
            return Err(PositionError::Shape);
        }
        let mut points = Vec::new();
        for (row, text) in rows.iter().enumerate() {
            for (i, c) in text.chars().enumerate() {
                let column = if row == 1 { i } else { i + 1 };
                let p = COORDS
                    .iter()
                    .position(|&(x, y)| x as usize == column && y as usize == row)
                    .ok_or(PositionError::Shape)?;
                points.push((p as u8, c));
            }
        }
        let (mut hounds, mut hare) = (0u16, None);
        for (p, c) in points {
            match c {
                'H' | 'h' => hounds |= 1 << p,
                'R' | 'r' if hare.is_none() => hare = Some(p),
                'R' | 'r' => return Err(PositionError::Pieces),
                '.' => {}
                c => return Err(PositionError::BadChar(c)),
            }
        }
        match hare {
            Some(hare) if hounds.count_ones() == 3 => Ok(Position {
                hounds,
                hare,
                stalls,
                limit: STALL_LIMIT,
            }),
            _ => Err(PositionError::Pieces),
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3u8 {
            if row > 0 {
                f.write_str("/")?;
            }
            for p in 0..POINTS as u8 {
                if COORDS[p as usize].1 != row {
                    continue;
                }
                let c = if self.hounds >> p & 1 == 1 {
                    'H'
                } else if self.hare == p {
                    'R'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
        }
        if self.stalls > 0 {
            write!(f, " {}", self.stalls)?;
        }
        Ok(())
    }
}

/// Who wins a position of Hare and Hounds with each side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HareAndHoundsReport {
    /// The position (`H../H...R/H..`).
    pub position: String,
    /// The stalling limit (0: none, endless play is a draw).
    pub stall_limit: u8,
    /// The result for the hounds when they move first.
    pub hounds_first: Result3,
    /// The result for the hare when it moves first.
    pub hare_first: Result3,
    /// Positions reachable (the game graph).
    pub positions: usize,
    /// The loopy value, hounds Left and hare Right: the canonical stopper under a stalling
    /// limit (the hounds cannot move for ever, so no play alternates for ever), else the
    /// sides `G⁺ & G⁻` found by sidling; `None` when sidling finds no stopper sides.
    pub value: Option<String>,
    /// Distinct values among the positions reachable (stoppers only).
    pub distinct_values: Option<usize>,
}

/// The outcome of `position` with each side to move, by retrograde analysis of every
/// position reachable, and its loopy value: under a stalling limit the game is a stopper and
/// its value is computed one strongly connected component at a time
/// ([`crate::loopy::components`], as for Fox and Geese); without one, by sidling.
///
/// # Examples
/// ```
/// use onag::loopy::games::hare_and_hounds::{analyse, Position};
///
/// let r = analyse(&Position::start(), &onag::StopFlag::new()).unwrap();
/// assert!(r.positions > 1000);
/// // the hounds win whoever starts: the value is positive
/// assert_eq!(r.value.as_deref(), Some("over"));
/// ```
pub fn analyse(position: &Position, stop: &StopFlag) -> Result<HareAndHoundsReport, LoopyError> {
    let (game, _): (LoopyGame, _) = explore_indexed(position, 1 << 20, stop)?;
    let o = Outcomes::of_with_stop(&game.graph, stop)?.at(game.start);
    let (value, distinct_values) = if game.is_stopper() {
        let values = Values::of(&game.graph, stop)?;
        (
            Some(name(&values.stopper(game.start, stop)?)),
            Some(values.distinct),
        )
    } else {
        (sides(&game, stop)?.map(|s| sided_name(&s)), None)
    };
    Ok(HareAndHoundsReport {
        position: position.to_string(),
        stall_limit: position.limit,
        hounds_first: o.left_first,
        hare_first: o.right_first,
        positions: game.graph.len(),
        value,
        distinct_values,
    })
}

/// The loopy value of every position reachable from `position` under a stalling limit (a
/// stopper graph): the graph, each position's vertex and the values.
/// [`LoopyError::NotStopper`] without a stalling limit.
pub fn values(
    position: &Position,
    stop: &StopFlag,
) -> Result<(LoopyGame, std::collections::HashMap<Position, u32>, Values), LoopyError> {
    let (game, index) = explore_indexed(position, 1 << 20, stop)?;
    let values = Values::of(&game.graph, stop)?;
    Ok((game, index, values))
}
