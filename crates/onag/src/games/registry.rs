//! The one list of games every face iterates: [`GAMES`] (name, title, family, kind, an
//! example position, the notation and rules in a line), and [`analyze`], the analysis of a
//! position given by game name and notation — what `onag game`, `POST /api/game/analyze`, the
//! pages and Python call.
//!
//! Adding a game: write its file (a type implementing [`PartizanGame`] or [`ImpartialGame`],
//! `FromStr` + `Display` for its notation), add one [`GameInfo`] line to [`GAMES`] and one arm
//! to [`engine`]'s match (the test `every_registered_game_analyses_its_example` checks that
//! the two lists agree). See `docs/new-game.md`.
//!
//! # Examples
//! ```
//! use onag::games::registry::{analyze, GAMES, Options};
//!
//! assert!(GAMES.iter().any(|g| g.name == "domineering"));
//! let r = analyze("domineering", "..|..", &Options::default(), &onag::StopFlag::new()).unwrap();
//! assert_eq!(r.report.canonical, "+-1");
//! let e = analyze("domineering", "..|.x", &Options::default(), &onag::StopFlag::new()).unwrap_err();
//! assert_eq!(e.to_string(), "domineering position: character 5: 'x' is not a cell (expected one of '.', '#')");
//! ```

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use super::analysis::{analyze_impartial, analyze_partizan, AnalysisReport, Budget, GameKind};
use super::grid::GridError;
use super::outcome::named::{search_move, search_outcome, SolveOptions};
use super::outcome::strong::{StrongOptions, StrongReport};
use super::outcome::{OutcomeReport, SearchProgress};
use super::page::{
    board, plain, Board, MoveShape, PageInfo, Preset, EMPTY_OR_BLOCK, STONES, STONES_AND_HOLES,
    TILES,
};
use super::solver::{ImpartialSolver, PartizanSolver};
use super::traits::{AsPartizan, ImpartialGame, PartizanGame};
use super::{clobber, col, cram, cutcake, domineering, euclid, hackenbush, konane, snort};
use crate::misere::{MisereAnalyzeError, MisereReport};
use crate::partizan::game::GameError;
use crate::partizan::Player;
use crate::{Span, StopFlag};

/// One game of the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GameInfo {
    /// The name the faces use (`onag game NAME`, `{"game": NAME}`), lower case.
    pub name: &'static str,
    /// The name for people.
    pub title: &'static str,
    /// The family the index page groups it under.
    pub family: &'static str,
    /// Partizan or impartial.
    pub kind: GameKind,
    /// An example position in the game's notation.
    pub example: &'static str,
    /// The notation in one line.
    pub notation: &'static str,
    /// The rules in one line.
    pub rules: &'static str,
    /// What a page needs to draw and play it (board, pieces, how a move is shown, presets).
    pub page: PageInfo,
}

