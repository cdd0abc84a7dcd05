//! Playing a sum of heaps under one ruleset: the value of each heap and the nim-sum, every
//! move with the position it leaves and whether it wins (✓: it leaves nim-sum 0), and the
//! computer's move — perfect, random, or perfect with a given probability (skill).
//!
//! By the Sprague–Grundy theorem a sum of heaps is lost for the player to move exactly when
//! the nim-sum of the heaps' values is 0; a move wins exactly when it leaves nim-sum 0.

use std::fmt;

use super::moves::Leave;
use super::ruleset::Ruleset;
use super::sparse::Sequence;
use crate::splitmix::mix;
use crate::{Play, StopFlag, Stopped};

/// A sum of heaps under a ruleset: a position of the game. Heaps of size 0 are not kept.
///
/// # Examples
/// ```
/// use onag::heaps::position::{HeapMove, Heaps};
/// use onag::Play;
///
/// let pos = Heaps::new("kayles".parse().unwrap(), vec![5, 3]);
/// // knock the middle pin of the 5: leaves 2 and 2
/// let mv = HeapMove::new(0, 1, &[2, 2]).unwrap();
/// assert_eq!(pos.play(mv).unwrap().heaps(), [2, 2, 3]);
/// assert!(pos.play(HeapMove::new(0, 3, &[2]).unwrap()).is_err()); // Kayles takes 1 or 2
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heaps {
    ruleset: Ruleset,
    heaps: Vec<u64>,
}

impl Heaps {
    /// The sum of `heaps` (zeros dropped) under `ruleset`.
    pub fn new(ruleset: Ruleset, mut heaps: Vec<u64>) -> Heaps {
        heaps.retain(|&h| h > 0);
        Heaps { ruleset, heaps }
    }

    /// The heap sizes, in play order (a split heap's parts take its place, ascending).
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// Every legal move, heap by heap (each distinct change of a heap once).
    pub fn moves(&self) -> Vec<HeapMove> {
        let moves = self.ruleset.moves();
        let mut out = Vec::new();
        for (heap, &n) in self.heaps.iter().enumerate() {
            moves.for_each_leave(n, |leave| out.push(HeapMove { heap, leave }));
        }
        out
    }
}

/// A move: which heap (its index in [`Heaps::heaps`]), how many tokens are taken and the
/// heaps left of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// The index of the heap moved in.
    pub heap: usize,
    /// What is taken and left.
    pub leave: Leave,
}

impl HeapMove {
    /// The move on heap `heap` taking `take` tokens and leaving `parts` (0 to 3 non-empty
    /// heaps, any order); `None` for more than three parts or an empty part.
    pub fn new(heap: usize, take: u64, parts: &[u64]) -> Option<HeapMove> {
        if parts.len() > 3 || parts.contains(&0) {
            return None;
        }
        Some(HeapMove {
            heap,
            leave: Leave::new(take, parts),
        })
    }
}

impl fmt::Display for HeapMove {
    /// `heap 2: take 1, leave 3+4` (the heap numbered from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "heap {}: take {}, leave ",
            self.heap + 1,
            self.leave.take
        )?;
        let parts = self.leave.parts();
        if parts.is_empty() {
            return f.write_str("nothing");
        }
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Why a move is illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// There is no heap with that index.
    #[error("there is no heap {} (the position has {heaps})", .heap + 1)]
    NoSuchHeap {
        /// The index asked for.
        heap: usize,
        /// The number of heaps.
        heaps: usize,
    },
    /// The ruleset does not allow that change of the heap.
    #[error("{ruleset} does not allow the move {mv}")]
    NotAllowed {
        /// The move.
        mv: String,
        /// The ruleset.
        ruleset: String,
    },
}

impl Play for Heaps {
    type Move = HeapMove;
    type Error = MoveError;

    fn check(&self, mv: HeapMove) -> Result<(), MoveError> {
        let Some(&n) = self.heaps.get(mv.heap) else {
            return Err(MoveError::NoSuchHeap {
                heap: mv.heap,
                heaps: self.heaps.len(),
            });
        };
        let mut found = false;
        let sum: u64 = mv.leave.parts().iter().sum::<u64>() + mv.leave.take;
        if sum == n {
            self.ruleset
                .moves()
                .for_each_leave(n, |l| found |= l == mv.leave);
        }
        if found {
            Ok(())
        } else {
            Err(MoveError::NotAllowed {
                mv: mv.to_string(),
                ruleset: self.ruleset.to_string(),
            })
        }
    }

    /// Replaces heap `mv.heap` by the parts left; an index past the end changes nothing.
    fn play_unchecked(&self, mv: HeapMove) -> Heaps {
        let mut heaps = self.heaps.clone();
        if mv.heap < heaps.len() {
            heaps.splice(mv.heap..=mv.heap, mv.leave.parts().iter().copied());
        }
        Heaps {
            ruleset: self.ruleset.clone(),
            heaps,
        }
    }
}

