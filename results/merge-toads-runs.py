#!/usr/bin/env python3
"""Adds the stop-13 and stop-14 runs (their logs are in results/toads-runs-s13/ and
results/toads-runs-s14/) to results/toads-families.json and rewrites
results/toads-families.tsv.

- t3s13: `onag toads family --toads 3 --frogs 3 --blanks 1..53 --threads 2` on idle-ish cores:
  its values must equal the stored T3 family (checked here; the per-b rows stay those of t3s10,
  which has per-board times and part counts).
- t8: `toads_cells 100000 8,8,7` (T8□8F7, Ta□aFa−1 with a = 8), one fresh solver.
- cells-s13: `cells-loop.sh 240`: the Ta+k□bFa cells ≤ 22 squares not solved before, one
  `toads_cells 240!` process per series (a series stops at its first board over 240 s).
- cells-s14: `cells-loop.sh 3600 plan-a.txt a` and `… plan-b.txt b` side by side (one core
  each): the 14 cells ≤ 22 squares still open after stop 13, one `toads_cells 3600!` process
  per line of the plans; each board gets the wall time and peak memory of its process.
A board solved here replaces a stored "gave up" entry; one that gives up again keeps the longer
limit. Re-check: `onag toads results --verify results/toads-families.json --max-squares 22`
(T8□8F7, 23 squares, needs --max-squares 23, ≈ 1 h and ≈ 16 GB).

usage: merge-toads-runs.py   (idempotent: a run already in the file is replaced)
"""
import json, os, re, sys

from toads_logs import parse_time, time_line, write_tsv

here = os.path.dirname(os.path.abspath(__file__))
logs = os.path.join(here, "toads-runs-s13")
logs14 = os.path.join(here, "toads-runs-s14")
path = os.path.join(here, "toads-families.json")
d = json.load(open(path))
MACHINE = "nproc=2, AMD EPYC (Zen 4) VM, 23 GiB RAM, no other engineers; stop 13"
MACHINE14 = MACHINE.replace("stop 13", "stop 14")


def cells(p):
    return [l.rstrip("\n").split("\t") for l in open(p) if l.strip() and not l.startswith("#")]


new_runs = [
    {"id": "t3s13", "time_file": "t3-53.err", "commit": "5047969", "machine": MACHINE +
     ", two threads; one other single-threaded 455 s job and two release builds ran beside it",
     "command": "/usr/bin/time -f '%e s %M KB %U user %S sys' onag toads family --toads 3 --frogs 3 "
                "--blanks 1..53 --threads 2 --quiet"},
    {"id": "t8", "time_file": "t8.err", "commit": "65f3752", "machine": MACHINE +
     ", one thread, beside the cells-s13 series on the other core (23:05-00:02) and "
     "a .ci/run of d1daa79 on both cores (00:03-00:20)",
     "command": "TOADS_RESERVE_PARTS=700000000 /usr/bin/time -f '%e s %M KB %U user %S sys' "
                "target/release/examples/toads_cells 100000 8,8,7 (a fresh solver, no time limit)"},
    {"id": "cells-s13", "time_file": "cells-s13.err", "commit": "65f3752", "machine": MACHINE +
     ", one thread, beside the t8 run on the other core",
     "command": "results/toads-runs-s13/cells-loop.sh 240: for each (toads, frogs) series of "
                "cells-plan.txt, ulimit -v 6000000; nice -n 5 toads_cells '240!' with the "
                "unsolved cells of <= 22 squares (a fresh Solver per board); the time line is "
                "the last series'"},
]
ids = {r["id"] for r in new_runs} | {"cells-s14"}
d["runs"] = [r for r in d["runs"] if r["id"] not in ids]
for r in new_runs:
    p = os.path.join(logs, r.pop("time_file"))
    if not os.path.exists(p):
        continue
    r.update(time_line(p, sep=" ") or {"note_time": "no /usr/bin/time line: killed before it printed"})
    d["runs"].append(r)


