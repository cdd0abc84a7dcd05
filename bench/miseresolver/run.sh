#!/usr/bin/env bash
# Times Siegel's MisereSolver (CGSuite's Java, built by build.sh) beside `onag heaps quotient`
# on the same codes and heap bounds, and checks that the two agree on |Q_n| and |P| at every
# n from 1 to the bound either reached.
#
# usage: bench/miseresolver/run.sh CGSUITE [ONAG] [CODE:N[:SECONDS] ...]
#   CGSUITE: a clone of github.com/cgsuite/cgsuite or a bare git directory of it
#   ONAG:    the onag binary (default target/release/onag)
#   CODE:N:  a code and heap bound (default: a list of codes; SECONDS, default 600, caps each
#            program's run on that code)
# Prints one row per code: n reached by each, the last order and |P|, wall seconds and peak
# memory of each (/usr/bin/time), and "agree" or the first n where they differ. Exits 1 on a
# disagreement.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cgsuite="${1:?usage: run.sh CGSUITE [ONAG] [CODE:N[:SECONDS] ...]}"
shift
onag="$root/target/release/onag"
if [ $# -gt 0 ] && [ -x "$1" ]; then onag="$1"; shift; fi
out="$root/target/miseresolver"
"$here/build.sh" "$cgsuite" "$out" >&2
jobs=("$@")
if [ ${#jobs[@]} -eq 0 ]; then
    jobs=(0.77:60 0.07:33 0.75:40 0.35:30 0.52:40 4.7:30 0.137:30 0.144:40 0.16:40 0.26:40 0.31:40 0.53:40 0.54:40 0.71:40 0.72:40)
fi
logs="$out/runs"
mkdir -p "$logs"
# "heap N: |Q| = X, |P| = Y" → "N X Y" (both programs print this form; onag pads)
norm() { sed -nE 's/^heap +([0-9]+): \|Q\| = +([0-9]+), \|P\| = +([0-9]+).*/\1 \2 \3/p' "$1"; }
status=0
printf '| code | n | MisereSolver: n reached, |Q|, |P| | MisereSolver wall, peak | onag: n reached, |Q|, |P| | onag wall, peak | agree |\n'
printf '|---|---|---|---|---|---|---|\n'
for job in "${jobs[@]}"; do
    IFS=: read -r code n secs <<<"$job"
    secs="${secs:-600}"
    ms="$logs/$code-$n.miseresolver"
    on="$logs/$code-$n.onag"
    /usr/bin/time -f "TIME %e s %M KB" timeout "$secs" \
        java -Xss64m -Xmx8g -cp "$out/classes" org.cgsuite.core.misere.solver.Bench "$code" "$n" >"$ms" 2>&1 || true
    /usr/bin/time -f "TIME %e s %M KB" "$onag" heaps quotient "$code" --max-heap "$n" \
        --max-seconds "$secs" >/dev/null 2>"$on" || true
    norm "$ms" >"$ms.n"
    norm "$on" >"$on.n"
    verdict=agree
    if ! cmp -s <(head -n "$(wc -l <"$on.n")" "$ms.n") <(head -n "$(wc -l <"$ms.n")" "$on.n"); then
        verdict="DIFFER at n = $(diff <(cat "$ms.n") <(cat "$on.n") | sed -nE 's/^[<>] ([0-9]+) .*/\1/p' | head -1)"
        status=1
    fi
    last() { tail -1 "$1" | awk '{print $1", "$2", "$3}'; }
    tm() { sed -nE 's/^TIME (.*) s (.*) KB/\1 s, \2 KB/p' "$1" | tail -1; }
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$code" "$n" "$(last "$ms.n")" "$(tm "$ms")" \
        "$(last "$on.n")" "$(tm "$on")" "$verdict"
done
exit $status