/// How the computer chooses its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Strategy {
    /// A winning move when there is one (the first listed), else the move that takes the
    /// fewest tokens (to last longest).
    Perfect,
    /// Any legal move, uniformly, from the seed.
    Random {
        /// The seed (the same seed, the same move).
        seed: u64,
    },
    /// The perfect move with probability `level`/100, else a random one.
    Skill {
        /// 0 (random) to 100 (perfect).
        level: u8,
        /// The seed.
        seed: u64,
    },
}

/// A heap and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HeapValue {
    /// The heap size.
    pub size: u64,
    /// Its nim value `G(size)`.
    pub value: u32,
}

/// One move of the position, with what it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The index of the heap moved in.
    pub heap: usize,
    /// Tokens taken.
    pub take: u64,
    /// The heaps left of it (ascending; empty when it vanished).
    pub leave: Vec<u64>,
    /// The position after the move.
    pub heaps_after: Vec<u64>,
    /// The nim-sum after the move.
    pub nim_sum_after: u32,
    /// Whether the move wins (✓): it leaves nim-sum 0.
    pub winning: bool,
    /// The move as text (`heap 1: take 1, leave 2+2`).
    pub text: String,
    /// The remoteness of the position after the move, the opponent to move (see
    /// [`remoteness`]); `None` where the search is past its bound.
    #[cfg_attr(feature = "serde", serde(default))]
    pub remoteness: Option<u32>,
}

/// Everything about a position of heaps: what the play page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PositionReport {
    /// The ruleset, printed.
    pub ruleset: String,
    /// Its classic name, if any.
    pub name: Option<String>,
    /// Each heap with its value.
    pub heaps: Vec<HeapValue>,
    /// The nim-sum of the values: 0 exactly when the player to move loses.
    pub nim_sum: u32,
    /// Whether the player to move wins with best play.
    pub to_move_wins: bool,
    /// Every legal move, heap by heap.
    pub moves: Vec<MoveReport>,
    /// How many of them win.
    pub winning_moves: usize,
    /// The computer's choice (`None` when there is no move: the player to move has lost).
    pub computer: Option<MoveReport>,
    /// The remoteness of the position (see [`remoteness`]); `None` past the search's bound
    /// ([`REMOTENESS_WORK`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub remoteness: Option<u32>,
}

/// The report of the position `heaps` under `ruleset`, the computer choosing by `strategy`.
/// Work: the values up to the largest heap (the fast engine) and every move of every heap.
///
/// # Examples
/// ```
/// use onag::heaps::{position, Ruleset, Strategy};
///
/// let r: Ruleset = "kayles".parse().unwrap();
/// let report = position::position_report(&r, &[4, 3], Strategy::Perfect, &onag::StopFlag::new()).unwrap();
/// assert_eq!(report.nim_sum, 1 ^ 3);
/// assert!(report.to_move_wins);
/// let best = report.computer.unwrap();
/// assert!(best.winning);
/// assert_eq!(best.nim_sum_after, 0);
/// ```
pub fn position_report(
    ruleset: &Ruleset,
    heaps: &[u64],
    strategy: Strategy,
    stop: &StopFlag,
) -> Result<PositionReport, Stopped> {
    let pos = Heaps::new(ruleset.clone(), heaps.to_vec());
    let top = pos.heaps.iter().copied().max().unwrap_or(0) as usize;
    let mut seq = Sequence::new(ruleset);
    seq.extend_to(top + 1, stop)?;
    let g = seq.values();
    let values: Vec<HeapValue> = pos
        .heaps
        .iter()
        .map(|&size| HeapValue {
            size,
            value: g[size as usize],
        })
        .collect();
    let nim_sum = values.iter().fold(0, |x, h| x ^ h.value);
    let mut moves = Vec::new();
    for (i, mv) in pos.moves().into_iter().enumerate() {
        if i % 4096 == 0 {
            stop.check()?;
        }
        let old = g[pos.heaps[mv.heap] as usize];
        let new = mv.leave.parts().iter().fold(0, |x, &p| x ^ g[p as usize]);
        let after = nim_sum ^ old ^ new;
        moves.push(MoveReport {
            heap: mv.heap,
            take: mv.leave.take,
            leave: mv.leave.parts().to_vec(),
            heaps_after: pos.play_unchecked(mv).heaps,
            nim_sum_after: after,
            winning: after == 0,
            text: mv.to_string(),
            remoteness: None,
        });
    }
    let mut search = Remoteness::new(ruleset, REMOTENESS_WORK);
    let remoteness = search.of(&pos.heaps, stop)?;
    if remoteness.is_some() {
        // every option was searched on the way: these are memo look-ups
        for m in &mut moves {
            m.remoteness = search.of(&m.heaps_after, stop)?;
        }
    }
    let winning_moves = moves.iter().filter(|m| m.winning).count();
    let computer = choose(&moves, strategy).cloned();
    Ok(PositionReport {
        ruleset: ruleset.to_string(),
        name: ruleset.name().map(str::to_string),
        heaps: values,
        nim_sum,
        to_move_wins: nim_sum != 0,
        moves,
        winning_moves,
        computer,
        remoteness,
    })
}

