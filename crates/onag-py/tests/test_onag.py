"""Tests of the onag Python package: every function, bad input, Ctrl-C on a long run, and
agreement with the CLI's --json on the same inputs."""

import pickle
import textwrap
import threading
import time
from fractions import Fraction

import pytest

import onag
from onag import Nimber, coins, game, wythoff

# ---------------------------------------------------------------- nimbers


def test_nimber_arithmetic_matches_the_spec():
    assert Nimber(5) * Nimber(51) == Nimber(255)
    assert str(Nimber(5) * Nimber(51)) == "*255"
    assert repr(Nimber(2) * 2) == "Nimber(3)"
    assert Nimber(4) + Nimber(6) == Nimber(2)
    assert Nimber(4) - 6 == Nimber(2)
    assert 3 * Nimber(2) == Nimber(1)  # 3 ⊗ 2 = 1
    for f, ff in [(2, 3), (4, 6), (16, 24), (256, 384), (65536, 98304), (1 << 64, 3 << 63)]:
        assert Nimber(f) * Nimber(f) == Nimber(ff)
    x = Nimber(0xDEAD_BEEF_1234_5678)
    assert x * x.inverse() == 1
    assert x * ~x == Nimber(1)
    assert x / x == Nimber(1)
    assert x.sqrt() * x.sqrt() == x
    assert x ** (2**64 - 1) == Nimber(1)
    assert x**-1 == x.inverse()
    assert x**0 == Nimber(1)
    assert int(Nimber(258)) == 258
    assert -x == x and bool(Nimber(0)) is False
    assert Nimber(258) ** 65535 == Nimber(1)
    assert hash(Nimber(7)) == hash(Nimber(7))
    assert pickle.loads(pickle.dumps(Nimber(1 << 100))) == Nimber(1 << 100)
    big = Nimber((1 << 128) - 1)
    assert big * big.inverse() == Nimber(1)


def test_nimber_bad_input():
    for bad in [-1, 1 << 128, "5", 1.5, None]:
        with pytest.raises(ValueError):
            Nimber(bad)
    with pytest.raises(ZeroDivisionError):
        Nimber(0).inverse()
    with pytest.raises(ZeroDivisionError):
        Nimber(5) / 0
    with pytest.raises(ZeroDivisionError):
        ~Nimber(0)
    with pytest.raises(TypeError):
        Nimber(3) * "x"
    with pytest.raises(ValueError):
        Nimber(3) * -1
    with pytest.raises(TypeError):
        Nimber(3) < Nimber(4)
    assert (Nimber(3) == "3") is False


