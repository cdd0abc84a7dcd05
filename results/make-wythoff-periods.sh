#!/usr/bin/env bash
# Regenerates results/wythoff-periods.json (+ .tsv) from the checkpoint of the big period run.
#
# The runs (2026-11-30, binary built from branch `wythoff`), e.g. run 2:
#   onag wythoff periods --rows 0..1000 --columns 64000000 --period-cap 786432 \
#     --checkpoint periods1000-ckpt.json --checkpoint-secs 120 --threads 2 --quiet --json > run2.json
# Usage: [RUN_COMMAND='the command'] results/make-wythoff-periods.sh CHECKPOINT [RUN_JSON]
#          [CPU_SECONDS] [WALL_SECONDS]
#   CPU_SECONDS: the run's utime+stime (logged from /proc/PID/stat while it ran); RUN_JSON is
#   the run's stdout (empty while it runs or when it was stopped at a checkpoint).
set -euo pipefail
cd "$(dirname "$0")/.."
ckpt=${1:?checkpoint file}
run_json=${2:-}
cpu=${3:-}
wall=${4:-}
onag=${ONAG:-target/release/onag}
commit=${RUN_COMMIT:-$(git rev-parse wythoff 2>/dev/null || git rev-parse HEAD)}
machine="nproc=$(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), \
$(free -g | awk '/Mem:/{print $2}') GiB RAM; 2 cores shared with ~4 other engineers' builds"
args=(--checkpoint "$ckpt" --out results/wythoff-periods.json --tsv results/wythoff-periods.tsv
  --checkpoint-secs 120 --threads 2 --machine "$machine" --commit "$commit"
  --command "${RUN_COMMAND:-unknown}")
[ -n "$run_json" ] && args+=(--run-json "$run_json")
[ -n "$cpu" ] && args+=(--cpu-seconds "$cpu")
[ -n "$wall" ] && args+=(--wall-seconds "$wall")
"$onag" wythoff results "${args[@]}"
