#!/usr/bin/env python3
"""Writes results/toads-families.json and .tsv from the logs of the research runs (the run
directory, default /work/runs): family runs of `examples/toads_profile` (one TSV line per b),
single boards of `examples/toads_cells`, and the merged `onag toads stats` shards.
Re-check the values with `onag toads results --verify results/toads-families.json`.

usage: make-toads-families.py RUN_DIR RUNS.json   (RUNS.json: the run metadata, see below;
a family lists its runs as "segments" [{file, run, max_blanks?}], later segments win)
"""
import json, os, sys

from toads_logs import time_line, write_tsv

run_dir, meta_path = sys.argv[1], sys.argv[2]
meta = json.load(open(meta_path))
here = os.path.dirname(os.path.abspath(__file__))


def rows(path):
    if not os.path.exists(path):
        return []
    return [l.rstrip("\n").split("\t") for l in open(path) if l.strip() and not l.startswith(("#", "b\t"))]


runs = []
for r in meta["runs"]:
    r = dict(r)
    t = time_line(os.path.join(run_dir, r.pop("time_file")))
    r.update(t or {"note_time": "no /usr/bin/time line: still running or killed before it printed"})
    runs.append(r)

families = []
for f in meta["families"]:
    # a family may come from several runs (segments of b), each its own log
    segments = f.get("segments") or [{"file": f["file"], "run": f["run"]}]
    vals = {}
    for seg in segments:
        for x in rows(os.path.join(run_dir, seg["file"])):
            b = int(x[0])
            if seg.get("max_blanks") is not None and b > seg["max_blanks"]:
                continue
            vals[b] = {"blanks": b, "canonical": x[8], "seconds_cumulative": float(x[1]),
                       "memo_parts": int(x[2]), "run": seg["run"]}
    families.append({"toads": f["toads"], "frogs": f["frogs"], "run": segments[-1]["run"],
                     "values": [vals[b] for b in sorted(vals)]})

boards = []
for c in meta["boards"]:
    for x in rows(os.path.join(run_dir, c["file"])):
        done = x[5] != "?"
        boards.append({"table": c["table"], "toads": int(x[1]), "blanks": int(x[2]), "frogs": int(x[3]),
                       "squares": int(x[4]), "canonical": x[5] if done else None,
                       "gave_up_after_seconds": None if done else float(x[6]),
                       "seconds": float(x[6]) if done else None, "memo_parts": int(x[7]),
                       "estimate_work": float(x[10]), "run": c["run"]})
# one entry per board (a board may be in two tables' runs): keep the solved one
seen = {}
for b in boards:
    k = (b["toads"], b["blanks"], b["frogs"])
    if k not in seen or (seen[k]["canonical"] is None and b["canonical"] is not None):
        seen[k] = b
boards = list(seen.values())

stats = None
sp = os.path.join(run_dir, meta["stats"]["file"])
if os.path.exists(sp) and os.path.getsize(sp) > 0:
    stats = {"run": meta["stats"]["run"], "lengths": json.load(open(sp))["lengths"]}

out = {
    "format": "onag-toads-families-results",
    "version": 1,
    "description": "Toads and Frogs: exact canonical values of the research families "
                   "T^a □^b F^c and of single boards, and per-length statistics, "
                   "with the runs that produced them.",
    "recheck": "onag toads results --verify results/toads-families.json --max-squares 30",
    "runs": runs,
    "families": families,
    "boards": sorted(boards, key=lambda b: (b["table"], b["toads"], b["frogs"], b["blanks"])),
    "stats": stats,
}
json.dump(out, open(os.path.join(here, "toads-families.json"), "w"), indent=1, ensure_ascii=False)

write_tsv(os.path.join(here, "toads-families.tsv"), families, out["boards"], stats)
print(f"{sum(len(f['values']) for f in families)} family values, {len(boards)} boards, stats: {stats is not None}")
