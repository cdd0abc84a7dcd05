"""Heap games from Python: values (NumPy and lists) against a brute force written here, the
published periods, positions and the computer, bad input, and agreement with the CLI's --json
(the same report, the same field names). The interpreter's lock and Ctrl-C during long heap
runs are tested with the other long runs in test_onag.py."""

import pytest

import onag
from onag import ParseError, heaps


def digits(code):
    a, b = code.split(".")
    return [int(a, 16)] + [int(c, 16) for c in b]


def brute_moves(code, n):
    """(taken, parts) of every move of a heap of n under a code, straight from its digits."""
    out = []
    for i, d in enumerate(digits(code)):
        if i > n:
            break
        rest = n - i
        if i > 0 and d & 1 and rest == 0:
            out.append((i, ()))
        if i > 0 and d & 2 and rest > 0:
            out.append((i, (rest,)))
        if d & 4:
            out += [(i, (a, rest - a)) for a in range(1, rest // 2 + 1)]
        if d & 8:
            out += [(i, (a, b, rest - a - b)) for a in range(1, rest // 3 + 1)
                    for b in range(a, (rest - a) // 2 + 1)]
    return out


def brute_values(code, count):
    g = []
    for n in range(count):
        seen = set()
        for _, parts in brute_moves(code, n):
            x = 0
            for p in parts:
                x ^= g[p]
            seen.add(x)
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.007", "4.07", "0.6", "0.f"])
def test_values_agree_with_the_brute_force(code):
    expected = brute_values(code, 250)
    assert heaps(code).values(250, numpy=False) == expected


def test_values_as_numpy_and_the_report():
    np = pytest.importorskip("numpy")
    a = heaps("0.137").values(10_000)
    assert isinstance(a, np.ndarray) and a.dtype == np.uint32 and a.shape == (10_000,)
    # Dawson's chess, OEIS A002187: period 34 from n = 52 on.
    assert all(a[n + 34] == a[n] for n in range(52, 9_000))
    report = heaps("grundy").sequence(4096)
    assert set(report) == {"ruleset", "name", "values", "largest_value", "rare", "rare_heaps"}
    assert report["name"] == "grundy" and report["rare"]["mask"] != 0
    for h in report["rare_heaps"]:
        assert report["values"][h["heap"]] == h["value"]
        assert bin(h["value"] & report["rare"]["mask"]).count("1") % 2 == 0


def test_periods_and_no_claim_for_grundy():
    k = heaps("kayles")
    assert (k.ruleset, k.name, k.theorem) == ("0.77", "kayles", True)
    calls = []
    p = k.period(1 << 16, progress=lambda done, total: calls.append((done, total)))
    assert p["analysis"]["status"] == "periodic"
    assert (p["analysis"]["proof"]["preperiod"], p["analysis"]["proof"]["period"]) == (71, 12)
    assert all(t == 1 << 16 for _, t in calls)
    d = heaps("0.137").period()["analysis"]["proof"]
    assert (d["preperiod"], d["period"]) == (52, 34)
    g = heaps("grundy").period(5000)
    assert g["theorem"] is False and g["analysis"]["status"] == "unsolved"
    assert g["analysis"]["proof"] is None and g["analysis"]["computed_to"] == 5000


def test_positions_against_the_brute_force_and_the_computer():
    code = "0.137"
    g = brute_values(code, 20)
    pos = [5, 8, 11]
    r = heaps(code).position(pos)
    xor = g[5] ^ g[8] ^ g[11]
    assert r["nim_sum"] == xor and r["to_move_wins"] == (xor != 0)
    assert [h["value"] for h in r["heaps"]] == [g[n] for n in pos]
    expected = sorted((i, t, tuple(p)) for i, n in enumerate(pos) for t, p in brute_moves(code, n))
    got = sorted((m["heap"], m["take"], tuple(m["leave"])) for m in r["moves"])
    assert got == expected
    for m in r["moves"]:
        after = xor ^ g[pos[m["heap"]]]
        for p in m["leave"]:
            after ^= g[p]
        assert m["nim_sum_after"] == after and m["winning"] == (after == 0)
    assert r["computer"]["winning"]
    assert heaps(code).moves(pos) == r["moves"]
    assert heaps(code).computer_move([1, 1]) is not None  # 0.137 takes a lone token
    assert heaps("0.07").computer_move([1, 1]) is None  # Dawson's Kayles takes two
    assert heaps("0.07").position([])["moves"] == []  # the end of every game
    a = heaps("0.77").computer_move([4, 9, 12], "random", seed=3)
    assert a == heaps("0.77").computer_move([4, 9, 12], "random", seed=3)
    assert heaps("0.77").computer_move([4, 9, 12], "skill", level=100) == \
        heaps("0.77").computer_move([4, 9, 12])


def test_heaps_bad_input():
    with pytest.raises(ParseError) as e:
        heaps("0.1g7")
    assert e.value.position == 3
    for call in [
        lambda: heaps("chess"),
        lambda: heaps("1.3"),
        lambda: heaps("0.77").values(0),
        lambda: heaps("0.77").values(1 << 40),
        lambda: heaps("0.77").period(0),
        lambda: heaps("0.77").position([1] * 11),
        lambda: heaps("0.77").position([3, 0]),
        lambda: heaps("0.77").position([3, 1000]),
        lambda: heaps("0.77").position([3], strategy="best"),
        lambda: heaps("0.77").position([3], strategy="skill", level=101),
    ]:
        with pytest.raises(ValueError):
            call()


def test_heaps_agree_with_the_cli(cli):
    for code in ["0.137", "grundy", "S(1,3,4)"]:
        j = cli("heaps", "values", code, "--count", "300")
        mine = heaps(code).sequence(300, numpy=False)
        assert j == mine, code
    j = cli("heaps", "period", "0.77", "--max", "4096")
    assert j == heaps("0.77").period(4096)
    # a position: `onag heaps play … --json` is Python's report, computer's choice included
    assert cli("heaps", "play", "0.137", "5", "8", "11") == heaps("0.137").position([5, 8, 11])
    assert cli("heaps", "play", "kayles", "7", "9", "--computer", "random", "--seed", "3") == (
        heaps("kayles").position([7, 9], "random", None, 3))


def test_rulesets_and_exports():
    names = {r["name"]: r["code"] for r in onag.heap_rulesets()}
    assert names["kayles"] == "0.77" and names["treblecross"] == "0.007"
    assert repr(heaps("kayles")) == "heaps('0.77')  # kayles"
