//! `onag serve` under each attack a single hostile client on loopback can mount, with a
//! legitimate client probing throughout: it must be served (200) every time, and cheap
//! requests keep a p99 ≤ 50 ms beside forty heavy clients.
//!
//! The attacks: 300 keep-alive connections re-sending a small GET (the cap is 256), 300
//! sockets that reconnect as soon as they are closed, slow bodies (a byte a second, declared
//! 65,536 bytes: 408 at the request deadline), a foreign `Host` (DNS rebinding), forty heavy
//! clients. Each runs a few seconds; the whole file takes about 40 s. The tests take turns
//! (one lock), so one attack never measures another.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{request, Server};

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn turn() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// One probe of a legitimate client: a fresh connection, a light request; its status and time.
fn probe(addr: &str) -> (u16, Duration) {
    let started = Instant::now();
    let r = request(
        addr,
        "POST",
        "/api/nim/calc",
        br#"{"a":"5","b":"51"}"#,
        "application/json",
    );
    (r.status, started.elapsed())
}

/// Probes every 100 ms while `attack` runs for `seconds`; every probe must be a 200 within 2 s.
fn probes_during(server: &Server, seconds: u64, what: &str) -> Vec<Duration> {
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut times = Vec::new();
    while Instant::now() < until {
        let (status, took) = probe(&server.addr);
        assert_eq!(status, 200, "{what}: a legitimate probe got {status}");
        assert!(
            took < Duration::from_secs(2),
            "{what}: a probe took {took:?}"
        );
        times.push(took);
        std::thread::sleep(Duration::from_millis(100));
    }
    times.sort();
    eprintln!(
        "{what}: {} probes, all 200, median {:?}, max {:?}",
        times.len(),
        times[times.len() / 2],
        times[times.len() - 1]
    );
    times
}

/// A keep-alive GET on `stream`; false when the server closed it.
fn keep_alive_get(stream: &mut TcpStream, addr: &str) -> bool {
    let head = format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    if stream.write_all(head.as_bytes()).is_err() {
        return false;
    }
    let mut buf = [0u8; 4096];
    match stream.read(&mut buf) {
        Ok(0) => false,
        Ok(_) => true,
        Err(e) => matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
    }
}

fn connect(addr: &str) -> Option<TcpStream> {
    let s = TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_millis(200))).ok()?;
    Some(s)
}

/// 300 keep-alive connections that each send a small GET every second and reconnect when
/// closed; with `requests` false they only connect and wait (the reconnecting idle flood).
fn flood(addr: String, requests: bool, stop: Arc<AtomicBool>) -> std::thread::JoinHandle<usize> {
    std::thread::spawn(move || {
        let mut socks: Vec<Option<TcpStream>> = (0..300).map(|_| connect(&addr)).collect();
        let mut reconnects = 0;
        while !stop.load(Ordering::Relaxed) {
            let round = Instant::now();
            for sock in socks.iter_mut() {
                let alive = match sock {
                    Some(s) if requests => keep_alive_get(s, &addr),
                    Some(s) => {
                        let mut b = [0u8; 64];
                        s.set_nonblocking(true).ok();
                        let open = s.read(&mut b).is_err();
                        s.set_nonblocking(false).ok();
                        open
                    }
                    None => false,
                };
                if !alive {
                    *sock = connect(&addr);
                    reconnects += 1;
                }
                if stop.load(Ordering::Relaxed) {
                    break;
                }
            }
            if let Some(rest) = Duration::from_secs(1).checked_sub(round.elapsed()) {
                std::thread::sleep(rest);
            }
        }
        reconnects
    })
}

#[test]
fn keep_alive_flood_does_not_lock_others_out() {
    let _turn = turn();
    let server = Server::start(&[]);
    let stop = Arc::new(AtomicBool::new(false));
    let attacker = flood(server.addr.clone(), true, stop.clone());
    std::thread::sleep(Duration::from_secs(1));
    probes_during(&server, 4, "300 keep-alive connections re-sending a GET");
    stop.store(true, Ordering::Relaxed);
    attacker.join().unwrap();
}

#[test]
fn reconnecting_idle_sockets_do_not_lock_others_out() {
    let _turn = turn();
    let server = Server::start(&[]);
    let stop = Arc::new(AtomicBool::new(false));
    let attacker = flood(server.addr.clone(), false, stop.clone());
    std::thread::sleep(Duration::from_secs(1));
    probes_during(&server, 4, "300 idle sockets reconnecting when closed");
    stop.store(true, Ordering::Relaxed);
    let reconnects = attacker.join().unwrap();
    assert!(reconnects > 0, "the flood never filled the cap");
}

