//! Thermographs: the walls of a game cooled by a tax t ≥ 0, exact with dyadic breakpoints.
//!
//! Conway, *On Numbers and Games*, ch. 9; Berlekamp, Conway and Guy, *Winning Ways* ch. 6;
//! Siegel, *Combinatorial Game Theory*, §II.5. For a game G that is not a number, the left
//! scaffold is max over Left options of (their right wall − t) and the right scaffold is
//! min over Right options of (their left wall + t). The temperature is the first t where the
//! left scaffold is no longer to the right of the right scaffold; above it both walls are the
//! vertical mast, whose position is the mean. Below it the walls are the scaffolds.
//!
//! Every wall is piecewise linear in t with slopes dx/dt ∈ {−1, 0, 1}, so scaffolds cross at
//! t = Δx / Δslope with Δslope ∈ {1, 2}: all breakpoints are dyadic and exact.
//!
//! Conventions: a number m/2^k (k ≥ 1) has temperature −1/2^k and an integer −1 (Conway's
//! temperatures of numbers, as CGSuite reports them); its walls are the vertical line at its
//! value. Every other game has temperature ≥ 0 (infinitesimals such as ↑ or * have 0), so
//! "hot ⇔ temperature > 0".

use std::fmt::Write as _;

use super::{Arena, FxHashMap, GameError, GameId};
use crate::partizan::dyadic::{Dyadic, DyadicError};

/// (t, x) breakpoints of a wall, by increasing t.
pub type Breakpoints = Vec<(Dyadic, Dyadic)>;

fn overflow(_: DyadicError) -> GameError {
    GameError::Overflow
}

/// A piece of a wall: x(t) = x + slope·(t − t₀) for t from t₀ to the next piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    t: Dyadic,
    x: Dyadic,
    slope: i64,
}

/// A continuous piecewise-linear function x(t) on t ≥ 0 (a wall or a scaffold).
///
/// # Examples
/// ```
/// use onag::partizan::dyadic::Dyadic;
/// use onag::partizan::thermograph::Wall;
///
/// let three: Dyadic = "3".parse().unwrap();
/// let mast = Wall::constant(three);
/// assert_eq!(mast.eval("7/8".parse().unwrap()), Ok(three));
/// assert_eq!(mast.final_slope(), 0);
/// assert_eq!(mast.breakpoints(), vec![(Dyadic::ZERO, three)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    /// Sorted by t; the first starts at t = 0; the last extends to infinity.
    pieces: Vec<Piece>,
}

fn mul(d: Dyadic, k: i64) -> Result<Dyadic, GameError> {
    d.checked_mul_int(k).map_err(overflow)
}

fn add(a: Dyadic, b: Dyadic) -> Result<Dyadic, GameError> {
    a.checked_add(b).map_err(overflow)
}

fn sub(a: Dyadic, b: Dyadic) -> Result<Dyadic, GameError> {
    a.checked_sub(b).map_err(overflow)
}

/// a / k for k = ±2^j: the only divisions wall algebra needs (slope differences are 1 or 2).
fn div_pow2(a: Dyadic, k: i64) -> Result<Dyadic, GameError> {
    if k == 0 || !k.unsigned_abs().is_power_of_two() {
        // cannot happen for thermograph walls, whose slopes are −1, 0, 1.
        return Err(GameError::Overflow);
    }
    let mut q = if k < 0 {
        a.checked_neg().map_err(overflow)?
    } else {
        a
    };
    for _ in 0..k.unsigned_abs().trailing_zeros() {
        q = q.half().map_err(overflow)?;
    }
    Ok(q)
}

impl Wall {
    /// The vertical line x(t) = x.
    pub fn constant(x: Dyadic) -> Wall {
        Wall {
            pieces: vec![Piece {
                t: Dyadic::ZERO,
                x,
                slope: 0,
            }],
        }
    }

    fn piece_at(&self, t: Dyadic) -> &Piece {
        let i = self.pieces.partition_point(|p| p.t <= t);
        &self.pieces[i.saturating_sub(1)]
    }

    /// x(t), for t ≥ 0.
    pub fn eval(&self, t: Dyadic) -> Result<Dyadic, GameError> {
        let p = self.piece_at(t);
        add(p.x, mul(sub(t, p.t)?, p.slope)?)
    }

