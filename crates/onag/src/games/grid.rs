//! The rectangular boards of the grid games (Domineering, Cram, Clobber, Konane, Snort, Col):
//! one bitboard type, its notation, its components and its eight symmetries.
//!
//! A [`Grid<L>`] is a `width × height` board of at most [`MAX_CELLS`] cells with `L` bit
//! layers (one `u128` each; cell `(row, col)` is bit `row · width + col`). Each game says what
//! a layer means — Domineering's one layer is "empty", Clobber's two are "Left's stone" and
//! "Right's stone" — and which character prints each ([`Symbols`]). A cell in no layer is off
//! the board (a blocked square, `#`, or a cell of a game where empty and absent are the same).
//!
//! Notation (as CGSuite's grid games): rows top to bottom separated by `|` (or new lines),
//! one character per cell, e.g. Domineering `"..#|...".` Every row has the same length.

use crate::Span;

/// Most cells of a grid (one `u128` per layer).
pub const MAX_CELLS: usize = 128;

/// A board of `width × height` cells with `L` layers of bits (see the
/// [module documentation](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid<const L: usize> {
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) layers: [u128; L],
}

/// The masks of one board's neighbour steps ([`Grid::masks`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Masks {
    width: u32,
    full: u128,
    has_left: u128,
    has_right: u128,
}

impl Masks {
    /// The cells orthogonally next to a cell of `m`.
    #[inline]
    pub(crate) fn neighbours(&self, m: u128) -> u128 {
        ((m & self.has_right) << 1)
            | ((m & self.has_left) >> 1)
            | (m >> self.width)
            | ((m << self.width) & self.full)
    }
}

/// Which character prints each layer, and which prints a cell in no layer.
#[derive(Clone, Copy, Debug)]
pub struct Symbols<const L: usize> {
    /// The character of each layer (a cell in several layers prints the first).
    pub layers: [char; L],
    /// The character of a cell in no layer.
    pub none: char,
    /// Other characters read as "no layer" (e.g. `#` beside `.` in Clobber).
    pub none_also: &'static [char],
}

/// Why a grid's notation is not a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The text has no cell.
    #[error("the board has no cell")]
    Empty,
    /// A character that is no cell of this game.
    #[error("{span}: '{found}' is not a cell (expected one of {expected})")]
    BadCell {
        /// The character.
        found: char,
        /// Where it is.
        span: Span,
        /// The characters the game takes.
        expected: String,
    },
    /// A row of another length than the first.
    #[error("{span}: row {row} has {len} cells, the first row has {expected} (rows are separated by '|')")]
    Ragged {
        /// The row (1-based).
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
        /// Where the row starts.
        span: Span,
    },
    /// More than [`MAX_CELLS`] cells.
    #[error("the board has {cells} cells; at most {MAX_CELLS} are supported")]
    TooLarge {
        /// Width × height.
        cells: usize,
    },
}

impl GridError {
    /// Where the error is, if it is at one place.
    pub fn span(&self) -> Option<Span> {
        match self {
            GridError::BadCell { span, .. } | GridError::Ragged { span, .. } => Some(*span),
            _ => None,
        }
    }
}

impl<const L: usize> Grid<L> {
    /// A board of `width × height` cells in no layer, or `None` past [`MAX_CELLS`] or with a
    /// side 0.
    pub fn new(width: usize, height: usize) -> Option<Self> {
        (width >= 1 && height >= 1 && width * height <= MAX_CELLS).then_some(Grid {
            width: width as u8,
            height: height as u8,
            layers: [0; L],
        })
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The bits of layer `i`.
    pub fn layer(&self, i: usize) -> u128 {
        self.layers[i]
    }

    /// The bit of cell `(row, col)`.
    #[inline]
    pub fn bit(&self, row: usize, col: usize) -> u128 {
        1u128 << (row * self.width() + col)
    }

    /// Whether cell `(row, col)` is in layer `i`.
    pub fn get(&self, i: usize, row: usize, col: usize) -> bool {
        self.layers[i] & self.bit(row, col) != 0
    }

    /// Puts cell `(row, col)` in layer `i` (or takes it out).
    pub fn set(&mut self, i: usize, row: usize, col: usize, on: bool) {
        let b = self.bit(row, col);
        if on {
            self.layers[i] |= b;
        } else {
            self.layers[i] &= !b;
        }
    }

    /// Every cell.
    #[inline]
    pub fn full(&self) -> u128 {
        let n = self.width() * self.height();
        if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        }
    }

