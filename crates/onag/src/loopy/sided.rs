//! Sided values `G & H` and the comparison of loopy values.
//!
//! Every loopy game G whose onside G⁺ and offside G⁻ are stoppers has the value G⁺ & G⁻, and
//! G⁺ ≥ G⁻ always; conversely every pair of stoppers S ≥ T is the pair of sides of some game
//! (Siegel, *Combinatorial Game Theory*, ch. VI.4 "Sides"; Conway, "Loopy games", Annals of
//! Discrete Mathematics 3 (1978); *Winning Ways* vol. 2 ch. 11 "sidling"). CGSuite writes
//! such a value `S & T` (`on & off`, `0 & 1over`); [`super::parse::parse_loopy_value`] reads
//! it, and [`super::report::sided_name`] prints it.
//!
//! Comparison (Siegel, *CGT* ch. VI.4, the theorem on sides): for games G and H with stopper
//! sides, G ≥ H iff G⁺ ≥ H⁺ and G⁻ ≥ H⁻. For stoppers (G = G⁺ = G⁻) this is the survival
//! criterion of [`super::stopper`]: G ≥ H iff Left survives G − H moving second. A game whose
//! sides sidling does not find ([`super::sides::sides`] answers `None`) has no comparison here
//! ([`LoopyError::NoSides`]).

use super::graph::LoopyGame;
use super::sides::{sides, Sides};
use super::stopper::Stopper;
use super::LoopyError;
use crate::StopFlag;

/// A value of the loopy notation: a game graph, or a sided value `G & H` given by its sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyValue {
    /// A loopy game (its value is found by canonical stoppers or by sidling).
    Game(LoopyGame),
    /// A sided value G & H, onside G ≥ offside H (both canonical stoppers).
    Sided(Sides),
}

impl Sides {
    /// The sided value `onside & offside`, or [`LoopyError::SidesOutOfOrder`] when the onside
    /// is not ≥ the offside (sides of a game always are: Siegel, *CGT* ch. VI.4).
    ///
    /// # Examples
    /// ```
    /// use onag::loopy::{parse::parse_loopy, sides::Sides, stopper::Stopper};
    ///
    /// let s = |t: &str| Stopper::new(&parse_loopy(t).unwrap()).unwrap();
    /// assert!(Sides::new(s("on"), s("off")).is_ok()); // dud
    /// assert!(Sides::new(s("off"), s("on")).is_err());
    /// ```
    pub fn new(onside: Stopper, offside: Stopper) -> Result<Sides, LoopyError> {
        if !offside.le(&onside)? {
            return Err(LoopyError::SidesOutOfOrder);
        }
        Ok(Sides { onside, offside })
    }

    /// The sides of a stopper: itself twice.
    pub fn of_stopper(s: Stopper) -> Sides {
        Sides {
            onside: s.clone(),
            offside: s,
        }
    }

    /// Whether the value is a stopper: its sides are equal.
    pub fn is_stopper(&self) -> Result<bool, LoopyError> {
        self.onside.equals(&self.offside)
    }

    /// Whether self ≤ other: both sides ≤ (Siegel, *CGT* ch. VI.4).
    pub fn le(&self, other: &Sides) -> Result<bool, LoopyError> {
        Ok(self.onside.le(&other.onside)? && self.offside.le(&other.offside)?)
    }
}

impl LoopyValue {
    /// The sides of the value: a stopper's canonical form twice, a sided value's own sides,
    /// or the sides sidling finds; [`LoopyError::NoSides`] when it finds none.
    pub fn sides(&self, stop: &StopFlag) -> Result<Sides, LoopyError> {
        match self {
            LoopyValue::Sided(s) => Ok(s.clone()),
            LoopyValue::Game(g) if g.is_stopper() => {
                Ok(Sides::of_stopper(Stopper::new_with_stop(g, stop)?))
            }
            LoopyValue::Game(g) => sides(g, stop)?.ok_or(LoopyError::NoSides),
        }
    }
}

/// How two loopy values compare: whether G ≤ H and whether H ≤ G.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    /// G ≤ H.
    pub le: bool,
    /// G ≥ H.
    pub ge: bool,
}

impl Order {
    /// `=`, `<`, `>` or `||` (confused).
    pub fn symbol(self) -> &'static str {
        match (self.le, self.ge) {
            (true, true) => "=",
            (true, false) => "<",
            (false, true) => ">",
            (false, false) => "||",
        }
    }
}

/// Compares two loopy values by their sides (Siegel, *CGT* ch. VI.4): G ≤ H iff G⁺ ≤ H⁺ and
/// G⁻ ≤ H⁻; for stoppers, by Left's survival in H − G.
///
/// # Examples
/// ```
/// use onag::loopy::parse::parse_loopy_value;
/// use onag::loopy::sided::compare;
///
/// let v = |t: &str| parse_loopy_value(t).unwrap();
/// let stop = onag::StopFlag::new();
/// assert_eq!(compare(&v("over"), &v("1/1024"), &stop).unwrap().symbol(), "<");
/// assert_eq!(compare(&v("on & off"), &v("dud"), &stop).unwrap().symbol(), "=");
/// assert_eq!(compare(&v("tis"), &v("1 & 0"), &stop).unwrap().symbol(), "=");
/// assert_eq!(compare(&v("dud"), &v("0"), &stop).unwrap().symbol(), "||");
/// ```
pub fn compare(g: &LoopyValue, h: &LoopyValue, stop: &StopFlag) -> Result<Order, LoopyError> {
    let (a, b) = (g.sides(stop)?, h.sides(stop)?);
    Ok(Order {
        le: a.le(&b)?,
        ge: b.le(&a)?,
    })
}
