//! The web server over real HTTP: pages, static files, JSON errors for every bad-input class,
//! request bounds, and a small load test.

mod common;

use std::time::{Duration, Instant};

use common::{request, Server};
use serde_json::json;

#[test]
fn pages_and_assets_are_embedded() {
    let server = Server::default_server();
    for path in ["/", "/nim", "/corners", "/wythoff", "/queens", "/toads"] {
        let page = server.get(path);
        assert_eq!(page.status, 200, "{path}");
        assert!(
            page.header("content-type")
                .unwrap()
                .starts_with("text/html"),
            "{path}"
        );
        assert!(page.text().contains("<header class=\"site\">"), "{path}");
        assert!(page.header("content-security-policy").is_some());
        // Every asset a page links to is embedded too.
        let html = page.text();
        for piece in html.split("\"/static/").skip(1) {
            let name = &piece[..piece.find('"').unwrap()];
            assert_eq!(
                server.get(&format!("/static/{name}")).status,
                200,
                "{path} links {name}"
            );
        }
    }
    for name in ["style.css", "common.js", "corners.js", "favicon.svg"] {
        let file = server.get(&format!("/static/{name}"));
        assert_eq!(file.status, 200, "{name}");
        assert!(!file.body.is_empty(), "{name}");
    }
    assert_eq!(server.get("/static/nope.js").status, 404);
    assert_eq!(server.get("/no/such/page").status, 404);
}

#[test]
fn health_reports_the_limits() {
    let server = Server::default_server();
    let health = server.get("/api/health");
    assert_eq!(health.status, 200);
    let json = health.json();
    assert_eq!(json["ok"], true);
    assert_eq!(json["limits"]["toads_squares"], 24);
    assert_eq!(json["limits"]["table_side"], 512);
    assert_eq!(json["limits"]["notation_bytes"], 4096);
}

/// Every malformed request gets a 4xx with a JSON `error` message, and the server survives.
#[test]
fn malformed_requests_get_json_errors() {
    let server = Server::default_server();
    let cases: Vec<(u16, common::Response)> = vec![
        (404, server.request("POST", "/api/nope", "{}")),
        (405, server.request("GET", "/api/nim/calc", "")),
        (400, server.request("POST", "/api/nim/calc", "{not json")),
        (
            422,
            server.request("POST", "/api/nim/table", "{\"size\": \"big\"}"),
        ),
        (
            415,
            request(&server.addr, "POST", "/api/nim/calc", b"{}", "text/plain"),
        ),
        (
            413,
            server.request(
                "POST",
                "/api/nim/calc",
                &format!("{{\"a\": \"{}\"}}", "1".repeat(100_000)),
            ),
        ),
    ];
    for (want, response) in cases {
        assert_eq!(response.status, want, "{}", response.text());
        let json = response.json();
        let message = json["error"].as_str().expect("an error message");
        assert!(!message.is_empty());
    }
    assert_eq!(
        server.get("/api/health").status,
        200,
        "the server still answers"
    );
}

/// 100 concurrent clients on loopback, 5 requests each (pages, assets, API): all answered, no
/// errors, within a bound.
#[test]
fn load_100_concurrent_clients() {
    let server = Server::default_server();
    let start = Instant::now();
    let clients: Vec<_> = (0..100)
        .map(|i| {
            let addr = server.addr.clone();
            std::thread::spawn(move || {
                let mut ok = 0;
                for j in 0..5 {
                    let response = match (i + j) % 4 {
                        0 => request(&addr, "GET", "/api/health", b"", "application/json"),
                        1 => request(&addr, "GET", "/static/style.css", b"", "text/plain"),
                        2 => request(&addr, "GET", "/", b"", "text/plain"),
                        _ => {
                            let body = json!({ "n": 6, "heads": [[i % 6 + 1, j + 1]], "coin": [i % 6 + 1, j + 1] });
                            request(&addr, "POST", "/api/corners/position", body.to_string().as_bytes(), "application/json")
                        }
                    };
                    if response.status == 200 && !response.body.is_empty() {
                        ok += 1;
                    }
                }
                ok
            })
        })
        .collect();
    let answered: usize = clients.into_iter().map(|c| c.join().unwrap()).sum();
    assert_eq!(answered, 500);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "took {:?}",
        start.elapsed()
    );
}
