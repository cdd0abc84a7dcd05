#!/usr/bin/env bash
# Regenerates results/wythoff-periods.json (+ .tsv) from the checkpoint of the big period run.
#
# The run (started 2026-11-30 11:05 UTC, binary built from branch `wythoff`):
#   onag wythoff periods --rows 0..700 --columns 60000000 --period-cap 786432 \
#     --checkpoint periods-ckpt.json --checkpoint-secs 120 --threads 2 --quiet --json > run1.json
# Usage: results/make-wythoff-periods.sh CHECKPOINT [RUN_JSON] [CPU_SECONDS] [WALL_SECONDS]
#   CPU_SECONDS: the run's utime+stime (logged from /proc/PID/stat while it ran).
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
  --command "onag wythoff periods --rows 0..700 --columns 60000000 --period-cap 786432 --checkpoint periods-ckpt.json --checkpoint-secs 120 --threads 2 --quiet --json")
[ -n "$run_json" ] && args+=(--run-json "$run_json")
[ -n "$cpu" ] && args+=(--cpu-seconds "$cpu")
[ -n "$wall" ] && args+=(--wall-seconds "$wall")
"$onag" wythoff results "${args[@]}"
