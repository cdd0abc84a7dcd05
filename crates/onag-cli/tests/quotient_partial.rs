//! `onag heaps quotient --certificate`: a run that ends before n (here above `--max-order`)
//! still writes the certificate of the last complete Q_k, which `quotient-check` accepts.

mod common;

use common::onag;

#[test]
fn an_early_end_writes_the_last_complete_certificate() {
    let dir = std::env::temp_dir().join(format!("onag-quotient-partial-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cert = dir.join("q.json");
    let path = cert.to_str().unwrap();
    // Dawson's Kayles: Q_24 has order 24, heap 25 makes it 144
    let (code, _, err) = onag(&[
        "heaps",
        "quotient",
        "0.07",
        "--max-heap",
        "40",
        "--max-order",
        "30",
        "--certificate",
        path,
        "--quiet",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Q_24 (order 24)"), "{err}");
    assert!(err.contains("at heap 25"), "{err}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cert).unwrap()).unwrap();
    assert_eq!(
        (v["max_heap"].as_u64(), v["order"].as_u64()),
        (Some(24), Some(24))
    );
    let (code, out, err) = onag(&["heaps", "quotient-check", path, "--total", "14"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Q_24 of order 24"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
