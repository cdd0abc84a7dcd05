//! Nim values by the definition: `G(n) = mex { G(a) ⊕ G(b) ⊕ … over the heaps a, b, … each
//! move leaves }`, every move of every heap enumerated — O(n²) for two-heap codes. The
//! reference the fast engine ([`super::sparse`]) is checked against.

use super::moves::Moves;
use crate::{StopFlag, Stopped};

/// `G(0), …, G(count − 1)` of the ruleset with `moves`, by the definition.
///
/// # Examples
/// ```
/// use onag::heaps::{reference, Ruleset};
///
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let g = reference::values(&kayles.moves(), 13, &onag::StopFlag::new()).unwrap();
/// assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
/// ```
pub fn values(moves: &Moves, count: usize, stop: &StopFlag) -> Result<Vec<u32>, Stopped> {
    let mut g: Vec<u32> = Vec::with_capacity(count);
    // seen[v] == n + 1: value v is an option of heap n.
    let mut seen: Vec<u64> = Vec::new();
    for n in 0..count as u64 {
        if n % 256 == 0 {
            stop.check()?;
        }
        let stamp = n + 1;
        moves.for_each_leave(n, |leave| {
            let v = leave.parts().iter().fold(0, |x, &p| x ^ g[p as usize]) as usize;
            if v >= seen.len() {
                seen.resize(2 * v + 2, 0);
            }
            seen[v] = stamp;
        });
        let mex = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len());
        g.push(mex as u32);
    }
    Ok(g)
}
