//! Partizan games: `thermograph`.
