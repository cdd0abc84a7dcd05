//! What a page needs to draw and play a registered game ([`PageInfo`], one per
//! [`GameInfo`](super::registry::GameInfo)): the kind of board, the pieces each character of
//! the notation stands for, how a move is shown, the tap hint and the positions the page's
//! menu offers. The web app builds a game's page from this alone — no page code names a
//! game — so a new game of a grid notation gets a drawn board, a graph game the picture, and
//! a game of any other notation a page that lists its moves to play.
//!
//! # Examples
//! ```
//! use onag::games::page::{Board, Piece};
//! use onag::games::registry::game;
//!
//! let clobber = game("clobber").unwrap().page;
//! assert_eq!(clobber.board, Board::Grid);
//! assert_eq!(clobber.cell('x').unwrap().piece, Piece::LeftStone);
//! ```

/// The kind of board a page draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Board {
    /// Rows of cells separated by `|`, one character a cell ([`PageInfo::cells`]).
    Grid,
    /// Edges between vertices above a ground (`U-V:C` with 0 the ground, or stalks).
    Graph,
    /// Rectangular pieces `WxH` joined by `+` (pieces of cake).
    Pieces,
    /// One row of squares (a strip).
    Strip,
    /// A board of coins (heads and tails) given by size and the heads.
    Coins,
    /// Queens on a square board given by side and the queens.
    Queens,
    /// A checkerboard whose pieces stand on the dark squares (row + column even, counting
    /// from 1): rows separated by `/`, one character a square ([`PageInfo::cells`]).
    Checkerboard,
    /// Any other notation: the page shows the position as text and its moves as buttons.
    Text,
    /// Points joined by lines (a board such as Hare and Hounds'): the notation's rows
    /// separated by `/`, one character a point, drawn where [`PointBoard`] places them.
    Points(&'static PointBoard),
}

/// A board of points joined by lines, as a page draws it: where each character of the
/// notation stands and which points a line joins. A position may end with a space and a
/// number (a counter the rules keep, named by [`PointBoard::counter`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PointBoard {
    /// Every point: its character's place in the notation and where it is drawn.
    pub points: &'static [BoardPoint],
    /// The lines, as pairs of indices into [`PointBoard::points`].
    pub lines: &'static [[u8; 2]],
    /// What the number after the board counts (shown under the board when present).
    pub counter: &'static str,
}

/// One point of a [`PointBoard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BoardPoint {
    /// The notation's row (from 0, rows separated by `/`) and the character's index in it.
    pub cell: [u8; 2],
    /// Where it is drawn: column and row of a grid (from 0).
    pub at: [u8; 2],
}

/// What a character of a grid notation is drawn as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Piece {
    /// An empty cell.
    Empty,
    /// A cell that is not part of the board (filled, off the board).
    Block,
    /// A stone of Left (blue).
    LeftStone,
    /// A stone of Right (red).
    RightStone,
    /// A cell coloured Left's (blue).
    LeftTile,
    /// A cell coloured Right's (red).
    RightTile,
    /// A goose (Left's piece in Fox and Geese).
    Goose,
    /// A fox (Right's piece in Fox and Geese).
    Fox,
    /// A toad (Left's creature in Toads and Frogs).
    Toad,
    /// A frog (Right's creature in Toads and Frogs).
    Frog,
    /// A hound (Left's piece in Hare and Hounds).
    Hound,
    /// The hare (Right's piece in Hare and Hounds).
    Hare,
}

/// One character of a grid notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Cell {
    /// The character.
    pub symbol: char,
    /// What it is drawn as.
    pub piece: Piece,
    /// Whether the board editor cycles a cell through it (in the order of
    /// [`PageInfo::cells`]); a second spelling of a piece is accepted but not offered.
    pub edit: bool,
}

