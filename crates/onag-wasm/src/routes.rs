//! The API routes the pages use that the engine answers itself, until the API crate's one
//! `dispatch` serves them all: `toads/analyze` (the same JSON as `onag serve`'s
//! `/api/toads/analyze`).

use onag::games::toads_and_frogs::{reduce, Board, Move, Solver};
use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{GameError, GameId};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::thermograph::Thermographs;
use onag::partizan::{Outcome, Player};
use onag::Play;
use serde_json::{json, Value};

/// Most squares on a board the page analyses (as `onag serve`).
const MAX_TOADS_SQUARES: usize = 24;
/// Longest notation accepted (as `onag serve`).
const MAX_NOTATION_BYTES: usize = 4 * 1024;

/// An error answer: HTTP-like status and message.
pub struct Failure(pub u16, pub String);

fn game_error(e: GameError) -> Failure {
    Failure(
        413,
        format!("this board is beyond the engine's limits: {e}"),
    )
}

/// `toads/analyze`: `{"board": "..."}`.
pub fn toads_analyze(body: &[u8]) -> Result<Value, Failure> {
    let request: Value = serde_json::from_slice(body)
        .map_err(|_| Failure(400, "the request is not a JSON object".into()))?;
    let text = request
        .get("board")
        .and_then(Value::as_str)
        .ok_or_else(|| Failure(400, "the request needs a \"board\" text".into()))?;
    if text.len() > MAX_NOTATION_BYTES {
        return Err(Failure(
            400,
            format!(
                "'board' is {} bytes long; the limit is {MAX_NOTATION_BYTES}",
                text.len()
            ),
        ));
    }
    let board: Board = text
        .parse()
        .map_err(|e| Failure(400, format!("board: {e}")))?;
    if board.len() > MAX_TOADS_SQUARES {
        return Err(Failure(
            400,
            format!(
            "the board has {} squares; the page takes at most {MAX_TOADS_SQUARES} (the command \
             line `onag toads` takes longer boards)",
            board.len()
        ),
        ));
    }
    analyze_board(&board, &onag::StopFlag::new())
}

fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::L => "Left (toads) wins whoever starts",
        Outcome::R => "Right (frogs) wins whoever starts",
        Outcome::P => "the second player wins",
        Outcome::N => "the first player wins",
    }
}

fn player_name(player: Player) -> &'static str {
    match player {
        Player::Left => "left",
        Player::Right => "right",
    }
}

/// Everything shown about one value.
struct Shown {
    value: String,
    ascii: String,
    mean: Dyadic,
    temperature: Dyadic,
    outcome: Outcome,
}

struct Analyst {
    solver: Solver,
    thermographs: Thermographs,
}

impl Analyst {
    fn show(&mut self, g: GameId) -> Result<Shown, GameError> {
        let outcome = self.solver.arena_mut().outcome(g);
        let arena = self.solver.arena();
        let th = self.thermographs.get(arena, g)?;
        Ok(Shown {
            value: name(arena, g, NameStyle::Unicode),
            ascii: name(arena, g, NameStyle::Ascii),
            mean: th.mean(),
            temperature: th.temperature(),
            outcome,
        })
    }
}

/// A move wins for its player when the opponent, moving next, loses: the value after it is
/// ≥ 0 for Left (outcome L or P) and ≤ 0 for Right (R or P).
fn wins_for(player: Player, after: Outcome) -> bool {
    matches!(
        (player, after),
        (Player::Left, Outcome::L | Outcome::P) | (Player::Right, Outcome::R | Outcome::P)
    )
}