def test_nim_table_lists_and_numpy():
    rows = onag.nim_table(4, numpy=False)
    assert rows == [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
    info = onag.nim_table_info(64)
    assert (info.marking.max, info.marking.closed, info.marking.field) == (255, False, 256)
    assert (info.size, info["cells"][2][3]) == (64, 1)
    assert onag.nim_table_info(256).marking.closed is True
    np = pytest.importorskip("numpy")
    t = onag.nim_table(16)
    assert isinstance(t, np.ndarray) and t.dtype == np.uint64 and t.shape == (16, 16)
    assert int(t[5, 7]) == int(Nimber(5) * Nimber(7))
    for bad in [0, 1025, -1]:
        with pytest.raises((ValueError, OverflowError)):
            onag.nim_table(bad)


def test_nim_agrees_with_the_cli(cli):
    for a, b in [(5, 51), (1 << 64, 1 << 64), (2**127 + 5, 3**70)]:
        assert cli("nim", "mul", str(a), str(b))["result"] == str(int(Nimber(a) * Nimber(b)))
    assert cli("nim", "inv", "12345")["result"] == str(int(Nimber(12345).inverse()))
    assert cli("nim", "sqrt", "2")["result"] == str(int(Nimber(2).sqrt()))
    assert cli("nim", "pow", "258", "1000")["result"] == str(int(Nimber(258) ** 1000))
    # one report: the CLI's JSON is Python's object
    assert cli("nim", "table", "64") == onag.nim_table_info(64)


# ---------------------------------------------------------------- partizan games


def test_game_values_and_thermograph():
    g = game("{5 | {3|-3}, 1*}")
    assert g.canonical == "{5|+-3,1*}"
    assert (g.outcome, g.mean, g.temperature) == ("L", Fraction(3), Fraction(2))
    assert (g.left_stop, g.right_stop) == (Fraction(5), Fraction(1))
    h = game("{1 | {1/2 | 0}}")
    assert (h.mean, h.temperature) == (Fraction(5, 8), Fraction(3, 8))
    th = h.thermograph()
    assert (th.mean, th.temperature) == (Fraction(5, 8), Fraction(3, 8))
    assert th.left_wall[0] == (Fraction(0), Fraction(1))
    assert th.right_wall[0] == (Fraction(0), Fraction(1, 2))
    assert th.left_wall[-1] == th.right_wall[-1] == (Fraction(3, 8), Fraction(5, 8))
    assert th.left_slope == th.right_slope == 0
    assert all(isinstance(v, Fraction) for p in th.left_wall + th.right_wall for v in p)
    assert th.svg().startswith("<svg") and th._repr_svg_() == th.svg()
    assert "<svg" in g._repr_html_() and "L (Left wins)" in g._repr_html_()
    assert g._repr_svg_().startswith("<svg")
    assert game(3).temperature == -1 and game("1/2").temperature == Fraction(-1, 2)
    assert game("2+4·↓").unicode == "2+4·↓" and game("2v4") == game("2+4·↓")
    assert repr(game("*")) == 'game("*")'
    assert [str(o) for o in g.left_options] == ["5"]
    assert pickle.loads(pickle.dumps(g)) == g


def test_game_operators_and_order():
    up = game("^")
    assert up + up == game("^2") == "^2"
    assert up - up == 0 and up + "v" == 0
    assert -up == game("v") and +up == up
    assert game("*") + game("*") == 0
    assert game(1) > game("*") and game("*") < 1 and up > 0 and up >= 0 and not up <= 0
    assert game("*").confused_with(0) and not up.confused_with(0)
    assert not (game("*") < 0) and not (game("*") > 0) and game("*") != 0
    assert 2 + game("1/2") == game("5/2") and 3 - game(1) == 2
    assert hash(game("{1|0}")) == hash(game("{1|0}"))
    assert {game("*"), game("*"), game("0")} == {game("*"), game(0)}
    assert (game(0) == [1]) is False


def test_game_bad_input():
    with pytest.raises(onag.ParseError) as e:
        game("{1|2|3}")
    assert isinstance(e.value, ValueError)
    assert e.value.position == 4 and "ambiguous bars" in str(e.value)
    assert e.value.text == "{1|2|3}"
    for bad in ["", "{1|", "{1|2}}", "^" * 5000 + "x", "{" * 2000 + "}" * 2000, "*" + "9" * 40]:
        with pytest.raises(ValueError):
            game(bad)
    with pytest.raises(ValueError):
        game(1.5)
    with pytest.raises(ValueError):
        game(1 << 70)
    with pytest.raises(TypeError):
        game(0) < [1]


def test_games_agree_with_the_cli(cli):
    for text in ["{5 | {3 | -3}, 1*}", "{1 | {1/2 | 0}}", "2 + 4·↓", "{3||2|1}", "+-1/8", "^*"]:
        j = cli("value", text)
        g = game(text)
        assert j["canonical"] == g.canonical
        assert j["outcome"] == g.outcome
        for key in ["mean", "temperature", "left_stop", "right_stop"]:
            assert Fraction(j[key]) == getattr(g, key), (text, key)
        # one report: the CLI's JSON is the game's report
        assert g.report() == j, text
        assert g.report(unicode=True) == cli("value", text, "--unicode"), text


# ---------------------------------------------------------------- Toads and Frogs


def test_toads_values_from_the_spec():
    t = onag.toads("T.TF.F.6")
    assert t.canonical == "{13/2|1}"
    assert (t.mean, t.temperature) == (Fraction(15, 4), Fraction(11, 4))
    assert t.value == game("{13/2 | 1}")
    assert onag.toads("TT.FF").value == game("*")
    assert onag.toads("TTT..FFF").value == game("+-1/8")
    assert onag.toads("T3.2F3").board == "TTT..FFF"
    r = onag.toads("TFTFF.FT..TTFF.TFF..TT")
    assert (r.integer, r.parts, r.value) == (1, [], game(1))
    t4 = onag.toads("T4..F4")
    assert t4.value == game("+-({1|*}, {{3/2|{1|{0|0,v*}}}|0})")
    moves = t.moves
    assert {m["player"] for m in moves} == {"left", "right"}  # as in the report
    for m in moves:
        assert m["value"] == onag.toads(m["board"]).value
    assert t.left_move["winning"] and isinstance(t.left_move["mean"], Fraction)
    assert t.left_move.winning and t.reduced.integer == t.integer
    assert onag.toads("TF").left_move is None
    assert "<table>" in t._repr_html_() and "{13/2|1}" in repr(t)
    assert "=" in t.reduced_form


def test_toads_family():
    fam = onag.toads_family(2, 2, range(21, 41))
    stars = [b for b, g in fam.items() if g != 0]
    assert stars == [25, 31, 37] and all(fam[b] == game("*") for b in stars)
    calls = []
    fam = onag.toads_family(1, 1, [3, 1, 2], progress=lambda done, total: calls.append((done, total)))
    assert list(fam) == [3, 1, 2]
    assert not calls or calls[-1][1] == 3
    n = onag.toads_family(0, 0, [4])
    assert n[4] == 0


def test_toads_bad_input():
    for bad in ["TXF", "", "T" * 200, "T3.2X"]:
        with pytest.raises(ValueError) as e:
            onag.toads(bad)
        assert "bad board" in str(e.value)
    with pytest.raises(ValueError):
        onag.toads_family(2, 2, [200])
    with pytest.raises(ValueError, match="--force"):  # the CLI's default work bound
        onag.toads("T10.4F10")
    with pytest.raises(ValueError, match="--force"):
        onag.toads_family(10, 10, [4])
    with pytest.raises((ValueError, OverflowError, TypeError)):
        onag.toads_family(2, 2, [-1])


def test_toads_is_the_cli_report(cli):
    # One report: Python's object holds exactly what `onag toads value --json` prints, with
    # the values as Games and the dyadics as Fractions.
    for board in ["T.TF.F.6", "TTT..FFF", "T2.3F2", "TFT.F"]:
        j = cli("toads", "value", board)
        t = onag.toads(board)
        assert t.report == j
        assert t.value == game(j["value_ascii"]) and t.mean == Fraction(j["mean"])
        assert [m.value for m in t.moves] == [onag.toads(m["squares"]).value for m in j["moves"]]
    j = cli("toads", "family", "--toads", "2", "--frogs", "2", "--blanks", "1..12")
    assert onag.toads_family_report(2, 2, range(1, 13)) == j
    fam = onag.toads_family(2, 2, range(1, 13))
    assert [(v["blanks"], v["canonical"]) for v in j["values"]] == [
        (b, g.canonical) for b, g in fam.items()]


# ---------------------------------------------------------------- Wythoff


def test_wythoff_values_tables_pairs():
    assert wythoff.g(3, 5) == 0
    assert wythoff.g(10, 1000000) == 1000007
    t = wythoff.table(8, numpy=False)
    assert t[1] == [1, 2, 0, 4, 5, 3, 7, 8]
    assert all(t[x][y] == wythoff.g(x, y) for x in range(8) for y in range(8))
    assert wythoff.pairs(5) == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    np = pytest.importorskip("numpy")
    a = wythoff.table(20)
    assert isinstance(a, np.ndarray) and a.shape == (20, 20) and int(a[3, 5]) == 0


def test_wythoff_periods_match_oeis_and_report_progress():
    calls = []
    rows = wythoff.periods(range(0, 13), 4000, progress=lambda c, n: calls.append((c, n)))
    assert [r["period"] for r in rows] == [1, 3, 3, 6, 12, 24, 12, 24, 24, 24, 24, 48, 48]
    assert [r["preperiod"] for r in rows][:6] == [0, 0, 0, 8, 9, 27]
    assert all(r["proven"] for r in rows)
    assert rows[10] == {"row": 10, "period": 24, "preperiod": 224, "proven": True,
                        "minimal_confirmed": True,
                        "proof_column": 288}
    assert calls and all(n == 4000 for _, n in calls)
    assert wythoff.periods((3, 4), 4000) == rows[3:5]
    assert len(wythoff.periods(5, 4000)) == 6
    two = wythoff.periods(range(0, 30), 20000, threads=2)
    assert two == wythoff.periods(range(0, 30), 20000)


def test_wythoff_bad_input():
    with pytest.raises(ValueError):
        wythoff.table(100000)
    with pytest.raises(ValueError):
        wythoff.periods(range(5, 3), 1000)
    with pytest.raises(ValueError):
        wythoff.periods(range(0, 5), 1000, period_cap=7)
    with pytest.raises(ValueError):
        wythoff.periods(range(0, 5), 1000, threads=3)
    with pytest.raises(ValueError):
        wythoff.periods(range(0, 10, 2), 1000)
    with pytest.raises((ValueError, OverflowError)):
        wythoff.g(-1, 3)
    with pytest.raises(ValueError):
        wythoff.pairs(10**9)
    # the CLI's bounds and messages (onag_api::native)
    with pytest.raises(ValueError, match="at least 1"):
        wythoff.table(0)
    with pytest.raises(ValueError, match="'pairs' is 0"):
        wythoff.pairs(0)
    with pytest.raises(ValueError, match="'size' is 0"):
        onag.nim_table(0)


def test_progress_callback_exception_stops_the_run():
    def boom(done, total):
        raise RuntimeError("enough")

    start = time.time()
    with pytest.raises(RuntimeError, match="enough"):
        wythoff.periods(range(0, 300), 50_000_000, progress=boom)
    assert time.time() - start < 30


@pytest.mark.parametrize("run", [
    lambda: wythoff.periods(range(0, 100), 600_000),
    lambda: onag.heaps("grundy").values(1 << 20, numpy=False),
])
def test_the_gil_is_released_during_long_runs(run):
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.time())
            time.sleep(0.01)

    th = threading.Thread(target=ticker)
    th.start()
    try:
        run()
    finally:
        stop.set()
        th.join()
    assert len(ticks) > 10


