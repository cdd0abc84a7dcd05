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
//!
//! Sums (Conway, *On Numbers and Games* ch. 16; *Winning Ways* ch. 11 "Games Infinite and
//! Indefinite"; Siegel, *CGT* ch. VI.4): the **onsum** G ∔ H of stoppers is the value of G + H
//! when infinite play is a win for Left — the onside of the sum graph — and the **offsum**
//! G ∸ H the value when it is a win for Right, its offside. CGSuite calls them `Upsum` and
//! `Downsum` (`CanonicalStopper`: "G Downsum H is the unique value of T such that G + H = S & T
//! for some (unique) S"). The sum of two sided values is
//! (G⁺ & G⁻) + (H⁺ & H⁻) = (G⁺ ∔ H⁺) & (G⁻ ∸ H⁻), and when G + H is itself a stopper both are
//! the stopper sum.

use super::graph::LoopyGame;
use super::sides::{onside, sides, Sides, MAX_ROUNDS};
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

    /// The sum (G⁺ & G⁻) + (H⁺ & H⁻) = (G⁺ ∔ H⁺) & (G⁻ ∸ H⁻) (Siegel, *CGT* ch. VI.4;
    /// *Winning Ways* ch. 11): the onsum of the onsides and the offsum of the offsides.
    ///
    /// # Examples
    /// ```
    /// use onag::loopy::{parse::parse_loopy_value, report::sided_name};
    ///
    /// let stop = onag::StopFlag::new();
    /// let s = |t: &str| parse_loopy_value(t).unwrap().sides(&stop).unwrap();
    /// // dud absorbs: dud + 1 = on & off
    /// assert_eq!(sided_name(&s("dud").sum(&s("1"), &stop).unwrap()), "dud");
    /// // tis + tisn = (1 & 0) + (0 & -1) = 1 & -1
    /// assert_eq!(sided_name(&s("tis").sum(&s("tisn"), &stop).unwrap()), "1 & -1");
    /// ```
    pub fn sum(&self, other: &Sides, stop: &StopFlag) -> Result<Sides, LoopyError> {
        Ok(Sides {
            onside: onsum(&self.onside, &other.onside, stop)?,
            offside: offsum(&self.offside, &other.offside, stop)?,
        })
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

impl LoopyValue {
    /// G + H: the sum graph when both are games, else the sum of their sides
    /// ([`Sides::sum`]; [`LoopyError::NoSides`] when a game's sides are not found).
    pub fn sum(&self, other: &LoopyValue, stop: &StopFlag) -> Result<LoopyValue, LoopyError> {
        match (self, other) {
            (LoopyValue::Game(g), LoopyValue::Game(h)) => Ok(LoopyValue::Game(g.try_sum(h)?)),
            _ => Ok(LoopyValue::Sided(
                self.sides(stop)?.sum(&other.sides(stop)?, stop)?,
            )),
        }
    }

    /// −G: the negative graph, or −(G⁺ & G⁻) = (−G⁻) & (−G⁺).
    pub fn neg(&self) -> LoopyValue {
        match self {
            LoopyValue::Game(g) => LoopyValue::Game(g.neg()),
            LoopyValue::Sided(s) => LoopyValue::Sided(Sides {
                onside: s.offside.neg(),
                offside: s.onside.neg(),
            }),
        }
    }
}

/// The onsum G ∔ H of two stoppers (Conway, *ONAG* ch. 16; *Winning Ways* ch. 11; CGSuite's
/// `Upsum`): the value of G + H when infinite play is a win for Left, i.e. the onside of the
/// sum graph, found by sidling ([`super::sides`]). When G + H is a stopper it is that sum.
/// [`LoopyError::NoSides`] if sidling does not settle (never a value it has not reached).
///
/// # Examples
/// ```
/// use onag::loopy::{name::name, parse::parse_loopy, sided::{offsum, onsum}, stopper::Stopper};
///
/// let s = |t: &str| Stopper::new(&parse_loopy(t).unwrap()).unwrap();
/// let stop = onag::StopFlag::new();
/// // on + off = dud = on & off
/// assert_eq!(name(&onsum(&s("on"), &s("off"), &stop).unwrap()), "on");
/// assert_eq!(name(&offsum(&s("on"), &s("off"), &stop).unwrap()), "off");
/// // over − over = over & under: its onsum is over, its offsum under
/// assert_eq!(name(&onsum(&s("over"), &s("-over"), &stop).unwrap()), "over");
/// assert_eq!(name(&offsum(&s("over"), &s("-over"), &stop).unwrap()), "under");
/// // a stopper sum stays the stopper sum
/// assert_eq!(name(&onsum(&s("1/2"), &s("over"), &stop).unwrap()), "1/2over");
/// ```
pub fn onsum(g: &Stopper, h: &Stopper, stop: &StopFlag) -> Result<Stopper, LoopyError> {
    let sum = g.game().try_sum(h.game())?;
    if sum.is_stopper() {
        return Stopper::new_with_stop(&sum, stop);
    }
    onside(&sum, MAX_ROUNDS, stop)?.ok_or(LoopyError::NoSides)
}

/// The offsum G ∸ H of two stoppers (CGSuite's `Downsum`): the value of G + H when infinite
/// play is a win for Right, −((−G) ∔ (−H)).
pub fn offsum(g: &Stopper, h: &Stopper, stop: &StopFlag) -> Result<Stopper, LoopyError> {
    Ok(onsum(&g.neg(), &h.neg(), stop)?.neg())
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
