//! What `onag value GAME` shows of a loopy game: its outcome with draws, whether it is a
//! stopper, its canonical stopper or its sides.

use super::graph::LoopyGame;
use super::name::name;
use super::outcome::LoopyOutcome;
use super::sided::LoopyValue;
use super::sides::{sidling, Sides};
use super::stopper::Stopper;
use super::stops::stops;
use super::LoopyError;
use crate::StopFlag;

/// The report of a loopy game.
///
/// # Examples
/// ```
/// use onag::loopy::{parse::parse_loopy, report::loopy_report};
///
/// let r = loopy_report(&parse_loopy("{pass|3/2}").unwrap(), &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.value, "3/2under");
/// assert!(r.stopper && !r.short);
/// assert_eq!((r.left_stop.as_deref(), r.right_stop.as_deref()), (Some("3/2under"), Some("3/2under")));
/// let r = loopy_report(&parse_loopy("on + off").unwrap(), &onag::StopFlag::new()).unwrap();
/// assert_eq!((r.value.as_str(), r.outcome.to_string().as_str()), ("dud", "Left first: draw, Right first: draw"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LoopyReport {
    /// The value: the canonical stopper's name, the sided value `G⁺ & G⁻` (with CGSuite's
    /// names `dud`, `tis`, `tisn`), or a sentence starting `no sided value:` that says why
    /// none was found ([`super::sides::Unsettled`]).
    pub value: String,
    /// Whether the game is a stopper (no play alternates for ever).
    pub stopper: bool,
    /// Whether the value is a short game.
    pub short: bool,
    /// The outcome with draws (retrograde analysis).
    pub outcome: LoopyOutcome,
    /// The outcome as text: L, R, P, N, or the results with draws.
    pub outcome_text: String,
    /// The onside's name, when found.
    pub onside: Option<String>,
    /// The offside's name, when found.
    pub offside: Option<String>,
    /// Positions of the game as given.
    pub positions: usize,
    /// Positions of the canonical stopper (stoppers only).
    pub canonical_positions: Option<usize>,
    /// The left stop L(G), a pseudonumber (stoppers only).
    pub left_stop: Option<String>,
    /// The right stop R(G) (stoppers only).
    pub right_stop: Option<String>,
    /// The mean where it is defined (see [`super::stops`]).
    pub mean: Option<String>,
    /// The reduced canonical form of a stopper (its value modulo infinitesimals,
    /// [`super::reduced`]); absent for other games, and for a stopper whose canonical form
    /// is too large for the report, with the reason in `reduced_note`.
    pub reduced: Option<String>,
    /// Why a stopper's `reduced` is absent (too many canonical positions for the report's
    /// bound, or a limit of the comparison modulo infinitesimals).
    pub reduced_note: Option<String>,
    /// The onside's left and right stops (games with stopper sides that are not stoppers).
    pub onside_stops: Option<[String; 2]>,
    /// The offside's left and right stops.
    pub offside_stops: Option<[String; 2]>,
    /// The temperature of a stopper by unrolling ([`super::thermo`]): a number, or
    /// `infinite` when a stop is on or off; absent when the unrolled thermographs did not
    /// settle (see `thermograph_note`).
    pub temperature: Option<String>,
    /// The thermograph (walls, stops, SVG) where the unrolled thermographs settled.
    pub thermograph: Option<crate::partizan::report::ThermographReport>,
    /// How the thermograph was found: proven limit, constant over a window of levels,
    /// infinite, or not settled within the levels computed.
    pub thermograph_note: Option<String>,
}

/// The value of stopper sides as CGSuite writes it: one stopper when both sides are equal,
/// `dud` (on & off), `tis` (1 & 0), `tisn` (0 & −1), else `onside & offside`.
pub fn sided_name(s: &Sides) -> String {
    let (on, off) = (name(&s.onside), name(&s.offside));
    match (on.as_str(), off.as_str()) {
        _ if on == off => on,
        ("on", "off") => "dud".into(),
        ("1", "0") => "tis".into(),
        ("0", "-1") => "tisn".into(),
        _ => format!("{on} & {off}"),
    }
}