def test_wythoff_agrees_with_the_cli(cli):
    assert cli("wythoff", "g", "10", "1000") == wythoff.value_report(10, 1000)
    assert cli("wythoff", "g", "10", "1000")["g"] == wythoff.g(10, 1000)
    assert cli("wythoff", "table", "30") == wythoff.table_report(30)
    assert wythoff.table_report(30).cells == wythoff.table(30, numpy=False)
    assert cli("wythoff", "pairs", "50") == wythoff.pairs_report(50)
    assert [tuple(p) for p in cli("wythoff", "pairs", "50")["pairs"]] == wythoff.pairs(50)
    j = cli("wythoff", "periods", "--rows", "0..40", "--columns", "100000", "--quiet")
    mine = wythoff.periods_report(range(0, 41), 100000)
    # one report: the same fields, only the times (and the CLI's seal) differ
    times = ("seconds", "sweep_seconds", "us_per_cell", "seal")
    assert {k: v for k, v in j.items() if k not in times} == {
        k: v for k, v in mine.items() if k not in times}


# ---------------------------------------------------------------- coins


def test_coin_values_solve_lexicode():
    assert coins.values("mock-turtles", 12) == [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]
    assert coins.values("ruler", 9) == [0, 1, 2, 1, 4, 1, 2, 1, 8]
    assert coins.values("mogul", 12)[-1] == 911
    assert coins.values("twins", 5) == [0, 1, 2, 3, 4]
    assert coins.first_coin("ruler") == 1 and coins.first_coin("at-most:4") == 0
    r = coins.solve("corners:4x6")
    assert r.seconds >= 0 and {k: v for k, v in r.items() if k != "seconds"} == {
        "board": "corners:4x6", "positions": 1 << 24, "p_positions": 1 << 20,
        "mismatches": 0, "max_value": 15}
    calls = []
    coins.solve("ruler:18", progress=lambda d, t: calls.append((d, t)))
    assert all(t == 1 << 18 for _, t in calls)
    # [16,11,4] extended Hamming code (the P-positions of Mock Turtles on 16 coins).
    h = coins.lexicode(16, 4)
    assert h.words == 2048 and h.min_weight == 4 and "game" not in h
    assert {w: c for w, c in enumerate(h.weights) if c} == {
        0: 1, 4: 140, 6: 448, 8: 870, 10: 448, 12: 140, 16: 1}
    words = coins.lexicode_words(16, 4)
    assert len(words) == 2048 and words[:2] == [0, 0b1111]
    assert [bin(w).count("1") for w in words].count(4) == 140
    r = coins.lexicode(18, 6, compare_game=True)
    assert (r.words, r.game, r.equals_game_p_positions) == (512, "moebius", True)  # at-most:5
    assert len(coins.lexicode_words(18, 6)) == 512