/// Every game, grouped by family.
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        name: "domineering",
        title: "Domineering",
        family: "placement",
        kind: GameKind::Partizan,
        example: "....|....|....",
        notation: "rows separated by '|': '.' empty, '#' filled",
        rules: "Left places a vertical domino on two empty cells, Right a horizontal one",
        page: PageInfo {
            board: Board::Grid,
            cells: EMPTY_OR_BLOCK,
            moves: MoveShape::Domino,
            hint: "Tap a cell: Blue places a vertical domino, Red a horizontal one (tap the second cell if it fits two ways).",
            presets: &[
                plain("...|...|..."),
                plain("....|....|....|...."),
                plain(".....|.....|.....|....."),
                plain("###..|#....|.....|....#|..###"),
                Preset {
                    name: "8 × 8, the standard board (the strong computer)",
                    position: "........|........|........|........|........|........|........|........",
                },
            ],
            own_page: None,
        },
    },
    GameInfo {
        name: "cram",
        title: "Cram",
        family: "placement",
        kind: GameKind::Impartial,
        example: "....|....|....",
        notation: "rows separated by '|': '.' empty, '#' filled",
        rules: "either player places a domino either way on two empty cells",
        page: PageInfo {
            board: Board::Grid,
            cells: EMPTY_OR_BLOCK,
            moves: MoveShape::Domino,
            hint: "Tap a cell, then the cell the domino covers with it (either way).",
            presets: &[
                plain("...|...|..."),
                plain("....|....|....|...."),
                plain(".....|.....|.....|....."),
                plain("..#..|.....|..#.."),
            ],
            own_page: None,
        },
    },
    GameInfo {
        name: "snort",
        title: "Snort",
        family: "placement",
        kind: GameKind::Partizan,
        example: "...|...|...",
        notation: "rows separated by '|': '.' uncoloured, 'x' Left's colour, 'o' Right's, '#' off the board",
        rules: "colour an uncoloured cell yours, never next to the opponent's colour",
        page: PageInfo {
            board: Board::Grid,
            cells: TILES,
            moves: MoveShape::Placement,
            hint: "Tap an empty cell to colour it yours (never next to the opponent's colour).",
            presets: &[
                plain("...|..."),
                plain("....|....|...."),
                plain("....|....|....|...."),
                plain("..#..|.....|..#.."),
            ],
            own_page: None,
        },
    },
    GameInfo {
        name: "col",
        title: "Col",
        family: "placement",
        kind: GameKind::Partizan,
        example: "...|...|...",
        notation: "rows separated by '|': '.' uncoloured, 'x' Left's colour, 'o' Right's, '#' off the board",
        rules: "colour an uncoloured cell yours, never next to your own colour",
        page: PageInfo {
            board: Board::Grid,
            cells: TILES,
            moves: MoveShape::Placement,
            hint: "Tap an empty cell to colour it yours (never next to your own colour).",
            presets: &[
                plain("...|..."),
                plain("....|....|...."),
                plain("....|....|....|...."),
                plain("..#..|.....|..#.."),
            ],
            own_page: None,
        },
    },
    GameInfo {
        name: "clobber",
        title: "Clobber",
        family: "capture",
        kind: GameKind::Partizan,
        example: "xoxo|oxox|xoxo",
        notation: "rows separated by '|': 'x' Left's stone, 'o' Right's, '.' empty",
        rules: "move one of your stones onto an adjacent opponent's stone, which is removed",
        page: PageInfo {
            board: Board::Grid,
            cells: STONES,
            moves: MoveShape::Capture,
            hint: "Tap one of your stones, then the adjacent enemy stone it clobbers.",
            presets: &[
                plain("xox|oxo"),
                plain("xxo|o.x|xoo"),
                plain("xoxoxo|oxoxox"),
                plain("xoxo|o..x|xoxo"),
                Preset {
                    name: "6 × 6 (the strong computer)",
                    position: "xoxoxo|oxoxox|xoxoxo|oxoxox|xoxoxo|oxoxox",
                },
                Preset {
                    name: "8 × 8, the standard board (the strong computer)",
                    position: "xoxoxoxo|oxoxoxox|xoxoxoxo|oxoxoxox|xoxoxoxo|oxoxoxox|xoxoxoxo|oxoxoxox",
                },
            ],
            own_page: None,
        },
    },
    GameInfo {
        name: "konane",
        title: "Konane",
        family: "capture",
        kind: GameKind::Partizan,
        example: "xoxo|o..x|xoxo|oxox",
        notation: "rows separated by '|': 'x' Left's stone, 'o' Right's, '.' empty, '#' off the board",
        rules: "jump one of your stones over an adjacent opponent's stone into an empty cell, capturing it; further jumps in the same line may follow",
        page: PageInfo {
            board: Board::Grid,
            cells: STONES_AND_HOLES,
            moves: MoveShape::Jump,
            hint: "Tap one of your stones, then the empty cell it jumps to (over enemy stones, in a line).",
            presets: &[
                Preset {
                    name: "3 × 5, two holes",
                    position: "xoxox|ox.xo|xo.ox",
                },
                Preset {
                    name: "4 × 5, two stones taken",
                    position: "xoxox|o..xo|xoxox|oxoxo",
                },
                Preset {
                    name: "6 × 6, the two centre stones taken (the strong computer)",
                    position: "xoxoxo|oxoxox|xo..xo|oxoxox|xoxoxo|oxoxox",
                },
                Preset {
                    name: "8 × 8, the two centre stones taken (the strong computer)",
                    position: "xoxoxoxo|oxoxoxox|xoxoxoxo|oxo..xox|xoxoxoxo|oxoxoxox|xoxoxoxo|oxoxoxox",
                },
            ],
            own_page: None,
        },
    },
    GameInfo {
        name: "hackenbush",
        title: "Hackenbush",
        family: "cutting",
        kind: GameKind::Partizan,
        example: "0-1:b 1-2:r 1-3:g 2-3:g 0-4:r 4-5:b 4-6:g",
        notation: "stalks from the ground up ('bbr + g3'), or edges U-V:C with 0 the ground ('0-1:b 1-2:r'); colours b, r, g",
        rules: "cut an edge of your colour (blue Left, red Right) or a green one; what no longer reaches the ground falls",
        page: PageInfo {
            board: Board::Graph,
            cells: &[],
            moves: MoveShape::Edge,
            hint: "Tap an edge of your colour or a green one to cut it.",
            presets: &[
                Preset {
                    name: "a blue–blue–red–blue string (7/4)",
                    position: "bbrb",
                },
                Preset {
                    name: "three strings: blue–red, red–blue, green–green",
                    position: "br + rb + gg",
                },
                Preset {
                    name: "a flower: a green stem with blue and red petals",
                    position: "0-1:g 1-2:g 2-3:b 2-4:r 2-5:b",
                },
                Preset {
                    name: "a green tree (colon principle)",
                    position: "0-1:g 1-2:g 1-3:g 2-4:g 2-5:g 3-6:g",
                },
                Preset {
                    name: "a house (a cycle through the ground)",
                    position: "0-1:b 1-2:b 0-2:r 1-3:g 2-3:g",
                },
                Preset {
                    name: "a blue–red tree",
                    position: "0-1:b 1-2:r 1-3:b 2-4:r 3-5:r",
                },
            ],
            own_page: None,
        },
    },
    GameInfo {
        name: "cutcake",
        title: "Cutcake",
        family: "cutting",
        kind: GameKind::Partizan,
        example: "4x3 + 2x5",
        notation: "pieces WIDTHxHEIGHT joined by '+'",
        rules: "Left cuts a piece vertically, Right horizontally, along the unit lines",
        page: PageInfo {
            board: Board::Pieces,
            cells: &[],
            moves: MoveShape::Cut,
            hint: "Tap a dashed line to cut the cake there: Blue cuts down, Red across.",
            presets: &[
                plain("3x4"),
                plain("4x4"),
                plain("2x2 + 1x5"),
                plain("5x3 + 2x6"),
                plain("5x5"),
            ],
            own_page: None,
        },
    },
    GameInfo {
        name: "toads",
        title: "Toads and Frogs",
        family: "sliding",
        kind: GameKind::Partizan,
        example: "TT..FF",
        notation: "a strip of squares: 'T' toad (Left), 'F' frog (Right), '.' empty; counts repeat (T2.2F2)",
        rules: "a toad moves one square right or jumps a frog; a frog moves left or jumps a toad",
        page: PageInfo {
            own_page: Some("/toads"),
            ..board(
                Board::Strip,
                MoveShape::Slide,
                "Tap a toad or a frog to move it.",
            )
        },
    },
    GameInfo {
        name: "turning-corners",
        title: "Turning Corners",
        family: "coins",
        kind: GameKind::Impartial,
        example: "4x4:2,3 4,4",
        notation: "RxC:r,c r,c … — the board size, then the heads coins (1-based)",
        rules: "turn a heads coin and the other three corners of a rectangle above and left of it",
        page: PageInfo {
            own_page: Some("/corners"),
            ..board(
                Board::Coins,
                MoveShape::Turn,
                "Tap a heads coin to turn it and three other corners.",
            )
        },
    },
    GameInfo {
        name: "wythoff",
        title: "Wythoff's game (queens)",
        family: "queens",
        kind: GameKind::Impartial,
        example: "8:3,5 2,1",
        notation: "SIDE:x,y x,y … — the board side, then the queens (0-based)",
        rules: "move one queen left, down or diagonally down-left; the corner ends a queen's moves",
        page: PageInfo {
            own_page: Some("/wythoff"),
            ..board(
                Board::Queens,
                MoveShape::Queen,
                "Tap a queen, then the square it moves to.",
            )
        },
    },
    GameInfo {
        name: "euclid",
        title: "Euclid's game",
        family: "numbers",
        kind: GameKind::Impartial,
        example: "12,7",
        notation: "two numbers a,b from 0 to 1000 (e.g. 12,7)",
        rules: "subtract a positive multiple of the smaller number from the larger, leaving it at least 0; whoever makes a zero wins",
        page: PageInfo {
            presets: &[
                Preset {
                    name: "21,13 (Fibonacci numbers: one move each time)",
                    position: "21,13",
                },
                Preset {
                    name: "40,9 (four ways to move)",
                    position: "40,9",
                },
                plain("100,37"),
                plain("144,89"),
            ],
            ..board(
                Board::Text,
                MoveShape::Other,
                "Tap a move: the position it leaves (the larger number less a multiple of the smaller).",
            )
        },
    },
];

