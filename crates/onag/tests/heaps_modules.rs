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

/// The modules of `dir` that `text` names through `super::` or `crate::<path>::`, directly
/// (`super::census::x`), in a group (`super::{mask, ruleset::Ruleset}`), or through an item the
/// parent module re-exports (`super::RulesetError` is `parse`'s).
fn imports(
    text: &str,
    crate_path: &str,
    modules: &[String],
    reexports: &std::collections::HashMap<String, String>,
) -> std::collections::BTreeSet<String> {
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = std::collections::BTreeSet::new();
    let mut name = |word: &str| {
        let word = word.trim();
        if modules.iter().any(|m| m == word) {
            found.insert(word.to_string());
        } else if let Some(m) = reexports.get(word) {
            found.insert(m.clone());
        }
    };
    for prefix in ["super::", crate_path] {
        for (at, _) in code.match_indices(prefix) {
            let rest = &code[at + prefix.len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                for item in group.split(',') {
                    name(item.split("::").next().unwrap_or(""));
                }
            } else {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                name(&rest[..end]);
            }
        }
    }
    found
}

/// The module graph of one directory: each `.rs` file (but `mod.rs`) and the siblings it uses.
fn module_graph(
    dir: &str,
    crate_path: &str,
) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let mut modules: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            name.strip_suffix(".rs").map(str::to_string)
        })
        .filter(|m| m != "mod")
        .collect();
    modules.sort();
    // `pub use census::{census, CensusEntry, …};` in mod.rs: item → module.
    let parent = std::fs::read_to_string(format!("{dir}/mod.rs")).unwrap();
    let mut reexports = std::collections::HashMap::new();
    for stmt in parent.split(';') {
        let Some(body) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = body.split_once("::") else {
            continue;
        };
        for item in items.trim_matches(|c| c == '{' || c == '}').split(',') {
            let item = item.trim();
            if !item.is_empty() {
                reexports.insert(item.to_string(), module.trim().to_string());
            }
        }
    }
    modules
        .iter()
        .map(|m| {
            let text = std::fs::read_to_string(format!("{dir}/{m}.rs")).unwrap();
            let mut uses = imports(&text, crate_path, &modules, &reexports);
            uses.remove(m);
            (m.clone(), uses)
        })
        .collect()
}

/// A cycle of the graph, if any (depth-first search with the path on a stack).
fn cycle(
    graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in &graph[node] {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = std::collections::BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_heaps_modules_import_one_way() {
    // Rules → notation → move generator → values → reports → census: each module uses only
    // those below it, so any one of them can be read (and tested) without the ones above.
    for (dir, path) in [
        ("src/heaps", "crate::heaps::"),
        ("src/heaps/quotient", "crate::heaps::quotient::"),
        ("src/misere", "crate::misere::"),
    ] {
        let graph = module_graph(&format!("{}/{dir}", env!("CARGO_MANIFEST_DIR")), path);
        assert!(graph.len() > 3, "{dir}: {graph:?}");
        assert_eq!(cycle(&graph), None, "{dir} has an import circle: {graph:?}");
    }
    // The checker itself sees a circle when there is one.
    let mut graph = module_graph(
        &format!("{}/src/heaps", env!("CARGO_MANIFEST_DIR")),
        "crate::heaps::",
    );
    assert!(graph["census"].contains("report") && graph["parse"].contains("ruleset"));
    assert!(
        graph["checkpoint"].contains("parse"),
        "through the re-export"
    );
    graph.get_mut("report").unwrap().insert("census".into());
    assert!(cycle(&graph).is_some());
}
