//! Thermographs of stoppers, by unrolling.
//!
//! Temperature theory is defined for short games (Conway, *On Numbers and Games* ch. 9;
//! Siegel, *Combinatorial Game Theory* §II.5); Siegel, "Reduced canonical forms of
//! stoppers", *Electronic Journal of Combinatorics* 13 (2006) R57, remarks that it had not
//! been generalised to stoppers. The definition here is ours (`docs/loopy.md`, "Temperature
//! of stoppers"):
//!
//! For a stopper G with canonical graph V, the *unrolling* G⁽ⁿ⁾ is the short game
//! G⁽⁰⁾_v = c_v and G⁽ⁿ⁾_v = {G⁽ⁿ⁻¹⁾_{v^L} | G⁽ⁿ⁻¹⁾_{v^R}}: the graph followed n moves deep
//! (by either player), its leaves replaced by numbers: c_v is the simplest number between
//! the strong stops of v (ends included), so 0 wherever 0 lies between them. Leaves of 0
//! everywhere would not settle: x over = {x|pass} with x < 0 unrolls to the numbers
//! {x | {x | … 0}} that tend to x without reaching it, while with c_v = x it is
//! {x | x + …}, a mast at x from level 2 on. The thermograph of G is the thermograph of
//! G⁽ⁿ⁾ for all large n, when that is eventually constant. When a stop of G is `on` or `off`
//! the walls at t = 0 grow without bound (on⁽ⁿ⁾ = n) and the temperature is infinite.
//!
//! The unrolled thermographs are computed level by level with the short thermograph
//! recursion ([`Thermograph::of_options`]) on the forms G⁽ⁿ⁾_v, never building a canonical
//! form. A form {L | R} is recognised as a number exactly from what each level keeps of its
//! options (the stops and two infinitesimal signs, below), by the simplicity theorem.
//!
//! **When it is the limit.** Level n is a function of level n − 1 alone, so when every
//! vertex's state at level n equals its state at level n − 1, every later level is the same:
//! the thermograph is the limit, proven (`Stable { proven: true }`). A vertex that never
//! settles (a follower {on | 0} whose mast climbs for ever) can leave the start's
//! thermograph settled while the whole level is not; then the answer is the start's
//! thermograph constant over the last `window` levels computed (`proven: false`).

use super::graph::LoopyGame;
use super::stopper::Stopper;
use super::stops::{stops, vertex_stops, Pseudonumber};
use super::LoopyError;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::game::GameError;
use crate::partizan::thermograph::Thermograph;
use crate::StopFlag;

/// What one level of the unrolling keeps of a form H = G⁽ⁿ⁾_v.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Form {
    /// The thermograph of H (its stops are the walls at t = 0).
    th: Thermograph,
    /// H ≥ R(H) (the number its right stop is).
    ge_right: bool,
    /// H ≤ L(H).
    le_left: bool,
}

impl Form {
    fn number(x: Dyadic) -> Result<Form, LoopyError> {
        Ok(Form {
            th: Thermograph::of_number(x).map_err(overflow)?,
            ge_right: true,
            le_left: true,
        })
    }
}

fn overflow(_: GameError) -> LoopyError {
    LoopyError::TooLarge("a thermograph's breakpoints left the exact dyadic range".into())
}

