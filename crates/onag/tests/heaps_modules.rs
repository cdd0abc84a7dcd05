//! The heaps' rules and their move generator depend one way: `ruleset.rs` (the rules as
//! written) uses nothing of `moves.rs` (the moves they allow), which reads the rules.

#[test]
fn the_ruleset_module_does_not_depend_on_the_move_generator() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/heaps/");
    let ruleset = std::fs::read_to_string(format!("{dir}ruleset.rs")).unwrap();
    let code: Vec<&str> = ruleset
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect();
    for line in &code {
        assert!(
            !line.contains("moves::") && !line.contains("Moves"),
            "ruleset.rs uses the move generator: {line}"
        );
    }
    let moves = std::fs::read_to_string(format!("{dir}moves.rs")).unwrap();
    assert!(moves.contains("use super::ruleset::Ruleset;"));
}
