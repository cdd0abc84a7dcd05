//! The minimal excludant and a reusable stamp array.

/// The smallest non-negative integer not in `values` (the Sprague–Grundy mex).
///
/// # Examples
/// ```
/// assert_eq!(onag::impartial::mex::mex([0, 1, 3, 5]), 2);
/// assert_eq!(onag::impartial::mex::mex(std::iter::empty()), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut stamp = Stamp::new(64);
    stamp.next_round();
    for v in values {
        stamp.mark(v as usize);
    }
    stamp.mex()
}

/// A set of small integers that is emptied in O(1): each slot remembers the round in which it
/// was last marked, and a new round invalidates every slot at once (no clearing pass).
#[derive(Clone, Debug)]
pub struct Stamp {
    slots: Vec<u32>,
    round: u32,
}

impl Stamp {
    /// An empty set with room for values below `capacity` (it grows on demand).
    pub fn new(capacity: usize) -> Stamp {
        Stamp {
            slots: vec![0; capacity.max(1)],
            round: 0,
        }
    }

    /// Empties the set.
    pub fn next_round(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            // After 2^32 rounds old stamps could collide with new ones: clear once.
            self.slots.fill(0);
            self.round = 1;
        }
    }

    /// Adds `v`; returns whether it was new in this round.
    #[inline]
    pub fn mark(&mut self, v: usize) -> bool {
        if v >= self.slots.len() {
            self.slots.resize((2 * v).max(64), 0);
        }
        let fresh = self.slots[v] != self.round;
        self.slots[v] = self.round;
        fresh
    }

    /// Whether `v` was marked in this round.
    #[inline]
    pub fn contains(&self, v: usize) -> bool {
        self.slots.get(v).is_some_and(|&s| s == self.round)
    }

    /// The smallest value not marked in this round.
    pub fn mex(&self) -> u64 {
        (0..).find(|&v| !self.contains(v)).unwrap_or(0) as u64
    }
}
