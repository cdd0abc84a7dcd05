//! Partizan games: `search`.
