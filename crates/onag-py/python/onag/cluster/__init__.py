"""onag's long research runs on a Dask cluster: a laptop, a few workstations or a Slurm/PBS
cluster, with nothing lost when a worker dies.

A run is a list of independent :class:`Task` s — each a pure call into the engine (the
``onag._onag`` extension, with the interpreter's lock released) — and a merge that combines
their results with the library's own merge code, so the final file is byte for byte what the
``onag`` command prints for one process (``onag toads stats --json``, ``onag toads cells
--json``). :func:`run` submits the tasks to a ``dask.distributed.Client`` (a ``LocalCluster``
of worker processes by default, see :func:`connect`; any scheduler by address; Slurm or PBS
through ``dask_jobqueue``), writes each finished task's result atomically under a parts
directory as it arrives (a restarted run skips those), lets Dask re-run the task of a worker
that dies (``retries``; the scheduler reschedules the lost work), and writes the merged file.

>>> from onag import cluster
>>> stats = cluster.toads_stats(1, 17)       # board-range shards of each length
>>> len(stats.tasks), stats.tasks[-1].key
(53, 'L17-00026-of-00027')
>>> cells = cluster.toads_cells(table=22)    # the Ta+k□bFa table: one task per cell
>>> len(cells.tasks), cells.tasks[0].key, cells.tasks[0].memory > 0
(300, 'T1-1-F1', True)

and then, with a client (``python -m onag.cluster`` does this from the command line)::

    with cluster.connect(workers=2) as client:
        cluster.run(stats, "results/toads-stats.json", client=client)

A new run is a function returning :class:`Run`: its tasks (a key, the name of an
``onag._onag`` function and its arguments, optionally a memory hint) and its merge.
"""

import logging
import os
import resource
import signal
import stat
import socket
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

try:
    import dask  # noqa: F401  (the extra's presence)
    from distributed import Client, as_completed
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker
except ImportError as e:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "onag.cluster needs Dask: pip install './crates/onag-py[cluster]' "
        "(or pip install 'dask[distributed]' tqdm)"
    ) from e

from .. import _onag

__all__ = [
    "Task",
    "Run",
    "RunResult",
    "ClusterError",
    "toads_stats",
    "toads_cells",
    "heap_census",
    "quotient_census",
    "connect",
    "run",
    "write_atomic",
    "check_out",
    "MEMORY",
]

#: The Dask worker resource that memory hints use: workers declare their memory under this
#: name (``dask worker --resources MEMORY=8e9``; :func:`connect` does it for a local cluster)
#: and a task asking for part of it runs only where that much is free.
MEMORY = "MEMORY"

#: Longest Toads-and-Frogs board length of a statistics run (3^40 boards still count in 64 bits).
MAX_STATS_LEN = 40

#: Default boards per statistics task: 3^14 ≈ 4.8 million, a few seconds of one core; every
#: length up to 14 is one task, length 17 is 27 tasks, 20 is 729.
DEFAULT_BOARDS_PER_TASK = 3**14

#: Bytes of memory a Toads cell may hold per placement of its work estimate, and the base of
#: every task: the largest cells of the table took 7.7–8.2 bytes per placement at their peak
#: (T8□7F7: 8.5 GB for an estimate of 1.1·10⁹; T7□10F5: 4.2 GB for 5.1·10⁸).
CELL_BYTES_PER_PLACEMENT = 10
TASK_BASE_BYTES = 64 << 20


class ClusterError(Exception):
    """A run that cannot start or finish: bad input, an unreachable scheduler, a failed task.
    The message is one line meant for the user."""


@dataclass(frozen=True)
class Task:
    """One independent piece of a run: ``function(*args)`` of ``onag._onag`` on a worker,
    returning the text of the part file ``PARTS/<key>.json``."""

    key: str
    function: str
    args: Tuple[Any, ...]
    #: Peak memory the task may need, in bytes (a Dask resource hint), or None.
    memory: Optional[int] = None
    #: Tasks of one group are merged together (a statistics run: one length).
    group: Any = None