/// A body declared as 65,536 bytes, sent a byte at a time, stayed open past 60 s and closed
/// with 413; now the whole request has a deadline and the answer is 408.
#[test]
fn slow_bodies_get_408_at_the_deadline() {
    let _turn = turn();
    let server = Server::start(&[]);
    let deadline = server.get("/api/health").json()["limits"]["request_deadline_ms"]
        .as_u64()
        .unwrap();
    let slow: Vec<_> = (0..50)
        .map(|_| {
            let addr = server.addr.clone();
            std::thread::spawn(move || {
                let mut s = TcpStream::connect(&addr).unwrap();
                s.set_read_timeout(Some(Duration::from_millis(900)))
                    .unwrap();
                let started = Instant::now();
                write!(
                    s,
                    "POST /api/nim/table HTTP/1.1\r\nHost: {addr}\r\nContent-Type: \
                     application/json\r\nContent-Length: 65536\r\n\r\n"
                )
                .unwrap();
                let mut answer = Vec::new();
                let mut buf = [0u8; 1024];
                while started.elapsed() < Duration::from_secs(30) {
                    let _ = s.write_all(b" ");
                    match s.read(&mut buf) {
                        Ok(0) => break,
                        Ok(n) => answer.extend_from_slice(&buf[..n]),
                        Err(_) => {}
                    }
                    if answer.windows(4).any(|w| w == b"\r\n\r\n") {
                        break;
                    }
                }
                (
                    String::from_utf8_lossy(&answer).into_owned(),
                    started.elapsed(),
                )
            })
        })
        .collect();
    probes_during(&server, 4, "50 slow bodies");
    for s in slow {
        let (answer, took) = s.join().unwrap();
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        assert!(
            took < Duration::from_millis(deadline + 2_000),
            "a slow body held its connection {took:?}"
        );
    }
}

/// A DNS-rebinding page sends its own name as `Host`: refused, while the real client is served.
#[test]
fn foreign_host_headers_are_refused() {
    let _turn = turn();
    let server = Server::start(&["--allow-host", "onag.test"]);
    for (host, want) in [
        ("evil.example", 421),
        ("evil.example:80", 421),
        ("127.0.0.1.evil.example", 421),
        ("localhost", 200),
        ("onag.test:8080", 200),
    ] {
        let mut s = TcpStream::connect(&server.addr).unwrap();
        write!(
            s,
            "GET /api/health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {want}")),
            "{host}: {answer}"
        );
    }
    assert_eq!(probe(&server.addr).0, 200);
}

