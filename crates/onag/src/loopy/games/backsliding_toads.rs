//! Backsliding Toads and Frogs (Siegel, *Combinatorial Game Theory* ch. VI; *Winning Ways*
//! ch. 1 for the unloopy game): Toads and Frogs where a creature may also step back one square
//! into an empty square. Toads (`T`, Left) move right one square into an empty square or jump
//! over exactly one frog into the empty square beyond; frogs (`F`, Right) likewise leftwards.
//! Stepping back makes play loopy.

use std::fmt;
use std::str::FromStr;

use super::LoopyRules;
use crate::partizan::Player;

/// A strip of squares: `T` toad, `F` frog, `.` empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board(Vec<u8>);

/// Why a board did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A character other than `T`, `F`, `.`.
    #[error("unexpected '{0}' (a board is T, F and .)")]
    BadChar(char),
    /// Longer than 24 squares.
    #[error("a board has at most 24 squares")]
    TooLong,
}

impl FromStr for Board {
    type Err = BoardError;
    fn from_str(s: &str) -> Result<Board, BoardError> {
        let cells: Vec<u8> = s
            .chars()
            .map(|c| match c {
                'T' | 't' => Ok(b'T'),
                'F' | 'f' => Ok(b'F'),
                '.' | '□' => Ok(b'.'),
                c => Err(BoardError::BadChar(c)),
            })
            .collect::<Result<_, _>>()?;
        if cells.len() > 24 {
            return Err(BoardError::TooLong);
        }
        Ok(Board(cells))
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.0))
    }
}

impl Board {
    /// The board reversed with toads and frogs exchanged: its value is the negative.
    pub fn mirror(&self) -> Board {
        Board(
            self.0
                .iter()
                .rev()
                .map(|&c| match c {
                    b'T' => b'F',
                    b'F' => b'T',
                    c => c,
                })
                .collect(),
        )
    }
}

impl LoopyRules for Board {
    fn options(&self, player: Player) -> Vec<Board> {
        let (me, them, dir): (u8, u8, isize) = match player {
            Player::Left => (b'T', b'F', 1),
            Player::Right => (b'F', b'T', -1),
        };
        let n = self.0.len() as isize;
        let at = |i: isize| (0..n).contains(&i).then(|| self.0[i as usize]);
        let mut out = Vec::new();
        for i in 0..n {
            if at(i) != Some(me) {
                continue;
            }
            let mut to = Vec::new();
            if at(i + dir) == Some(b'.') {
                to.push(i + dir); // step forward
            }
            if at(i + dir) == Some(them) && at(i + 2 * dir) == Some(b'.') {
                to.push(i + 2 * dir); // jump one creature of the other kind
            }
            if at(i - dir) == Some(b'.') {
                to.push(i - dir); // step back
            }
            for j in to {
                let mut b = self.0.clone();
                b[i as usize] = b'.';
                b[j as usize] = me;
                out.push(Board(b));
            }
        }
        out
    }
}
