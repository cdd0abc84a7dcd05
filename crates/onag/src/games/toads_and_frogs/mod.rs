//! Toads and Frogs (Winning Ways ch. 1; Erickson, *New Toads and Frogs Results*, 1996): the
//! board and its notation, moves, Erickson's reductions, exact canonical values, the computer
//! player, statistics, verification and the research families.

mod analysis;
mod bits;
mod board;
mod enumerate;
mod family;
mod memo;
mod reduce;
pub mod remoteness;
mod report;
mod research;
mod solver;
mod stats;
mod sweep;
mod verify;

pub use analysis::{analyse, best_move, Analysis, Choice, MoveInfo};
pub use board::{Board, BoardError, IllegalMove, Move, Square, MAX_LEN};
pub use enumerate::{
    all_boards, board_at, board_count, estimate_work, shard_range, PARTS_PER_WORK,
};
pub use family::{family, family_threads};
pub use reduce::{reduce, PackedKey, Reduced};
pub use report::{
    board_report, board_report_with, outcome_words, BoardReport, MoveReport, PartReport,
    ReducedReport, ThermographReport,
};
pub use research::{
    cell_record, check_results, named_shards, table_cells, BoardRecord, CheckError, FamilyRecord,
    FamilyReport, FamilyValue, FileError, Hottest, LengthRow, ResultsCheck, ResultsFile, ShardFile,
    ShardHottest, ShardRecord, StatsReport, RESULTS_FORMAT, SHARD_FORMAT,
};
pub use solver::{Solver, SolverFootprint};
pub use stats::{
    length_stats, merge_shards, shard_stats, Fingerprints, LengthStats, MergeError, NamedShard,
    ShardStats,
};
pub use verify::{verify_all, Verification};
