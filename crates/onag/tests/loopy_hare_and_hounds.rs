//! Hare and Hounds: the library's outcomes against an independent search written here — its
//! own board (from coordinates), its own moves and a plain fixpoint iteration over
//! (position, side to move), which knows nothing of the library's graphs or retrograde queue.

use std::collections::HashMap;

use onag::loopy::games::hare_and_hounds::{analyse, Position};
use onag::loopy::games::{explore_indexed, LoopyRules};

use onag::loopy::outcome::Result3;
use onag::partizan::Player;
use onag::StopFlag;

/// The board from the picture: points as (column, row); lines join neighbours in a row or
/// column, each end point to its whole neighbouring column, the centre to the grid's corners.
fn points() -> Vec<(i32, i32)> {
    let mut p = vec![(0, 1)];
    for x in 1..=3 {
        for y in 0..3 {
            p.push((x, y));
        }
    }
    p.push((4, 1));
    p
}

fn joined(a: (i32, i32), b: (i32, i32)) -> bool {
    let (dx, dy) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    if dx + dy == 1 {
        return true; // a row or a column
    }
    let ends = [(0, 1), (4, 1)];
    if dx == 1 && (ends.contains(&a) || ends.contains(&b)) {
        return true; // end point to the next column
    }
    dx == 1 && dy == 1 && (a == (2, 1) || b == (2, 1))
}

/// A state of the independent search: hounds (sorted coordinates), hare, stalls.
type State = (Vec<(i32, i32)>, (i32, i32), u8);

fn won_by_hare(s: &State, limit: u8) -> bool {
    s.0.iter().all(|h| s.1 .0 < h.0) || (limit > 0 && s.2 >= limit)
}

fn moves(s: &State, hounds_move: bool, limit: u8) -> Vec<State> {
    if won_by_hare(s, limit) {
        return if hounds_move { vec![] } else { vec![s.clone()] };
    }
    let free = |p: (i32, i32)| !s.0.contains(&p) && s.1 != p;
    let mut out = Vec::new();
    for q in points() {
        if hounds_move {
            for (i, &h) in s.0.iter().enumerate() {
                if joined(h, q) && free(q) && q.0 >= h.0 {
                    let mut hs = s.0.clone();
                    hs[i] = q;
                    hs.sort();
                    let stalls = if limit == 0 {
                        0
                    } else if q.0 == h.0 {
                        s.2 + 1
                    } else {
                        0
                    };
                    out.push((hs, s.1, stalls));
                }
            }
        } else if joined(s.1, q) && free(q) {
            out.push((s.0.clone(), q, s.2));
        }
    }
    out
}

/// Win/loss/draw for the side to move, by iterating the definitions to a fixpoint.
fn solve(start: &State, limit: u8) -> HashMap<(State, bool), Result3> {
    let mut all = vec![(start.clone(), true), (start.clone(), false)];
    let mut seen: HashMap<(State, bool), Result3> = HashMap::new();
    let mut i = 0;
    while i < all.len() {
        let (s, h) = all[i].clone();
        i += 1;
        if seen.insert((s.clone(), h), Result3::Draw).is_some() {
            continue;
        }
        for t in moves(&s, h, limit) {
            all.push((t, !h));
        }
    }
    loop {
        let mut changed = false;
        let keys: Vec<_> = seen.keys().cloned().collect();
        for (s, h) in keys {
            if seen[&(s.clone(), h)] != Result3::Draw {
                continue;
            }
            let next: Vec<Result3> = moves(&s, h, limit)
                .into_iter()
                .map(|t| seen[&(t, !h)])
                .collect();
            let r = if next.contains(&Result3::Loss) {
                Result3::Win
            } else if next.iter().all(|&r| r == Result3::Win) {
                Result3::Loss
            } else {
                continue;
            };
            seen.insert((s, h), r);
            changed = true;
        }
        if !changed {
            return seen;
        }
    }
}

fn state_of(p: &Position, stalls: u8) -> State {
    let pts = points();
    let mut hs: Vec<_> = p.hounds().iter().map(|&h| pts[h as usize]).collect();
    hs.sort();
    (hs, pts[p.hare() as usize], stalls)
}

