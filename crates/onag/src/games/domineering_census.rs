//! Every single-region Domineering position up to `N` squares, in canonical form: the
//! endgame database of Uiterwijk and Barton (*New results for Domineering from combinatorial
//! game theory endgame databases*, Theoretical Computer Science 592, 2015), who built it for
//! N ≤ 15 and found exactly one position of temperature 2 and none hotter (Berlekamp's
//! conjecture: no Domineering position is hotter than 2).
//!
//! A single region is a polyomino: a connected set of empty squares. The polyominoes are
//! enumerated by Redelmeier's algorithm (*Counting polyominoes: yet another attack*, Discrete
//! Mathematics 36, 1981), which visits each **fixed** polyomino (one placement up to
//! translation) exactly once; of the up to eight images of a shape under the square's
//! symmetries only the least (the solver's own key, [`super::grid`]'s `least_image`) is
//! solved, so each **free** polyomino (up to rotation and reflection) is one class. The four
//! symmetries that keep rows rows keep the value and the four that swap rows and columns negate
//! it, so a class's value is known up to sign and every statistic below is one that negation
//! keeps (number, infinitesimal, temperature, …) — except `distinct_values`, which counts the
//! values of all positions in every orientation, both signs.
//!
//! The values are built bottom-up, a size at a time, in one [`Arena`]: every option of a region
//! of `n` squares splits into regions of at most `n − 2`, whose classes are known by then, so
//! each class costs one `{ L | R }` simplification ([`Arena::from_options`]) over the sums of
//! its options' parts, with no recursion and one table entry per class. The tests check it
//! against the generic [`PartizanSolver`](super::PartizanSolver) on every region in every
//! orientation.
//!
//! # Examples
//! ```
//! use onag::games::domineering_census::census;
//! use onag::StopFlag;
//!
//! let c = census(6, &StopFlag::new(), |_| {}).unwrap();
//! // 1, 2, 6, 19, 63, 216 fixed polyominoes (OEIS A001168); 1, 1, 2, 5, 12, 35 free (A000105)
//! assert_eq!(c.sizes.iter().map(|s| s.fixed).collect::<Vec<_>>(), [1, 2, 6, 19, 63, 216]);
//! assert_eq!(c.sizes.iter().map(|s| s.classes).collect::<Vec<_>>(), [1, 1, 2, 5, 12, 35]);
//! assert_eq!(c.sizes[3].max_temperature.to_string(), "1"); // the 2×2 square: ±1
//! ```

use super::domineering::Domineering;
use super::grid::{is_least_image, least_image, Grid, ALL_SYMMETRIES, MAX_CELLS};
use super::traits::PartizanGame;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::game::{Arena, FxHashMap, GameError, GameId};
use crate::partizan::name::name;
use crate::partizan::{Outcome, Player};
use crate::StopFlag;
use std::collections::HashSet;

/// The largest census: a region of `n` cells spans `w + h ≤ n + 1` rows and columns, so its
/// box has at most (n + 1)² / 4 squares, 110 for n = 20: the box's bits and its two sides
/// pack into one `u128` key (and fit a board of [`MAX_CELLS`]).
pub const MAX_REGION_CELLS: usize = 20;

/// How many of the hottest regions of a size the census keeps.
pub const HOTTEST_KEPT: usize = 16;

