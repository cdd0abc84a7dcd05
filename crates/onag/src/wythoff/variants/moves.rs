//! Move-set descriptions: comma-separated rays `left`, `down`, `diag`, each optionally bounded
//! as `ray:k` (at most `k` squares), or the named game `pair`.

use std::fmt;
use std::str::FromStr;

/// A direction a queen may move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// `(x, y) → (x − k, y)`.
    Left,
    /// `(x, y) → (x, y − k)`.
    Down,
    /// `(x, y) → (x − k, y − k)`.
    Diag,
}

impl Direction {
    /// The keyword of the direction.
    pub fn name(self) -> &'static str {
        match self {
            Self::Left => "left",
            Self::Down => "down",
            Self::Diag => "diag",
        }
    }
}

/// A ray: a direction and an optional bound on the distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ray {
    /// The direction.
    pub dir: Direction,
    /// At most this many squares (`None`: any distance).
    pub max: Option<u32>,
}

/// A validated move set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveSet {
    /// A queen restricted to these rays (at most one per direction).
    Rays(Vec<Ray>),
    /// The unordered pair game (`docs/queens.md`): `{y, z}`, `y ≤ z`, moves to `{y', z}` (`y' < y`),
    /// `{y, z'}` (`y < z' < z`) or `{t, t}` (`t ≤ y`, not the position itself).
    Pair,
}

impl MoveSet {
    /// Wythoff's queen: `left,down,diag`.
    pub fn wythoff() -> Self {
        Self::Rays(
            [Direction::Left, Direction::Down, Direction::Diag]
                .into_iter()
                .map(|dir| Ray { dir, max: None })
                .collect(),
        )
    }
}

/// Why a move-set description was rejected; every variant names the offending token.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveSetError {
    /// The description has no rays.
    #[error("empty move set (try 'left,down,diag' or 'pair')")]
    Empty,
    /// A token is not `left`, `down`, `diag` or `pair`.
    #[error("unknown move '{0}' (expected left, down, diag, optionally ':k', or pair)")]
    UnknownRay(String),
    /// The bound after `:` is not a positive integer.
    #[error("bad bound in '{0}' (expected a positive integer)")]
    BadBound(String),
    /// The bound after `:` is an integer beyond `u32::MAX`.
    #[error("bound too large in '{0}' (at most {max})", max = u32::MAX)]
    BoundTooLarge(String),
    /// Two commas with nothing between them (`left,,down`), or a comma at an end.
    #[error("empty entry in '{0}' (remove the extra comma)")]
    EmptyEntry(String),
    /// A direction appears twice.
    #[error("direction repeated in '{0}'")]
    Duplicate(String),
    /// `pair` was combined with other tokens.
    #[error("'pair' cannot be combined with '{0}'")]
    PairNotAlone(String),
}

impl FromStr for MoveSet {
    type Err = MoveSetError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let tokens: Vec<&str> = text.split(',').map(str::trim).collect();
        if tokens.iter().all(|t| t.is_empty()) {
            return Err(MoveSetError::Empty);
        }
        if tokens.iter().any(|t| t.is_empty()) {
            return Err(MoveSetError::EmptyEntry(text.trim().to_string()));
        }
        if tokens.iter().any(|t| t.eq_ignore_ascii_case("pair")) {
            return match tokens.iter().find(|t| !t.eq_ignore_ascii_case("pair")) {
                Some(other) => Err(MoveSetError::PairNotAlone(other.to_string())),
                None if tokens.len() == 1 => Ok(Self::Pair),
                None => Err(MoveSetError::Duplicate("pair".to_string())),
            };
        }
        let mut rays: Vec<Ray> = Vec::new();
        for token in tokens {
            let (name, bound) = match token.split_once(':') {
                Some((n, b)) => (n.trim(), Some(b.trim())),
                None => (token, None),
            };
            let dir = match name.to_ascii_lowercase().as_str() {
                "left" => Direction::Left,
                "down" => Direction::Down,
                "diag" => Direction::Diag,
                _ => return Err(MoveSetError::UnknownRay(token.to_string())),
            };
            let max = match bound {
                None => None,
                Some(b) => match b.parse::<u32>() {
                    Ok(k) if k > 0 => Some(k),
                    _ if !b.is_empty()
                        && b.bytes().all(|c| c.is_ascii_digit())
                        && b.trim_start_matches('0').len() >= 10 =>
                    {
                        return Err(MoveSetError::BoundTooLarge(token.to_string()))
                    }
                    _ => return Err(MoveSetError::BadBound(token.to_string())),
                },
            };
            if rays.iter().any(|r| r.dir == dir) {
                return Err(MoveSetError::Duplicate(token.to_string()));
            }
            rays.push(Ray { dir, max });
        }
        rays.sort_by_key(|r| r.dir);
        Ok(Self::Rays(rays))
    }
}

impl fmt::Display for MoveSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pair => f.write_str("pair"),
            Self::Rays(rays) => {
                for (i, r) in rays.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    f.write_str(r.dir.name())?;
                    if let Some(k) = r.max {
                        write!(f, ":{k}")?;
                    }
                }
                Ok(())
            }
        }
    }
}