/// The game named `name`, if registered.
pub fn game(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.name == name)
}

/// A notation error that knows where it is.
pub trait NotationError: std::error::Error {
    /// Where in the text the error is, if at one place.
    fn span(&self) -> Option<Span>;
}

impl NotationError for cutcake::CutcakeError {
    fn span(&self) -> Option<Span> {
        cutcake::CutcakeError::span(self)
    }
}

impl NotationError for hackenbush::HackenbushError {
    fn span(&self) -> Option<Span> {
        hackenbush::HackenbushError::span(self)
    }
}

impl NotationError for super::turning_corners::CornersError {
    fn span(&self) -> Option<Span> {
        super::turning_corners::CornersError::span(self)
    }
}

impl NotationError for crate::wythoff::positions::PositionError {
    fn span(&self) -> Option<Span> {
        crate::wythoff::positions::PositionError::span(self)
    }
}

impl NotationError for crate::games::toads_and_frogs::BoardError {
    fn span(&self) -> Option<Span> {
        crate::games::toads_and_frogs::BoardError::span(self)
    }
}

impl NotationError for euclid::EuclidError {
    fn span(&self) -> Option<Span> {
        euclid::EuclidError::span(self)
    }
}

impl NotationError for GridError {
    fn span(&self) -> Option<Span> {
        GridError::span(self)
    }
}