/// Every position reachable from the start, without the stalling rule (endless play is a
/// draw), with a limit of 3 and with the traditional 10: the library's outcome equals the
/// independent search's. With the traditional rule and without it the hounds win whoever
/// moves first; with a limit of 3 the side to move loses.
#[test]
fn outcomes_match_an_independent_search() {
    for limit in [0u8, 3, 10] {
        let start = Position::start().with_stall_limit(limit);
        let truth = solve(&state_of(&start, 0), limit);
        let r = analyse(&start, &StopFlag::new()).unwrap();
        assert_eq!(
            r.hounds_first,
            truth[&(state_of(&start, 0), true)],
            "limit {limit}"
        );
        assert_eq!(
            r.hare_first,
            truth[&(state_of(&start, 0), false)],
            "limit {limit}"
        );
        // and every position the library reaches, through its own moves, with both to move
        let (game, index) = explore_indexed(&start, 1 << 20, &StopFlag::new()).unwrap();
        let o = onag::loopy::outcome::Outcomes::of(&game.graph);
        // the search holds the (position, side to move) pairs reachable by alternate play;
        // the graph holds positions, each with either side to move
        let mut compared = 0;
        for (p, &v) in &index {
            let key = state_of(p, p.stalls());
            for (hounds_move, player) in [(true, Player::Left), (false, Player::Right)] {
                if let Some(&r) = truth.get(&(key.clone(), hounds_move)) {
                    assert_eq!(o.result(v, player), r, "{p} limit {limit}");
                    compared += 1;
                }
            }
        }
        assert_eq!(
            compared,
            truth.len(),
            "limit {limit}: every searched state is in the graph"
        );
        let expected = if limit == 3 {
            (Result3::Loss, Result3::Win)
        } else {
            (Result3::Win, Result3::Loss)
        };
        assert_eq!((r.hounds_first, r.hare_first), expected, "limit {limit}");
    }
}

#[test]
fn positions_parse_and_print() {
    let p: Position = "H../H...R/H..".parse().unwrap();
    assert_eq!(p, Position::start());
    assert_eq!(p.to_string(), "H../H...R/H..");
    assert!("H../H...R/H.".parse::<Position>().is_err());
    assert!("H../H...R/HH.".parse::<Position>().is_err());
    assert!("H../H..xR/H..".parse::<Position>().is_err());
    // the hare left of every hound has won: the hounds have no move
    let p: Position = ".H./R.H../.H.".parse().unwrap();
    assert!(p.hare_has_won() && p.options(Player::Left).is_empty());
}

/// The loopy value of every position reachable from the start (hounds Left, hare Right),
/// computed one strongly connected component at a time, predicts the outcome the independent
/// search finds for every (position, side to move) it reaches, and the library's retrograde
/// outcome for both sides to move on every position of the graph. Under the traditional rule
/// the start is `over`: the hounds win whoever starts.
#[test]
fn values_predict_the_outcomes_of_every_position() {
    use onag::loopy::games::hare_and_hounds::values;
    use onag::loopy::name::name;
    for limit in [3u8, 10] {
        let start = Position::start().with_stall_limit(limit);
        let truth = solve(&state_of(&start, 0), limit);
        let stop = StopFlag::new();
        let (game, index, vals) = values(&start, &stop).unwrap();
        let o = onag::loopy::outcome::Outcomes::of(&game.graph);
        let mut predicted: HashMap<u32, onag::loopy::outcome::LoopyOutcome> = HashMap::new();
        let mut compared = 0;
        for (p, &v) in &index {
            let key = vals.vertex(v);
            let want = match predicted.get(&key) {
                Some(&w) => w,
                None => {
                    let w = vals.stopper(v, &stop).unwrap().predicted_outcome().unwrap();
                    predicted.insert(key, w);
                    w
                }
            };
            assert_eq!(want, o.at(v), "{p} limit {limit}");
            let state = state_of(p, p.stalls());
            for (hounds_move, r) in [(true, want.left_first), (false, want.right_first)] {
                if let Some(&t) = truth.get(&(state.clone(), hounds_move)) {
                    assert_eq!(r, t, "{p} limit {limit}");
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, truth.len(), "limit {limit}");
        assert!(
            predicted.len() > 100,
            "limit {limit}: {} values",
            predicted.len()
        );
        if limit == 10 {
            assert_eq!(name(&vals.stopper(game.start, &stop).unwrap()), "over");
        }
    }
}

/// The stall count is part of the notation: it prints after the board and parses back.
#[test]
fn the_stall_count_prints_and_parses() {
    let p: Position = ".../HH..R/H.. 4".parse().unwrap();
    assert_eq!(p.stalls(), 4);
    assert_eq!(p.to_string(), ".../HH..R/H.. 4");
    assert!(".../HH..R/H.. 11".parse::<Position>().is_err());
    assert!(".../HH..R/H.. x".parse::<Position>().is_err());
    // the stall count is kept under a new limit, at most the limit
    assert_eq!(p.with_stall_limit(3).stalls(), 3);
    assert_eq!(p.with_stall_limit(0).stalls(), 0);
}