fn analyze_board(board: &Board, stop: &onag::StopFlag) -> Result<Value, Failure> {
    let mut analyst = Analyst {
        solver: Solver::new(),
        thermographs: Thermographs::new(),
    };
    let g = analyst
        .solver
        .value_with_stop(board, stop)
        .map_err(game_error)?;
    let shown = analyst.show(g).map_err(game_error)?;
    // Siegel, CGT §II.6–II.7: null when the value is not all-small
    let arena = analyst.solver.arena_mut();
    let atomic_weight = match arena.atomic_weight(g) {
        Ok(w) => Some(name(arena, w, NameStyle::Unicode)),
        Err(GameError::Undefined(_)) => None,
        Err(e) => return Err(game_error(e)),
    };
    let rcf = arena.reduced_canonical_form(g).map_err(game_error)?;
    let reduced_canonical_form = name(arena, rcf, NameStyle::Unicode);
    let th = analyst
        .thermographs
        .get(analyst.solver.arena(), g)
        .map_err(game_error)?;
    let (left_wall, right_wall) = th.points();
    let pairs = |points: Vec<(Dyadic, Dyadic)>| -> Vec<(String, String)> {
        points
            .into_iter()
            .map(|(t, x)| (t.to_string(), x.to_string()))
            .collect()
    };
    let thermograph = json!({
        "svg": th.to_svg(),
        "left": pairs(left_wall),
        "right": pairs(right_wall),
        "left_stop": th.left_stop().to_string(),
        "right_stop": th.right_stop().to_string(),
    });

    let reduced = reduce(board);
    let mut parts = Vec::new();
    for part in &reduced.parts {
        let v = analyst.solver.part_value(part).map_err(game_error)?;
        parts.push(json!({
            "board": part.run_length(true),
            "value": name(analyst.solver.arena(), v, NameStyle::Unicode),
        }));
    }

    let mut moves = Vec::new();
    let mut best: [Option<(usize, bool, Dyadic)>; 2] = [None, None];
    for (slot, player) in [Player::Left, Player::Right].into_iter().enumerate() {
        for Move { from, to } in board.moves(player) {
            let after = board.play_unchecked(Move { from, to });
            let v = analyst
                .solver
                .value_with_stop(&after, stop)
                .map_err(game_error)?;
            let s = analyst.show(v).map_err(game_error)?;
            let winning = wins_for(player, s.outcome);
            // The computer: a winning move if any, and among those the best mean for the mover.
            let better = match best[slot] {
                None => true,
                Some((_, w, mean)) => {
                    (winning, player_score(player, s.mean)) > (w, player_score(player, mean))
                }
            };
            if better {
                best[slot] = Some((moves.len(), winning, s.mean));
            }
            moves.push(json!({
                "player": player_name(player),
                "from": from,
                "to": to,
                "board": after.run_length(true),
                "squares": after.to_string(),
                "value": s.value,
                "mean": s.mean.to_string(),
                "temperature": s.temperature.to_string(),
                "winning": winning,
            }));
        }
    }

    Ok(json!({
        "board": board.to_string(),
        "notation": board.run_length(true),
        "length": board.len(),
        "value": shown.value,
        "value_ascii": shown.ascii,
        "outcome": shown.outcome.to_string(),
        "outcome_words": outcome_words(shown.outcome),
        "mean": shown.mean.to_string(),
        "temperature": shown.temperature.to_string(),
        "reduced": { "integer": reduced.integer, "parts": parts },
        "atomic_weight": atomic_weight,
        "reduced_canonical_form": reduced_canonical_form,
        "thermograph": thermograph,
        "moves": moves,
        "computer": { "left": best[0].map(|b| b.0), "right": best[1].map(|b| b.0) },
    }))
}

/// Orders means from the mover's point of view (Left likes large, Right small).
fn player_score(player: Player, mean: Dyadic) -> std::cmp::Reverse<Dyadic> {
    match player {
        Player::Left => std::cmp::Reverse(mean.checked_neg().unwrap_or(mean)),
        Player::Right => std::cmp::Reverse(mean),
    }
}

/// Most coins a side of the Turning Corners board has (as `onag serve`).
const MAX_CORNERS_SIDE: usize = 32;