/// Largest canonical stopper whose reduced canonical form the report computes. The Inf
/// comparison table (one retrograde pass) is quadratic in the positions, and each round of
/// the reduction builds one: sums of stoppers of 792 and 1,061 canonical positions took
/// about 90 ms and 150 ms (docs/loopy.md), so the bound keeps the report near 100 ms. Past
/// it the report says so in `reduced_note`; [`super::reduced::reduced`] called directly has
/// no bound but the table's pair limit.
const REDUCED_MAX_POSITIONS: usize = 800;

/// The report of `g`.
pub fn loopy_report(g: &LoopyGame, stop: &StopFlag) -> Result<LoopyReport, LoopyError> {
    let outcome = super::outcome::Outcomes::of_with_stop(&g.graph, stop)?.at(g.start);
    let mut r = LoopyReport {
        value: String::new(),
        stopper: g.is_stopper(),
        short: false,
        outcome,
        outcome_text: outcome.to_string(),
        onside: None,
        offside: None,
        positions: g.graph.len(),
        canonical_positions: None,
        left_stop: None,
        right_stop: None,
        mean: None,
        reduced: None,
        reduced_note: None,
        onside_stops: None,
        offside_stops: None,
        temperature: None,
        thermograph: None,
        thermograph_note: None,
    };
    if r.stopper {
        let s = Stopper::new_with_stop(g, stop)?;
        r.value = name(&s);
        r.short = s.game().is_loopfree();
        r.canonical_positions = Some(s.game().graph.len());
        r.onside = Some(r.value.clone());
        r.offside = Some(r.value.clone());
        let st = stops(&s, stop)?;
        r.left_stop = Some(st.left.to_string());
        r.right_stop = Some(st.right.to_string());
        r.mean = st.mean.map(|m| m.to_string());
        fill_reduced(&mut r, &s, REDUCED_MAX_POSITIONS, stop)?;
        fill_thermograph(&mut r, &s, stop)?;
        return Ok(r);
    }
    match sidling(g, stop)? {
        Ok(s) => fill_sides(&mut r, &s, stop)?,
        Err(why) => r.value = why.to_string(),
    }
    Ok(r)
}

/// The reduced canonical form of a stopper of at most `max_positions` canonical positions;
/// else, or where the reduction reports a limit, the reason in `reduced_note`.
fn fill_reduced(
    r: &mut LoopyReport,
    s: &Stopper,
    max_positions: usize,
    stop: &StopFlag,
) -> Result<(), LoopyError> {
    let n = s.game().graph.len();
    if n > max_positions {
        r.reduced_note = Some(format!(
            "not computed: the canonical stopper has {n} positions, more than the report's {max_positions} (onag::loopy::reduced::reduced computes it without this bound)"
        ));
        return Ok(());
    }
    match super::reduced::reduced(s, stop) {
        Ok(rcf) => r.reduced = Some(name(&rcf)),
        Err(LoopyError::Stopped) => return Err(LoopyError::Stopped),
        Err(e) => r.reduced_note = Some(format!("not computed: {e}")),
    }
    Ok(())
}

/// The temperature, thermograph and mean of a stopper by unrolling ([`super::thermo`]).
/// Where the stops give no mean, the mean is the thermograph's mast (they agree wherever
/// both are defined: tested).
fn fill_thermograph(r: &mut LoopyReport, s: &Stopper, stop: &StopFlag) -> Result<(), LoopyError> {
    use super::thermo::{stopper_thermograph, StopperThermograph};
    match stopper_thermograph(s, stop)? {
        StopperThermograph::Stable {
            thermograph,
            from_level,
            proven,
            window,
        } => {
            r.temperature = Some(thermograph.temperature().to_string());
            if r.mean.is_none() {
                r.mean = Some(thermograph.mean().to_string());
            }
            r.thermograph_note = Some(if proven {
                format!("the limit of the unrolled thermographs (constant from level {from_level} on, proven)")
            } else {
                format!(
                    "the unrolled thermographs were constant over the last {window} levels computed (from level {from_level}); a follower did not settle, so the limit is not proven"
                )
            });
            r.thermograph = Some(crate::partizan::report::ThermographReport::new(
                &thermograph,
            ));
        }
        StopperThermograph::Infinite { left, right } => {
            r.temperature = Some("infinite".into());
            r.thermograph_note = Some(format!(
                "infinite: a stop is on or off (left {left}, right {right}), so the walls grow without bound"
            ));
        }
        StopperThermograph::NotStabilised { levels } => {
            r.thermograph_note = Some(format!(
                "the unrolled thermographs did not settle within {levels} levels"
            ));
        }
    }
    Ok(())
}