    /// The slope dx/dt just after t.
    fn slope_at(&self, t: Dyadic) -> i64 {
        self.piece_at(t).slope
    }

    /// x(t) + k·t.
    fn tilt(&self, k: i64) -> Result<Wall, GameError> {
        let pieces = self
            .pieces
            .iter()
            .map(|p| {
                Ok(Piece {
                    t: p.t,
                    x: add(p.x, mul(p.t, k)?)?,
                    slope: p.slope + k,
                })
            })
            .collect::<Result<Vec<_>, GameError>>()?;
        Ok(Wall { pieces })
    }

    /// The breakpoints, as (t, x) pairs, starting at t = 0.
    pub fn breakpoints(&self) -> Vec<(Dyadic, Dyadic)> {
        self.pieces.iter().map(|p| (p.t, p.x)).collect()
    }

    /// The slope after the last breakpoint.
    pub fn final_slope(&self) -> i64 {
        self.pieces.last().map_or(0, |p| p.slope)
    }

    /// Where a piece of either wall starts, in increasing order: between two of them both
    /// walls are straight.
    fn starts_with(&self, other: &Wall) -> Vec<Dyadic> {
        let mut ts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.t)
            .collect();
        ts.sort();
        ts.dedup();
        ts
    }

    /// Pointwise max (`larger`) or min of two walls.
    fn combine(&self, other: &Wall, larger: bool) -> Result<Wall, GameError> {
        let ts = self.starts_with(other);
        let mut out: Vec<Piece> = Vec::new();
        for (i, &lo) in ts.iter().enumerate() {
            let hi = ts.get(i + 1).copied();
            let (xa, sa) = (self.eval(lo)?, self.slope_at(lo));
            let (xb, sb) = (other.eval(lo)?, other.slope_at(lo));
            // d = a − b on [lo, hi); pick a where (d > 0) == larger.
            let d_lo = sub(xa, xb)?;
            let ds = sa - sb;
            let pick_a_at_start = if d_lo == Dyadic::ZERO {
                (ds >= 0) == larger
            } else {
                (d_lo > Dyadic::ZERO) == larger
            };
            let a_piece = Piece {
                t: lo,
                x: xa,
                slope: sa,
            };
            let b_piece = Piece {
                t: lo,
                x: xb,
                slope: sb,
            };
            let (first, second) = if pick_a_at_start {
                (a_piece, b_piece)
            } else {
                (b_piece, a_piece)
            };
            push_piece(&mut out, first);
            // A strict sign change of d inside (lo, hi) swaps the winner.
            if ds != 0 && d_lo != Dyadic::ZERO && (d_lo > Dyadic::ZERO) != (ds > 0) {
                let cross = sub(lo, div_pow2(d_lo, ds)?)?;
                if hi.is_none_or(|h| cross < h) {
                    let x = add(second.x, mul(sub(cross, lo)?, second.slope)?)?;
                    push_piece(
                        &mut out,
                        Piece {
                            t: cross,
                            x,
                            slope: second.slope,
                        },
                    );
                }
            }
        }
        Ok(Wall { pieces: out })
    }

    /// The first t ≥ 0 with self(t) ≤ other(t), if any.
    fn first_at_or_below(&self, other: &Wall) -> Result<Option<Dyadic>, GameError> {
        let ts = self.starts_with(other);
        for (i, &lo) in ts.iter().enumerate() {
            let d_lo = sub(self.eval(lo)?, other.eval(lo)?)?;
            if d_lo <= Dyadic::ZERO {
                return Ok(Some(lo));
            }
            let ds = self.slope_at(lo) - other.slope_at(lo);
            if ds < 0 {
                let cross = sub(lo, div_pow2(d_lo, ds)?)?;
                if ts.get(i + 1).is_none_or(|&h| cross < h) {
                    return Ok(Some(cross));
                }
            }
        }
        Ok(None)
    }

    /// This wall up to `t`, then the vertical line through its value there.
    fn truncate(&self, t: Dyadic) -> Result<Wall, GameError> {
        let x = self.eval(t)?;
        let mut pieces: Vec<Piece> = self.pieces.iter().copied().filter(|p| p.t < t).collect();
        push_piece(&mut pieces, Piece { t, x, slope: 0 });
        Ok(Wall { pieces })
    }
}