/// Why [`analyze`] gave no report.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalyzeError {
    /// No game of that name.
    #[error("no game '{0}' (games: {names})", names = game_names())]
    UnknownGame(String),
    /// The position is not in the game's notation.
    #[error("{game} position: {message}")]
    Position {
        /// The game.
        game: &'static str,
        /// The parser's message.
        message: String,
        /// Where, if at one place.
        span: Option<Span>,
    },
    /// The solver stopped or went past a bound.
    #[error(transparent)]
    Game(GameError),
}

/// The registered games' names, for the message of [`AnalyzeError::UnknownGame`].
fn game_names() -> String {
    let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    names.join(", ")
}

impl From<GameError> for AnalyzeError {
    fn from(e: GameError) -> Self {
        AnalyzeError::Game(e)
    }
}

/// The bounds of one analysis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The solver's table and the remoteness search.
    pub budget: Budget,
}

pub(crate) fn parse<G: FromStr>(game: &'static str, text: &str) -> Result<G, AnalyzeError>
where
    G::Err: NotationError,
{
    text.parse().map_err(|e: G::Err| AnalyzeError::Position {
        game,
        message: e.to_string(),
        span: e.span(),
    })
}

/// What the registry does with a game's type: parse a position, analyse it. Implemented
/// once for every [`PartizanGame`] and every [`ImpartialGame`] (by `Typed<G, Partizan>` and
/// `Typed<G, Impartial>`), so a game only adds one line to [`engine`].
pub trait Engine: Sync {
    /// The position `text` printed back in the game's notation, or why it is not one.
    fn check(&self, game: &'static str, text: &str) -> Result<String, AnalyzeError>;

    /// The analysis of the position `text`.
    fn analyze(
        &self,
        game: &'static str,
        text: &str,
        options: &Options,
        stop: &StopFlag,
    ) -> Result<AnalysisReport, AnalyzeError>;

    /// The outcome search of the position `text` (`onag solve`; an impartial game searched as
    /// a partizan one whose players have the same moves): [`crate::games::outcome::named::solve`].
    fn outcome(
        &self,
        game: &'static str,
        text: &str,
        options: &SolveOptions,
        stop: &StopFlag,
        hook: Box<dyn FnMut(&SearchProgress)>,
    ) -> Result<OutcomeReport, AnalyzeError>;

    /// The strong computer's move for `player` in the position `text` (an impartial game
    /// searched as a partizan one): [`crate::games::outcome::named::best_move`].
    fn strong(
        &self,
        game: &'static str,
        text: &str,
        player: Player,
        options: &StrongOptions,
        stop: &StopFlag,
        hook: Box<dyn FnMut(&SearchProgress)>,
    ) -> Result<StrongReport, AnalyzeError>;

    /// The misère analysis of the position `text` (an impartial game; a partizan one is
    /// refused): [`crate::misere::analyze_misere`].
    fn misere(
        &self,
        game: &'static str,
        text: &str,
        max_forms: usize,
        stop: &StopFlag,
    ) -> Result<MisereReport, MisereAnalyzeError>;
}

/// An analysis, or why it failed.
type Analysis = Result<AnalysisReport, GameError>;

/// Which solver analyses a game's positions: the canonical-form solver ([`Partizan`]) or
/// the Grundy-value solver ([`Impartial`]).
trait Solve<G> {
    fn solve(game: &'static str, position: &G, budget: Budget, stop: &StopFlag) -> Analysis;

    /// The outcome search of a parsed position.
    fn outcome(
        position: &G,
        options: &SolveOptions,
        stop: &StopFlag,
        hook: Box<dyn FnMut(&SearchProgress)>,
    ) -> Result<OutcomeReport, AnalyzeError>;

    /// The strong computer's move in a parsed position.
    fn strong(
        position: &G,
        player: Player,
        options: &StrongOptions,
        stop: &StopFlag,
        hook: Box<dyn FnMut(&SearchProgress)>,
    ) -> Result<StrongReport, AnalyzeError>;

    /// The misère analysis of a parsed position (impartial games only).
    fn misere(
        game: &'static str,
        position: &G,
        max_forms: usize,
        stop: &StopFlag,
    ) -> Result<MisereReport, MisereAnalyzeError>;
}

/// The partizan solver ([`analyze_partizan`]).
struct Partizan;
/// The impartial solver ([`analyze_impartial`]).
struct Impartial;

impl<G: PartizanGame> Solve<G> for Partizan {
    fn solve(game: &'static str, position: &G, budget: Budget, stop: &StopFlag) -> Analysis {
        analyze_partizan(&mut PartizanSolver::new(), game, position, budget, stop)
    }

    fn outcome(
        position: &G,
        options: &SolveOptions,
        stop: &StopFlag,
        hook: Box<dyn FnMut(&SearchProgress)>,
    ) -> Result<OutcomeReport, AnalyzeError> {
        search_outcome(position, options, stop, hook)
    }

    fn strong(
        position: &G,
        player: Player,
        options: &StrongOptions,
        stop: &StopFlag,
        hook: Box<dyn FnMut(&SearchProgress)>,
    ) -> Result<StrongReport, AnalyzeError> {
        search_move(position, player, options, stop, hook)
    }

    fn misere(
        game: &'static str,
        _: &G,
        _: usize,
        _: &StopFlag,
    ) -> Result<MisereReport, MisereAnalyzeError> {
        Err(MisereAnalyzeError::NotImpartial(game))
    }
}

impl<G: ImpartialGame> Solve<G> for Impartial {
    fn solve(game: &'static str, position: &G, budget: Budget, stop: &StopFlag) -> Analysis {
        analyze_impartial(&mut ImpartialSolver::new(), game, position, budget, stop)
    }

    fn outcome(
        position: &G,
        options: &SolveOptions,
        stop: &StopFlag,
        hook: Box<dyn FnMut(&SearchProgress)>,
    ) -> Result<OutcomeReport, AnalyzeError> {
        // an impartial game is the partizan game whose two players have the same moves
        search_outcome(&AsPartizan(position.clone()), options, stop, hook)
    }

    fn strong(
        position: &G,
        player: Player,
        options: &StrongOptions,
        stop: &StopFlag,
        hook: Box<dyn FnMut(&SearchProgress)>,
    ) -> Result<StrongReport, AnalyzeError> {
        search_move(&AsPartizan(position.clone()), player, options, stop, hook)
    }

    fn misere(
        game: &'static str,
        position: &G,
        max_forms: usize,
        stop: &StopFlag,
    ) -> Result<MisereReport, MisereAnalyzeError> {
        Ok(crate::misere::game::misere_report(
            game, position, max_forms, stop,
        )?)
    }
}

/// The engine of the game type `G`, analysed by the solver `S`.
struct Typed<G, S>(PhantomData<fn() -> (G, S)>);

impl<G: FromStr + fmt::Display, S: Solve<G>> Engine for Typed<G, S>
where
    G::Err: NotationError,
{
    fn check(&self, game: &'static str, text: &str) -> Result<String, AnalyzeError> {
        parse::<G>(game, text).map(|g| g.to_string())
    }

    fn analyze(
        &self,
        game: &'static str,
        text: &str,
        options: &Options,
        stop: &StopFlag,
    ) -> Result<AnalysisReport, AnalyzeError> {
        let position: G = parse(game, text)?;
        Ok(S::solve(game, &position, options.budget, stop)?)
    }

    fn outcome(
        &self,
        game: &'static str,
        text: &str,
        options: &SolveOptions,
        stop: &StopFlag,
        hook: Box<dyn FnMut(&SearchProgress)>,
    ) -> Result<OutcomeReport, AnalyzeError> {
        let position: G = parse(game, text)?;
        S::outcome(&position, options, stop, hook)
    }

    fn strong(
        &self,
        game: &'static str,
        text: &str,
        player: Player,
        options: &StrongOptions,
        stop: &StopFlag,
        hook: Box<dyn FnMut(&SearchProgress)>,
    ) -> Result<StrongReport, AnalyzeError> {
        let position: G = parse(game, text)?;
        S::strong(&position, player, options, stop, hook)
    }

    fn misere(
        &self,
        game: &'static str,
        text: &str,
        max_forms: usize,
        stop: &StopFlag,
    ) -> Result<MisereReport, MisereAnalyzeError> {
        let position: G = text
            .parse()
            .map_err(|e: G::Err| MisereAnalyzeError::Position {
                game,
                message: e.to_string(),
            })?;
        S::misere(game, &position, max_forms, stop)
    }
}

/// The engine of the game named `name` (one line per game).
pub fn engine(name: &str) -> Option<&'static dyn Engine> {
    Some(match name {
        "domineering" => &Typed::<domineering::Domineering, Partizan>(PhantomData),
        "cram" => &Typed::<cram::Cram, Impartial>(PhantomData),
        "snort" => &Typed::<snort::Snort, Partizan>(PhantomData),
        "col" => &Typed::<col::Col, Partizan>(PhantomData),
        "clobber" => &Typed::<clobber::Clobber, Partizan>(PhantomData),
        "konane" => &Typed::<konane::Konane, Partizan>(PhantomData),
        "cutcake" => &Typed::<cutcake::Cutcake, Partizan>(PhantomData),
        "hackenbush" => &Typed::<hackenbush::Hackenbush, Partizan>(PhantomData),
        "toads" => &Typed::<crate::games::toads_and_frogs::Board, Partizan>(PhantomData),
        "turning-corners" => {
            &Typed::<crate::games::turning_corners::TurningCorners, Impartial>(PhantomData)
        }
        "wythoff" => &Typed::<crate::wythoff::positions::Position, Impartial>(PhantomData),
        "euclid" => &Typed::<euclid::Euclid, Impartial>(PhantomData),
        _ => return None,
    })
}

fn lookup(name: &str) -> Result<(&'static GameInfo, &'static dyn Engine), AnalyzeError> {
    let unknown = || AnalyzeError::UnknownGame(name.to_string());
    let info = game(name).ok_or_else(unknown)?;
    Ok((info, engine(info.name).ok_or_else(unknown)?))
}

/// The position `text` of the game `name` printed back in the game's notation (a fast check
/// before [`analyze`]).
///
/// # Examples
/// ```
/// use onag::games::registry::check;
/// assert_eq!(check("domineering", "..|..|").unwrap(), "..|..");
/// assert!(check("chess", "..").is_err());
/// ```
pub fn check(name: &str, text: &str) -> Result<String, AnalyzeError> {
    let (info, engine) = lookup(name)?;
    engine.check(info.name, text)
}

/// The analysis of the position `text` of the game `name` (see the
/// [module documentation](self)), bounded by `options`, polling `stop`.
pub fn analyze(
    name: &str,
    text: &str,
    options: &Options,
    stop: &StopFlag,
) -> Result<AnalysisReport, AnalyzeError> {
    let (info, engine) = lookup(name)?;
    engine.analyze(info.name, text, options, stop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_analyses_its_example() {
        for g in GAMES {
            let r = analyze(g.name, g.example, &Options::default(), &StopFlag::new())
                .unwrap_or_else(|e| panic!("{}: {e}", g.name));
            assert_eq!(r.kind, g.kind, "{}", g.name);
            assert_eq!(r.game, g.name);
        }
    }

    #[test]
    fn only_registered_games_have_engines() {
        assert!(engine("nope").is_none());
        assert!(matches!(
            analyze("nope", "", &Options::default(), &StopFlag::new()),
            Err(AnalyzeError::UnknownGame(_))
        ));
    }

    #[test]
    fn every_page_preset_is_a_position_and_every_grid_example_uses_the_page_cells() {
        for g in GAMES {
            for p in g.page.presets {
                check(g.name, p.position).unwrap_or_else(|e| panic!("{}: {e}", p.position));
            }
            if g.page.board == Board::Grid {
                assert!(g.page.cells.iter().any(|c| c.edit), "{}", g.name);
                for text in
                    std::iter::once(g.example).chain(g.page.presets.iter().map(|p| p.position))
                {
                    for ch in text.chars().filter(|&c| c != '|') {
                        assert!(g.page.cell(ch).is_some(), "{}: '{ch}' has no cell", g.name);
                    }
                }
                // every cell the page offers is one the game reads
                for c in g.page.cells {
                    check(g.name, &c.symbol.to_string())
                        .unwrap_or_else(|e| panic!("{} cell '{}': {e}", g.name, c.symbol));
                }
            }
        }
    }

    #[test]
    fn names_are_unique_and_lower_case() {
        let mut names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        assert!(names
            .iter()
            .all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '-')));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), GAMES.len());
    }
}