/// The board of a `corners/…` request: `{"n": 6, "heads": [[a, b], …]}`.
fn corners_board(request: &Value) -> Result<onag::games::turning_corners::TurningCorners, Failure> {
    use onag::games::turning_corners::{Coin, TurningCorners};
    let bad = |m: &str| Failure(400, m.to_string());
    let n = request
        .get("n")
        .and_then(Value::as_u64)
        .ok_or_else(|| bad("the request needs a side \"n\""))? as usize;
    if !(1..=MAX_CORNERS_SIDE).contains(&n) {
        return Err(Failure(
            400,
            format!("'n' is {n}; it must be between 1 and {MAX_CORNERS_SIDE}"),
        ));
    }
    let heads = request
        .get("heads")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("the request needs a list \"heads\""))?;
    let mut coins = Vec::with_capacity(heads.len());
    let mut seen = std::collections::BTreeSet::new();
    for coin in heads {
        let pair = coin_pair(coin).ok_or_else(|| bad("a coin is a pair [a, b]"))?;
        if !seen.insert(pair) {
            return Err(Failure(
                400,
                format!("coin ({}, {}) is listed twice", pair.0, pair.1),
            ));
        }
        coins.push(Coin::new(pair.0, pair.1));
    }
    TurningCorners::from_heads(n, n, &coins).map_err(|e| Failure(400, e.to_string()))
}

fn coin_pair(v: &Value) -> Option<(usize, usize)> {
    let a = v.get(0)?.as_u64()? as usize;
    let b = v.get(1)?.as_u64()? as usize;
    Some((a, b))
}

fn corners_move(mv: onag::games::turning_corners::Move, winning: bool) -> Value {
    let flips: Vec<(usize, usize)> = mv.turned().into_iter().map(|c| (c.row, c.col)).collect();
    json!({
        "coin": (mv.coin.row, mv.coin.col),
        "corner": (mv.corner.row, mv.corner.col),
        "flips": flips,
        "winning": winning,
    })
}

/// `corners/position`: the values a ⊗ b, the XOR and, for `"coin"`, its moves with ✓/✗.
pub fn corners_position(body: &[u8]) -> Result<Value, Failure> {
    use onag::games::turning_corners::{Coin, MarkedMove};
    let request: Value = serde_json::from_slice(body)
        .map_err(|_| Failure(400, "the request is not a JSON object".into()))?;
    let game = corners_board(&request)?;
    let n = game.size().0;
    let values: Vec<Vec<u64>> = (1..=n)
        .map(|a| (1..=n).map(|b| Coin::new(a, b).value()).collect())
        .collect();
    let moves: Vec<Value> = match request.get("coin").filter(|c| !c.is_null()) {
        None => Vec::new(),
        Some(coin) => {
            let (a, b) =
                coin_pair(coin).ok_or_else(|| Failure(400, "a coin is a pair [a, b]".into()))?;
            if !game.is_heads(Coin::new(a, b)) {
                return Err(Failure(
                    400,
                    format!("coin ({a}, {b}) is not heads: only heads coins move"),
                ));
            }
            game.moves_from(Coin::new(a, b))
                .into_iter()
                .map(|MarkedMove { mv, wins }| corners_move(mv, wins))
                .collect()
        }
    };
    Ok(json!({ "n": n, "values": values, "total": game.value(), "moves": moves }))
}

/// `corners/computer`: the engine's move (a winning one when there is one).
pub fn corners_computer(body: &[u8]) -> Result<Value, Failure> {
    let request: Value = serde_json::from_slice(body)
        .map_err(|_| Failure(400, "the request is not a JSON object".into()))?;
    let game = corners_board(&request)?;
    let mv = game
        .computer_move()
        .ok_or_else(|| Failure(400, "no heads coin: the game is over".into()))?;
    let after = game.play_unchecked(mv);
    Ok(corners_move(mv, after.value() == 0))
}
