//! Partizan games: `parse`.
