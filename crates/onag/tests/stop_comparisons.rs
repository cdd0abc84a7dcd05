//! Comparisons, outcomes and simplifications honour the arena's `StopFlag`: a raised flag
//! stops them at their next comparison, they report `Stopped` (never a wrong answer), and an
//! interrupted comparison leaves nothing behind: once the flag is taken away every answer is
//! the one a fresh arena gives.

use std::time::{Duration, Instant};

use onag::games::toads_and_frogs::{Board, Solver};
use onag::partizan::game::{Arena, GameError, GameId};
use onag::StopFlag;

/// The distinct values of every board of 4 to `max_len` squares with one to three toads and
/// one to three frogs, in an arena.
fn values(max_len: usize) -> (Arena, Vec<GameId>) {
    let mut solver = Solver::new();
    let mut games = Vec::new();
    for len in 4..=max_len {
        for code in 0..4u32.pow(len as u32) {
            let squares: String = (0..len)
                .map(|i| ['.', 'T', 'F', '.'][(code >> (2 * i) & 3) as usize])
                .collect();
            let (toads, frogs) = (squares.matches('T').count(), squares.matches('F').count());
            if !(1..=3).contains(&toads) || !(1..=3).contains(&frogs) {
                continue;
            }
            let board: Board = squares.parse().unwrap();
            games.push(solver.value(&board).unwrap());
        }
    }
    games.sort_unstable();
    games.dedup();
    (solver.into_arena(), games)
}

/// Every ordered pair's G ≤ H, in a fresh copy of the games.
fn reference(arena: &Arena, games: &[GameId]) -> Vec<bool> {
    let mut fresh = Arena::new();
    let ids: Vec<GameId> = games
        .iter()
        .map(|&g| fresh.import(arena, g).unwrap())
        .collect();
    let mut out = Vec::new();
    for &a in &ids {
        for &b in &ids {
            out.push(fresh.le(a, b));
        }
    }
    out
}

#[test]
fn a_raised_flag_stops_comparisons_and_outcomes_at_once() {
    let (mut arena, games) = values(7);
    assert!(games.len() > 50, "{} values", games.len());
    let stop = StopFlag::new();
    stop.stop();
    arena.set_stop(Some(stop));
    let mut stopped = 0;
    for &a in &games {
        for &b in &games {
            match arena.try_le(a, b) {
                // answered by a fast path (equal ids, number-up-star, stops) without recursion
                Ok(_) => {}
                Err(e) => {
                    assert_eq!(e, GameError::Stopped);
                    stopped += 1;
                }
            }
        }
    }
    assert!(stopped > 0, "no comparison reached the flag");
    let non_number = games
        .iter()
        .copied()
        .find(|&g| arena.as_nus(g).is_none() && arena.left_stop(g) == arena.right_stop(g));
    if let Some(g) = non_number {
        assert_eq!(arena.try_outcome(g), Err(GameError::Stopped));
    }
    // `le` and `outcome` ignore the flag and still answer exactly
    let expected = reference(&arena, &games);
    let mut i = 0;
    for &a in &games {
        for &b in &games {
            assert_eq!(arena.le(a, b), expected[i]);
            i += 1;
        }
    }
}

#[test]
fn a_flag_raised_from_another_thread_stops_promptly_and_leaves_no_wrong_answer() {
    let (arena, games) = values(7);
    let expected = reference(&arena, &games);
    // Raise the flag at many different moments of the same work (a thread races the
    // comparisons), then take it away: every answer must still be right.
    for delay_us in [0u64, 5, 20, 50, 100, 200, 500, 1000, 2000] {
        let mut arena = arena.clone();
        let stop = StopFlag::new();
        arena.set_stop(Some(stop.clone()));
        let raiser = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_micros(delay_us));
                stop.stop();
                Instant::now()
            })
        };
        let mut answered = Vec::new();
        let mut first_stop: Option<Instant> = None;
        for &a in &games {
            for &b in &games {
                match arena.try_le(a, b) {
                    Ok(r) => answered.push(Some(r)),
                    Err(e) => {
                        assert_eq!(e, GameError::Stopped);
                        first_stop.get_or_insert_with(Instant::now);
                        answered.push(None);
                    }
                }
            }
        }
        let raised = raiser.join().unwrap();
        if let Some(at) = first_stop {
            // the first comparison after the raise stops (not the end of the whole loop)
            assert!(at.saturating_duration_since(raised) < Duration::from_millis(50));
        }
        for (got, want) in answered.iter().zip(&expected) {
            if let Some(got) = got {
                assert_eq!(got, want, "an answer given while stopping is wrong");
            }
        }
        arena.set_stop(None);
        let mut i = 0;
        for &a in &games {
            for &b in &games {
                assert_eq!(
                    arena.try_le(a, b),
                    Ok(expected[i]),
                    "after a stop at {delay_us} µs"
                );
                i += 1;
            }
        }
    }
}

#[test]
fn simplification_polls_its_comparisons() {
    let (mut arena, games) = values(6);
    let stop = StopFlag::new();
    arena.set_stop(Some(stop.clone()));
    stop.stop();
    // a new option set of non-number games needs comparisons (dominated, reversible options)
    let hot: Vec<GameId> = games
        .iter()
        .copied()
        .filter(|&g| arena.as_number(g).is_none())
        .take(6)
        .collect();
    assert_eq!(arena.from_options(&hot, &hot), Err(GameError::Stopped));
    arena.set_stop(None);
    let g = arena.from_options(&hot, &hot).unwrap();
    let mut fresh = Arena::new();
    let copies: Vec<GameId> = hot
        .iter()
        .map(|&h| fresh.import(&arena, h).unwrap())
        .collect();
    let want = fresh.from_options(&copies, &copies).unwrap();
    assert_eq!(fresh.import(&arena, g).unwrap(), want);
}