    /// The cells of the first column.
    #[inline]
    fn first_col(&self) -> u128 {
        let (w, n) = (self.width(), self.width() * self.height());
        let mut m = 1u128;
        let mut span = w;
        while span < n {
            m |= m << span;
            span *= 2;
        }
        m & self.full()
    }

    /// The board's masks for neighbour steps, computed once for many steps.
    #[inline]
    pub(crate) fn masks(&self) -> Masks {
        let full = self.full();
        let first = self.first_col();
        Masks {
            width: self.width() as u32,
            full,
            has_left: full & !first,
            has_right: full & !(first << (self.width() - 1)),
        }
    }

    /// The cells whose right neighbour is on the board.
    #[inline]
    pub fn has_right(&self) -> u128 {
        self.masks().has_right
    }

    /// The cells whose left neighbour is on the board.
    #[inline]
    pub fn has_left(&self) -> u128 {
        self.masks().has_left
    }

    /// The cells orthogonally next to a cell of `m` (not `m` itself unless adjacent).
    #[inline]
    pub fn neighbours(&self, m: u128) -> u128 {
        self.masks().neighbours(m)
    }

    /// The orthogonally connected parts of `m`, each a mask.
    pub fn connected_parts(&self, mut m: u128) -> Vec<u128> {
        let masks = self.masks();
        let mut parts = Vec::new();
        while m != 0 {
            let mut part = m & m.wrapping_neg();
            loop {
                let grown = (part | masks.neighbours(part)) & m;
                if grown == part {
                    break;
                }
                part = grown;
            }
            parts.push(part);
            m &= !part;
        }
        parts
    }

    /// The smallest board holding the cells of `keep`, with every layer cut to `keep` and
    /// moved to it.
    pub fn crop(&self, keep: u128) -> Self {
        if keep == 0 {
            return Grid {
                width: 1,
                height: 1,
                layers: [0; L],
            };
        }
        let w = self.width();
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        let mut bits = keep;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (r, c) = (i / w, i % w);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (nw, nh) = (c1 - c0 + 1, r1 - r0 + 1);
        let mut out = Grid {
            width: nw as u8,
            height: nh as u8,
            layers: [0; L],
        };
        if nw == w {
            for (o, l) in out.layers.iter_mut().zip(self.layers) {
                *o = (l & keep) >> (r0 * w);
            }
            return out;
        }
        let row_mask = (1u128 << nw) - 1;
        for (o, l) in out.layers.iter_mut().zip(self.layers) {
            let l = l & keep;
            for r in 0..nh {
                let row = (l >> ((r0 + r) * w + c0)) & row_mask;
                *o |= row << (r * nw);
            }
        }
        out
    }

