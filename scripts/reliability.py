#!/usr/bin/env python3
"""Hostile-input measurements of the release binary (loopback only; standard library only).

  scripts/reliability.py api-fuzz [--requests 20000] [--seed 29]
      Starts `onag serve --port 0` and sends that many malformed or mutated requests to
      every API route over raw sockets (mutated sample bodies, random bytes, random JSON,
      broken request lines and headers, traversal paths, lying Content-Lengths). The
      invariant: every request gets an answer within the time budget (+2 s), never a 5xx
      other than 503-with-Retry-After, every /api/ answer is a JSON object, and the server
      is alive at the end. Prints the counts by status class and any violations.

  scripts/reliability.py mix [--cheap 160] [--other 40] [--kind heavy|abusive] [--seconds 20]
      160 legitimate clients (each a fresh connection, POST /api/nim/calc, then a pause of
      100 ms) beside 40 heavy clients (distinct Toads boards, seconds each) or 40 abusive
      ones (keep-alive floods, idle reconnecting sockets, slow bodies). Prints the
      legitimate requests' status counts and latency p50/p99/max, and the same requests
      alone, measured first in the same run.

  scripts/reliability.py cli-fuzz [--runs 20000] [--seed 29]
      That many runs of the binary with random arguments and random game text: every run
      exits 0, 1 or 2 (never a signal) within 20 s, and every error is one line.

The binary is target/release/onag unless ONAG_BIN says otherwise. The figures go into
BENCHMARKS.md ("Reliability").
"""

import argparse
import json
import os
import pathlib
import random
import socket
import statistics
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
BIN = os.environ.get("ONAG_BIN", str(ROOT / "target" / "release" / "onag"))

SAMPLES = {
    "/health": None,
    "/nim/calc": {"a": "5", "b": "51"},
    "/nim/table": {"size": 16},
    "/corners/position": {"n": 4, "heads": [[2, 3]], "coin": [2, 3]},
    "/corners/computer": {"n": 4, "heads": [[2, 3]]},
    "/wythoff/position": {"side": 8, "queens": [[3, 4]]},
    "/wythoff/computer": {"side": 8, "queens": [[3, 4]]},
    "/wythoff/table": {"size": 16},
    "/wythoff/row": {"x": 3},
    "/queens/table": {"moves": "left,down", "size": 8, "formula": "x ^ y"},
    "/toads/analyze": {"board": "TT..FF"},
    "/heaps/rulesets": None,
    "/heaps/values": {"code": "0.77", "count": 20},
    "/heaps/period": {"code": "kayles", "max": 4096},
    "/heaps/position": {"code": "0.137", "heaps": [5, 8]},
    "/heaps/computer": {"code": "0.137", "heaps": [5, 8]},
    "/game/list": None,
    "/game/analyze": {"game": "domineering", "position": "...|..."},
    "/game/computer": {"game": "clobber", "position": "xox|oxo", "player": "left"},
}
GET_ROUTES = {"/health", "/heaps/rulesets", "/game/list"}