def test_coins_bad_input():
    for call in [
        lambda: coins.values("chess", 5),
        lambda: coins.values("ruler", 5000),
        lambda: coins.values("at-most:0", 5),
        lambda: coins.solve("corners:9x9"),
        lambda: coins.solve("corners:5x6"),  # past the default work bound without force
        lambda: coins.solve("nonsense"),
        lambda: coins.lexicode(0, 1),
        lambda: coins.lexicode(29, 2),
        lambda: coins.lexicode(8, 10),
        lambda: coins.lexicode(8, 1, compare_game=True),
        lambda: coins.lexicode(28, 13),
        lambda: coins.lexicode_words(0, 1),
        lambda: coins.lexicode_words(28, 13),
    ]:
        with pytest.raises(ValueError):
            call()


def test_coins_agree_with_the_cli(cli):
    # one report per use case: the CLI's JSON is Python's object
    for rule in ["ruler", "mock-turtles", "at-most:5"]:
        assert cli("coins", "values", rule, "--count", "40") == coins.values_report(rule, 40)
        assert coins.values_report(rule, 40)["values"] == coins.values(rule, 40)
    j = cli("coins", "solve", "rugs:3x4", "--quiet")
    mine = coins.solve("rugs:3x4")
    # one report, the CLI's and Python's: the same fields, only the run's time differs
    assert j.keys() == mine.keys()
    assert {k: v for k, v in j.items() if k != "seconds"} == {
        k: v for k, v in mine.items() if k != "seconds"}
    assert cli("coins", "lexicode", "16", "4") == coins.lexicode(16, 4)
    assert cli("coins", "lexicode", "12", "4", "--compare-game") == coins.lexicode(
        12, 4, compare_game=True)
    assert cli("coins", "lexicode", "16", "4")["words"] == len(coins.lexicode_words(16, 4))


