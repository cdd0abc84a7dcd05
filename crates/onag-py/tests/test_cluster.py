"""onag.cluster on a LocalCluster of two worker processes: each run gives the single-process
CLI's JSON byte for byte, a worker killed with SIGKILL mid-run changes nothing, a restarted
run recomputes only what is missing, memory hints keep large cells apart, and bad input is
one line on stderr."""

import dataclasses
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

if os.environ.get("ONAG_REQUIRE_CLUSTER") != "1":
    pytest.importorskip("distributed")

from onag import cluster  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with cluster.connect(workers=2, memory_limit="2GB", dashboard=":0") as c:
        yield c


def _run(job, out, client, **kw):
    lines = []
    result = cluster.run(job, out, client, progress=False, log=lines.append, **kw)
    return result, lines


def _pids(client):
    return client.run(os.getpid)


def test_stats_shards_merge_to_the_cli_json(client, tmp_path, cli_text, onag_bin):
    client.wait_for_workers(2)
    job = cluster.toads_stats(1, 8, boards_per_task=3**5)
    assert [t.key for t in job.tasks if t.group == 8][:2] == ["L08-00000-of-00027", "L08-00001-of-00027"]
    result, lines = _run(job, tmp_path / "stats.json", client)
    assert (result.computed, result.reused) == (len(job.tasks), 0)
    assert (tmp_path / "stats.json").read_text() == cli_text("toads", "stats", "--max-len", "8")
    assert "dashboard http" in lines[0] and "2 workers" in lines[0], lines
    # a part is the very file `onag toads stats --shard I/N --out F` writes for that shard
    shard = tmp_path / "shard.json"
    subprocess.run(
        [str(onag_bin), "toads", "stats", "--min-len", "8", "--max-len", "8", "--shard", "5/27", "--out", str(shard)],
        check=True,
        capture_output=True,
    )
    assert (tmp_path / "stats.parts" / "L08-00005-of-00027.json").read_bytes() == shard.read_bytes()
    log = (tmp_path / "stats.parts" / "tasks.tsv").read_text().splitlines()
    assert log[0].startswith("# key") and len(log) == 1 + len(job.tasks)
    assert len(result.peak_rss_kb) >= 1 and all(kb > 0 for kb in result.peak_rss_kb.values())


def test_cells_merge_to_the_cli_json_and_hints_fit_any_worker(client, tmp_path, cli_text):
    client.wait_for_workers(2)
    cells = [(3, 2, 3), (2, 5, 1), (4, 3, 3), (3, 6, 2), (5, 2, 4), (1, 7, 1)]
    job = cluster.toads_cells(cells)
    assert all(t.memory and t.memory > cluster.TASK_BASE_BYTES for t in job.tasks)
    # a hint past every worker's memory still runs (alone, on the largest worker)
    huge = dataclasses.replace(job.tasks[0], memory=10**15)
    job = dataclasses.replace(job, tasks=[huge, *job.tasks[1:]])
    _run(job, tmp_path / "cells.json", client)
    want = cli_text("toads", "cells", *(f"{a},{b},{c}" for a, b, c in reversed(cells)))
    assert (tmp_path / "cells.json").read_text() == want


def test_census_merges_to_the_cli_file(client, tmp_path, onag_bin):
    client.wait_for_workers(2)

    def cli(*args):
        ref = tmp_path / "ref.json"
        subprocess.run([str(onag_bin), "heaps", "census", *args, "--out", str(ref), "--quiet"], check=True)
        return ref.read_text()

    job = cluster.heap_census(digits=1, max_n=4096)
    assert [t.key for t in job.tasks[:3]] == ["0.1-max4096", "0.2-max4096", "0.3-max4096"] and len(job.tasks) == 12
    # .7 adds to .5 the moves leaving at most one heap that keep its values, as 4.6 to 4.4:
    # one task computes both
    assert [t.args[:2] for t in job.tasks if t.args[1]] == [("0.5", ["0.7"]), ("4.4", ["4.6"])]
    _run(job, tmp_path / "d1.json", client)
    assert (tmp_path / "d1.json").read_text() == cli("--digits", "1", "--max", "4096")
    # named rulesets, given twice and out of census order
    job = cluster.heap_census(None, 2048, ["0.137", "kayles", "0.07", "0.137", "4.07"])
    # one task per representative: 4.07 and 4.06 differ only on a heap of 2, where both
    # already have option 0, so 4.06's task computes both
    assert [t.key for t in job.tasks] == ["0.137-max2048", "0.77-max2048", "0.07-max2048", "4.06-max2048"]
    _run(job, tmp_path / "named.json", client)
    assert (tmp_path / "named.json").read_text() == cli("--codes", "0.137,kayles,0.07,4.07", "--max", "2048")
    # four codes, one task, four entries
    job = cluster.heap_census(None, 2048, ["0.615", "0.605", "0.604", "0.614"])
    assert [t.key for t in job.tasks] == ["0.604-max2048"]
    _run(job, tmp_path / "group.json", client)
    assert (tmp_path / "group.json").read_text() == cli("--codes", "0.615,0.605,0.604,0.614", "--max", "2048")