/// The simplest number x with lo ⊲ x ⊲ hi, where each end is `None` (unbounded) or
/// `(bound, closed)`; the interval is not empty.
///
/// A closed end y is handled by opening the interval by 2^−(e+1) past it, e the exponent
/// of y: every number in (y − 2^−(e+1), y) lies in y's subtree of the number tree (its
/// left subtree is (y − 2^−e, y) for y not an integer, (y − 1, y) or (−∞, y) for an
/// integer), so it is born after y and the simplest number of the widened interval is the
/// simplest of the one asked.
fn simplest_in(
    lo: Option<(Dyadic, bool)>,
    hi: Option<(Dyadic, bool)>,
) -> Result<Dyadic, LoopyError> {
    let widen = |y: Dyadic, down: bool| -> Result<Dyadic, LoopyError> {
        let eps = Dyadic::new(1, y.exponent() + 1)
            .map_err(|_| LoopyError::TooLarge("a number past the exact dyadic range".into()))?;
        let r = if down {
            y.checked_sub(eps)
        } else {
            y.checked_add(eps)
        };
        r.map_err(|_| LoopyError::TooLarge("a number past the exact dyadic range".into()))
    };
    let lo = match lo {
        Some((y, true)) => Some(widen(y, true)?),
        Some((y, false)) => Some(y),
        None => None,
    };
    let hi = match hi {
        Some((y, true)) => Some(widen(y, false)?),
        Some((y, false)) => Some(y),
        None => None,
    };
    let too_large = |_| LoopyError::TooLarge("a number past the exact dyadic range".into());
    match (lo, hi) {
        (None, None) => Ok(Dyadic::ZERO),
        // the integer of least magnitude above lo / below hi
        (Some(a), None) => {
            if a < Dyadic::ZERO {
                Ok(Dyadic::ZERO)
            } else {
                Ok(Dyadic::from_int(a.floor().checked_add(1).ok_or_else(
                    || LoopyError::TooLarge("an integer past i64".into()),
                )?))
            }
        }
        (None, Some(b)) => {
            if b > Dyadic::ZERO {
                Ok(Dyadic::ZERO)
            } else {
                Ok(Dyadic::from_int(b.ceil().checked_sub(1).ok_or_else(
                    || LoopyError::TooLarge("an integer past i64".into()),
                )?))
            }
        }
        (Some(a), Some(b)) => Dyadic::simplest_between(a, b).map_err(too_large),
    }
}

/// The form {L | R} from the forms of its options.
///
/// Why each step is exact (Siegel, *CGT* §II.3–II.5):
/// - {L | R} is a number iff some number x has G^L ⧏ x ⧏ G^R for every option, and then it
///   is the simplest such x (simplicity theorem). With a = max R(G^L) and b = min L(G^R):
///   R(H) < x gives H ⧏ x (Right moving first wins H − x) and R(H) > x gives H > x, so
///   G^L ⧏ x needs x ≥ a, and x = a is allowed exactly when every G^L with R(G^L) = a has
///   G^L ≱ a, i.e. `!ge_right`; symmetrically at b. So the candidates are the numbers of
///   [a, b] with the ends closed or open by those flags.
/// - Otherwise L(G) = a, R(G) = b and the thermograph is the short scaffold recursion, which
///   depends only on the value, not the form (Siegel, *CGT* §II.5).
/// - For G not a number, G ≥ b iff Right has no winning first move in G − b, and by number
///   avoidance he need only try G^R − b: G^R ≤ b. Since L(G^R) ≥ b, G^R ≤ b needs
///   L(G^R) = b and then is G^R ≤ L(G^R), the option's `le_left`. Symmetrically for
///   `le_left`.
fn form_of(left: &[&Form], right: &[&Form]) -> Result<Form, LoopyError> {
    let a = left.iter().map(|f| f.th.right_stop()).max();
    let b = right.iter().map(|f| f.th.left_stop()).min();
    let lo = a.map(|a| {
        let closed = left.iter().all(|f| f.th.right_stop() != a || !f.ge_right);
        (a, closed)
    });
    let hi = b.map(|b| {
        let closed = right.iter().all(|f| f.th.left_stop() != b || !f.le_left);
        (b, closed)
    });
    let is_number = match (lo, hi) {
        (Some((a, ca)), Some((b, cb))) => a < b || (a == b && ca && cb),
        _ => true,
    };
    if is_number {
        let x = match (lo, hi) {
            (Some((a, true)), Some((b, true))) if a == b => a,
            _ => simplest_in(lo, hi)?,
        };
        return Form::number(x);
    }
    let lt: Vec<&Thermograph> = left.iter().map(|f| &f.th).collect();
    let rt: Vec<&Thermograph> = right.iter().map(|f| &f.th).collect();
    let th = Thermograph::of_options(&lt, &rt).map_err(overflow)?;
    let (a, b) = (th.left_stop(), th.right_stop());
    let ge_right = !right.iter().any(|f| f.th.left_stop() == b && f.le_left);
    let le_left = !left.iter().any(|f| f.th.right_stop() == a && f.ge_right);
    Ok(Form {
        th,
        ge_right,
        le_left,
    })
}

