//! Toads and Frogs (Winning Ways ch. 1; Erickson, *New Toads and Frogs Results*, 1996): the
//! board and its notation, moves, Erickson's reductions, exact canonical values, the computer
//! player, statistics, verification and the research families.

mod analysis;
mod bits;
mod board;
mod memo;
mod reduce;
pub mod remoteness;
mod report;
mod research;
mod solver;
mod sweep;

pub use analysis::{
    all_boards, analyse, best_move, board_at, board_count, estimate_work, family, family_threads,
    length_stats, merge_shards, shard_range, shard_stats, verify_all, Analysis, Choice,
    Fingerprints, LengthStats, MergeError, MoveInfo, NamedShard, ShardStats, Verification,
    PARTS_PER_WORK,
};
pub use board::{Board, BoardError, IllegalMove, Move, Square, MAX_LEN};
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