/// What the census found among the regions of one size.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SizeRow {
    /// Squares in each region.
    pub cells: usize,
    /// Fixed polyominoes: regions up to translation only.
    pub fixed: u64,
    /// Free polyominoes: regions up to the square's eight symmetries (each solved once).
    pub classes: u64,
    /// Distinct values among the regions of this size in every orientation (a value and its
    /// negative count twice unless equal).
    pub distinct_values: u64,
    /// Classes whose value is a number.
    pub numbers: u64,
    /// Of them, integers.
    pub integers: u64,
    /// Classes whose value is infinitesimal and not 0.
    pub infinitesimals: u64,
    /// Of them, nimbers `*n`, n ≥ 1.
    pub nimbers: u64,
    /// The largest `n` of a nimber `*n` found (0 if none).
    pub largest_nimber: u32,
    /// A region of that value, with its value.
    pub largest_nimber_example: Option<(String, String)>,
    /// Of the infinitesimals, multiples of up `k·↑`, k ≠ 0.
    pub ups: u64,
    /// The largest |k| of such a value.
    pub largest_up_multiple: u64,
    /// The first region met with it, with its value.
    pub largest_up_example: Option<(String, String)>,
    /// Of the infinitesimals, values `k·↑ + *n` with k ≠ 0 and n ≥ 1.
    pub up_stars: u64,
    /// The largest |k| of such a value.
    pub largest_up_star_multiple: u64,
    /// The first region met with it, with its value.
    pub largest_up_star_example: Option<(String, String)>,
    /// Distinct tinies and minies, `{0 || 0 | -G}` and their negatives (*Lessons in Play*
    /// §5.1), counted as values (both signs).
    pub tiny_values: u64,
    /// Classes whose value is hot (temperature > 0).
    pub hot: u64,
    /// The largest temperature of a region of this size (−1 when every value is an integer).
    pub max_temperature: Dyadic,
    /// Classes with that temperature.
    pub hottest_count: u64,
    /// Up to [`HOTTEST_KEPT`] of them: (the region in Domineering notation, its value).
    pub hottest: Vec<(String, String)>,
}

/// The census of every region up to a size (see the [module documentation](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Census {
    /// One row per size, 1 to the largest.
    pub sizes: Vec<SizeRow>,
    /// Distinct values over all sizes (both signs).
    pub distinct_values: u64,
    /// Distinct tinies and minies over all sizes, each by name.
    pub tiny_names: Vec<String>,
}

/// Calls `visit(cells)` once for every fixed polyomino of 1 to `max_cells` squares, with its
/// squares as `(row, column)` pairs of a frame where the polyomino's top row is row 0
/// (columns may be negative): Redelmeier's algorithm. `visit` returns `false` to stop.
pub fn fixed_polyominoes(max_cells: usize, mut visit: impl FnMut(&[(i32, i32)]) -> bool) {
    if max_cells == 0 {
        return;
    }
    let n = max_cells as i32;
    // rows 0..n, columns -n-1..=n+1: every neighbour of a square of a polyomino of at most n
    // cells that starts at (0, 0) is inside
    let width = 2 * n + 3;
    let index = |r: i32, c: i32| (r * width + c + n + 1) as usize;
    let mut seen = vec![false; (width * (n + 1)) as usize];
    // Redelmeier's order: the cell (0, 0) is the polyomino's first square in reading order, so
    // the squares before it (row 0, columns < 0) are never added
    for c in -n - 1..0 {
        seen[index(0, c)] = true;
    }
    seen[index(0, 0)] = true;
    let mut cells = Vec::with_capacity(max_cells);
    let mut stopped = false;
    grow(
        &mut cells,
        vec![(0, 0)],
        &mut seen,
        &index,
        max_cells,
        &mut visit,
        &mut stopped,
    );
}

fn grow(
    cells: &mut Vec<(i32, i32)>,
    mut untried: Vec<(i32, i32)>,
    seen: &mut [bool],
    index: &impl Fn(i32, i32) -> usize,
    max_cells: usize,
    visit: &mut impl FnMut(&[(i32, i32)]) -> bool,
    stopped: &mut bool,
) {
    while let Some(cell) = untried.pop() {
        cells.push(cell);
        if !visit(cells) {
            *stopped = true;
        }
        if !*stopped && cells.len() < max_cells {
            let mut next = untried.clone();
            let (r, c) = cell;
            let mut added = Vec::with_capacity(4);
            for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 {
                    continue;
                }
                let i = index(nr, nc);
                if !seen[i] {
                    seen[i] = true;
                    added.push(i);
                    next.push((nr, nc));
                }
            }
            grow(cells, next, seen, index, max_cells, visit, stopped);
            for i in added {
                seen[i] = false;
            }
        }
        cells.pop();
        if *stopped {
            return;
        }
    }
}