/// How a move is shown on the board (the page finds what a move does by comparing the
/// positions before and after it; this says how to draw and name it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum MoveShape {
    /// One cell changes: tapping it plays (colouring a cell).
    Placement,
    /// Two empty cells are covered by a domino of the mover's.
    Domino,
    /// A stone moves onto an adjacent enemy stone, which is removed.
    Capture,
    /// A stone jumps over enemy stones in a line into an empty cell, capturing them.
    Jump,
    /// A piece is cut in two along a line.
    Cut,
    /// An edge is cut; what no longer reaches the ground falls.
    Edge,
    /// A piece slides or jumps along a strip.
    Slide,
    /// Coins are turned over.
    Turn,
    /// A piece moves towards a corner.
    Queen,
    /// Any other move: played from its name.
    Other,
}

/// A position the page's menu offers, with a name for people (empty: the position itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Preset {
    /// What the menu says.
    pub name: &'static str,
    /// The position in the game's notation.
    pub position: &'static str,
}

/// What a page needs to draw and play the game (see the [module documentation](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PageInfo {
    /// The kind of board.
    pub board: Board,
    /// The characters of a grid notation and their pieces (empty for other boards).
    pub cells: &'static [Cell],
    /// How a move is shown.
    pub moves: MoveShape,
    /// The first line under the board: how to play by tapping.
    pub hint: &'static str,
    /// The positions the page's menu offers after the example (each analyses within the web
    /// app's limits and lasts more than two moves when one of the players starts).
    pub presets: &'static [Preset],
    /// The URL path of the game's own page (a specialised solver's page), when it has one:
    /// no page is generated for it then.
    pub own_page: Option<&'static str>,
}

impl PageInfo {
    /// The cell of grid character `symbol`, if the notation has one.
    pub fn cell(&self, symbol: char) -> Option<&'static Cell> {
        self.cells.iter().find(|c| c.symbol == symbol)
    }
}

const fn cell(symbol: char, piece: Piece) -> Cell {
    Cell {
        symbol,
        piece,
        edit: true,
    }
}

/// `.` empty and `#` filled: Domineering, Cram.
pub(crate) const EMPTY_OR_BLOCK: &[Cell] = &[cell('.', Piece::Empty), cell('#', Piece::Block)];

/// Stones of both sides on a board without holes (`#` is read as empty): Clobber.
pub(crate) const STONES: &[Cell] = &[
    cell('.', Piece::Empty),
    cell('x', Piece::LeftStone),
    cell('o', Piece::RightStone),
    Cell {
        symbol: '#',
        piece: Piece::Empty,
        edit: false,
    },
];

/// Stones of both sides with holes in the board: Konane.
pub(crate) const STONES_AND_HOLES: &[Cell] = &[
    cell('.', Piece::Empty),
    cell('x', Piece::LeftStone),
    cell('o', Piece::RightStone),
    cell('#', Piece::Block),
];

/// Cells coloured by either side, with holes: Snort, Col.
pub(crate) const TILES: &[Cell] = &[
    cell('.', Piece::Empty),
    cell('x', Piece::LeftTile),
    cell('o', Piece::RightTile),
    cell('#', Piece::Block),
];

/// Geese, a fox and empty squares: Fox and Geese.
pub(crate) const FOX_AND_GEESE: &[Cell] = &[
    cell('.', Piece::Empty),
    cell('G', Piece::Goose),
    cell('F', Piece::Fox),
];

/// Hounds, a hare and empty points: Hare and Hounds.
pub(crate) const HARE_AND_HOUNDS: &[Cell] = &[
    cell('.', Piece::Empty),
    cell('H', Piece::Hound),
    cell('R', Piece::Hare),
];

/// Toads, frogs and empty squares on a strip: Toads and Frogs and its loopy variant.
pub(crate) const TOADS_AND_FROGS: &[Cell] = &[
    cell('.', Piece::Empty),
    cell('T', Piece::Toad),
    cell('F', Piece::Frog),
];

/// A preset named by its position.
pub(crate) const fn plain(position: &'static str) -> Preset {
    Preset { name: "", position }
}

/// A page of a game whose board is not a grid.
pub(crate) const fn board(board: Board, moves: MoveShape, hint: &'static str) -> PageInfo {
    PageInfo {
        board,
        cells: &[],
        moves,
        hint,
        presets: &[],
        own_page: None,
    }
}
