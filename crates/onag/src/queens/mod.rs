//! Corner-the-Queen variants: restricted move sets, Grundy tables and a formula checker.