@dataclass(frozen=True)
class Run:
    """A research run: its name, its tasks, and ``merge(parts)`` turning the part files (in
    task order, as ``(task, path)``) into the final file's text."""

    name: str
    tasks: List[Task]
    merge: Callable[[List[Tuple[Task, Path]]], str]
    #: What the run computes, for the start line.
    what: str = ""


@dataclass
class RunResult:
    """What :func:`run` did: tasks computed now, tasks found finished, the wall time, and per
    worker its peak resident memory in KB (as its process reported it after each task)."""

    out: Path
    parts: Path
    computed: int
    reused: int
    seconds: float
    peak_rss_kb: Dict[str, int] = field(default_factory=dict)


def _check(ok: bool, message: str) -> None:
    if not ok:
        raise ClusterError(message)


# ---------------------------------------------------------------------------------------------
# The runs


def toads_stats(min_len: int, max_len: int, boards_per_task: int = DEFAULT_BOARDS_PER_TASK) -> Run:
    """Toads-and-Frogs statistics of every board of each length ``min_len..=max_len``: each
    length cut into consecutive board ranges of at most ``boards_per_task`` boards (the shards
    of ``onag toads stats --shard I/N``), merged into the report ``onag toads stats --json``
    prints."""
    _check(
        isinstance(min_len, int) and isinstance(max_len, int) and 1 <= min_len <= max_len <= MAX_STATS_LEN,
        f"bad lengths {min_len}..{max_len}: need 1 ≤ --min-len ≤ --max-len ≤ {MAX_STATS_LEN}",
    )
    _check(boards_per_task >= 1, f"bad --boards-per-task {boards_per_task}: must be at least 1")
    tasks = []
    for length in range(min_len, max_len + 1):
        count = -(-(3**length) // boards_per_task)
        for i in range(count):
            tasks.append(
                Task(f"L{length:02d}-{i:05d}-of-{count:05d}", "toads_stats_shard", (length, i, count), group=length)
            )

    def merge(parts: List[Tuple[Task, Path]]) -> str:
        groups: Dict[Any, List[str]] = {}
        for task, path in parts:
            groups.setdefault(task.group, []).append(str(path))
        return _onag.toads_stats_merge(list(groups.values()))

    return Run("toads-stats", tasks, merge, f"Toads-and-Frogs statistics, lengths {min_len}..{max_len}")


def toads_cells(cells: Sequence[Tuple[int, int, int]] = (), table: Optional[int] = None) -> Run:
    """Values of single Toads-and-Frogs boards T^a □^b F^c, ``cells`` given as
    ``(toads, blanks, frogs)`` and/or every cell of the table Ta+k□bFa (k = 0, 1, 2) on at
    most ``table`` squares: one task per cell (a fresh solver), each with a memory hint from
    its work estimate so that two large cells do not share a worker; merged into the results
    file ``onag toads cells --json`` prints."""
    wanted = [tuple(c) for c in cells]
    for c in wanted:
        _check(
            len(c) == 3 and all(isinstance(x, int) and x >= 0 for x in c),
            f"bad cell {c!r}: write A,B,C (toads, blanks, frogs)",
        )
    if table is not None:
        _check(table >= 0, f"bad --table {table}: a number of squares")
        wanted += _onag.toads_table_cells(table)
    _check(bool(wanted), "no cells: give A,B,C cells or --table SQUARES")
    tasks, seen = [], set()
    for a, b, c in wanted:
        if (a, b, c) in seen:
            continue
        seen.add((a, b, c))
        try:
            estimate = _onag.toads_cell_estimate(a, b, c)
        except ValueError as e:
            raise ClusterError(f"bad cell {a},{b},{c}: {e}") from None
        memory = None if estimate is None else TASK_BASE_BYTES + int(CELL_BYTES_PER_PLACEMENT * estimate)
        tasks.append(Task(f"T{a}-{b}-F{c}", "toads_cell", (a, b, c), memory=memory))

    def merge(parts: List[Tuple[Task, Path]]) -> str:
        return _onag.toads_cells_merge([str(p) for _, p in parts])

    return Run("toads-cells", tasks, merge, f"Toads-and-Frogs cells, {len(tasks)} boards")


#: Most digits after the point of a census code (the library's census takes up to four).
MAX_CENSUS_DIGITS = 4


def heap_census(digits: Optional[int] = 3, max_n: int = 1 << 16, codes: Sequence[str] = ()) -> Run:
    """The census of take-and-break codes: every code ``0.d…`` and ``4.d…`` with up to
    ``digits`` digits after the point, and/or the rulesets ``codes``, each searched for a
    period with at most ``max_n`` values: one task per census task of the library (codes equal
    on every heap by ``onag::heaps::representative`` share one computation, and a task computes
    a code together with the codes that extend it by moves leaving at most one heap,
    ``onag::heaps::census_tasks``), merged (with the codes of equal sequences) into the report
    ``onag heaps census --out FILE`` writes."""
    _check(isinstance(max_n, int) and max_n >= 1, f"bad --max {max_n}: at least 1")
    names: List[str] = []
    if digits is not None:
        _check(1 <= digits <= MAX_CENSUS_DIGITS, f"bad --digits {digits}: between 1 and {MAX_CENSUS_DIGITS}")
        names += _onag.heap_census_codes(digits)
    for text in codes:
        try:
            names.append(_onag.heap_ruleset(text))
        except ValueError as e:
            raise ClusterError(str(e).splitlines()[0]) from None
    _check(bool(names), "no codes: give --digits D or --codes")
    names = list(dict.fromkeys(names))
    # Codes that differ only in bit 1 and agree on their first heaps have equal values on
    # every heap (see onag::heaps::representative): one computation serves them all.
    groups: Dict[str, List[str]] = {}
    for name in names:
        groups.setdefault(_onag.heap_census_representative(name), []).append(name)
    safe = "".join
    # the cap is in the key: a run with another --max computes its own parts, never reusing
    # parts computed to a smaller cap
    tasks = [
        Task(
            safe(ch if ch.isalnum() or ch in ".-_" else "_" for ch in base) + f"-max{max_n}",
            "heap_census_task",
            (base, ext, max_n),
        )
        for base, ext in _onag.heap_census_tasks(list(groups))
    ]

    def merge(parts: List[Tuple[Task, Path]]) -> str:
        # each part must hold exactly its task's codes (a part copied over another's is caught)
        expected = [[t.args[0], *t.args[1]] for t, _ in parts]
        return _onag.heap_census_merge(max_n, [str(p) for _, p in parts], groups, expected)

    what = f"census of {len(names)} take-and-break codes ({len(tasks)} tasks), at most {max_n} values each"
    return Run("heap-census", tasks, merge, what)


#: Most digits after the point of a quotient-census code (as ``onag heaps quotient-census``).
MAX_QUOTIENT_CENSUS_DIGITS = 3


def quotient_census(
    digits: Optional[int] = 3,
    max_heap: int = 20,
    max_order: int = 500,
    max_candidate: int = 100_000,
    max_seconds: float = 0,
    codes: Sequence[str] = (),
) -> Run:
    """The census of misère quotients (Plambeck–Siegel): Q_n with heaps ≤ ``max_heap`` of
    every code ``0.d…`` and ``4.d…`` with up to ``digits`` digits after the point, and/or the
    rulesets ``codes``; one task per code (``onag::heaps::quotient::census``), a code above
    ``max_order`` elements (``max_candidate`` before reduction) recorded as too large and one
    past ``max_seconds`` (0: no limit) as stopped, each with the heaps where its order grew.
    Merged in census order into the report ``onag heaps quotient-census --out FILE`` writes
    (byte for byte when no task hit its time limit)."""
    _check(isinstance(max_heap, int) and 1 <= max_heap <= 4096, f"bad --max-heap {max_heap}: between 1 and 4096")
    _check(isinstance(max_order, int) and max_order >= 1, f"bad --max-order {max_order}: at least 1")
    _check(isinstance(max_candidate, int) and max_candidate >= 1, f"bad --max-candidate {max_candidate}: at least 1")
    _check(max_seconds >= 0, f"bad --max-seconds {max_seconds}: at least 0")
    names: List[str] = []
    if digits is not None:
        _check(
            1 <= digits <= MAX_QUOTIENT_CENSUS_DIGITS,
            f"bad --digits {digits}: between 1 and {MAX_QUOTIENT_CENSUS_DIGITS}",
        )
        names += _onag.heap_census_codes(digits)
    for text in codes:
        try:
            names.append(_onag.heap_ruleset(text))
        except ValueError as e:
            raise ClusterError(str(e).splitlines()[0]) from None
    _check(bool(names), "no codes: give --digits D or --codes")
    names = list(dict.fromkeys(names))
    # every bound is in the key: a run with other bounds computes its own parts
    bounds = f"n{max_heap}-o{max_order}-c{max_candidate}-s{max_seconds:g}"
    tasks = [
        Task(
            "".join(ch if ch.isalnum() or ch in ".-_" else "_" for ch in name) + f"-{bounds}",
            "quotient_census_task",
            (name, max_heap, max_order, max_candidate, float(max_seconds)),
        )
        for name in names
    ]

    def merge(parts: List[Tuple[Task, Path]]) -> str:
        # each part must be its task's code with the run's heap bound
        return _onag.quotient_census_merge(
            max_heap, max_order, max_candidate, [str(p) for _, p in parts], [t.args[0] for t, _ in parts]
        )

    what = (
        f"census of the misère quotients of {len(names)} codes, heaps ≤ {max_heap}, "
        f"at most {max_order} elements" + (f", {max_seconds:g} s" if max_seconds else "") + " each"
    )
    return Run("quotient-census", tasks, merge, what)


# ---------------------------------------------------------------------------------------------
# Running


def _work(function: str, args: Tuple[Any, ...]) -> Tuple[str, float, float, float, int, str]:
    """The task body on a worker: the engine call's text, its start (seconds since the epoch),
    wall and CPU time (the worker process's user + system time over the call: the engine's
    thread and, negligibly, Dask's own), the process's peak resident memory so far (KB) and
    the worker's name (host:pid)."""
    from onag import _onag as engine  # the worker's own import

    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime

    started, start, cpu0 = time.time(), time.perf_counter(), cpu()
    text = getattr(engine, function)(*args)
    seconds, cpu_seconds = time.perf_counter() - start, cpu() - cpu0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return text, started, seconds, cpu_seconds, peak, f"{socket.gethostname()}:{os.getpid()}"


def write_atomic(path: Path, text: str) -> None:
    """Writes ``text`` to ``path`` through an exclusive temporary file in the same directory,
    flushed to disk and renamed over ``path``: a reader (or a restarted run) sees the old file
    or the whole new one, never a part."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.fchmod(fd, 0o666 & ~umask)  # mkstemp's 0600 is for secrets; results are shared
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:
        dirfd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dirfd)
    except OSError:
        pass
    finally:
        os.close(dirfd)


def _open_log(path: Path) -> Any:
    """``path`` opened for appending, never through a symbolic link (``O_NOFOLLOW``) and only
    if it is a regular file: a link or a FIFO put in the parts directory is refused, not
    written through."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as e:
        raise ClusterError(f"cannot append to {path}: {e.strerror} (a symbolic link is refused)") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise ClusterError(f"cannot append to {path}: not a regular file")
    os.set_blocking(fd, True)
    return os.fdopen(fd, "a", encoding="utf-8", newline="")


def connect(
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    memory_limit: Optional[str] = None,
    dashboard: Optional[str] = ":8787",
    timeout: float = 10.0,
) -> Client:
    """A client: of the running scheduler at ``scheduler`` (``tcp://host:8786``), or of a new
    ``LocalCluster`` of ``workers`` processes (default: one per core) with one thread each
    (a task is one engine call on one core) and ``memory_limit`` each (``"6GB"``; default:
    the machine's memory shared out), declaring it as the :data:`MEMORY` resource. Raises
    :class:`ClusterError` when the scheduler cannot be reached within ``timeout`` seconds."""
    if scheduler:
        try:
            return Client(scheduler, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as e:
            reason = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {reason}") from None
    n = workers or os.cpu_count() or 1
    _check(n >= 1, f"bad --workers {n}: at least 1")
    from dask.utils import parse_bytes
    from distributed.system import MEMORY_LIMIT

    try:
        per_worker = parse_bytes(memory_limit) if memory_limit else MEMORY_LIMIT // n
    except ValueError as e:
        raise ClusterError(f"bad --memory-limit {memory_limit!r}: {e}") from None
    _check(per_worker > 0, f"bad --memory-limit {memory_limit!r}: must be positive")
    # The worker processes start with Ctrl-C ignored (an ignored signal stays ignored in a
    # child): the terminal sends it to the whole process group, and only this process, which
    # cancels the tasks and closes the cluster, should act on it.
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to change
        previous = None
    try:
        # a client given cluster arguments starts its LocalCluster and closes it with itself
        return Client(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            memory_limit=per_worker,
            resources={MEMORY: per_worker},
            dashboard_address=dashboard,
            # the workers' own warnings (a task cancelled on Ctrl-C) would break into the
            # progress bar; what matters reaches the user as this module's one-line errors
            silence_logs=logging.ERROR,
        )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _workers(client: Client) -> Dict[str, Any]:
    """The scheduler's record of every worker (not only the first few)."""
    import inspect

    if "n_workers" in inspect.signature(client.scheduler_info).parameters:
        return client.scheduler_info(n_workers=-1).get("workers", {})
    return client.scheduler_info().get("workers", {})


def _memory_capacity(workers: Dict[str, Any]) -> Optional[int]:
    """The largest :data:`MEMORY` resource a worker declares, or None if none does."""
    caps = [w.get("resources", {}).get(MEMORY) for w in workers.values()]
    caps = [c for c in caps if c]
    return int(max(caps)) if caps else None


def _progress_bar(total: int, initial: int, name: str, enabled: bool) -> Any:
    """A terminal progress bar over tasks (done/total, elapsed, rate) on stderr; none when
    stderr is not a terminal or progress is off."""
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm comes with the extra
        return None
    if not enabled:
        return None
    return tqdm(total=total, initial=initial, desc=name, unit="task", file=sys.stderr, disable=None, dynamic_ncols=True)


def check_out(out: Any, parts: Any = None) -> Tuple[Path, Path]:
    """The output file and the parts directory of a run (default: ``out`` with ``.parts`` for
    its suffix), refused with :class:`ClusterError` when the file cannot be written there."""
    out = Path(out)
    _check(out.parent.is_dir(), f"cannot write {out}: no directory {out.parent}")
    _check(not out.is_dir(), f"cannot write {out}: it is a directory")
    parts_dir = Path(parts) if parts is not None else out.with_suffix(".parts")
    _check(not parts_dir.exists() or parts_dir.is_dir(), f"cannot keep the parts in {parts_dir}: not a directory")
    return out, parts_dir


def run(
    job: Run,
    out: Any,
    client: Client,
    parts: Any = None,
    retries: int = 2,
    progress: bool = True,
    log: Callable[[str], None] = lambda line: print(line, file=sys.stderr),
) -> RunResult:
    """Runs ``job`` on ``client`` and writes the merged file ``out``.

    Each task's result is written atomically to ``parts/<key>.json`` as it arrives (``parts``
    defaults to ``out`` with ``.parts`` for its suffix), with its start, wall and CPU time,
    the worker's peak memory and the worker appended to ``parts/tasks.tsv``; tasks whose file is there already are not
    submitted again, so a run stopped at any point resumes where it was and writes the same
    file. Tasks are retried ``retries`` times after an error, and a task whose worker dies is
    rescheduled by Dask. ``log`` receives the start line (with the dashboard link) and the
    end line."""
    out, parts_dir = check_out(out, parts)
    try:
        parts_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ClusterError(f"cannot use {parts_dir} for the parts: {e.strerror}") from None
    keys = [t.key for t in job.tasks]
    _check(len(set(keys)) == len(keys), f"{job.name}: task keys repeat")
    path_of = {t.key: parts_dir / f"{t.key}.json" for t in job.tasks}
    todo = [t for t in job.tasks if not path_of[t.key].is_file()]
    reused = len(job.tasks) - len(todo)
    workers = _workers(client)
    capacity = _memory_capacity(workers)
    hinted = any(t.memory for t in todo)
    log(
        f"onag.cluster {job.name}: {job.what}; {len(job.tasks)} tasks, {reused} already in {parts_dir}; "
        f"{len(workers)} workers at {client.scheduler.address}; dashboard {client.dashboard_link}"
    )
    if hinted and capacity is None:
        log(
            f"note: the workers declare no {MEMORY} resource, so the tasks' memory hints are not used "
            f"(start workers with --resources {MEMORY}=BYTES)"
        )
    start = time.perf_counter()
    peak: Dict[str, int] = {}
    bar = _progress_bar(len(job.tasks), reused, job.name, progress)
    futures = {}
    try:
        for t in todo:
            resources = None
            if t.memory and capacity is not None:
                # past the largest worker, a task takes all of it (it runs alone there)
                resources = {MEMORY: min(t.memory, capacity)}
            f = client.submit(
                _work, t.function, t.args, key=f"onag-{job.name}-{t.key}", retries=retries, resources=resources, pure=False
            )
            futures[f] = t
        timings_path = parts_dir / "tasks.tsv"
        new_log = not timings_path.exists()
        with _open_log(timings_path) as timings:
            if new_log:
                timings.write("# key\tstart_unix\tseconds\tcpu_seconds\tworker_peak_rss_kb\tworker\n")
            for f in as_completed(list(futures)):
                t = futures.pop(f)
                try:
                    text, started, seconds, cpu_seconds, rss, worker = f.result()
                except KilledWorker:
                    raise ClusterError(
                        f"task {t.key} ended its worker again and again (out of memory? see the "
                        f"worker logs); the {len(job.tasks) - len(futures) - 1} finished tasks are kept in {parts_dir}"
                    ) from None
                except FutureCancelledError:
                    raise ClusterError(f"task {t.key} was cancelled (the scheduler went away?)") from None
                except Exception as e:  # the engine's ValueError, a worker-side failure
                    raise ClusterError(f"task {t.key} failed: {str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
                write_atomic(path_of[t.key], text)
                # Microseconds: back-to-back tasks on one worker are a millisecond apart, so start and
                # seconds rounded to milliseconds apiece would make them seem to overlap.
                timings.write(f"{t.key}\t{started:.6f}\t{seconds:.6f}\t{cpu_seconds:.6f}\t{rss}\t{worker}\n")
                timings.flush()
                peak[worker] = max(peak.get(worker, 0), rss)
                if bar is not None:
                    bar.update(1)
                del f
    except BaseException:
        if futures:
            client.cancel(list(futures))
        raise
    finally:
        if bar is not None:
            bar.close()
    try:
        text = job.merge([(t, path_of[t.key]) for t in job.tasks])
    except ValueError as e:
        raise ClusterError(f"cannot merge the parts in {parts_dir}: {e}") from None
    write_atomic(out, text)
    seconds = time.perf_counter() - start
    log(f"wrote {out}: {len(todo)} tasks computed, {reused} reused, {seconds:.1f} s")
    return RunResult(out, parts_dir, len(todo), reused, seconds, peak)