/// Appends a piece, merging it into the previous one when it continues the same line.
fn push_piece(pieces: &mut Vec<Piece>, piece: Piece) {
    if let Some(last) = pieces.last_mut() {
        if last.slope == piece.slope {
            return;
        }
        if last.t == piece.t {
            *last = piece;
            if pieces.len() >= 2 && pieces[pieces.len() - 2].slope == piece.slope {
                pieces.pop();
            }
            return;
        }
    }
    pieces.push(piece);
}

/// The thermograph of a short game: its two walls, mean and temperature.
///
/// # Examples
/// ```
/// use onag::partizan::dyadic::Dyadic;
/// use onag::partizan::{game::Arena, parse::parse, thermograph::{thermograph, Thermograph}};
///
/// let d = |s: &str| s.parse::<Dyadic>().unwrap();
/// let mut arena = Arena::new();
/// let switch = parse(&mut arena, "{1|0}").unwrap();
/// let th = thermograph(&mut arena, switch).unwrap();
/// assert_eq!((th.left_stop(), th.right_stop()), (d("1"), d("0")));
/// assert_eq!((th.mean(), th.temperature()), (d("1/2"), d("1/2")));
/// // Cooled by 1/4 the walls are 1/4 closer to the mean.
/// assert_eq!(th.left_wall().eval(d("1/4")), Ok(d("3/4")));
/// assert_eq!(th.right_wall().eval(d("1/4")), Ok(d("1/4")));
/// assert!(th.to_svg().starts_with("<svg"));
/// // The thermograph of a number is a mast; its temperature is negative.
/// let two = Thermograph::of_number(d("2")).unwrap();
/// assert_eq!((two.mean(), two.temperature()), (d("2"), d("-1")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    left: Wall,
    right: Wall,
    mean: Dyadic,
    temperature: Dyadic,
}

impl Thermograph {
    /// The thermograph of the number x: a mast at x, temperature −1/2^k (−1 for integers).
    pub fn of_number(x: Dyadic) -> Result<Thermograph, GameError> {
        let temperature = if x.is_integer() {
            Dyadic::from_int(-1)
        } else {
            Dyadic::new(-1, x.exponent()).map_err(overflow)?
        };
        Ok(Thermograph {
            left: Wall::constant(x),
            right: Wall::constant(x),
            mean: x,
            temperature,
        })
    }

    /// The thermograph of {L | R} from the thermographs of its options (neither list empty,
    /// and the game not a number).
    pub fn of_options(left: &[&Thermograph], right: &[&Thermograph]) -> Result<Self, GameError> {
        let scaffold = |walls: Vec<Wall>, larger: bool| -> Result<Option<Wall>, GameError> {
            let mut acc: Option<Wall> = None;
            for w in walls {
                acc = Some(match acc {
                    None => w,
                    Some(a) => a.combine(&w, larger)?,
                });
            }
            Ok(acc)
        };
        let left_walls = left
            .iter()
            .map(|th| th.right.tilt(-1))
            .collect::<Result<Vec<_>, _>>()?;
        let right_walls = right
            .iter()
            .map(|th| th.left.tilt(1))
            .collect::<Result<Vec<_>, _>>()?;
        // cannot fail for a canonical non-number: it has options on both sides (by the
        // simplicity theorem, {L | } is the simplest number not ≤ any Left option, an
        // integer), and its scaffolds always meet (eventually slopes −1 against +1).
        let (Some(ls), Some(rs)) = (scaffold(left_walls, true)?, scaffold(right_walls, false)?)
        else {
            return Err(GameError::Overflow);
        };
        let Some(temperature) = ls.first_at_or_below(&rs)? else {
            return Err(GameError::Overflow);
        };
        let mean = ls.eval(temperature)?;
        Ok(Thermograph {
            left: ls.truncate(temperature)?,
            right: rs.truncate(temperature)?,
            mean,
            temperature,
        })
    }

    /// The mean value (mast position). Additive: mean(G + H) = mean(G) + mean(H).
    pub fn mean(&self) -> Dyadic {
        self.mean
    }

