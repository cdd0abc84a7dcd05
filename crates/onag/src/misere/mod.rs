//! Misère play of impartial games: the player who cannot move **wins**.
//!
//! - [`MisereStore`]: a hash-consed store of misère canonical forms (Conway, *On Numbers and
//!   Games*, ch. 12): sums, outcomes, Grundy values, the [`Genus`], CGSuite's notation
//!   (`*[2#1]`, [`MisereStore::name`], [`MisereStore::parse`]);
//! - [`phylum`]: tame, restive, restless and their "general" forms ([`Phylum`]);
//! - [`brute`]: the misère outcome of any [`ImpartialGame`](crate::games::ImpartialGame)
//!   from its game graph alone, no theory — the check of everything here;
//! - [`corners`]: Turning Corners under misère play, by a memoised search of the coins;
//! - [`game`]: the misère form, outcome, genus and a winning move of a position of any
//!   impartial game of the registry ([`game::analyze_misere`] → [`MisereReport`]).
//!
//! Heap games under misère play are in [`crate::heaps::misere`]. Definitions, notation and
//! sources: `docs/misere.md`.
//!
//! # Examples
//! ```
//! use onag::misere::{misere_nim_outcome, MisereStore};
//! use onag::partizan::Outcome;
//!
//! // misère nim: *1 + *2 + *3 has a heap of 2 or more and nim-sum 0: a P-position ...
//! assert_eq!(misere_nim_outcome(&[1, 2, 3]), Outcome::P);
//! // ... while two heaps of 1 are an N-position (an even number of them)
//! assert_eq!(misere_nim_outcome(&[1, 1]), Outcome::N);
//! // ... and the canonical forms agree
//! let mut store = MisereStore::new();
//! let heaps: Vec<_> = [1, 2, 3].iter().map(|&n| store.nimber(n)).collect();
//! let sum = store.sum_all(&heaps).unwrap();
//! assert_eq!(store.outcome(sum), Outcome::P);
//! ```

pub mod brute;
pub mod corners;
pub mod game;
pub mod genus;
pub mod notation;
pub mod phylum;
pub mod store;

pub use brute::{misere_outcome, MisereSum};
pub use game::{
    analyze_misere, misere_computer_move, misere_report, MisereAnalyzeError, MisereMove,
    MisereReport, MisereSolver,
};
pub use genus::Genus;
pub use notation::MisereNotationError;
pub use phylum::{Classifier, Phylum};
pub use store::{MisereError, MisereId, MisereStore};

use crate::partizan::Outcome;

/// The misère outcome of a sum of nim heaps, by Bouton's misère rule (*Winning Ways*,
/// ch. 13): with some heap of 2 or more it is a P-position iff the nim-sum is 0; with every
/// heap at most 1, iff the number of heaps of size 1 is odd.
pub fn misere_nim_outcome(heaps: &[u64]) -> Outcome {
    let p = if heaps.iter().any(|&h| h >= 2) {
        heaps.iter().fold(0, |a, &h| a ^ h) == 0
    } else {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    };
    if p {
        Outcome::P
    } else {
        Outcome::N
    }
}
