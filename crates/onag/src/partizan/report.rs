//! What `onag value GAME` shows of a short partizan game, computed once here: the canonical
//! form, outcome, mean, temperature, stops, birthday, atomic weight, reduced canonical form and
//! the thermograph.

use super::dyadic::Dyadic;
use super::game::{Arena, GameError, GameId, Tempered};
use super::name::{name, NameStyle};
use super::thermograph::{thermograph, Thermograph};
use super::Outcome;

/// A thermograph as data: the SVG drawing, the `(t, x)` breakpoints of both walls and the
/// stops.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{board_report, Board};
///
/// let r = board_report(&"T.FF".parse::<Board>().unwrap(), &onag::StopFlag::new()).unwrap();
/// let th = &r.thermograph; // {0|−1/2}: stops 0 and −1/2
/// assert_eq!((th.left_stop.to_string(), th.right_stop.to_string()), ("0".into(), "-1/2".into()));
/// assert_eq!(th.left[0].0.to_string(), "0"); // the walls start at t = 0
/// assert!(th.svg.starts_with("<svg"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ThermographReport {
    /// The SVG drawing ([`Thermograph::to_svg`]).
    pub svg: String,
    /// Breakpoints `(t, x)` of the left wall, from `t = 0` up to the temperature.
    pub left: Vec<(Dyadic, Dyadic)>,
    /// Breakpoints `(t, x)` of the right wall.
    pub right: Vec<(Dyadic, Dyadic)>,
    /// The left stop.
    pub left_stop: Dyadic,
    /// The right stop.
    pub right_stop: Dyadic,
}

impl ThermographReport {
    /// The report of `th`.
    ///
    /// # Examples
    /// ```
    /// use onag::partizan::report::ThermographReport;
    /// use onag::partizan::game::Arena;
    /// use onag::partizan::thermograph::thermograph;
    /// let mut arena = Arena::new();
    /// let star = arena.nimber(1).unwrap();
    /// let r = ThermographReport::new(&thermograph(&mut arena, star).unwrap());
    /// assert_eq!((r.left_stop.to_string(), r.right_stop.to_string()), ("0".into(), "0".into()));
    /// assert!(r.svg.starts_with("<svg"));
    /// ```
    pub fn new(th: &Thermograph) -> Self {
        let (left, right) = th.points();
        Self {
            svg: th.to_svg(),
            left,
            right,
            left_stop: th.left_stop(),
            right_stop: th.right_stop(),
        }
    }
}

/// The atomic weight of `g` named in `style`, `None` where it is undefined (`g` not
/// atomic: not infinitesimal, or not within ↑* + (*N : −1) of a multiple of ↑); other failures
/// (overflow) are errors.
pub fn atomic_weight_name(
    arena: &mut Arena,
    g: GameId,
    style: NameStyle,
) -> Result<Option<String>, GameError> {
    match arena.atomic_weight(g) {
        Ok(w) => Ok(Some(name(arena, w, style))),
        Err(GameError::Undefined(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Everything `onag value` reports about one game; names in the style asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameReport {
    /// The canonical form.
    pub canonical: String,
    /// The outcome class.
    pub outcome: Outcome,
    /// The mean value.
    pub mean: Dyadic,
    /// The temperature (negative for numbers).
    pub temperature: Dyadic,
    /// The left stop.
    pub left_stop: Dyadic,
    /// The right stop.
    pub right_stop: Dyadic,
    /// The birthday of the canonical form.
    pub birthday: u32,
    /// The tempered class (even, odd or neither; [`Tempered`]).
    pub tempered: Tempered,
    /// The atomic weight, `None` unless the game is atomic (all-small, or infinitesimal and
    /// atomic as CGSuite defines it; Siegel, CGT §II.7).
    pub atomic_weight: Option<String>,
    /// The reduced canonical form (the value modulo infinitesimals, Siegel, CGT §II.6).
    pub reduced_canonical_form: String,
    /// The thermograph.
    pub thermograph: ThermographReport,
}

/// Which computation of a [`GameReport`] failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot compute {what} of {canonical}: {error}{}", overflow_note(.error))]
pub struct ReportError {
    /// What was being computed ("the thermograph", "the atomic weight", …).
    pub what: &'static str,
    /// The canonical form of the game (in the report's style).
    pub canonical: String,
    /// Why it failed.
    pub error: GameError,
}

/// What [`ReportError`] adds after an overflow: the limit of onag's exact numbers.
fn overflow_note(error: &GameError) -> &'static str {
    if *error == GameError::Overflow {
        " (means and temperatures are exact dyadics with denominators up to 2^62)"
    } else {
        ""
    }
}

/// The report of `g`, names in `style`.
///
/// # Examples
/// ```
/// use onag::partizan::game::Arena;
/// use onag::partizan::name::NameStyle;
/// use onag::partizan::parse::parse;
/// use onag::partizan::report::game_report;
/// let mut arena = Arena::new();
/// let g = parse(&mut arena, "{2|-1}").unwrap();
/// let r = game_report(&mut arena, g, NameStyle::Ascii).unwrap();
/// assert_eq!((r.mean.to_string(), r.temperature.to_string()), ("1/2".into(), "3/2".into()));
/// assert_eq!(r.atomic_weight, None); // not infinitesimal
/// let up = parse(&mut arena, "^").unwrap();
/// let r = game_report(&mut arena, up, NameStyle::Ascii).unwrap();
/// assert_eq!((r.atomic_weight.as_deref(), r.birthday), (Some("1"), 2));
/// assert_eq!(r.tempered, onag::partizan::game::Tempered::Neither);
/// ```
pub fn game_report(
    arena: &mut Arena,
    g: GameId,
    style: NameStyle,
) -> Result<GameReport, ReportError> {
    let canonical = name(arena, g, style);
    let fail = |what: &'static str| {
        let canonical = canonical.clone();
        move |error| ReportError {
            what,
            canonical,
            error,
        }
    };
    let th = thermograph(arena, g).map_err(fail("the thermograph"))?;
    let atomic_weight = atomic_weight_name(arena, g, style).map_err(fail("the atomic weight"))?;
    let rcf = arena
        .reduced_canonical_form(g)
        .map_err(fail("the reduced canonical form"))?;
    Ok(GameReport {
        outcome: arena.try_outcome(g).map_err(fail("the outcome"))?,
        mean: th.mean(),
        temperature: th.temperature(),
        left_stop: th.left_stop(),
        right_stop: th.right_stop(),
        birthday: arena.birthday(g),
        tempered: arena.tempered(g),
        atomic_weight,
        reduced_canonical_form: name(arena, rcf, style),
        thermograph: ThermographReport::new(&th),
        canonical,
    })
}