    /// The board under symmetry `s` of the square's dihedral group (0–7): bit 0 mirrors
    /// left–right, bit 1 mirrors top–bottom, bit 2 transposes (applied last). Symmetries 4–7
    /// swap rows and columns: they turn vertical into horizontal.
    pub fn transform(&self, s: u8) -> Self {
        let (w, h) = (self.width(), self.height());
        let row_mask = if w == 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        };
        // the mirrors move whole rows (and reverse the bits within each)
        let mut out = Grid {
            width: w as u8,
            height: h as u8,
            layers: [0; L],
        };
        for (o, &l) in out.layers.iter_mut().zip(&self.layers) {
            if s & 3 == 0 {
                *o = l;
                continue;
            }
            for r in 0..h {
                let mut row = (l >> (r * w)) & row_mask;
                if s & 1 != 0 {
                    row = row.reverse_bits() >> (128 - w);
                }
                let to = if s & 2 != 0 { h - 1 - r } else { r };
                *o |= row << (to * w);
            }
        }
        if s & 4 == 0 {
            return out;
        }
        let mut t = Grid {
            width: h as u8,
            height: w as u8,
            layers: [0; L],
        };
        for (o, &l) in t.layers.iter_mut().zip(&out.layers) {
            let mut bits = l;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                *o |= 1u128 << ((i % w) * h + i / w);
            }
        }
        t
    }

    /// Parses the notation (see the [module documentation](self)) with these symbols.
    pub fn parse(text: &str, symbols: &Symbols<L>) -> Result<Self, GridError> {
        let mut rows: Vec<Vec<Option<usize>>> = vec![Vec::new()];
        let mut row_starts = vec![0usize];
        for (byte, ch) in text.char_indices() {
            match ch {
                '|' | '\n' | '/' => {
                    rows.push(Vec::new());
                    row_starts.push(byte + ch.len_utf8());
                }
                ' ' | '\r' | '\t' => {}
                _ => {
                    let cell = if ch == symbols.none || symbols.none_also.contains(&ch) {
                        None
                    } else if let Some(i) = symbols.layers.iter().position(|&c| c == ch) {
                        Some(i)
                    } else {
                        return Err(GridError::BadCell {
                            found: ch,
                            span: Span::at(text, byte),
                            expected: symbols.expected(),
                        });
                    };
                    if let Some(row) = rows.last_mut() {
                        row.push(cell);
                    }
                }
            }
        }
        // a trailing separator (or new line) ends the last row rather than starting one
        if rows.len() > 1 && rows.last().is_some_and(|r| r.is_empty()) {
            rows.pop();
        }
        let width = rows[0].len();
        if width == 0 {
            return Err(GridError::Empty);
        }
        for (i, row) in rows.iter().enumerate() {
            if row.len() != width {
                return Err(GridError::Ragged {
                    row: i + 1,
                    len: row.len(),
                    expected: width,
                    span: Span::at(text, row_starts[i]),
                });
            }
        }
        let cells = width * rows.len();
        let mut grid = Grid::new(width, rows.len()).ok_or(GridError::TooLarge { cells })?;
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if let Some(i) = cell {
                    grid.set(*i, r, c, true);
                }
            }
        }
        Ok(grid)
    }

    /// The notation with these symbols.
    pub fn print(&self, symbols: &Symbols<L>) -> String {
        let mut s = String::with_capacity((self.width() + 1) * self.height());
        for r in 0..self.height() {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.width() {
                let ch = (0..L)
                    .find(|&i| self.get(i, r, c))
                    .map_or(symbols.none, |i| symbols.layers[i]);
                s.push(ch);
            }
        }
        s
    }

    /// The cells where `self` and `after` differ, as `(row, col)` 1-based names joined by
    /// `-` (how the grid games label their moves, e.g. `(1,2)-(2,2)`).
    pub fn changed_cells(&self, after: &Self) -> String {
        let mut diff = 0u128;
        for i in 0..L {
            diff |= self.layers[i] ^ after.layers[i];
        }
        let mut names = Vec::new();
        while diff != 0 {
            let i = diff.trailing_zeros() as usize;
            diff &= diff - 1;
            names.push(format!(
                "({},{})",
                i / self.width() + 1,
                i % self.width() + 1
            ));
        }
        names.join("-")
    }
}

/// The notation of a grid game whose position wraps a [`Grid`] (Domineering, Clobber, Konane,
/// Snort, Col): `Display` prints the board with the game's [`Symbols`] and `FromStr` reads it,
/// a [`GridError`] saying what is wrong and where. Written once here for every such game:
/// `grid_notation!([generics] Type, constructor, SYMBOLS)`, the type having a `grid()`
/// accessor and the constructor taking the [`Grid`].
macro_rules! grid_notation {
    ([$($generics:tt)*] $game:ty, $make:path, $symbols:path) => {
        impl<$($generics)*> ::std::fmt::Display for $game {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&self.grid().print(&$symbols))
            }
        }

        impl<$($generics)*> ::std::str::FromStr for $game {
            type Err = $crate::games::grid::GridError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $crate::games::grid::Grid::parse(s, &$symbols).map($make)
            }
        }
    };
}
pub(crate) use grid_notation;

impl<const L: usize> Symbols<L> {
    fn expected(&self) -> String {
        let mut all: Vec<String> = self.layers.iter().map(|c| format!("'{c}'")).collect();
        all.push(format!("'{}'", self.none));
        all.extend(self.none_also.iter().map(|c| format!("'{c}'")));
        all.join(", ")
    }
}

