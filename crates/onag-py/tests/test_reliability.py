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


def test_grundy_of_a_long_chain_does_not_crash_the_interpreter():
    # a 2,500,000-position chain (inside the default max_positions) killed the interpreter
    # (SIGSEGV): the solve recursed once per position; it is fed bottom-up now
    code, out, err = run_python(
        """
        import onag

        class Chain:
            __slots__ = ("n",)
            def __init__(self, n): self.n = n
            def __hash__(self): return self.n
            def __eq__(self, o): return self.n == o.n
            def options(self): return [Chain(self.n - 1)] if self.n else []

        print(onag.grundy(Chain(2_500_000)), onag.grundy(Chain(2_500_001)))
        """,
        timeout=600,
    )
    assert code == 0, err
    assert out.split() == ["0", "1"], out


def test_memo_clear_from_another_thread_never_panics():
    # memo_clear() during grundy()/canonical() raised a PanicException (index out of bounds)
    # every time: a call now returns its value or fails with a clear ValueError
    code, out, err = run_python(
        """
        import threading, onag

        class Heap:   # Nim: G(n) = n
            def __init__(self, n): self.n = n
            def __hash__(self): return self.n
            def __eq__(self, o): return self.n == o.n
            def options(self): return [Heap(k) for k in range(self.n)]

        class Strip:   # Left takes 1, Right takes 1 or 2
            def __init__(self, n): self.n = n
            def __hash__(self): return self.n
            def __eq__(self, o): return self.n == o.n
            def left_options(self): return [Strip(self.n - 1)] if self.n else []
            def right_options(self): return [Strip(self.n - t) for t in (1, 2) if t <= self.n]

        done = threading.Event()
        def clear():
            while not done.is_set():
                onag.memo_clear()
        t = threading.Thread(target=clear)
        t.start()
        ok = refused = 0
        try:
            for i in range(60):
                try:
                    assert onag.grundy(Heap(300 + i)) == 300 + i
                    assert onag.canonical(Strip(40 + i)) == onag.canonical(Strip(40 + i))
                    ok += 1
                except ValueError as e:
                    assert "call again" in str(e), e
                    refused += 1
        finally:
            done.set()
            t.join()
        print(ok + refused)
        """
    )
    assert code == 0, err
    assert out.split() == ["60"], out


def test_ctrl_c_stops_a_wythoff_analysis(interrupt):
    # the solver polled its stop flag only when a count of solved positions was round, which
    # the unwinding recursion stepped over: Ctrl-C took 88 s
    code = (
        """
        import sys, time, onag
        print("started", flush=True)
        t = time.time()
        try:
            onag.games.wythoff("512:511,511")
        except KeyboardInterrupt:
            print("interrupted after %.2f s" % (time.time() - t), flush=True)
            sys.exit(0)
        print("finished", flush=True)
        sys.exit(3)
        """
    )
    interrupt(code, within=5)