/// The Domineering region of these squares (as [`fixed_polyominoes`] gives them), cut to its
/// bounding box; `None` past [`MAX_CELLS`] squares of box.
pub fn region(cells: &[(i32, i32)]) -> Option<Domineering> {
    let r0 = cells.iter().map(|c| c.0).min()?;
    let r1 = cells.iter().map(|c| c.0).max()?;
    let c0 = cells.iter().map(|c| c.1).min()?;
    let c1 = cells.iter().map(|c| c.1).max()?;
    let (w, h) = ((c1 - c0 + 1) as usize, (r1 - r0 + 1) as usize);
    let mut grid: Grid<1> = Grid::new(w, h)?;
    for &(r, c) in cells {
        grid.set(0, (r - r0) as usize, (c - c0) as usize, true);
    }
    Some(Domineering::from_grid(grid))
}

/// Whether `v` is a tiny, `{0 || 0 | -G}` with G > 0 (*Lessons in Play* §5.1).
fn is_tiny(arena: &mut Arena, v: GameId) -> bool {
    let zero = arena.zero();
    if arena.left_options(v) != [zero] || arena.right_options(v).len() != 1 {
        return false;
    }
    let h = arena.right_options(v)[0];
    if arena.left_options(h) != [zero] || arena.right_options(h).len() != 1 {
        return false;
    }
    let k = arena.right_options(h)[0];
    arena.outcome(k) == Outcome::R
}

/// The values of the classes met so far, keyed by the packed least image: the bits of the
/// box (at most 110, see [`MAX_REGION_CELLS`]), its width at bit 118 and its height at bit 123.
struct Classes {
    values: FxHashMap<u128, GameId>,
    /// A direct-mapped cache of regions as met, in their own orientation (packed), with their
    /// value: most options' parts are small regions met again and again, and the cache spares
    /// their least image.
    recent: Vec<(u128, GameId)>,
}

/// Slots of [`Classes::recent`] (2^20, 24 MB at most).
const RECENT_BITS: u32 = 20;

impl Classes {
    fn pack(grid: &Grid<1>) -> u128 {
        grid.layer(0) | (grid.width() as u128) << 118 | (grid.height() as u128) << 123
    }

    /// The value of a region whose class is known (every region smaller than the size being
    /// solved): its least image's value, negated when the image is turned.
    fn value(&mut self, arena: &mut Arena, region: &Domineering) -> Result<GameId, GameError> {
        let packed = Self::pack(region.grid());
        let slot =
            (crate::splitmix::mix((packed ^ (packed >> 64)) as u64) >> (64 - RECENT_BITS)) as usize;
        if self.recent[slot].0 == packed {
            return Ok(self.recent[slot].1);
        }
        let (key, s) = least_image(region.grid(), &ALL_SYMMETRIES);
        let v = *self.values.get(&Self::pack(&key)).ok_or_else(|| {
            GameError::Undefined(format!("the census has not met the region {region}"))
        })?;
        let v = if s & 4 != 0 { arena.neg(v) } else { v };
        self.recent[slot] = (packed, v);
        Ok(v)
    }

    /// The value of a position whose regions are all known: their sum.
    fn sum(&mut self, arena: &mut Arena, position: &Domineering) -> Result<GameId, GameError> {
        let mut sum = arena.zero();
        for part in position.components() {
            let v = self.value(arena, &part)?;
            sum = arena.add(sum, v)?;
        }
        Ok(sum)
    }
}