def test_census_merge_gives_each_member_its_entry(tmp_path):
    """The merge's member map: each code of a class gets the representative's entry under its
    own name; a task's part (an array of entries) and an entry's part merge alike."""
    from onag import _onag

    part = tmp_path / "0.604.json"
    part.write_text(_onag.heap_census_entry("0.604", 512))
    merged = json.loads(_onag.heap_census_merge(512, [str(part)], {"0.604": ["0.615", "0.604"]}))
    assert [e["ruleset"] for e in merged["entries"]] == ["0.604", "0.615"]
    assert merged["entries"][0]["analysis"] == merged["entries"][1]["analysis"]
    assert merged["equivalences"][0]["rulesets"] == ["0.604", "0.615"]
    # a task: .6 computed once for .62 and .601 too (their values are .6's)
    assert _onag.heap_census_tasks(["0.6", "0.62", "0.601", "0.16"]) == [("0.6", ["0.62", "0.601"]), ("0.16", [])]
    task = tmp_path / "0.6.json"
    task.write_text(_onag.heap_census_task("0.6", ["0.62", "0.601"], 4096))
    part.write_text(_onag.heap_census_entry("0.604", 4096))  # parts of one merge share a cap
    merged = json.loads(_onag.heap_census_merge(4096, [str(task), str(part)]))
    assert [e["ruleset"] for e in merged["entries"]] == ["0.6", "0.62", "0.601", "0.604"]
    one = json.loads(_onag.heap_census_entry("0.601", 4096))
    assert merged["entries"][2] == one["entries"][0]
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    with pytest.raises(ValueError, match="not an onag heaps census part"):
        _onag.heap_census_merge(512, [str(bad)])


def test_census_parts_are_checked_like_toads_shards(tmp_path):
    """Census parts were merged unchecked: an edited part merged with exit 0, a part copied over
    another's dropped a code, a part of a smaller --max was reused. Parts are sealed and checked
    now, and the cap is in a task's key."""
    from onag import _onag

    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(_onag.heap_census_task("0.6", ["0.62", "0.601"], 512))
    b.write_text(_onag.heap_census_entry("0.16", 512))
    expected = [["0.6", "0.62", "0.601"], ["0.16"]]
    ok = json.loads(_onag.heap_census_merge(512, [str(a), str(b)], None, expected))
    assert len(ok["entries"]) == 4
    with pytest.raises(ValueError, match="--max 512"):
        _onag.heap_census_merge(4096, [str(a), str(b)])
    # b copied over a: a's codes are missing, b's come twice
    a.write_text(b.read_text())
    with pytest.raises(ValueError, match="not its task's"):
        _onag.heap_census_merge(512, [str(a), str(b)], None, expected)
    with pytest.raises(ValueError, match="another part"):
        _onag.heap_census_merge(512, [str(a), str(b)])
    b.write_text(b.read_text().replace('"largest_value":', '"largest_value":9', 1))
    with pytest.raises(ValueError, match="checksum"):
        _onag.heap_census_merge(512, [str(b)])
    assert cluster.heap_census(None, 512, ["0.16"]).tasks[0].key != cluster.heap_census(None, 4096, ["0.16"]).tasks[0].key


def test_the_task_log_is_never_written_through_a_link(tmp_path):
    """The runner appended to ``parts/tasks.tsv`` through a symbolic link."""
    target = tmp_path / "elsewhere.txt"
    target.write_text("")
    log = tmp_path / "tasks.tsv"
    log.symlink_to(target)
    with pytest.raises(cluster.ClusterError, match="symbolic link"):
        cluster._open_log(log)
    assert target.read_text() == ""


def test_memory_hints_keep_large_cells_off_one_worker(tmp_path):
    """One worker with two threads and 1000 bytes of MEMORY: cells hinted at 600 never run at
    once; hinted at 400 (or not at all) two do."""
    from distributed import Client

    cells = [(5, 6, 4), (6, 4, 5), (5, 5, 5), (6, 5, 4)]

    def overlaps(memory, name):
        job = cluster.toads_cells(cells)
        job = dataclasses.replace(job, tasks=[dataclasses.replace(t, memory=memory) for t in job.tasks])
        _run(job, tmp_path / f"{name}.json", c)
        rows = [line.split("\t") for line in (tmp_path / f"{name}.parts" / "tasks.tsv").read_text().splitlines()[1:]]
        spans = sorted((float(r[1]), float(r[1]) + float(r[2])) for r in rows)
        # A real overlap is most of a task (tenths of a second); the start is the wall clock and
        # the length the monotonic one, so allow them 20 ms of disagreement.
        return any(b[0] < a[1] - 0.02 for a, b in zip(spans, spans[1:]))

    with Client(
        n_workers=1, threads_per_worker=2, processes=True, resources={cluster.MEMORY: 1000}, dashboard_address=":0"
    ) as c:
        assert not overlaps(600, "apart")
        assert overlaps(400, "together")


