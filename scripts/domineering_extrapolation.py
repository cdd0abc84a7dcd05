#!/usr/bin/env python3
"""The measured extrapolation of the Domineering outcome search to the boards it has not
solved: a least-squares line through log10(nodes) against the number of cells, over the
solved rectangles with both sides at least 6 (results/domineering/outcomes.json and 8x8.json,
both from the same solver), and what it predicts for the squares 9x9 to 12x12, beside the
9x9 run's node count so far (9x9-progress.json), which the prediction must not exceed for the
line to be a fair estimate. The test `results_file::extrapolation_is_the_fit_of_the_results`
in crates/onag/src/games/outcome/domineering.rs recomputes the fit from the same files.

    python3 scripts/domineering_extrapolation.py > results/domineering/extrapolation.json
"""
import json
import math
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
RESULTS = ROOT / "results" / "domineering"
MIN_SIDE = 6


def points():
    """(rows, cols, cells, nodes) of every solved rectangle with both sides >= MIN_SIDE."""
    boards = json.loads((RESULTS / "outcomes.json").read_text())["boards"]
    boards += json.loads((RESULTS / "8x8.json").read_text())["boards"]
    out = []
    for b in boards:
        if min(b["rows"], b["cols"]) >= MIN_SIDE:
            nodes = b["nodes_left_first"] + b["nodes_right_first"]
            out.append((b["rows"], b["cols"], b["rows"] * b["cols"], nodes))
    return sorted(set(out))


def main():
    pts = points()
    xs = [p[2] for p in pts]
    ys = [math.log10(p[3]) for p in pts]
    n = len(pts)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    intercept = my - slope * mx
    resid = [y - (intercept + slope * x) for x, y in zip(xs, ys)]
    sd = math.sqrt(sum(r * r for r in resid) / (n - 2))
    progress = json.loads((RESULTS / "9x9-progress.json").read_text())
    nine = progress.get("nodes_all_runs", progress["nodes"])
    # the two-thread rate measured on 8x8 (BENCHMARKS.md): 10,096,458 nodes in 5.17 s
    rate = 10_096_458 / 5.17
    predictions = []
    for side in (9, 10, 11, 12):
        cells = side * side
        log_nodes = intercept + slope * cells
        predictions.append(
            {
                "board": f"{side}x{side}",
                "cells": cells,
                "log10_nodes": round(log_nodes, 3),
                "nodes": float(f"{10 ** log_nodes:.3g}"),
                "days_at_two_thread_rate": float(f"{10 ** log_nodes / rate / 86400:.3g}"),
            }
        )
    ratio = nine / 10 ** (intercept + slope * 81)
    print(
        json.dumps(
            {
                "what": "least-squares line through log10(nodes, both players first) against the cells, "
                "over the solved rectangles with both sides at least 6, and its predictions for the squares",
                "source": ["results/domineering/outcomes.json", "results/domineering/8x8.json"],
                "boards": [f"{r}x{c}" for r, c, _, _ in pts],
                "slope_per_cell": round(slope, 5),
                "intercept": round(intercept, 4),
                "residual_sd_log10": round(sd, 3),
                "growth_per_cell": round(10**slope, 3),
                "two_thread_rate_nodes_per_second": round(rate),
                "predictions": predictions,
                "check_9x9": {
                    "nodes_so_far_all_runs": nine,
                    "status": progress["status"],
                    "so_far_over_predicted": round(ratio, 2),
                    "reading": "9x9 has already taken more than the line predicts for it "
                    "(in runs resumed from checkpoints, which redo "
                    "what the table lost): the line underestimates past 64 cells, so "
                    "the larger squares' predictions are lower estimates"
                    if ratio > 1
                    else "9x9 is still within the line's prediction",
                },
                "published": {
                    "11x11": "N, 259,689,994,008 nodes (Uiterwijk, 11x11 Domineering is solved: "
                    "the first player wins, CG 2016, LNCS 10068)"
                },
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