/// The least of the board's images under `symmetries` (indices for [`Grid::transform`]), and
/// the index of the symmetry that gave it. Boards order by width first, so on a board that is
/// not square only the images of the narrower shape can be least: the others are skipped.
pub(crate) fn least_image<const L: usize>(g: &Grid<L>, symmetries: &[u8]) -> (Grid<L>, u8) {
    let mut best: Option<(Grid<L>, u8)> = None;
    for &s in symmetries {
        if !may_be_least(g, s) {
            continue;
        }
        let t = if s == 0 { *g } else { g.transform(s) };
        if best.as_ref().is_none_or(|(b, _)| t < *b) {
            best = Some((t, s));
        }
    }
    best.unwrap_or((*g, 0))
}

/// Whether the image of `g` under symmetry `s` can be least: boards order by width first, so
/// on a board that is not square only the images of the narrower shape can.
fn may_be_least<const L: usize>(g: &Grid<L>, s: u8) -> bool {
    let turned = s & 4 != 0;
    !((g.width < g.height && turned) || (g.width > g.height && !turned))
}

/// Whether `g` is its own least image under `symmetries` (what [`least_image`] gives), found
/// without making every image when it is not: most boards are not, and the first smaller
/// image settles it.
pub(crate) fn is_least_image<const L: usize>(g: &Grid<L>, symmetries: &[u8]) -> bool {
    symmetries
        .iter()
        .all(|&s| s == 0 || !may_be_least(g, s) || g.transform(s) >= *g)
}

/// The independent regions of a board: the connected parts of `active`, each cut to its
/// bounding box together with the cells of `context` next to it (the cells that bear on the
/// moves inside it, e.g. the coloured neighbours of a Snort region).
pub(crate) fn regions<const L: usize>(g: &Grid<L>, active: u128, context: u128) -> Vec<Grid<L>> {
    g.connected_parts(active)
        .into_iter()
        .map(|part| g.crop(part | (g.neighbours(part) & context)))
        .collect()
}

/// All eight symmetries of the square.
pub(crate) const ALL_SYMMETRIES: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

#[cfg(test)]
mod tests {
    use super::*;

    const S: Symbols<1> = Symbols {
        layers: ['.'],
        none: '#',
        none_also: &[],
    };

    #[test]
    fn parse_print_round_trip() {
        for text in [".", "..#|#..", "#.|..|.#", "........|........"] {
            let g = Grid::<1>::parse(text, &S).unwrap();
            assert_eq!(g.print(&S), text);
        }
    }

    #[test]
    fn errors_name_the_place() {
        let e = Grid::<1>::parse("..|.x", &S).unwrap_err();
        assert_eq!(e.span(), Some(Span { byte: 4, char: 4 }));
        assert!(e.to_string().starts_with("character 5: 'x'"));
        let e = Grid::<1>::parse("..|...", &S).unwrap_err();
        assert!(matches!(e, GridError::Ragged { row: 2, len: 3, .. }));
        assert_eq!(Grid::<1>::parse("", &S).unwrap_err(), GridError::Empty);
        let big = vec!["........"; 17].join("|");
        assert!(matches!(
            Grid::<1>::parse(&big, &S).unwrap_err(),
            GridError::TooLarge { cells: 136 }
        ));
    }

    #[test]
    fn transforms_form_the_dihedral_group() {
        let g = Grid::<1>::parse("..#|#..|...|.##", &S).unwrap();
        let mut images: Vec<Grid<1>> = (0..8).map(|s| g.transform(s)).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8); // the board has no symmetry
        for s in 0..8 {
            // each mirror and the transpose are involutions
            if s <= 4 {
                assert_eq!(g.transform(s).transform(s), g);
            }
        }
    }

    #[test]
    fn crop_and_parts() {
        let g = Grid::<1>::parse("..#|#.#|#.#|##.", &S).unwrap();
        let parts = g.connected_parts(g.layer(0));
        assert_eq!(parts.len(), 2);
        let crops: Vec<String> = parts.iter().map(|&p| g.crop(p).print(&S)).collect();
        assert_eq!(crops, ["..|#.|#.", "."]);
    }
}
