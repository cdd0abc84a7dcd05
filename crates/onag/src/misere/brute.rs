//! The misère outcome of a position from its game graph alone: the player to move wins when
//! they have no move, or a move to a position the opponent loses. No theory, no canonical
//! form, no components — the independent check of [`super::MisereStore`].

use std::collections::HashMap;
use std::hash::Hash;

use crate::games::ImpartialGame;
use crate::partizan::Outcome;
use crate::stop::{StopFlag, Stopped};

fn next_wins<G: ImpartialGame>(
    g: &G,
    memo: &mut HashMap<G, bool>,
    stop: &StopFlag,
) -> Result<bool, Stopped> {
    if let Some(&w) = memo.get(g) {
        return Ok(w);
    }
    stop.check()?;
    let options = g.options();
    let mut wins = options.is_empty();
    for o in &options {
        if wins {
            break;
        }
        if !next_wins(o, memo, stop)? {
            wins = true;
        }
    }
    memo.insert(g.clone(), wins);
    Ok(wins)
}

/// The misère outcome of `game` (`P` or `N`) by exhaustive search of its options.
///
/// # Examples
/// ```
/// use onag::games::cram::Cram;
/// use onag::misere::misere_outcome;
/// use onag::partizan::Outcome;
///
/// let strip: Cram = "..".parse().unwrap(); // one move, to a position with none: misère P
/// assert_eq!(misere_outcome(&strip, &onag::StopFlag::new()).unwrap(), Outcome::P);
/// ```
pub fn misere_outcome<G: ImpartialGame>(game: &G, stop: &StopFlag) -> Result<Outcome, Stopped> {
    let mut memo = HashMap::new();
    Ok(if next_wins(game, &mut memo, stop)? {
        Outcome::N
    } else {
        Outcome::P
    })
}

/// A disjunctive sum of positions of one game, as a game: a move is a move in one
/// component. For brute-force checks of sums.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MisereSum<G>(pub Vec<G>);

impl<G: ImpartialGame + Ord> std::fmt::Display for MisereSum<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|g| g.to_string()).collect();
        write!(f, "{}", parts.join(" + "))
    }
}

impl<G: ImpartialGame + Ord + Hash> ImpartialGame for MisereSum<G> {
    fn options(&self) -> Vec<Self> {
        let mut out = Vec::new();
        for (i, g) in self.0.iter().enumerate() {
            for o in g.options() {
                let mut parts = self.0.clone();
                parts[i] = o;
                parts.sort();
                out.push(MisereSum(parts));
            }
        }
        out
    }
}