/// The value, sides and sides' stops of a game with stopper sides.
fn fill_sides(r: &mut LoopyReport, s: &Sides, stop: &StopFlag) -> Result<(), LoopyError> {
    r.value = sided_name(s);
    r.onside = Some(name(&s.onside));
    r.offside = Some(name(&s.offside));
    let pair = |x: &Stopper| -> Result<[String; 2], LoopyError> {
        let st = stops(x, stop)?;
        Ok([st.left.to_string(), st.right.to_string()])
    };
    r.onside_stops = Some(pair(&s.onside)?);
    r.offside_stops = Some(pair(&s.offside)?);
    Ok(())
}

/// The report of a sided value `G & H` given by its sides: a stopper's report when the sides
/// are equal; else the sided value, the outcome its sides predict (Siegel, *CGT* ch. VI.4:
/// see [`Sides::predicted_outcome`]), and the sides' stops. `positions` counts the positions
/// of both canonical sides.
///
/// # Examples
/// ```
/// use onag::loopy::{parse::parse_loopy_value, report::value_report};
///
/// let stop = onag::StopFlag::new();
/// let r = value_report(&parse_loopy_value("on & off").unwrap(), &stop).unwrap();
/// assert_eq!((r.value.as_str(), r.stopper), ("dud", false));
/// assert_eq!(r.outcome_text, "Left first: draw, Right first: draw");
/// let r = value_report(&parse_loopy_value("over & over").unwrap(), &stop).unwrap();
/// assert_eq!((r.value.as_str(), r.stopper), ("over", true));
/// ```
pub fn sided_report(s: &Sides, stop: &StopFlag) -> Result<LoopyReport, LoopyError> {
    if s.is_stopper()? {
        return loopy_report(s.onside.game(), stop);
    }
    let outcome = s.predicted_outcome()?;
    let mut r = LoopyReport {
        value: String::new(),
        stopper: false,
        short: false,
        outcome,
        outcome_text: outcome.to_string(),
        onside: None,
        offside: None,
        positions: s.onside.game().graph.len() + s.offside.game().graph.len(),
        canonical_positions: None,
        left_stop: None,
        right_stop: None,
        mean: None,
        reduced: None,
        reduced_note: None,
        onside_stops: None,
        offside_stops: None,
        temperature: None,
        thermograph: None,
        thermograph_note: None,
    };
    fill_sides(&mut r, s, stop)?;
    Ok(r)
}

/// The report of a value of the loopy notation: [`loopy_report`] of a game, [`sided_report`]
/// of a sided value.
pub fn value_report(v: &LoopyValue, stop: &StopFlag) -> Result<LoopyReport, LoopyError> {
    match v {
        LoopyValue::Game(g) => loopy_report(g, stop),
        LoopyValue::Sided(s) => sided_report(s, stop),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::parse::parse_loopy;

    /// Every stopper's report carries its reduced canonical form, or says why not.
    #[test]
    fn reduced_or_the_reason() {
        let stop = StopFlag::new();
        let r = loopy_report(&parse_loopy("{pass|3/2} + ^").unwrap(), &stop).unwrap();
        assert_eq!(
            (r.reduced.as_deref(), r.reduced_note.as_deref()),
            (Some("3/2"), None)
        );
        let s = Stopper::new(&parse_loopy("{pass|3/2}").unwrap()).unwrap();
        let mut r = loopy_report(s.game(), &stop).unwrap();
        r.reduced = None;
        fill_reduced(&mut r, &s, 1, &stop).unwrap();
        let note = r.reduced_note.unwrap();
        assert!(
            r.reduced.is_none() && note.starts_with("not computed: the canonical stopper has"),
            "{note}"
        );
        // not a stopper: neither
        let r = loopy_report(&parse_loopy("tis").unwrap(), &stop).unwrap();
        assert_eq!((r.reduced, r.reduced_note), (None, None));
    }
}
