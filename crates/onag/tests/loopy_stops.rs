//! Stops of stoppers: hand-worked examples from the literature, and a brute-force check
//! against retrograde outcomes that knows nothing of stops.
//!
//! The brute force: for a number x, Left moving first in G − x wins when L(G) > x, and only
//! when L(G) ≥ x (pseudonumbers ordered off < x under < x < x over < on); Right likewise with
//! R(G). The outcome of G − x comes from retrograde analysis of the sum graph.

mod common;

use common::loopy::graph_strategy;
use onag::loopy::graph::LoopyGame;
use onag::loopy::outcome::Result3;
use onag::loopy::parse::parse_loopy;
use onag::loopy::stopper::Stopper;
use onag::loopy::stops::{stops, Pseudonumber};
use onag::partizan::dyadic::Dyadic;
use onag::StopFlag;
use proptest::prelude::*;

fn game(text: &str) -> LoopyGame {
    parse_loopy(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn stop_names(text: &str) -> (String, String, Option<String>) {
    let s = Stopper::new(&game(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
    let st = stops(&s, &StopFlag::new()).unwrap();
    (
        st.left.to_string(),
        st.right.to_string(),
        st.mean.map(|m| m.to_string()),
    )
}

/// Hand-worked stops. Sources: WW = Berlekamp, Conway, Guy, *Winning Ways* vol. 2 ch. 11
/// (on, off, over, upon, ±on; Fox and Geese 2 + over); ONAG = Conway, *On Numbers and Games*
/// ch. 9 (stops of short games); CGT = Siegel, *Combinatorial Game Theory* ch. VI.
#[test]
fn hand_worked_stops() {
    let none = None::<&str>;
    for (text, l, r, mean) in [
        ("on", "on", "on", none),
        ("off", "off", "off", none),
        ("over", "over", "over", Some("0")),
        ("under", "under", "under", Some("0")),
        ("{2|pass}", "2over", "2over", Some("2")), // WW: Fox and Geese's 2 + over
        ("upon", "0", "0", Some("0")),             // WW: upon = {pass|*} is infinitesimal
        ("1 + upon", "1", "1", Some("1")),
        ("{on|off}", "on", "off", none), // WW, CGT: ±on, the hottest stopper
        ("{on|3/2under}", "on", "3/2under", none),
        ("{2over|1under}", "2over", "1under", none),
        ("{3|-2}", "3", "-2", Some("1/2")), // ONAG: a switch's stops and mean
        ("{4|{2|1}}", "4", "2", Some("11/4")), // short: R = L({2|1}) = 2
        ("*", "0", "0", Some("0")),
        // Left waits (passes) for Right to move to 1over: the value is 1over itself.
        ("{pass|{1|pass}}", "1over", "1over", Some("1")),
    ] {
        assert_eq!(
            stop_names(text),
            (l.into(), r.into(), mean.map(String::from)),
            "{text}"
        );
    }
}

fn number_game(x: Dyadic) -> LoopyGame {
    game(&x.to_string())
}

/// Checks L(G) and R(G) against retrograde outcomes of G − x for x on a grid.
fn check_against_outcomes(g: &LoopyGame) -> Result<(), TestCaseError> {
    let s = Stopper::new(g).unwrap();
    let st = stops(&s, &StopFlag::new()).unwrap();
    prop_assert!(st.left >= st.right, "L(G) < R(G) for a stopper");
    for k in -40i64..=40 {
        let x = Dyadic::new(k, 3).unwrap();
        let p = Pseudonumber::Number(x);
        let o = g.try_sum(&number_game(x).neg()).unwrap().outcome();
        // G − x is a stopper: no draws.
        prop_assert!(o.left_first != Result3::Draw && o.right_first != Result3::Draw);
        let left_wins = o.left_first == Result3::Win;
        let right_wins = o.right_first == Result3::Win;
        if st.left > p {
            prop_assert!(
                left_wins,
                "L = {} > {x} but Left first loses G - x",
                st.left
            );
        }
        if left_wins {
            prop_assert!(st.left >= p, "Left first wins G - {x} but L = {}", st.left);
        }
        if st.right < p {
            prop_assert!(
                right_wins,
                "R = {} < {x} but Right first loses G - x",
                st.right
            );
        }
        if right_wins {
            prop_assert!(
                st.right <= p,
                "Right first wins G - {x} but R = {}",
                st.right
            );
        }
    }
    Ok(())
}

#[test]
fn named_and_hand_worked_games_agree_with_outcomes() {
    for text in [
        "on",
        "off",
        "over",
        "under",
        "upon",
        "{on|off}",
        "{2|pass}",
        "{pass|-3/2}",
        "{on|3/2under}",
        "{2over|1under}",
        "{3|-2}",
        "a{0|{1|a}}",
        "{pass|{1|pass}}",
    ] {
        check_against_outcomes(&game(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Every stopper position of a random graph, alone and shifted by a random number.
    #[test]
    fn stops_agree_with_retrograde_outcomes(g in graph_strategy(5, 10), shift in -12i64..=12) {
        let y = number_game(Dyadic::new(shift, 2).unwrap());
        for v in 0..g.len() as u32 {
            let gv = LoopyGame::new(&g, v).unwrap();
            if !gv.is_stopper() {
                continue;
            }
            check_against_outcomes(&gv)?;
            check_against_outcomes(&gv.try_sum(&y).unwrap())?;
        }
    }
}
