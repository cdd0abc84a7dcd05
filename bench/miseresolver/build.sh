#!/usr/bin/env bash
# Builds Siegel's MisereSolver (CGSuite, lib/core/.../misere/solver) with javac alone, outside
# CGSuite's Scala build, into OUT (default target/miseresolver): CGSuite's Java files of the
# solver, unchanged except MisereSolver.heapOptions (a conversion of Scala collections to
# int[]s, replaced by a call to the shim), plus this folder's shims (shim/: an octal-code
# HeapRuleset, TBCode, TimeoutException, and the Bench driver).
#
# usage: bench/miseresolver/build.sh CGSUITE [OUT]
#   CGSUITE: a clone of github.com/cgsuite/cgsuite (a work tree), or a bare git directory
#            (its HEAD is used).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="${1:?usage: build.sh CGSUITE_CLONE_OR_GIT_DIR [OUT]}"
out="${2:-$here/../../target/miseresolver}"
rel=lib/core/src/main/scala/org/cgsuite/core/misere/solver
files="BipartiteMonoid CommutativeMonoid DirectSumMonoid ExplicitFiniteMonoid MisereSolver MsvLoader Pretension Relation Word"
rm -rf "$out"
mkdir -p "$out/src/org/cgsuite/core/misere/solver" "$out/classes"
for f in $files; do
    if [ -d "$src/$rel" ]; then
        cp "$src/$rel/$f.java" "$out/src/org/cgsuite/core/misere/solver/"
    else
        git --git-dir="$src" show "HEAD:$rel/$f.java" >"$out/src/org/cgsuite/core/misere/solver/$f.java"
    fi
done
if [ -d "$src/$rel" ]; then
    (cd "$src" && git rev-parse HEAD 2>/dev/null || echo unknown) >"$out/cgsuite-commit"
else
    git --git-dir="$src" rev-parse HEAD >"$out/cgsuite-commit"
fi
ms="$out/src/org/cgsuite/core/misere/solver/MisereSolver.java"
# The one edit: heapOptions converts rules.heapOptions(...) from Scala collections; the shim
# HeapRuleset returns the same options as int[]s.
perl -0pi -e 's/^import scala\..*\n//mg;
  s/public List<int\[\]> heapOptions\(int heapSize\) \{.*?\n    \}\n/public List<int[]> heapOptions(int heapSize) {\n        return rules.heapOptionsAsArrays(heapSize);\n    }\n/s' "$ms"
grep -q 'return rules.heapOptionsAsArrays(heapSize);' "$ms" || { echo "build.sh: heapOptions not found in MisereSolver.java" >&2; exit 1; }
if grep -q 'scala\.' "$ms"; then echo "build.sh: Scala left in MisereSolver.java" >&2; exit 1; fi
javac -nowarn -encoding UTF-8 -d "$out/classes" -sourcepath "$out/src:$here/shim" \
    $(find "$out/src" "$here/shim" -name '*.java') 2>&1 | grep -v '^Note:' || true
test -f "$out/classes/org/cgsuite/core/misere/solver/Bench.class"
echo "built MisereSolver (CGSuite $(cat "$out/cgsuite-commit")) in $out/classes"
