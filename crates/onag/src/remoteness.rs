//! Steinhaus' remoteness rule (*Winning Ways* ch. 9, "Remoteness"), the one fold behind the
//! remoteness tables of Wythoff's game, Turning Corners and Toads and Frogs: a position with
//! no move has remoteness 0; otherwise, with a move to an even remoteness (a loss for the
//! opponent), 1 + the least of those (the quickest win); else 1 + the greatest remoteness
//! after a move (the slowest loss). It is odd exactly when the player to move wins.

/// The rule folded over the remoteness after each move ([`Steinhaus::see`] each, then
/// [`Steinhaus::remoteness`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Steinhaus {
    /// The least even remoteness seen (a move to a loss for the opponent).
    quickest_win: Option<u32>,
    /// The greatest remoteness seen.
    longest: Option<u32>,
}

impl Steinhaus {
    /// Takes the remoteness after one move.
    #[inline]
    pub(crate) fn see(&mut self, r: u32) {
        self.longest = Some(self.longest.map_or(r, |l| l.max(r)));
        if r.is_multiple_of(2) {
            self.quickest_win = Some(self.quickest_win.map_or(r, |q| q.min(r)));
        }
    }

    /// The position's remoteness.
    #[inline]
    pub(crate) fn remoteness(self) -> u32 {
        match (self.quickest_win, self.longest) {
            (Some(win), _) => win + 1,
            (None, Some(longest)) => longest + 1,
            (None, None) => 0,
        }
    }
}

/// The rule over the remoteness after each move.
pub(crate) fn remoteness(after: impl IntoIterator<Item = u32>) -> u32 {
    let mut rule = Steinhaus::default();
    after.into_iter().for_each(|r| rule.see(r));
    rule.remoteness()
}

/// A position's remoteness report, for a game whose moves are `M`: the remoteness ("win in k"
/// when odd, "lose in k" when even, 0 when no move is left), that after each move the game's
/// report lists, and the move the rule plays. Wythoff's game and Turning Corners name it
/// `RemotenessReport` with their move types.
///
/// # Examples
/// ```
/// use onag::remoteness::Report;
/// let r = Report::new(3, vec![2, 4], Some("the move to 2"));
/// assert!(r.wins); // odd: the player to move wins in 3
/// assert!(!Report::<()>::new(0, vec![], None).wins);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report<M> {
    /// Moves left under Steinhaus' rule: odd means the player to move wins in that many.
    pub position: u32,
    /// Whether the player to move wins (the remoteness is odd).
    pub wins: bool,
    /// The remoteness after each move the game's report lists.
    pub moves: Vec<u32>,
    /// The move the rule plays (quickest win, or slowest loss); `None` when no move is left.
    pub best: Option<M>,
}

impl<M> Report<M> {
    /// The report of a position of remoteness `position`.
    pub fn new(position: u32, moves: Vec<u32>, best: Option<M>) -> Self {
        Report {
            position,
            wins: position % 2 == 1,
            moves,
            best,
        }
    }
}
