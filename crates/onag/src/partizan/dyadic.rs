//! Partizan games: `dyadic`.
