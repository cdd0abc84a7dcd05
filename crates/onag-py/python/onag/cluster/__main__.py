"""``python -m onag.cluster RUN …``: one of onag's research runs on Dask, from the command line.

    python -m onag.cluster toads-stats --min-len 1 --max-len 17 --out results/toads-stats.json
    python -m onag.cluster toads-cells --table 18 --out cells.json --scheduler tcp://head:8786
    python -m onag.cluster toads-cells 8,7,7 9,6,7 --out big.json --workers 2 --memory-limit 11GB
    python -m onag.cluster heap-census --digits 3 --max 65536 --out census.json
    python -m onag.cluster quotient-census --digits 3 --max-heap 20 --max-order 500 --out q.json

Without ``--scheduler`` the run starts a ``LocalCluster`` of ``--workers`` processes on this
machine. Finished tasks are kept under ``--parts`` (default: the output file with ``.parts``
for its suffix); the same command again resumes. Errors are one line on stderr, exit status 2
(bad input, unreachable scheduler) or 1 (a task failed).
"""

import argparse
import signal
import sys
from typing import Callable, Dict, List, NoReturn, Tuple

from . import ClusterError, Run, check_out, connect, heap_census, quotient_census, run, toads_cells, toads_stats


class _Parser(argparse.ArgumentParser):
    """argparse with its usage errors as one line."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see python -m onag.cluster --help)\n")


def _cell(text: str) -> Tuple[int, int, int]:
    try:
        a, b, c = (int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad cell '{text}': write A,B,C (toads, blanks, frogs)") from None
    return a, b, c


def _stats_args(p: argparse.ArgumentParser) -> Callable[[argparse.Namespace], Run]:
    p.add_argument("--min-len", type=int, default=1, help="smallest board length (default 1)")
    p.add_argument("--max-len", type=int, required=True, help="largest board length")
    p.add_argument(
        "--boards-per-task", type=int, default=3**14, help="boards of one length per task (default 3^14)"
    )
    return lambda a: toads_stats(a.min_len, a.max_len, a.boards_per_task)


def _cells_args(p: argparse.ArgumentParser) -> Callable[[argparse.Namespace], Run]:
    p.add_argument("cells", nargs="*", type=_cell, metavar="A,B,C", help="cells T^A □^B F^C")
    p.add_argument("--table", type=int, metavar="SQUARES", help="every Ta+k□bFa cell (k = 0, 1, 2) on ≤ SQUARES squares")
    return lambda a: toads_cells(a.cells, a.table)


def _census_args(p: argparse.ArgumentParser) -> Callable[[argparse.Namespace], Run]:
    p.add_argument("--digits", type=int, help="every code 0.d… and 4.d… with up to D digits (1–4; default 3)")
    p.add_argument("--max", type=int, default=1 << 16, help="values per code at most (default 65536)")
    p.add_argument("--codes", default="", help="only these rulesets (comma-separated), e.g. 0.16,0.56,grundy")

    def build(a: argparse.Namespace) -> Run:
        codes = [c for c in a.codes.split(",") if c.strip()]
        if codes and a.digits is not None:
            raise ClusterError("give --digits or --codes, not both")
        return heap_census(None if codes else (3 if a.digits is None else a.digits), a.max, codes)

    return build


def _quotient_args(p: argparse.ArgumentParser) -> Callable[[argparse.Namespace], Run]:
    p.add_argument("--digits", type=int, help="every code 0.d… and 4.d… with up to D digits (1–3; default 3)")
    p.add_argument("--max-heap", type=int, default=20, help="n: the largest heap of each Q_n (default 20)")
    p.add_argument("--max-order", type=int, default=500, help="largest quotient per code (default 500)")
    p.add_argument("--max-candidate", type=int, default=100_000, help="largest candidate monoid (default 100000)")
    p.add_argument("--max-seconds", type=float, default=0, help="time limit of each code's task (default 0: none)")
    p.add_argument("--codes", default="", help="only these rulesets (comma-separated), e.g. 0.77,0.07")

    def build(a: argparse.Namespace) -> Run:
        codes = [c for c in a.codes.split(",") if c.strip()]
        if codes and a.digits is not None:
            raise ClusterError("give --digits or --codes, not both")
        digits = None if codes else (3 if a.digits is None else a.digits)
        return quotient_census(digits, a.max_heap, a.max_order, a.max_candidate, a.max_seconds, codes)

    return build


#: The runs of the command line: name → (help, adds its arguments and returns its builder).
RUNS: Dict[str, Tuple[str, Callable[[argparse.ArgumentParser], Callable[[argparse.Namespace], Run]]]] = {
    "toads-stats": ("Toads-and-Frogs statistics of every board of each length", _stats_args),
    "toads-cells": ("values of Toads-and-Frogs boards T^a □^b F^c, one task per cell", _cells_args),
    "heap-census": ("the census of take-and-break codes, one task per representative code", _census_args),
    "quotient-census": ("the census of misère quotients Q_n of short codes, one task per code", _quotient_args),
}


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", required=True, metavar="FILE", help="the merged JSON file (written atomically)")
    p.add_argument("--parts", metavar="DIR", help="finished tasks' files (default: FILE with .parts for its suffix)")
    p.add_argument("--scheduler", metavar="ADDR", help="a running Dask scheduler, e.g. tcp://head:8786")
    p.add_argument("--workers", type=int, help="local worker processes (default: one per core)")
    p.add_argument("--memory-limit", metavar="BYTES", help="memory of each local worker, e.g. 6GB")
    p.add_argument("--dashboard", default=":8787", metavar="ADDR", help="local dashboard address (default :8787)")
    p.add_argument("--connect-timeout", type=float, default=10.0, metavar="S", help="seconds to reach --scheduler")
    p.add_argument("--retries", type=int, default=2, help="re-runs of a task after an error (default 2)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _stop(signum: int, frame: object) -> NoReturn:
    raise KeyboardInterrupt


def main(argv: List[str]) -> int:
    parser = _Parser(prog="python -m onag.cluster", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="run", required=True, metavar="RUN", parser_class=_Parser)
    builders = {}
    for name, (help_text, add) in RUNS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        builders[name] = add(p)
        _common(p)
    args = parser.parse_args(argv)
    # SIGTERM (kill, a batch system's end of job) stops the run like Ctrl-C: the pending tasks
    # are cancelled and the local cluster shut down; the finished parts stay.
    signal.signal(signal.SIGTERM, _stop)
    try:
        job = builders[args.run](args)
        if args.workers is not None and args.workers < 1:
            raise ClusterError(f"bad --workers {args.workers}: at least 1")
        if args.retries < 0:
            raise ClusterError(f"bad --retries {args.retries}: at least 0")
        check_out(args.out, args.parts)
        with connect(args.scheduler, args.workers, args.memory_limit, args.dashboard, args.connect_timeout) as client:
            run(job, args.out, client, parts=args.parts, retries=args.retries, progress=not args.quiet)
    except ClusterError as e:
        failed = str(e).startswith("task ")
        print(f"error: {e}", file=sys.stderr)
        return 1 if failed else 2
    except KeyboardInterrupt:
        print("interrupted: the finished tasks are kept; the same command resumes", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
