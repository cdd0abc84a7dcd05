//! Partizan games: `name`.