/// Level n + 1 of the unrolling from level n.
fn next_level(
    graph: &super::graph::Graph,
    level: &[Form],
    stop: &StopFlag,
) -> Result<Vec<Form>, LoopyError> {
    let mut next = Vec::with_capacity(level.len());
    for v in 0..level.len() as u32 {
        if stop.is_stopped() {
            return Err(LoopyError::Stopped);
        }
        let l: Vec<&Form> = graph.left(v).iter().map(|&w| &level[w as usize]).collect();
        let r: Vec<&Form> = graph.right(v).iter().map(|&w| &level[w as usize]).collect();
        next.push(form_of(&l, &r)?);
    }
    Ok(next)
}

/// The thermograph of a stopper, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopperThermograph {
    /// The unrolled thermographs settle on `thermograph` from level `from_level` on.
    Stable {
        /// The limit thermograph (walls, mean = mast, temperature).
        thermograph: Thermograph,
        /// The first level from which it is constant (among the levels computed).
        from_level: usize,
        /// True when the whole level repeated, so that every later level is the same (the
        /// limit is proven); false when only the start's thermograph was constant over the
        /// last `window` levels computed.
        proven: bool,
        /// How many consecutive levels it was seen constant over.
        window: usize,
    },
    /// A stop is `on` or `off`: the walls grow without bound, the temperature is infinite.
    Infinite {
        /// The left stop (a pseudonumber).
        left: Pseudonumber,
        /// The right stop.
        right: Pseudonumber,
    },
    /// Neither settled nor infinite within `levels` levels.
    NotStabilised {
        /// Levels computed.
        levels: usize,
    },
}

/// The most (vertex × level) forms [`stopper_thermograph`] computes.
pub const MAX_WORK: usize = 1 << 21;

/// The thermograph of the stopper `s` by unrolling its canonical graph (module docs).
///
/// Levels 0 … 3|V| + 8 are computed (fewer if that passes [`MAX_WORK`] forms, at least 8);
/// `stop` is polled per form.
///
/// # Examples
/// ```
/// use onag::loopy::{parse::parse_loopy, stopper::Stopper};
/// use onag::loopy::thermo::{stopper_thermograph, StopperThermograph};
///
/// let stop = onag::StopFlag::new();
/// let th = |t: &str| {
///     let s = Stopper::new(&parse_loopy(t).unwrap()).unwrap();
///     stopper_thermograph(&s, &stop).unwrap()
/// };
/// // 2over = {2|pass}: a mast at 2 from t = 0.
/// match th("2over") {
///     StopperThermograph::Stable { thermograph, .. } => {
///         assert_eq!(thermograph.mean().to_string(), "2");
///         assert_eq!(thermograph.temperature().to_string(), "0");
///     }
///     other => panic!("{other:?}"),
/// }
/// // {on|0}: the left stop is on, the temperature infinite.
/// assert!(matches!(th("{on|0}"), StopperThermograph::Infinite { .. }));
/// ```
pub fn stopper_thermograph(s: &Stopper, stop: &StopFlag) -> Result<StopperThermograph, LoopyError> {
    let leaves = leaves(s, stop)?;
    limit(s.game(), &leaves, Some(s), stop)
}

/// The same limit for the unrolling of any stopper graph `g`, not necessarily canonical
/// (the tests compare the two); [`LoopyError::NotStopper`] if `g` is not a stopper.
pub fn graph_thermograph(g: &LoopyGame, stop: &StopFlag) -> Result<StopperThermograph, LoopyError> {
    if !g.is_stopper() {
        return Err(LoopyError::NotStopper);
    }
    // Each position's own stops, from its own canonical stopper.
    let mut leaves = Vec::with_capacity(g.graph.len());
    for v in 0..g.graph.len() as u32 {
        let sv = Stopper::new_with_stop(&LoopyGame::new(&g.graph, v)?, stop)?;
        let st = stops(&sv, stop)?;
        leaves.push(leaf(st.left, st.right)?);
    }
    limit(g, &leaves, None, stop)
}

/// The leaf values of the unrolling of `s`'s canonical graph: for each position, the
/// simplest number between its strong stops (ends included; 0 whenever 0 lies between).
pub fn leaves(s: &Stopper, stop: &StopFlag) -> Result<Vec<Dyadic>, LoopyError> {
    vertex_stops(s, stop)?
        .into_iter()
        .map(|(l, r)| leaf(l, r))
        .collect()
}