/// The bound of [`remoteness`] in the page's reports: moves generated over all the positions
/// searched (a page asks on every move, and a heap of n tokens has up to ~n²/4 splits).
pub const REMOTENESS_WORK: u64 = 1 << 18;

/// Steinhaus' remoteness of the heaps `heaps` under `ruleset` (Winning Ways ch. 9, "the
/// remote star"): 0 when there is no move; otherwise 1 + the least even remoteness among the
/// options when one is even (a win, played as fast as possible), else 1 + the greatest (a
/// loss, delayed as long as possible). It is odd exactly when the player to move wins. By
/// the definition, over every position reachable (multisets of heap sizes, memoised), so for
/// small positions only: `None` once more than `work` moves would be generated.
///
/// # Examples
/// ```
/// use onag::heaps::{position::remoteness, Ruleset};
///
/// let nim: Ruleset = "nim".parse().unwrap();
/// let stop = onag::StopFlag::new();
/// assert_eq!(remoteness(&nim, &[], 1000, &stop).unwrap(), Some(0));
/// assert_eq!(remoteness(&nim, &[5], 1000, &stop).unwrap(), Some(1)); // take all
/// assert_eq!(remoteness(&nim, &[1, 1], 1000, &stop).unwrap(), Some(2)); // lost in 2
/// assert_eq!(remoteness(&nim, &[30, 31, 29, 28], 1000, &stop).unwrap(), None); // past the bound
/// ```
pub fn remoteness(
    ruleset: &Ruleset,
    heaps: &[u64],
    work: u64,
    stop: &StopFlag,
) -> Result<Option<u32>, Stopped> {
    Remoteness::new(ruleset, work).of(heaps, stop)
}

/// The memoised search of [`remoteness`], without recursion (a subtraction game's heap of
/// thousands of tokens is as many plies deep).
struct Remoteness<'a> {
    ruleset: &'a Ruleset,
    memo: crate::partizan::game::FxHashMap<Vec<u64>, u32>,
    work_left: u64,
}

impl<'a> Remoteness<'a> {
    fn new(ruleset: &'a Ruleset, work: u64) -> Self {
        Remoteness {
            ruleset,
            memo: Default::default(),
            work_left: work,
        }
    }

    /// The options of `key` (sorted heap sizes, no zeros), each sorted; `None` past the bound.
    fn options(&mut self, key: &[u64]) -> Option<Vec<Vec<u64>>> {
        let moves = self.ruleset.moves();
        let mut out = Vec::new();
        for (i, &n) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == n {
                continue; // equal heaps have the same options
            }
            moves.for_each_leave(n, |leave| {
                let mut next: Vec<u64> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
                next.extend_from_slice(leave.parts());
                next.sort_unstable();
                out.push(next);
            });
            self.work_left = self.work_left.checked_sub(out.len() as u64 + 1)?;
        }
        out.sort_unstable();
        out.dedup();
        Some(out)
    }

    fn of(&mut self, heaps: &[u64], stop: &StopFlag) -> Result<Option<u32>, Stopped> {
        let mut root: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        root.sort_unstable();
        // (position, its options, how many of them are known) frames; a frame is finished once
        // all its options are known (the memo only grows, so the count only grows)
        let mut stack: Vec<(Vec<u64>, Vec<Vec<u64>>, usize)> = Vec::new();
        if !self.memo.contains_key(&root) {
            let Some(options) = self.options(&root) else {
                return Ok(None);
            };
            stack.push((root.clone(), options, 0));
        }
        let mut steps = 0u32;
        while let Some((_, options, known)) = stack.last_mut() {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(4096) {
                stop.check()?;
            }
            while *known < options.len() && self.memo.contains_key(&options[*known]) {
                *known += 1;
            }
            match options.get(*known).cloned() {
                Some(next) => {
                    let Some(next_options) = self.options(&next) else {
                        return Ok(None);
                    };
                    stack.push((next, next_options, 0));
                }
                None => {
                    let (key, options, _) = stack.pop().expect("the loop saw a frame");
                    let after = options.iter().map(|o| self.memo[o]);
                    let r = match after.clone().filter(|r| r % 2 == 0).min() {
                        Some(even) => even + 1,
                        None => after.max().map_or(0, |odd| odd + 1),
                    };
                    self.memo.insert(key, r);
                }
            }
        }
        Ok(self.memo.get(&root).copied())
    }
}

fn choose(moves: &[MoveReport], strategy: Strategy) -> Option<&MoveReport> {
    let perfect = || {
        moves
            .iter()
            .find(|m| m.winning)
            .or_else(|| moves.iter().min_by_key(|m| m.take))
    };
    let random = |seed: u64| {
        if moves.is_empty() {
            None
        } else {
            Some(&moves[(mix(seed) % moves.len() as u64) as usize])
        }
    };
    match strategy {
        Strategy::Perfect => perfect(),
        Strategy::Random { seed } => random(seed),
        Strategy::Skill { level, seed } => {
            if mix(seed ^ 0x5eed) % 100 < u64::from(level.min(100)) {
                perfect()
            } else {
                random(seed)
            }
        }
    }
}