def series_times(p):
    """(toads, frogs) -> the /usr/bin/time line of that series' process."""
    out, cur = {}, None
    for line in open(p):
        if line.startswith("# series"):
            # a plan line with no cell ("# series T F") ends the series before it
            m = re.match(r"# series T(\d+) F(\d+)", line)
            cur = (int(m[1]), int(m[2])) if m else None
            continue
        t = parse_time(line, sep=" ")
        if t and cur:
            out[cur] = {"process_wall_seconds": t["wall_seconds"], "process_peak_rss_kb": t["peak_rss_kb"]}
    return out


s14_logs = [x for x in ("a", "b") if os.path.exists(os.path.join(logs14, x + ".tsv"))]
if s14_logs:
    d["runs"].append(
        {"id": "cells-s14", "commit": "233786c (solver of 65f3752)", "machine": MACHINE14 +
         ", one thread per process, two loops side by side (one a core)",
         "command": "results/toads-runs-s14/cells-loop.sh 3600 plan-a.txt a & cells-loop.sh 3600 "
                    "plan-b.txt b: per plan line, ulimit -v 11500000; /usr/bin/time toads_cells "
                    "'3600!' CELLS (a fresh Solver per board); each board carries its process's "
                    "wall time and peak RSS"})

# T3: the new run's values equal the stored ones
t3 = next(f for f in d["families"] if f["toads"] == 3 and f["frogs"] == 3)
stored = {v["blanks"]: v["canonical"] for v in t3["values"]}
got = {}
for line in open(os.path.join(logs, "t3-53.out")):
    m = re.match(r"T3□(\d+)F3 = (.*)", line.strip())
    got[int(m[1])] = m[2]
if got != stored:
    sys.exit(f"t3s13 differs from the stored T3 family: {[b for b in stored if got.get(b) != stored[b]]}")
t3["rechecked_by"] = "t3s13"

def board(table, x, run):
    done = x[5] != "?"
    return {"table": table, "toads": int(x[1]), "blanks": int(x[2]), "frogs": int(x[3]),
            "squares": int(x[4]), "canonical": x[5] if done else None,
            "gave_up_after_seconds": None if done else float(x[6]),
            "seconds": float(x[6]) if done else None, "memo_parts": int(x[7]),
            "arena_games": int(x[9]), "estimate_work": float(x[10]), "run": run}

new = []
for f, table, run in [("t8.tsv", "Ta.aFa-1", "t8"), ("cells-s13.tsv", "Ta+k.bFa", "cells-s13")]:
    p = os.path.join(logs, f)
    if os.path.exists(p):
        new += [board(table, x, run) for x in cells(p)]
for x in s14_logs:
    times = series_times(os.path.join(logs14, x + ".err"))
    for row in cells(os.path.join(logs14, x + ".tsv")):
        b = board("Ta+k.bFa", row, "cells-s14")
        b.update(times.get((b["toads"], b["frogs"]), {}))
        new.append(b)
key = lambda b: (b["toads"], b["blanks"], b["frogs"])
byk = {key(b): b for b in d["boards"] if b["run"] not in ("t8", "cells-s13", "cells-s14")}
for b in new:
    old = byk.get(key(b))
    if old is None or old["canonical"] is None:
        byk[key(b)] = b
d["boards"] = sorted(byk.values(), key=lambda b: (b["table"], b["toads"], b["frogs"], b["blanks"]))
d["recheck"] = "onag toads results --verify results/toads-families.json --max-squares 22 (one thread, ≈ 3.5 h, ≈ 9 GB; 23 adds T8□8F7: ≈ 1.2 h more, ≈ 17 GB)"
json.dump(d, open(path, "w"), indent=1, ensure_ascii=False)

write_tsv(os.path.join(here, "toads-families.tsv"), d["families"], d["boards"], d["stats"])
solved = sum(1 for b in new if b["canonical"] is not None)
open_cells = sorted(f"T{b['toads']}.{b['blanks']}F{b['frogs']}" for b in d["boards"] if b["canonical"] is None)
print(f"{len(new)} boards from stops 13-14 ({solved} solved), {len(d['boards'])} boards in the file; "
      f"still open: {', '.join(open_cells) or 'none'}")