/// The simplest number x with R ≤ x ≤ L in strong stops (on and off unbounded); 0 when
/// there is none (both stops on, or both off: the temperature is infinite anyway).
fn leaf(left: Pseudonumber, right: Pseudonumber) -> Result<Dyadic, LoopyError> {
    let hi = match left {
        Pseudonumber::On => None,
        Pseudonumber::Off => return Ok(Dyadic::ZERO),
        p => p.number().map(|x| (x, true)),
    };
    let lo = match right {
        Pseudonumber::Off => None,
        Pseudonumber::On => return Ok(Dyadic::ZERO),
        p => p.number().map(|x| (x, true)),
    };
    match (lo, hi) {
        (Some((a, _)), Some((b, _))) if a == b => Ok(a),
        (Some((a, _)), Some((b, _))) if a > b => Ok(Dyadic::ZERO),
        _ => simplest_in(lo, hi),
    }
}

fn limit(
    game: &LoopyGame,
    leaves: &[Dyadic],
    canonical: Option<&Stopper>,
    stop: &StopFlag,
) -> Result<StopperThermograph, LoopyError> {
    let graph = &game.graph;
    let n = graph.len();
    let max_level = (3 * n + 8).min((MAX_WORK / n.max(1)).max(8));
    let window = (2 * n + 4).min(max_level / 2);
    let mut level: Vec<Form> = leaves
        .iter()
        .map(|&c| Form::number(c))
        .collect::<Result<_, _>>()?;
    let mut history: Vec<Thermograph> = vec![level[game.start as usize].th.clone()];
    let mut proven = false;
    for _ in 1..=max_level {
        let next = next_level(graph, &level, stop)?;
        let repeated = next == level;
        level = next;
        history.push(level[game.start as usize].th.clone());
        if repeated {
            proven = true;
            break;
        }
    }
    let last = history.len() - 1;
    let from_level = history
        .iter()
        .rposition(|t| *t != history[last])
        .map_or(0, |i| i + 1);
    let seen = last - from_level + 1;
    if proven {
        return Ok(StopperThermograph::Stable {
            thermograph: history[last].clone(),
            from_level,
            proven: true,
            window: seen,
        });
    }
    let st = match canonical {
        Some(s) => stops(s, stop)?,
        None => stops(&Stopper::new_with_stop(game, stop)?, stop)?,
    };
    let infinite = |p: Pseudonumber| matches!(p, Pseudonumber::On | Pseudonumber::Off);
    if infinite(st.left) || infinite(st.right) {
        return Ok(StopperThermograph::Infinite {
            left: st.left,
            right: st.right,
        });
    }
    if seen >= window {
        return Ok(StopperThermograph::Stable {
            thermograph: history[last].clone(),
            from_level,
            proven: false,
            window: seen,
        });
    }
    Ok(StopperThermograph::NotStabilised { levels: last })
}

/// The start's thermograph at each level 0 ..= `levels` of the unrolling (tests and
/// plots): entry n is the thermograph of G⁽ⁿ⁾, with G⁽⁰⁾_v = `leaves[v]`. Any graph
/// unrolls, stopper or not.
pub fn unrolled_thermographs(
    game: &LoopyGame,
    leaves: &[Dyadic],
    levels: usize,
    stop: &StopFlag,
) -> Result<Vec<Thermograph>, LoopyError> {
    let graph = &game.graph;
    let n = graph.len();
    if n.saturating_mul(levels) > MAX_WORK {
        return Err(LoopyError::TooLarge(format!(
            "{levels} levels of {n} positions"
        )));
    }
    if leaves.len() != n {
        return Err(LoopyError::Invalid(format!(
            "{} leaf values for {n} positions",
            leaves.len()
        )));
    }
    let mut level: Vec<Form> = leaves
        .iter()
        .map(|&c| Form::number(c))
        .collect::<Result<_, _>>()?;
    let mut out = vec![level[game.start as usize].th.clone()];
    for _ in 0..levels {
        let next = next_level(graph, &level, stop)?;
        level = next;
        out.push(level[game.start as usize].th.clone());
    }
    Ok(out)
}