class Server:
    def __init__(self, *extra):
        self.proc = subprocess.Popen(
            [BIN, "serve", "--port", "0", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        line = self.proc.stdout.readline()
        url = next(w for w in line.split() if w.startswith("http://"))
        host, port = url[len("http://"):].rstrip("/").split(":")
        self.addr = (host, int(port))
        threading.Thread(target=self.proc.stdout.read, daemon=True).start()

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def exchange(addr, raw, timeout):
    """Sends `raw` on a fresh connection; returns (status or None, body bytes, seconds)."""
    started = time.monotonic()
    try:
        with socket.create_connection(addr, timeout=timeout) as s:
            s.settimeout(timeout)
            s.sendall(raw)
            chunks = []
            while True:
                b = s.recv(65536)
                if not b:
                    break
                chunks.append(b)
    except socket.timeout:
        return "timeout", b"", time.monotonic() - started
    except (ConnectionResetError, BrokenPipeError):
        return "reset", b"", time.monotonic() - started
    data = b"".join(chunks)
    took = time.monotonic() - started
    if not data:
        return "closed", b"", took
    head, _, body = data.partition(b"\r\n\r\n")
    try:
        status = int(head.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return "garbled", data[:200], took
    return status, body, took


def http(method, path, body=b"", host="127.0.0.1", extra=b"", content_length=None):
    n = len(body) if content_length is None else content_length
    return (
        f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n".encode()
        + b"Content-Type: application/json\r\n"
        + f"Content-Length: {n}\r\n".encode()
        + extra
        + b"\r\n"
        + body
    )


def random_json(rng, depth=0):
    kind = rng.randrange(9 if depth < 4 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 1, 2**31, 2**63, -(2**64), 10**30, 1e308, 0.5, 4096, 513])
    if kind in (3, 4, 5):
        atoms = ["T", "F", ".", "□", "x", "o", "|", "0.7", "kayles", "left", "*", "-", "9" * 30,
                 "\u0000", "\ud7ff", "..", "/", "%00", " ", "é"]
        return "".join(rng.choice(atoms) for _ in range(rng.randrange(0, 40)))
    if kind in (6, 7):
        keys = ["a", "b", "size", "n", "heads", "coin", "side", "queens", "x", "moves",
                "formula", "board", "code", "count", "max", "heaps", "game", "position",
                "player", "columns", "strategy", "zz"]
        return {rng.choice(keys): random_json(rng, depth + 1) for _ in range(rng.randrange(0, 6))}
    return [random_json(rng, depth + 1) for _ in range(rng.randrange(0, 6))]


def mutate_value(rng, v):
    if isinstance(v, dict) and v:
        k = rng.choice(list(v))
        out = dict(v)
        r = rng.randrange(4)
        if r == 0:
            del out[k]
        elif r == 1:
            out[k] = random_json(rng)
        elif r == 2:
            out[k] = mutate_value(rng, v[k])
        else:
            out[k + rng.choice(["", "x"])] = random_json(rng)
        return out
    if isinstance(v, list):
        out = list(v)
        if out and rng.random() < 0.5:
            i = rng.randrange(len(out))
            out[i] = mutate_value(rng, out[i])
        else:
            out.append(random_json(rng))
        return out
    if isinstance(v, int):
        return rng.choice([v + 1, v * 1000, -v, 2**40, 0, v * v])
    if isinstance(v, str):
        return v * rng.randrange(0, 200) + rng.choice(["", "T", ".", "9", "\u00a0", "\\"])
    return random_json(rng)


def fuzz_request(rng):
    """One hostile request: (description kind, raw bytes)."""
    path = rng.choice(list(SAMPLES))
    sample = SAMPLES[path]
    method = "GET" if path in GET_ROUTES else "POST"
    kind = rng.randrange(12)
    if kind <= 3:  # a mutated sample
        body = json.dumps(mutate_value(rng, sample if sample is not None else {})).encode()
        return "mutated", http(method, "/api" + path, body)
    if kind == 4:  # the sample, bytes flipped or cut
        body = bytearray(json.dumps(sample).encode())
        for _ in range(rng.randrange(1, 4)):
            if body:
                body[rng.randrange(len(body))] = rng.randrange(256)
        if body and rng.random() < 0.5:
            body = body[: rng.randrange(len(body))]
        return "bytes", http(method, "/api" + path, bytes(body))
    if kind == 5:  # random bytes
        return "random", http(method, "/api" + path, os.urandom(rng.randrange(0, 2048)))
    if kind == 6:  # random JSON of any shape
        return "json", http(method, "/api" + path, json.dumps(random_json(rng)).encode())
    if kind == 7:  # deep nesting
        d = rng.choice([64, 1000, 100000])
        return "deep", http(method, "/api" + path, b"[" * d + b"]" * d)
    if kind == 8:  # wrong method, odd or traversal paths
        p = rng.choice(["/api" + path, "/api/../../etc/passwd", "/api/%2e%2e/%2e%2e/etc/passwd",
                        "/static/../Cargo.toml", "/api/" + "a" * 5000, "/api/nim//calc",
                        "/api/nim/calc?x=" + "%" * 50, "//api/health", "/api/\x7f"])
        m = rng.choice(["GET", "POST", "PUT", "DELETE", "OPTIONS", "HEAD", "BREW", "G\x00T"])
        return "path", http(m, p, b"{}")
    if kind == 9:  # lying or absurd Content-Length
        body = json.dumps(sample).encode()
        cl = rng.choice([0, 1, len(body) - 1, -5, 2**31, 2**64, 1 << 30])
        return "length", http(method, "/api" + path, body, content_length=cl)
    if kind == 10:  # broken headers
        extra = rng.choice([b"X: " + b"a" * 70000 + b"\r\n", b"\x00\x01\r\n", b"Bad header\r\n",
                            b"Transfer-Encoding: chunked\r\n", b"Content-Length: 5\r\n",
                            b"Expect: 100-continue\r\n", b"Host: evil.example\r\n"])
        return "header", http(method, "/api" + path, b"{}", extra=extra)
    # a broken request line or a foreign Host
    raw = rng.choice([b"\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n",
                      os.urandom(rng.randrange(1, 300)), b"POST /api/nim/calc HTTP/1.1\r\n\r\n",
                      http(method, "/api" + path, b"{}", host="attacker.example")])
    return "line", raw


def api_fuzz(args):
    server = Server("--budget-ms", "3000")
    budget = 3.0
    rng = random.Random(args.seed)
    requests = [fuzz_request(rng) for _ in range(args.requests)]
    lock = threading.Lock()
    counts, violations, kinds, latencies, protocol = {}, [], {}, [], {}
    index = iter(range(len(requests)))

    def worker():
        while True:
            with lock:
                i = next(index, None)
            if i is None:
                return
            kind, raw = requests[i]
            status, body, took = exchange(server.addr, raw, budget + 12)
            with lock:
                latencies.append(took)
                key = status if isinstance(status, str) else f"{status // 100}xx"
                counts[key] = counts.get(key, 0) + 1
                kinds.setdefault(kind, {}).setdefault(key, 0)
                kinds[kind][key] += 1
                bad = None
                if status == "timeout" or took > budget + 2 + 10.5:
                    bad = f"no answer in {took:.1f} s"
                elif isinstance(status, int) and status >= 500 and status != 503:
                    bad = f"status {status}"
                elif status == "garbled":
                    bad = "garbled answer"
                elif isinstance(status, int) and not body and status in (400, 431):
                    # the HTTP layer's own answer to a request it cannot parse (no body)
                    protocol[status] = protocol.get(status, 0) + 1
                elif isinstance(status, int) and not raw.startswith(b"HEAD ") and \
                        raw.split(b" ", 2)[1:2] and \
                        raw.split(b" ", 2)[1].startswith(b"/api/") and status >= 200:
                    try:
                        if not isinstance(json.loads(body or b"null"), dict):
                            bad = f"{status} answer not a JSON object: {body[:60]!r}"
                    except ValueError:
                        bad = f"{status} answer not JSON: {body[:60]!r}"
                if bad and len(violations) < 30:
                    violations.append((kind, bad, raw[:120]))
                elif bad:
                    violations.append((kind, bad, b""))

    started = time.monotonic()
    threads = [threading.Thread(target=worker) for _ in range(args.threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - started
    alive = exchange(server.addr, http("GET", "/api/health"), 5)[0]
    server.close()
    latencies.sort()
    print(f"{len(requests)} requests in {wall:.1f} s ({args.threads} clients); "
          f"server alive after: {alive == 200}")
    print("answers:", dict(sorted(counts.items(), key=lambda kv: str(kv[0]))))
    print("by kind:", json.dumps(kinds, sort_keys=True))
    print("bodiless answers of the HTTP layer to unparsable requests:", protocol)
    print(f"latency p50 {latencies[len(latencies) // 2] * 1000:.1f} ms, "
          f"p99 {latencies[len(latencies) * 99 // 100] * 1000:.1f} ms, "
          f"max {latencies[-1] * 1000:.0f} ms")
    print(f"violations: {len(violations)}")
    for v in violations[:30]:
        print("  ", v)
    return 0 if not violations and alive == 200 else 1


def legit(addr):
    raw = http("POST", "/api/nim/calc", b'{"a":"5","b":"51"}')
    status, _, took = exchange(addr, raw, 20)
    return status, took


def heavy_client(addr, i, stop, out):
    n = 0
    while not stop.is_set():
        n += 1
        board = "T.F.T.F.T.F.T.F.T.F" + "." * (i % 4 + 1) + "T" * (n % 2)  # ≤ 24 squares
        status, _, _ = exchange(addr, http("POST", "/api/toads/analyze",
                                           json.dumps({"board": board}).encode()), 30)
        out.append(status)
        if status == 503:
            time.sleep(0.1)


def abusive_client(addr, i, stop, out):
    kind = i % 3
    while not stop.is_set():
        try:
            s = socket.create_connection(addr, timeout=15)
        except OSError:
            out.append("refused")
            time.sleep(0.05)
            continue
        try:
            if kind == 0:  # keep-alive flood: a GET every 0.5 s on one connection
                while not stop.is_set():
                    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    if not s.recv(65536):
                        break
                    time.sleep(0.5)
            elif kind == 1:  # idle socket, reconnected when closed
                s.settimeout(None)
                while not stop.is_set() and s.recv(1):
                    pass
            else:  # a slow body: one byte a second of a declared 65,536
                s.sendall(b"POST /api/nim/calc HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          b"Content-Type: application/json\r\nContent-Length: 65536\r\n\r\n")
                while not stop.is_set():
                    s.sendall(b" ")
                    time.sleep(1)
        except OSError:
            pass
        finally:
            out.append("closed")
            s.close()


def mix(args):
    server = Server("--jobs", "1", "--budget-ms", "3000")
    addr = server.addr
    # the same legitimate requests alone first (the machine is shared: the baseline of this run)
    alone = sorted(legit(addr)[1] for _ in range(300))
    stop = threading.Event()
    other_out, legit_out = [], []
    target = heavy_client if args.kind == "heavy" else abusive_client
    others = [threading.Thread(target=target, args=(addr, i, stop, other_out), daemon=True)
              for i in range(args.other)]
    for t in others:
        t.start()
    time.sleep(1.5)

    def legit_client():
        while not stop.is_set():
            legit_out.append(legit(addr))
            time.sleep(0.1)

    cheap = [threading.Thread(target=legit_client, daemon=True) for _ in range(args.cheap)]
    for t in cheap:
        t.start()
    time.sleep(args.seconds)
    stop.set()
    for t in cheap:
        t.join(timeout=30)
    server.close()
    statuses = {}
    for s, _ in legit_out:
        statuses[s] = statuses.get(s, 0) + 1
    times = sorted(t for s, t in legit_out if s == 200)
    other = {}
    for s in other_out:
        other[s] = other.get(s, 0) + 1

    def ms(xs, q):
        return xs[min(len(xs) - 1, int(len(xs) * q))] * 1000 if xs else float("nan")

    print(f"alone: p50 {ms(alone, 0.5):.2f} ms, p99 {ms(alone, 0.99):.2f} ms")
    print(f"{args.cheap} legitimate + {args.other} {args.kind} clients, {args.seconds} s: "
          f"{len(legit_out)} legitimate requests, statuses {statuses}; "
          f"p50 {ms(times, 0.5):.1f} ms, p99 {ms(times, 0.99):.1f} ms, "
          f"max {ms(times, 1.0):.0f} ms; {args.kind} clients' outcomes {other}")
    return 0


ATOMS = ["1", "0", "*", "^", "v", "*2", "1/2", "{", "}", "|", "||", ",", "(", ")", "+", "-",
         "+-", "±", "↑", "tiny", "miny", "2·", "^3", "q", " ", "{1|0}", "9" * 25, ".", "x"]
SUBCOMMANDS = [["value"], ["value", "--json"], ["nim", "mul"], ["nim", "inv"], ["toads", "value"],
               ["wythoff", "grundy"], ["corners", "value"], ["heaps", "values"], ["game", "value"],
               ["nim", "pow"], ["toads", "equals"], ["heaps", "period"], ["bogus"], []]


def cli_fuzz(args):
    rng = random.Random(args.seed)
    counts, violations = {}, []
    started = time.monotonic()
    for i in range(args.runs):
        sub = rng.choice(SUBCOMMANDS)
        words = []
        if rng.random() < 0.6:  # most runs: one game text to `value`, the main input surface
            sub = ["value"] + (["--json"] if rng.random() < 0.3 else [])
            text = "".join(rng.choice(ATOMS) for _ in range(rng.randrange(1, 30)))
            words.append(text * rng.randrange(1, 300))
        for _ in range(rng.randrange(0, 4) if len(words) == 0 else 0):
            r = rng.random()
            if r < 0.6:
                text = "".join(rng.choice(ATOMS) for _ in range(rng.randrange(1, 30)))
                words.append(text * rng.randrange(1, 50))
            elif r < 0.8:
                words.append(rng.choice(["--json", "--max-seconds", "0", "-1", "--force",
                                         "--svg", "--help", "--", "-", "99999999999999999999"]))
            else:
                words.append(os.urandom(rng.randrange(1, 40)).decode("latin-1").replace("\0", ""))
        cmd = [BIN, *sub, *words]
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=20, cwd="/tmp")
        except subprocess.TimeoutExpired:
            counts["timeout"] = counts.get("timeout", 0) + 1
            violations.append(("timeout", cmd[:4]))
            continue
        code = p.returncode
        counts[code] = counts.get(code, 0) + 1
        err = p.stderr.decode("utf-8", "replace").strip()
        if code < 0 or code not in (0, 1, 2):
            violations.append((f"exit {code}", [c[:60] for c in cmd[1:5]], err[-200:]))
        elif code == 2 and "--help" not in words and len(err.splitlines()) > 1:
            violations.append(("multi-line error", [c[:60] for c in cmd[1:5]], err[:200]))
    wall = time.monotonic() - started
    print(f"{args.runs} runs in {wall:.0f} s; exit codes {counts}; violations {len(violations)}")
    for v in violations[:20]:
        print("  ", v)
    return 0 if not violations else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    a = sub.add_parser("api-fuzz")
    a.add_argument("--requests", type=int, default=20000)
    a.add_argument("--seed", type=int, default=29)
    a.add_argument("--threads", type=int, default=8)
    m = sub.add_parser("mix")
    m.add_argument("--cheap", type=int, default=160)
    m.add_argument("--other", type=int, default=40)
    m.add_argument("--kind", choices=["heavy", "abusive"], default="heavy")
    m.add_argument("--seconds", type=int, default=20)
    c = sub.add_parser("cli-fuzz")
    c.add_argument("--runs", type=int, default=20000)
    c.add_argument("--seed", type=int, default=29)
    args = ap.parse_args()
    return {"api-fuzz": api_fuzz, "mix": mix, "cli-fuzz": cli_fuzz}[args.what](args)


if __name__ == "__main__":
    sys.exit(main())