    /// The temperature: where the mast starts; negative for numbers (see the module docs).
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }

    /// The left stop: the left wall at t = 0.
    pub fn left_stop(&self) -> Dyadic {
        self.left.pieces[0].x
    }

    /// The right stop: the right wall at t = 0.
    pub fn right_stop(&self) -> Dyadic {
        self.right.pieces[0].x
    }

    /// The left wall.
    pub fn left_wall(&self) -> &Wall {
        &self.left
    }

    /// The right wall.
    pub fn right_wall(&self) -> &Wall {
        &self.right
    }

    /// The (t, x) breakpoints of the left and right walls, from t = 0 up to the temperature
    /// (where each wall joins the vertical mast at the mean).
    pub fn points(&self) -> (Breakpoints, Breakpoints) {
        (self.left.breakpoints(), self.right.breakpoints())
    }

    /// An SVG drawing: x increases to the LEFT (Left's direction), the tax t upwards; the
    /// walls, the mast, the t = 0 axis, and labels for the stops, mean and temperature.
    pub fn to_svg(&self) -> String {
        render_svg(self)
    }
}

/// A memo of thermographs for the games of one arena.
///
/// # Examples
/// ```
/// use onag::partizan::{game::Arena, parse::parse, thermograph::{thermograph, Thermographs}};
///
/// let mut arena = Arena::new();
/// let g = parse(&mut arena, "{2|{1|0}}").unwrap();
/// let h = parse(&mut arena, "{1|0}").unwrap();
/// let mut memo = Thermographs::new();
/// let th_g = memo.get(&arena, g).unwrap().clone(); // also computes {1|0}'s, a follower
/// assert_eq!(memo.get(&arena, h).unwrap(), &thermograph(&mut arena, h).unwrap());
/// assert_eq!(th_g, thermograph(&mut arena, g).unwrap());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Thermographs {
    memo: FxHashMap<GameId, Thermograph>,
}

impl Thermographs {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// The thermograph of `g`, computing (and memoising) those of its followers as needed.
    pub fn get(&mut self, arena: &Arena, g: GameId) -> Result<&Thermograph, GameError> {
        if !self.memo.contains_key(&g) {
            let th = self.compute(arena, g)?;
            self.memo.insert(g, th);
        }
        // cannot fail: inserted just above.
        self.memo.get(&g).ok_or(GameError::Overflow)
    }

    fn compute(&mut self, arena: &Arena, g: GameId) -> Result<Thermograph, GameError> {
        if let Some(x) = arena.as_number(g) {
            return Thermograph::of_number(x);
        }
        arena.poll_stop()?;
        let (left, right) = (arena.left_options(g), arena.right_options(g));
        for &option in left.iter().chain(right) {
            self.get(arena, option)?;
        }
        let lookup = |ids: &[GameId]| -> Vec<&Thermograph> {
            ids.iter().filter_map(|id| self.memo.get(id)).collect()
        };
        Thermograph::of_options(&lookup(left), &lookup(right))
    }
}

/// The thermograph of `g` (see the module docs for conventions).
///
/// # Examples
/// ```
/// use onag::partizan::{game::Arena, parse::parse, thermograph::thermograph};
///
/// let mut arena = Arena::new();
/// let g = parse(&mut arena, "{1 | {1/2 | 0}}").unwrap();
/// let th = thermograph(&mut arena, g).unwrap();
/// assert_eq!(th.mean().to_string(), "5/8");
/// assert_eq!(th.temperature().to_string(), "3/8");
/// ```
pub fn thermograph(arena: &mut Arena, g: GameId) -> Result<Thermograph, GameError> {
    Thermographs::new().get(arena, g).cloned()
}

const SVG_W: f64 = 480.0;
const SVG_H: f64 = 360.0;
const MARGIN: f64 = 48.0;

