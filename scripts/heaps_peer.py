#!/usr/bin/env python3
"""Times a heap-game workload on onag and on the peer tczajka/octal-games in the same run.

The peer is the C++ solver in that repository's `old/src` (commit 57e893a; its Rust rewrite has
no solver yet). Build it once, without its test framework:

    git clone https://github.com/tczajka/octal-games && cd octal-games/old/src
    g++ -O2 -std=c++11 -pthread -I. analyze_exec.cc game.cc game_util.cc hadamard.cc -o analyze

`analyze GAME` computes values until it finds a period (or 2^28 heaps), printing a line of
statistics at every power of two; this script stops it at the line for 2^K. onag runs
`onag heaps period GAME --max 2^K`. Usage:

    scripts/heaps_peer.py PEER_BINARY ONAG_BINARY GAME K [GAME K ...]

Prints one line per program with wall time, user CPU and peak resident memory, and the last
statistics lines of each (rare heaps, last rare heap, largest value) to compare the answers. The
peer's peak memory is its VmHWM just before it is stopped.
"""
import resource
import subprocess
import sys
import tempfile
import time


def peer(binary: str, game: str, k: int) -> None:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    p = subprocess.Popen([binary, game], stdout=subprocess.PIPE, text=True, bufsize=1)
    lines = []
    assert p.stdout is not None
    for line in p.stdout:
        lines.append(line.rstrip())
        if line.startswith(f"n=2^{k} ") or line.startswith("Found period"):
            break
    with open(f"/proc/{p.pid}/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    p.kill()
    p.wait()
    wall = time.time() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"peer {game} to 2^{k}: {wall:.2f} s wall, {after.ru_utime - before.ru_utime:.2f} s user, {peak} KB")
    for line in lines[-2:]:
        print("   ", line)


def onag(binary: str, game: str, k: int) -> None:
    with tempfile.NamedTemporaryFile("r") as timing:
        out = subprocess.run(["/usr/bin/time", "-f", "%e s wall, %U s user, %M KB", "-o", timing.name,
                              binary, "heaps", "period", game, "--max", str(1 << k), "--max-seconds", "0",
                              "--quiet"], check=True, capture_output=True, text=True).stdout
        print(f"onag {game} to 2^{k}: {timing.read().strip()}")
    print("   ", out.strip().splitlines()[-1])


def main() -> None:
    if len(sys.argv) < 5 or len(sys.argv) % 2 == 0:
        sys.exit(__doc__)
    peer_bin, onag_bin, work = sys.argv[1], sys.argv[2], sys.argv[3:]
    for game, k in zip(work[::2], work[1::2]):
        onag(onag_bin, game, int(k))
        peer(peer_bin, game, int(k))


if __name__ == "__main__":
    main()
