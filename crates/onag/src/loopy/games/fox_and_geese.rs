//! Fox and Geese (*Winning Ways* ch. 20; Siegel, *Combinatorial Game Theory* ch. VI): on the
//! dark squares of a checkerboard, the geese (Left) each step one square diagonally forward,
//! the fox (Right) one square diagonally in any direction; no piece is ever taken. A player who
//! cannot move loses, so the geese win by trapping the fox. The geese have finitely many moves
//! while the fox may run back and forth for ever: the game is loopy, yet a stopper (no play
//! alternates for ever), and a fox that gets behind the geese is worth `off`.
//!
//! Coordinates follow CGSuite's `FoxAndGeese`: squares (row, column) numbered from 1, the
//! dark squares are those with row + column even, and the geese move towards row 1 (from
//! (r, c) to (r − 1, c ± 1)). The board here is finite: `height` rows and `width` columns
//! (8 × 8 is *Winning Ways*' board).
//!
//! Notation: the rows from row 1 to the last, separated by `/`, each a string of `width`
//! characters: `G` a goose, `F` the fox, `.` an empty square (light squares are written `.`
//! too and may hold no piece). The 8 × 8 start with the fox on (1, 1) is
//! `F......./......../......../......../......../......../......../.G.G.G.G`.

use std::fmt;
use std::str::FromStr;

use super::{explore_indexed, LoopyRules};
use crate::loopy::components::Values;
use crate::loopy::name::name;
use crate::loopy::outcome::{LoopyOutcome, Outcomes};
use crate::loopy::LoopyError;
use crate::partizan::Player;
use crate::StopFlag;

/// A Fox and Geese position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    geese: u64,
    fox: u8,
    width: u8,
    height: u8,
}

/// Why a position did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A character other than `G`, `F`, `.`, `/`.
    #[error("unexpected '{0}' (a row is G, F and ., rows are separated by /)")]
    BadChar(char),
    /// Rows of different lengths, or no rows.
    #[error("every row must have the same number of squares")]
    Ragged,
    /// More than 64 squares.
    #[error("a board has at most 64 squares")]
    TooLarge,
    /// Not exactly one fox.
    #[error("a position has exactly one fox (found {0})")]
    Foxes(usize),
    /// A piece on a light square (row, column).
    #[error(
        "a piece on the light square (row {0}, column {1}): pieces stand on squares with row + \
         column even"
    )]
    LightSquare(usize, usize),
}

impl Position {
    /// The start of *Winning Ways*' game on a `width` × `height` board: a goose on every dark
    /// square of the last row, the fox on row 1, column `fox_column` (both from 1).
    ///
    /// # Examples
    /// ```
    /// use onag::loopy::games::fox_and_geese::Position;
    ///
    /// let p = Position::start(8, 8, 1).unwrap();
    /// assert_eq!(p.to_string(), "F......./......../......../......../......../......../......../.G.G.G.G");
    /// ```
    pub fn start(
        width: usize,
        height: usize,
        fox_column: usize,
    ) -> Result<Position, PositionError> {
        if width * height > 64 || width == 0 || height == 0 {
            return Err(PositionError::TooLarge);
        }
        if fox_column == 0 || fox_column > width || fox_column.is_multiple_of(2) {
            return Err(PositionError::LightSquare(1, fox_column));
        }
        let mut geese = 0u64;
        let r = height - 1;
        for c in 0..width {
            if (r + c).is_multiple_of(2) && (r, c) != (0, fox_column - 1) {
                geese |= 1 << (r * width + c);
            }
        }
        Ok(Position {
            geese,
            fox: (fox_column - 1) as u8,
            width: width as u8,
            height: height as u8,
        })
    }

    /// Board width.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The fox's square (row, column), from 1.
    pub fn fox(&self) -> (usize, usize) {
        let w = self.width();
        (self.fox as usize / w + 1, self.fox as usize % w + 1)
    }

    /// The geese's squares (row, column), from 1.
    pub fn geese(&self) -> Vec<(usize, usize)> {
        let w = self.width();
        (0..64)
            .filter(|&i| self.geese >> i & 1 == 1)
            .map(|i| (i / w + 1, i % w + 1))
            .collect()
    }

    /// The same geese with the fox on (row, column), if that square is a free dark square.
    pub fn with_fox(&self, row: usize, column: usize) -> Option<Position> {
        let (w, h) = (self.width(), self.height());
        if row == 0 || column == 0 || row > h || column > w || !(row + column).is_multiple_of(2) {
            return None;
        }
        let sq = (row - 1) * w + column - 1;
        (self.geese >> sq & 1 == 0).then_some(Position {
            fox: sq as u8,
            ..*self
        })
    }