fn render_svg(th: &Thermograph) -> String {
    let (mut lw, mut rw) = th.points();
    let tau = th.temperature.to_f64().max(0.0);
    // Walls whose last piece is vertical were merged with the mast: draw them up to it.
    let top_of_walls = th.temperature.max(Dyadic::ZERO);
    for wall in [&mut lw, &mut rw] {
        if wall.last().is_some_and(|p| p.0 < top_of_walls) {
            wall.push((top_of_walls, th.mean));
        }
    }
    let t_top = (tau * 1.25).max(tau + 0.5).max(1.0);
    let xs = lw.iter().chain(&rw).map(|p| p.1.to_f64());
    let (mut x_min, mut x_max) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
        (lo.min(x), hi.max(x))
    });
    let pad = ((x_max - x_min) * 0.15).max(0.5);
    x_min -= pad;
    x_max += pad;
    let plot_w = SVG_W - 2.0 * MARGIN;
    let plot_h = SVG_H - 2.0 * MARGIN;
    // x increases to the left.
    let px = |x: f64| MARGIN + (x_max - x) / (x_max - x_min) * plot_w;
    let py = |t: f64| SVG_H - MARGIN - (t / t_top) * plot_h;
    let wall_path = |pts: &[(Dyadic, Dyadic)]| {
        let mut d = String::new();
        for (i, (t, x)) in pts.iter().enumerate() {
            let _ = write!(
                d,
                "{}{:.2},{:.2} ",
                if i == 0 { "M" } else { "L" },
                px(x.to_f64()),
                py(t.to_f64())
            );
        }
        d
    };
    let mean = th.mean.to_f64();
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SVG_W} {SVG_H}" width="{SVG_W}" height="{SVG_H}" font-family="sans-serif" font-size="12">"##
    );
    let _ = write!(s, r##"<rect width="100%" height="100%" fill="white"/>"##);
    // Axes: t = 0 (x axis) and the tax axis at x = 0 when in range.
    let _ = write!(
        s,
        r##"<line x1="{MARGIN}" y1="{y0:.2}" x2="{x2:.2}" y2="{y0:.2}" stroke="#888"/>"##,
        y0 = py(0.0),
        x2 = SVG_W - MARGIN
    );
    if x_min < 0.0 && 0.0 < x_max {
        let _ = write!(
            s,
            r##"<line x1="{x:.2}" y1="{y1:.2}" x2="{x:.2}" y2="{y2:.2}" stroke="#ccc" stroke-dasharray="4 3"/>"##,
            x = px(0.0),
            y1 = py(0.0),
            y2 = py(t_top)
        );
    }
    let _ = write!(
        s,
        r##"<text x="{x:.2}" y="{y:.2}" text-anchor="end">t</text><text x="{xa:.2}" y="{ya:.2}">← x</text>"##,
        x = MARGIN - 6.0,
        y = py(t_top) + 4.0,
        xa = MARGIN,
        ya = SVG_H - MARGIN + 28.0
    );
    // Tax ticks: t = 0 and the temperature, with a dashed line across at the temperature.
    let _ = write!(
        s,
        r##"<text x="{x:.2}" y="{y:.2}" text-anchor="end">0</text>"##,
        x = MARGIN - 6.0,
        y = py(0.0) + 4.0
    );
    if tau > 0.0 {
        let _ = write!(
            s,
            r##"<line x1="{MARGIN}" y1="{y:.2}" x2="{x2:.2}" y2="{y:.2}" stroke="#ccc" stroke-dasharray="4 3"/><text x="{xt:.2}" y="{yt:.2}" text-anchor="end">{t}</text>"##,
            y = py(tau),
            x2 = SVG_W - MARGIN,
            xt = MARGIN - 6.0,
            yt = py(tau) + 4.0,
            t = th.temperature
        );
    }
    let _ = write!(
        s,
        r##"<path d="{}" fill="none" stroke="#1f5fbf" stroke-width="2"/><path d="{}" fill="none" stroke="#bf1f1f" stroke-width="2"/>"##,
        wall_path(&lw),
        wall_path(&rw)
    );
    let _ = write!(
        s,
        r##"<line x1="{x:.2}" y1="{y1:.2}" x2="{x:.2}" y2="{y2:.2}" stroke="black" stroke-width="2"/>"##,
        x = px(mean),
        y1 = py(tau),
        y2 = py(t_top)
    );
    let label = |s: &mut String, x: f64, y: f64, anchor: &str, text: String| {
        let _ = write!(
            s,
            r##"<text x="{x:.2}" y="{y:.2}" text-anchor="{anchor}">{text}</text>"##
        );
    };
    label(
        &mut s,
        px(th.left_stop().to_f64()),
        py(0.0) + 16.0,
        "middle",
        format!("L={}", th.left_stop()),
    );
    if th.right_stop() != th.left_stop() {
        label(
            &mut s,
            px(th.right_stop().to_f64()),
            py(0.0) + 16.0,
            "middle",
            format!("R={}", th.right_stop()),
        );
    }
    label(
        &mut s,
        px(mean) + 6.0,
        py(t_top) + 12.0,
        "start",
        format!("mean {}", th.mean),
    );
    label(
        &mut s,
        px(mean) + 6.0,
        py(tau) - 4.0,
        "start",
        format!("t = {}", th.temperature),
    );
    s.push_str("</svg>");
    s
}