/// The census of every region of 1 to `max_cells` squares (at most [`MAX_REGION_CELLS`]);
/// `progress` gets each size's row as it is finished.
///
/// Sizes go up one at a time and each class is solved once from its options' values: an
/// option of a region of `n` squares is made of regions of at most `n − 2`, whose classes are
/// known by then, so the table holds one entry per class (about 24 bytes) and nothing else.
///
/// Errors: [`GameError::Stopped`] when `stop` is raised, [`GameError::TooLarge`] past
/// [`MAX_REGION_CELLS`] or the arena's bounds.
pub fn census(
    max_cells: usize,
    stop: &StopFlag,
    mut progress: impl FnMut(&SizeRow),
) -> Result<Census, GameError> {
    if max_cells > MAX_REGION_CELLS {
        return Err(GameError::TooLarge(format!(
            "regions of {max_cells} squares: at most {MAX_REGION_CELLS}"
        )));
    }
    let mut arena = Arena::new();
    // packed keys are never 0 (the width is at least 1), so an empty slot matches nothing
    let mut classes = Classes {
        values: FxHashMap::default(),
        recent: vec![(0, arena.zero()); 1 << RECENT_BITS],
    };
    let mut all_values: HashSet<GameId> = HashSet::new();
    let mut tinies: HashSet<GameId> = HashSet::new();
    let mut temperature: FxHashMap<GameId, Dyadic> = FxHashMap::default();
    let mut sizes = Vec::new();
    for size in 1..=max_cells {
        let mut row = SizeRow {
            cells: size,
            fixed: 0,
            classes: 0,
            distinct_values: 0,
            numbers: 0,
            integers: 0,
            infinitesimals: 0,
            nimbers: 0,
            largest_nimber: 0,
            largest_nimber_example: None,
            ups: 0,
            largest_up_multiple: 0,
            largest_up_example: None,
            up_stars: 0,
            largest_up_star_multiple: 0,
            largest_up_star_example: None,
            tiny_values: 0,
            hot: 0,
            max_temperature: Dyadic::from(-1),
            hottest_count: 0,
            hottest: Vec::new(),
        };
        let mut values: HashSet<GameId> = HashSet::new();
        let mut size_tinies: HashSet<GameId> = HashSet::new();
        let mut found: Vec<(u128, GameId)> = Vec::new();
        let mut fixed = 0u64;
        let mut failure = None;
        fixed_polyominoes(size, |cells| {
            if cells.len() < size {
                return true;
            }
            fixed += 1;
            let Some(board) = region(cells) else {
                failure = Some(GameError::TooLarge(format!(
                    "a region of {size} squares does not fit a board of {MAX_CELLS}"
                )));
                return false;
            };
            if !is_least_image(board.grid(), &ALL_SYMMETRIES) {
                return true; // another image of the class is solved
            }
            row.classes += 1;
            let solved = stop.check().map_err(GameError::from).and_then(|()| {
                let mut options = |player| {
                    board
                        .options(player)
                        .iter()
                        .map(|o| classes.sum(&mut arena, o))
                        .collect::<Result<Vec<_>, _>>()
                };
                let (left, right) = (options(Player::Left)?, options(Player::Right)?);
                let v = arena.from_options(&left, &right)?;
                tally(
                    &mut arena,
                    v,
                    &board,
                    &mut row,
                    (&mut values, &mut size_tinies),
                    &mut temperature,
                )?;
                Ok(v)
            });
            match solved {
                Ok(v) => {
                    // the options of the largest regions are regions of at most
                    // max_cells − 2 squares: the larger classes are never looked up
                    if size + 2 <= max_cells {
                        found.push((Classes::pack(board.grid()), v));
                    }
                    true
                }
                Err(e) => {
                    failure = Some(e);
                    false
                }
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        row.fixed = fixed;
        classes.values.extend(found);
        row.distinct_values = values.len() as u64;
        row.tiny_values = size_tinies.len() as u64;
        all_values.extend(values);
        tinies.extend(size_tinies);
        progress(&row);
        sizes.push(row);
    }
    let mut tiny_names: Vec<String> = tinies
        .iter()
        .map(|&g| name(&arena, g, Default::default()))
        .collect();
    tiny_names.sort();
    Ok(Census {
        sizes,
        distinct_values: all_values.len() as u64,
        tiny_names,
    })
}

/// Counts one class of value `v` into `row`, and its value and negative into the size's
/// `values` and (when a tiny or a miny) `tinies`.
fn tally(
    arena: &mut Arena,
    v: GameId,
    board: &Domineering,
    row: &mut SizeRow,
    (values, tinies): (&mut HashSet<GameId>, &mut HashSet<GameId>),
    temperatures: &mut FxHashMap<GameId, Dyadic>,
) -> Result<(), GameError> {
    let neg = arena.neg(v);
    values.insert(v);
    values.insert(neg);
    if is_tiny(arena, v) || is_tiny(arena, neg) {
        tinies.insert(v);
        tinies.insert(neg);
    }
    if let Some(x) = arena.as_number(v) {
        row.numbers += 1;
        if x.is_integer() {
            row.integers += 1;
        }
    } else if arena.is_infinitesimal(v) {
        row.infinitesimals += 1;
        if let Some((_, ups, star)) = arena.as_nus(v) {
            let example = || Some((board.to_string(), name(arena, v, Default::default())));
            if ups == 0 && star > 0 {
                row.nimbers += 1;
                if star > row.largest_nimber {
                    row.largest_nimber = star;
                    row.largest_nimber_example = example();
                }
            } else if ups != 0 && star == 0 {
                row.ups += 1;
                if ups.unsigned_abs() > row.largest_up_multiple {
                    row.largest_up_multiple = ups.unsigned_abs();
                    row.largest_up_example = example();
                }
            } else if ups != 0 {
                row.up_stars += 1;
                if ups.unsigned_abs() > row.largest_up_star_multiple {
                    row.largest_up_star_multiple = ups.unsigned_abs();
                    row.largest_up_star_example = example();
                }
            }
        }
    }
    let t = match temperatures.get(&v) {
        Some(&t) => t,
        None => {
            let t = arena.mean_and_temperature(v)?.1;
            temperatures.insert(v, t);
            t
        }
    };
    if t > Dyadic::from(0) {
        row.hot += 1;
    }
    if t > row.max_temperature {
        row.max_temperature = t;
        row.hottest_count = 0;
        row.hottest.clear();
    }
    if t == row.max_temperature {
        row.hottest_count += 1;
        if row.hottest.len() < HOTTEST_KEPT {
            row.hottest
                .push((board.to_string(), name(arena, v, Default::default())));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::PartizanSolver;

    /// OEIS A001168 (fixed polyominoes) and A000105 (free polyominoes), n = 1..10.
    const FIXED: [u64; 10] = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446];
    const FREE: [u64; 10] = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655];

    #[test]
    fn redelmeier_counts_the_fixed_polyominoes_once_each() {
        let mut counts = [0u64; 10];
        let mut shapes = HashSet::new();
        fixed_polyominoes(10, |cells| {
            counts[cells.len() - 1] += 1;
            if cells.len() <= 8 {
                let b = region(cells).unwrap();
                // each fixed shape once: its translation-free board is new
                assert!(shapes.insert(b), "{b} twice");
                assert_eq!(b.empty_cells().count_ones() as usize, cells.len());
                assert_eq!(b.grid().connected_parts(b.empty_cells()).len(), 1, "{b}");
            }
            true
        });
        assert_eq!(counts, FIXED);
    }

    #[test]
    fn free_classes_and_values_match_a_brute_force() {
        // every region of up to 10 squares, solved directly by the generic solver (no census),
        // in every orientation: the census's class counts, distinct values and largest
        // temperatures agree
        let c = census(10, &StopFlag::new(), |_| {}).unwrap();
        assert_eq!(c.sizes.iter().map(|s| s.classes).collect::<Vec<_>>(), FREE);
        let mut solver: PartizanSolver<Domineering> = PartizanSolver::new();
        for size in 1..=10 {
            let mut values = HashSet::new();
            let mut max_t = Dyadic::from(-1);
            let mut hottest = 0u64;
            let mut classes = HashSet::new();
            fixed_polyominoes(size, |cells| {
                if cells.len() == size {
                    let b = region(cells).unwrap();
                    let v = solver.canonical(&b, &StopFlag::new()).unwrap();
                    values.insert(v);
                    let t = solver.arena_mut().mean_and_temperature(v).unwrap().1;
                    let class = least_image(b.grid(), &ALL_SYMMETRIES).0;
                    if t > max_t {
                        max_t = t;
                        hottest = 0;
                        classes.clear();
                    }
                    if t == max_t && classes.insert(class) {
                        hottest += 1;
                    }
                }
                true
            });
            let row = &c.sizes[size - 1];
            assert_eq!(row.distinct_values, values.len() as u64, "size {size}");
            assert_eq!(row.max_temperature, max_t, "size {size}");
            assert_eq!(row.hottest_count, hottest, "size {size}");
        }
    }

    /// OEIS A001168 and A000105, n = 1..20 (fixed and free polyominoes; Redelmeier 1981
    /// counted them to n = 24).
    const FIXED_20: [u64; 20] = [
        1,
        2,
        6,
        19,
        63,
        216,
        760,
        2725,
        9910,
        36446,
        135268,
        505861,
        1903890,
        7204874,
        27394666,
        104592937,
        400795844,
        1540820542,
        5940738676,
        22964779660,
    ];
    const FREE_20: [u64; 20] = [
        1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655, 17073, 63600, 238591, 901971, 3426576, 13079255,
        50107909, 192622052, 742624232, 2870671950,
    ];

    /// The committed census (`results/domineering/regions.json`): every size's counts are
    /// the OEIS's, and the sizes up to 12 are what the census computes now, field by field.
    #[test]
    fn the_results_file_agrees_with_the_census_and_the_oeis() {
        let path = format!(
            "{}/../../results/domineering/regions.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let file: serde_json::Value = serde_json::from_str(&text).unwrap();
        let rows = file["sizes"].as_array().unwrap();
        assert!(rows.len() >= 16, "{path}: {} sizes", rows.len());
        let c = census(12, &StopFlag::new(), |_| {}).unwrap();
        for (i, r) in rows.iter().enumerate() {
            assert_eq!(r["cells"], i + 1);
            assert_eq!(r["fixed"], FIXED_20[i], "{} squares", i + 1);
            assert_eq!(r["classes"], FREE_20[i], "{} squares", i + 1);
            let Some(ours) = c.sizes.get(i) else { continue };
            let mut ours = serde_json::json!({
                "distinct_values": ours.distinct_values, "numbers": ours.numbers,
                "integers": ours.integers, "infinitesimals": ours.infinitesimals,
                "nimbers": ours.nimbers, "largest_nimber": ours.largest_nimber,
                "ups": ours.ups, "largest_up_multiple": ours.largest_up_multiple,
                "up_stars": ours.up_stars, "tiny_values": ours.tiny_values, "hot": ours.hot,
                "max_temperature": ours.max_temperature.to_string(),
                "hottest_count": ours.hottest_count, "hottest": ours.hottest,
            });
            for (field, value) in ours.as_object_mut().unwrap().iter() {
                assert_eq!(&r[field], value, "{} squares: {field}", i + 1);
            }
        }
        // the published facts (Uiterwijk and Barton 2015) and what lies past them: one class
        // of temperature 2 to 15 squares, none hotter in the file
        let two = serde_json::json!("2");
        let at_two: Vec<usize> = rows
            .iter()
            .filter(|r| r["max_temperature"] == two)
            .map(|r| r["cells"].as_u64().unwrap() as usize)
            .collect();
        assert_eq!(at_two[0], 14);
        assert_eq!(rows[13]["hottest_count"], 1);
        for r in rows {
            let t: Dyadic = r["max_temperature"].as_str().unwrap().parse().unwrap();
            assert!(t <= Dyadic::from(2), "{r}");
        }
    }

    #[test]
    fn small_sizes_hold_the_known_values() {
        let c = census(11, &StopFlag::new(), |_| {}).unwrap();
        // 1 square: 0; 2 squares: 1 and −1 by orientation; 3: the L is *; 4: the square ±1 is the
        // hottest
        assert_eq!(c.sizes[0].distinct_values, 1);
        assert_eq!(c.sizes[1].distinct_values, 2);
        assert_eq!(c.sizes[2].largest_nimber, 1);
        assert_eq!(c.sizes[3].max_temperature, Dyadic::from(1));
        assert_eq!(c.sizes[3].hottest[0].0, "..|..");
        // *2 first at 11 squares, ⇑ at 11, ↑ at 6; tiny-2 and miny-2 at 8 (Uiterwijk and
        // Barton 2015 show examples of each)
        assert_eq!(c.sizes[10].largest_nimber, 2);
        assert!(c.sizes[..10].iter().all(|r| r.largest_nimber < 2));
        assert_eq!(c.sizes[5].largest_up_multiple, 1);
        assert_eq!(c.sizes[10].largest_up_multiple, 2);
        assert_eq!(c.sizes[7].tiny_values, 2);
        assert_eq!(c.tiny_names, ["Miny(2)", "Tiny(2)"]);
        assert!(census(MAX_REGION_CELLS + 1, &StopFlag::new(), |_| {}).is_err());
        let stop = StopFlag::new();
        stop.stop();
        assert!(matches!(census(6, &stop, |_| {}), Err(GameError::Stopped)));
    }
}