    fn step(&self, from: usize, dr: isize, dc: isize) -> Option<usize> {
        let (w, h) = (self.width() as isize, self.height() as isize);
        let (r, c) = ((from as isize) / w + dr, (from as isize) % w + dc);
        if r < 0 || c < 0 || r >= h || c >= w {
            return None;
        }
        let to = (r * w + c) as usize;
        (self.geese >> to & 1 == 0 && to != self.fox as usize).then_some(to)
    }
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let rows: Vec<&str> = s.trim().split('/').collect();
        let width = rows[0].chars().count();
        if width == 0 || rows.iter().any(|r| r.chars().count() != width) {
            return Err(PositionError::Ragged);
        }
        if width * rows.len() > 64 {
            return Err(PositionError::TooLarge);
        }
        let (mut geese, mut foxes) = (0u64, Vec::new());
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let piece = match ch {
                    'G' | 'g' => Some(true),
                    'F' | 'f' => Some(false),
                    '.' => None,
                    ch => return Err(PositionError::BadChar(ch)),
                };
                if let Some(goose) = piece {
                    if (r + c) % 2 != 0 {
                        return Err(PositionError::LightSquare(r + 1, c + 1));
                    }
                    let sq = r * width + c;
                    if goose {
                        geese |= 1 << sq;
                    } else {
                        foxes.push(sq);
                    }
                }
            }
        }
        if foxes.len() != 1 {
            return Err(PositionError::Foxes(foxes.len()));
        }
        Ok(Position {
            geese,
            fox: foxes[0] as u8,
            width: width as u8,
            height: rows.len() as u8,
        })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = self.width();
        for r in 0..self.height() {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..w {
                let sq = r * w + c;
                f.write_str(if sq == self.fox as usize {
                    "F"
                } else if self.geese >> sq & 1 == 1 {
                    "G"
                } else {
                    "."
                })?;
            }
        }
        Ok(())
    }
}

impl LoopyRules for Position {
    fn options(&self, player: Player) -> Vec<Position> {
        let mut out = Vec::new();
        match player {
            Player::Left => {
                let mut g = self.geese;
                while g != 0 {
                    let from = g.trailing_zeros() as usize;
                    g &= g - 1;
                    for dc in [-1, 1] {
                        if let Some(to) = self.step(from, -1, dc) {
                            out.push(Position {
                                geese: self.geese & !(1 << from) | 1 << to,
                                ..*self
                            });
                        }
                    }
                }
            }
            Player::Right => {
                for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                    if let Some(to) = self.step(self.fox as usize, dr, dc) {
                        out.push(Position {
                            fox: to as u8,
                            ..*self
                        });
                    }
                }
            }
        }
        out
    }
}

/// The value of a Fox and Geese position, and of the fox on every other square it can reach
/// with the same geese.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// The position, in the notation of this module.
    pub position: String,
    /// Its value, a canonical stopper named as CGSuite does (`2over` is 2 + over).
    pub value: String,
    /// The outcome with draws (retrograde analysis of the whole game graph).
    pub outcome: LoopyOutcome,
    /// The outcome as text (L, R, P, N).
    pub outcome_text: String,
    /// Positions reachable from it.
    pub positions: usize,
    /// Strongly connected components of the game graph.
    pub components: usize,
    /// Distinct values met (vertices of the graph of values).
    pub distinct_values: usize,
    /// Comparisons asked and the pair states they explored.
    pub comparisons: u64,
    /// Pair states explored by the comparisons.
    pub comparison_states: u64,
    /// Positions of the value's canonical stopper.
    pub canonical_positions: usize,
    /// The same geese with the fox on each dark square it can reach, with its value.
    pub fox_squares: Vec<FoxSquare>,
}

/// The value with the fox on one square.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FoxSquare {
    /// Row, from 1.
    pub row: usize,
    /// Column, from 1.
    pub column: usize,
    /// The value.
    pub value: String,
    /// The outcome (L, R, P, N).
    pub outcome: String,
}

/// The report of `position`, exploring at most `max_positions` positions; progress in
/// positions valued is reported through `stop` (its total set to the positions found).
///
/// # Examples
/// ```
/// use onag::loopy::games::fox_and_geese::{analyse, Position};
///
/// let r = analyse(&Position::start(4, 4, 1).unwrap(), 10_000, &onag::StopFlag::new()).unwrap();
/// assert_eq!((r.value.as_str(), r.outcome_text.as_str()), ("over", "L"));
/// ```
pub fn analyse(
    position: &Position,
    max_positions: usize,
    stop: &StopFlag,
) -> Result<Report, LoopyError> {
    let (game, index) = explore_indexed(position, max_positions, stop)?;
    let outcomes = Outcomes::of(&game.graph);
    let values = Values::of(&game.graph, stop)?;
    let s = values.stopper(game.start, stop)?;
    let mut fox_squares = Vec::new();
    for r in 1..=position.height() {
        for c in 1..=position.width() {
            let Some(v) = position.with_fox(r, c).and_then(|p| index.get(&p)) else {
                continue;
            };
            fox_squares.push(FoxSquare {
                row: r,
                column: c,
                value: name(&values.stopper(*v, stop)?),
                outcome: outcomes.at(*v).to_string(),
            });
        }
    }
    let (comparisons, comparison_states) = values.comparisons();
    let outcome = outcomes.at(game.start);
    Ok(Report {
        position: position.to_string(),
        value: name(&s),
        outcome,
        outcome_text: outcome.to_string(),
        positions: game.graph.len(),
        components: values.components,
        distinct_values: values.distinct,
        comparisons,
        comparison_states,
        canonical_positions: s.game().graph.len(),
        fox_squares,
    })
}
