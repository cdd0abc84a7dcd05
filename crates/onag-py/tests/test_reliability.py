"""Hostile input from Python: each former crash runs in its own interpreter (a crash there
fails the test instead of killing pytest), Ctrl-C stops `game()`, and a long computation in
one thread never blocks another thread's games.

Invariant of the fuzz test: for any game text, `onag.game(text)` returns a `Game` or raises
`ValueError` (`onag.ParseError` for notation), and the interpreter goes on.
"""

import random
import subprocess
import sys
import textwrap


def run_python(code, timeout=120):
    """Runs `code` in a fresh interpreter; returns (exit code, stdout, stderr)."""
    proc = subprocess.run(
        [sys.executable, "-"], input=textwrap.dedent(code),
        capture_output=True, text=True, timeout=timeout,
    )
    return proc.returncode, proc.stdout, proc.stderr


def test_long_sums_do_not_crash_the_interpreter():
    # `onag.game('+'.join(['1'] * 30000))` killed the interpreter (SIGSEGV), from a thread too
    code, out, err = run_python(
        """
        import threading, onag
        print(onag.game('+'.join(['1'] * 30000)))
        print(onag.game('-'.join(['*'] * 30001)))
        print(onag.game('+-'.join(['0'] * 30000)))   # 29,999 × ±0 = *
        box = {}
        t = threading.Thread(target=lambda: box.setdefault('g', onag.game('+'.join(['1'] * 30000))))
        t.start(); t.join()
        print(box['g'])
        try:
            onag.game('+'.join(['^'] * 30000))
        except ValueError as e:
            print('refused:', 'too large' in str(e))
        deep = '(' * 1000 + '1' + ')' * 1000
        print(onag.game(deep))
        """
    )
    assert code == 0, err
    assert out.split("\n")[:6] == ["30000", "*", "*", "30000", "refused: True", "1"], out


def test_ctrl_c_stops_game(interrupt):
    code = (
        """
        import sys, time, onag
        print("started", flush=True)
        t = time.time()
        try:
            onag.game('tiny-2+*1023')
        except KeyboardInterrupt:
            print("interrupted after %.2f s" % (time.time() - t), flush=True)
            print(onag.game('{1|0}') + 1, flush=True)
            sys.exit(0)
        print("finished", flush=True)
        sys.exit(3)
        """
    )
    out = interrupt(code, within=5)
    assert out.split("\n")[1] == "{2|1}", out


def test_a_long_computation_does_not_block_other_threads():
    # while `game('tiny-2+*1023')` ran, `game('1')` from another thread waited on one lock
    code, out, err = run_python(
        """
        import threading, time, onag
        a = onag.game('{3||2|1}')
        slow = threading.Thread(target=lambda: onag.game('tiny-2+*1023'), daemon=True)
        slow.start()
        time.sleep(0.5)
        t = time.time()
        one = onag.game('1')
        b = a + one                      # games of different calls still add and compare
        ok = (b - one == a) and (one < b)
        print('%.3f %s %s' % (time.time() - t, ok, b))
        """,
        timeout=60,
    )
    assert code == 0, err
    took, ok, b = out.split()
    assert ok == "True", out
    assert b == "{4|{3|2}}", out
    assert float(took) < 2.0, out


ATOMS = ["1", "0", "*", "^", "v", "*2", "1/2", "{", "}", "|", "||", ",", "(", ")", "+", "-",
         "+-", "\u00b1", "\u2191", "tiny", "miny", "cool(", "2\u00b7", "^3", "q", " ", "{1|0}"]


def test_any_game_text_returns_a_game_or_raises_value_error():
    rng = random.Random(29)
    texts = []
    for _ in range(300):
        parts = [rng.choice(ATOMS) for _ in range(rng.randint(1, 40))]
        texts.append("".join(parts) * rng.randint(1, 300))
    code, out, err = run_python(
        f"""
        import onag
        texts = {texts!r}
        games = errors = 0
        for t in texts:
            try:
                onag.game(t)
                games += 1
            except ValueError as e:
                assert len(str(e).splitlines()) == 1, str(e)[:200]
                errors += 1
        print(games, errors)
        """,
        timeout=300,
    )
    assert code == 0, err[-2000:]
    games, errors = map(int, out.split())
    assert games + errors == 300


def test_toads_calls_in_two_threads_run_at_once():
    # `toads_family` and `toads` solved in the arena of every game under one lock: a second
    # thread's call waited until the first had finished. Each call now solves in an arena of
    # its own, so both report progress while the other is still running, and a small board
    # (and `game()`) answers at once beside them.
    code, out, err = run_python(
        """
        import threading, time, onag
        seen = {'a': [], 'b': []}
        def family(key, toads, frogs):
            return lambda: seen[key].append(('result', onag.toads_family(
                toads, frogs, range(1, 22), lambda d, t: seen[key].append(time.time()))))
        a = threading.Thread(target=family('a', 3, 3))
        b = threading.Thread(target=family('b', 3, 2))
        a.start(); b.start()
        # both under way (each has finished a board), whatever the machine's speed
        deadline = time.time() + 60
        while not (seen['a'] and seen['b']) and time.time() < deadline:
            time.sleep(0.01)
        t = time.time()
        small = onag.toads('TT..F.F')
        g = onag.game('{1|0}') + small.value
        took = time.time() - t
        busy = a.is_alive() and b.is_alive()
        a.join(); b.join()
        times = {k: [x for x in v if isinstance(x, float)] for k, v in seen.items()}
        overlap = (min(times['a']) < max(times['b'])) and (min(times['b']) < max(times['a']))
        fam = dict(seen['a'][-1][1])
        # the families' games are games like any other: they add and compare across calls
        again = onag.toads_family(3, 3, [5])[5]
        print('%.3f %s %s %s %s %s' % (took, busy, overlap, fam[5] == again,
                                       fam[1] == onag.toads('TTT.FFF').value, g))
        """,
        timeout=120,
    )
    assert code == 0, err
    took, busy, overlap, same, same_board, g = out.split()
    assert busy == "True", out          # both families were still running
    assert float(took) < 1.0, out       # the small board did not wait for them
    assert overlap == "True", out       # each reported progress while the other ran
    assert same == "True" and same_board == "True", out