/// `--host 0.0.0.0` bound every interface without a word.
#[test]
fn binding_beyond_loopback_needs_a_flag_and_warns() {
    let _turn = turn();
    let (code, out, err) = common::onag(&["serve", "--host", "0.0.0.0", "--port", "0"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("--allow-remote"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("  "), "a run of spaces: {err}");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
        .args([
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            "0",
            "--allow-remote",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while stderr.read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
        line.push(byte[0]);
    }
    let _ = child.kill();
    let _ = child.wait();
    let line = String::from_utf8_lossy(&line);
    assert!(line.starts_with("warning: "), "{line}");
    assert!(line.contains("beyond loopback"), "{line}");
    assert!(!line.contains("  "), "a run of spaces: {line}");
}

/// Forty heavy clients (each trial used to run outside any bound: 39 threads); cheap requests
/// kept a p99 of 58 ms, and a cheap 8×8 nim table got 503 while one heavy board ran.
#[test]
fn cheap_requests_keep_their_latency_beside_forty_heavy_clients() {
    let _turn = turn();
    let server = Server::start(&["--jobs", "1", "--budget-ms", "3000"]);
    let quiet = cheap_latencies(&server, 300);
    let stop = Arc::new(AtomicBool::new(false));
    let heavy: Vec<_> = (0..40)
        .map(|i| {
            let (addr, stop) = (server.addr.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut statuses = Vec::new();
                while !stop.load(Ordering::Relaxed) {
                    // distinct boards, so no answer comes from the cache
                    let board = format!("T.F.T.F.T.F.T.F.T.F{}", ".".repeat(i % 4 + 1));
                    let body = format!(r#"{{"board":"{board}"}}"#);
                    let r = request(
                        &addr,
                        "POST",
                        "/api/toads/analyze",
                        body.as_bytes(),
                        "application/json",
                    );
                    statuses.push(r.status);
                    if r.status == 503 {
                        std::thread::sleep(Duration::from_millis(100));
                    }
                }
                statuses
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    let mut times = Vec::new();
    for i in 0..300 {
        let (status, took) = probe(&server.addr);
        assert_eq!(status, 200);
        times.push(took);
        if i % 30 == 0 {
            // a cheap request of a heavy route is sized by its trial and answered
            let r = request(
                &server.addr,
                "POST",
                "/api/nim/table",
                br#"{"size":8}"#,
                "application/json",
            );
            assert_eq!(
                r.status,
                200,
                "an 8×8 nim table beside heavy clients: {}",
                r.text()
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    stop.store(true, Ordering::Relaxed);
    let statuses: Vec<u16> = heavy.into_iter().flat_map(|h| h.join().unwrap()).collect();
    assert!(
        statuses.iter().all(|&s| s == 200 || s == 503),
        "{statuses:?}"
    );
    let (p50, p99) = percentiles(&mut times);
    let (quiet_p50, quiet_p99) = (quiet.0, quiet.1);
    eprintln!(
        "cheap requests alone: p50 {quiet_p50:?}, p99 {quiet_p99:?}; beside 40 heavy clients: \
         p50 {p50:?}, p99 {p99:?}, max {:?}; heavy answers: {} × 200, {} × 503",
        times[times.len() - 1],
        statuses.iter().filter(|&&s| s == 200).count(),
        statuses.iter().filter(|&&s| s == 503).count()
    );
    // 50 ms, unless the machine itself (shared with other jobs) is slower than that for the
    // same requests alone, measured in the same run: then twice that
    let bound = Duration::from_millis(50).max(quiet_p99 * 2);
    assert!(
        p99 <= bound,
        "p99 {p99:?} beside heavy clients (alone: {quiet_p99:?}; bound {bound:?})"
    );
}

/// p50 and p99 of `times` (sorted in place).
fn percentiles(times: &mut [Duration]) -> (Duration, Duration) {
    times.sort();
    (times[times.len() / 2], times[times.len() * 99 / 100 - 1])
}

/// p50 and p99 of `n` light probes with nothing else running.
fn cheap_latencies(server: &Server, n: usize) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..n)
        .map(|_| {
            let (status, took) = probe(&server.addr);
            assert_eq!(status, 200);
            std::thread::sleep(Duration::from_millis(10));
            took
        })
        .collect();
    percentiles(&mut times)
}

/// A server with a small connection cap (its open-file limit lowered to 96: 32 connections, 24
/// of one address), killed when dropped.
struct SmallServer(std::process::Child, String);

impl SmallServer {
    fn start() -> SmallServer {
        use std::io::BufRead;
        let mut child = std::process::Command::new("sh")
            .arg("-c")
            .arg("ulimit -n 96 && exec \"$0\" serve --port 0")
            .arg(env!("CARGO_BIN_EXE_onag"))
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
        let addr = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .trim_end_matches('/')
            .to_string();
        SmallServer(child, addr)
    }
}

impl Drop for SmallServer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Slow request bodies (from two addresses in the report: 252 of 279 probes of a light route
/// answered 503) held their connections as busy and were never evicted. A connection still
/// receiving its body now gives way to a newcomer (the longest-receiving first): with every
/// slot of the cap taken by slow bodies, the light route is still answered.
#[test]
fn slow_bodies_filling_every_slot_do_not_lock_a_light_route_out() {
    let _turn = turn();
    let server = SmallServer::start();
    let addr = server.1.clone();
    let health = request(&addr, "GET", "/api/health", b"", "application/json");
    let cap = health.json()["limits"]["connections"].as_u64().unwrap() as usize;
    assert!(
        cap <= 40,
        "the open-file limit did not lower the cap: {cap}"
    );
    let mut slow = Vec::new();
    for _ in 0..cap + 10 {
        let Ok(mut s) = TcpStream::connect(&addr) else {
            continue;
        };
        let _ = write!(
            s,
            "POST /api/nim/calc HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: 1000\r\n\r\n{{"
        );
        slow.push(s);
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut statuses = Vec::new();
    for _ in 0..20 {
        statuses.push(probe(&addr).0);
        // the slow clients reconnect as fast as they are closed
        if let Ok(mut s) = TcpStream::connect(&addr) {
            let _ = write!(
                s,
                "POST /api/nim/calc HTTP/1.1\r\nHost: {addr}\r\nContent-Type: \
                 application/json\r\nContent-Length: 1000\r\n\r\n{{"
            );
            slow.push(s);
        }
    }
    let ok = statuses.iter().filter(|&&s| s == 200).count();
    assert_eq!(ok, statuses.len(), "{statuses:?}");
    drop(slow);
}

/// Two `Host` headers: only the first was checked, so a foreign name could follow an allowed one.
#[test]
fn every_host_header_is_checked() {
    let _turn = turn();
    let server = Server::start(&[]);
    let addr = server.addr.clone();
    let mut s = TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "GET /api/health HTTP/1.1\r\nHost: {addr}\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 421"), "{answer}");
}

/// The answer cache served a `text/plain` POST that an uncached request answers 415.
#[test]
fn the_cache_answers_only_what_the_handler_takes() {
    let _turn = turn();
    let server = Server::start(&[]);
    let body = br#"{"board":"T.F.T.F.T.F.T.F"}"#;
    // a JSON request whose answer is kept: the second is a hit
    let r = request(
        &server.addr,
        "POST",
        "/api/toads/analyze",
        body,
        "application/json",
    );
    assert_eq!(r.status, 200);
    let r = request(
        &server.addr,
        "POST",
        "/api/toads/analyze",
        body,
        "application/json",
    );
    assert_eq!(r.header("x-onag-cache"), Some("hit"));
    let r = request(
        &server.addr,
        "POST",
        "/api/toads/analyze",
        body,
        "text/plain",
    );
    assert_eq!(r.status, 415, "{r:?}");
}
