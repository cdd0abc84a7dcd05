"""The misère-quotient census on a LocalCluster of two worker processes: merged, it is the
file ``onag heaps quotient-census --out FILE`` writes, byte for byte; a restarted run reuses
every part; a task's time limit is an entry, not a failure; bad bounds are one line."""

import json
import os
import subprocess

import pytest

if os.environ.get("ONAG_REQUIRE_CLUSTER") != "1":
    pytest.importorskip("distributed")

from onag import cluster  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with cluster.connect(workers=2, memory_limit="2GB", dashboard=":0") as c:
        yield c


def _run(job, out, client):
    return cluster.run(job, out, client, progress=False, log=lambda line: None)


def test_quotient_census_merges_to_the_cli_file_and_resumes(client, tmp_path, onag_bin):
    client.wait_for_workers(2)
    from onag import _onag

    job = cluster.quotient_census(digits=1, max_heap=10, max_order=200)
    codes = _onag.heap_census_codes(1)
    assert [t.args[0] for t in job.tasks] == codes and job.tasks[0].key == "0.1-n10-o200-c100000-s0"
    first = _run(job, tmp_path / "q.json", client)
    assert (first.computed, first.reused) == (len(codes), 0)
    ref = tmp_path / "ref.json"
    subprocess.run(
        [str(onag_bin), "heaps", "quotient-census", "--digits", "1", "--max-heap", "10", "--max-order", "200",
         "--out", str(ref), "--quiet"],
        check=True,
    )
    assert (tmp_path / "q.json").read_bytes() == ref.read_bytes()
    # the same run again: every part is reused, the file is the same
    again = _run(job, tmp_path / "q.json", client)
    assert (again.computed, again.reused) == (0, len(codes))
    assert (tmp_path / "q.json").read_bytes() == ref.read_bytes()
    report = json.loads(ref.read_text())
    assert report["complete"] and all(e["reached"] == 10 for e in report["entries"] if e["order"])


def test_a_task_past_its_time_limit_is_an_entry(client, tmp_path):
    client.wait_for_workers(2)
    # Dawson's Kayles to heap 40 takes minutes: half a second stops it after some Q_k
    job = cluster.quotient_census(None, max_heap=40, max_order=5000, max_seconds=0.5, codes=["0.07", "0.75"])
    _run(job, tmp_path / "t.json", client)
    entries = json.loads((tmp_path / "t.json").read_text())["entries"]
    dawson, r8 = entries
    assert dawson["ruleset"] == "0.07" and dawson["order"] is None
    assert "time limit of 0.5 s" in dawson["error"] and dawson["reached"] < 40
    assert dawson["growth"][:2] == [[2, 2], [4, 6]]
    assert (r8["order"], r8["p_size"], r8["reached"]) == (8, 2, 40)


def test_bad_bounds_are_one_line():
    for kw, text in [
        ({"max_heap": 0}, "bad --max-heap 0"),
        ({"max_order": 0}, "bad --max-order 0"),
        ({"digits": 4}, "bad --digits 4"),
        ({"max_seconds": -1}, "bad --max-seconds -1"),
    ]:
        with pytest.raises(cluster.ClusterError, match=text):
            cluster.quotient_census(**kw)
    with pytest.raises(cluster.ClusterError, match="no codes"):
        cluster.quotient_census(None)


def test_a_part_of_another_code_is_refused(tmp_path):
    from onag import _onag

    part = tmp_path / "0.75.json"
    part.write_text(_onag.quotient_census_task("0.75", 8, 100, 1000, 0.0))
    merged = json.loads(_onag.quotient_census_merge(8, 100, 1000, [str(part)], ["0.75"]))
    assert merged["entries"][0]["order"] == 8
    with pytest.raises(ValueError, match="not of 0.77"):
        _onag.quotient_census_merge(8, 100, 1000, [str(part)], ["0.77"])
    with pytest.raises(ValueError, match="heaps ≤ 9"):
        _onag.quotient_census_merge(9, 100, 1000, [str(part)], ["0.75"])