# ---------------------------------------------------------------- Ctrl-C


LONG_RUN = textwrap.dedent(
    """
    import sys, time, onag
    print("started", flush=True)
    t = time.time()
    try:
        onag.wythoff.periods(range(0, 400), 100_000_000, period_cap=3072)
    except KeyboardInterrupt:
        print("interrupted after %.2f s" % (time.time() - t), flush=True)
        sys.exit(0)
    print("finished", flush=True)
    sys.exit(3)
    """
)


@pytest.mark.parametrize("code", [
    LONG_RUN,
    LONG_RUN.replace("onag.wythoff.periods(range(0, 400), 100_000_000, period_cap=3072)",
                     "onag.toads_family(3, 3, range(1, 40), force=True)"),
    LONG_RUN.replace("onag.wythoff.periods(range(0, 400), 100_000_000, period_cap=3072)",
                     "[onag.coins.solve('corners:5x6', force=True) for _ in range(20)]"),
    LONG_RUN.replace("onag.wythoff.periods(range(0, 400), 100_000_000, period_cap=3072)",
                     "onag.heaps('0.6').period(1 << 30)"),
])
def test_ctrl_c_stops_a_long_run(code, interrupt):
    interrupt(code)


def test_interpreter_survives_many_errors():
    for _ in range(200):
        with pytest.raises(ValueError):
            game("{")
    assert game("{1|0}").temperature == Fraction(1, 2)


def test_version_and_exports():
    assert onag.__version__
    for name in onag.__all__:
        assert hasattr(onag, name), name