def test_a_worker_killed_mid_run_changes_nothing(client, tmp_path, cli_text):
    client.wait_for_workers(2)
    before = _pids(client)
    job = cluster.toads_stats(1, 12, boards_per_task=3**8)
    parts = tmp_path / "killed.parts"
    killed = {}

    def killer():
        deadline = time.time() + 60
        while time.time() < deadline:
            done = len(list(parts.glob("L12-*.json"))) if parts.exists() else 0
            if done >= 10:
                for worker, keys in client.processing().items():
                    running = [k for k in keys if not (parts / (k.split("toads-stats-", 1)[1] + ".json")).exists()]
                    if running and worker in before:
                        os.kill(before[worker], signal.SIGKILL)
                        killed.update(worker=worker, keys=running)
                        return
            time.sleep(0.02)

    thread = threading.Thread(target=killer)
    thread.start()
    result, _ = _run(job, tmp_path / "killed.json", client)
    thread.join()
    assert killed, "no worker was busy to kill"
    assert (tmp_path / "killed.json").read_text() == cli_text("toads", "stats", "--max-len", "12")
    assert result.computed == len(job.tasks)
    for key in killed["keys"]:  # the lost tasks were run again
        assert (parts / (key.split("toads-stats-", 1)[1] + ".json")).is_file()
    client.wait_for_workers(2)
    assert before[killed["worker"]] not in _pids(client).values()  # the nanny started a new one


def test_a_restart_computes_only_missing_parts(client, tmp_path, cli_text):
    client.wait_for_workers(2)
    job = cluster.toads_stats(1, 9, boards_per_task=3**6)
    out = tmp_path / "r.json"
    _run(job, out, client)
    first = out.read_text()
    parts = sorted((tmp_path / "r.parts").glob("L*.json"))
    gone = parts[-5:]
    kept = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in parts[:-5]}
    for p in gone:
        p.unlink()
    out.unlink()
    (tmp_path / "r.parts" / ".L09-00001-of-00027.json.x.tmp").write_text("a stale temporary file")
    result, lines = _run(job, out, client)
    assert (result.computed, result.reused) == (5, len(job.tasks) - 5)
    assert f"{len(job.tasks) - 5} already in" in lines[0]
    assert out.read_text() == first == cli_text("toads", "stats", "--max-len", "9")
    assert all((p.stat().st_ino, p.stat().st_mtime_ns) == kept[p] for p in kept)
    # nothing missing: no task is submitted, the file is merged again
    result, _ = _run(job, out, client)
    assert (result.computed, out.read_text()) == (0, first)
    # a damaged part is named in the error
    parts[0].write_text("{}")
    with pytest.raises(cluster.ClusterError, match=parts[0].name):
        _run(job, out, client)


def _main(*args, timeout=120):
    proc = subprocess.run(
        [sys.executable, "-m", "onag.cluster", *args], capture_output=True, text=True, timeout=timeout
    )
    return proc.returncode, proc.stdout, proc.stderr


def test_command_line_run(tmp_path, cli_text):
    out = tmp_path / "s.json"
    code, _, err = _main("toads-stats", "--max-len", "6", "--workers", "2", "--dashboard", ":0", "--out", str(out))
    assert code == 0, err
    assert out.read_text() == cli_text("toads", "stats", "--max-len", "6")
    assert "dashboard http" in err and f"wrote {out}" in err


@pytest.mark.parametrize(
    "args, says",
    [
        (["toads-nope", "--out", "x.json"], "invalid choice"),
        (["toads-stats", "--min-len", "5", "--max-len", "3", "--out", "x.json"], "bad lengths 5..3"),
        (["toads-stats", "--max-len", "99", "--out", "x.json"], "bad lengths 1..99"),
        (["toads-stats", "--max-len", "5"], "--out"),
        (["toads-cells", "3,x,1", "--out", "x.json"], "bad cell '3,x,1'"),
        (["toads-cells", "--out", "x.json"], "no cells"),
        (["heap-census", "--digits", "5", "--out", "x.json"], "bad --digits 5"),
        (["heap-census", "--codes", "0.7x", "--out", "x.json"], "bad ruleset '0.7x'"),
        (["heap-census", "--codes", "0.07", "--digits", "2", "--out", "x.json"], "not both"),
        (["toads-cells", "99,99,99", "--out", "x.json"], "bad cell 99,99,99: too large"),
        (["toads-stats", "--max-len", "5", "--out", "/nonexistent/dir/x.json"], "no directory"),
        (["toads-stats", "--max-len", "5", "--out", "x.json", "--scheduler", "tcp://127.0.0.1:9", "--connect-timeout", "1"],
         "cannot reach the Dask scheduler at tcp://127.0.0.1:9"),
    ],
)
def test_bad_input_is_one_line(tmp_path, capsys, args, says):
    """The command's own entry point (``python -m onag.cluster`` calls it), in this process."""
    from onag.cluster.__main__ import main

    args = [str(tmp_path / a) if a == "x.json" else a for a in args]
    try:
        code = main(args)
    except SystemExit as e:  # argparse's usage errors
        code = e.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ") and says in err, err
    assert not (tmp_path / "x.json").exists()


def test_docstring_examples():
    import doctest

    failures, tried = doctest.testmod(cluster, optionflags=doctest.ELLIPSIS)
    assert (failures, tried > 0) == (0, True)
