//! Partizan games: `game`.
