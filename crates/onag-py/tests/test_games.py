"""The registered games from Python (the same report as the CLI's --json), and games written in
Python: canonical() and grundy() against the built-in games on every small position, the laws
of sums, memo, bounds, cycles, bad classes and Ctrl-C."""

import itertools

import pytest

import onag
from onag import games


# --------------------------------------------------- a Domineering written in Python (README)
class Domineering:
    """Left places vertical dominoes, Right horizontal ones, on the empty cells."""

    def __init__(self, cells):
        self.cells = frozenset(cells)  # the empty cells, (row, column)

    def __hash__(self):
        return hash(self.cells)

    def __eq__(self, other):
        return self.cells == other.cells

    def _place(self, dr, dc):
        return [Domineering(self.cells - {(r, c), (r + dr, c + dc)})
                for (r, c) in self.cells if (r + dr, c + dc) in self.cells]

    def left_options(self):
        return self._place(1, 0)

    def right_options(self):
        return self._place(0, 1)

    def components(self):
        """The connected regions of empty cells, each moved to the corner."""
        left, parts = set(self.cells), []
        while left:
            region, todo = set(), [left.pop()]
            while todo:
                r, c = todo.pop()
                region.add((r, c))
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n in left:
                        left.remove(n)
                        todo.append(n)
            top, first = min(r for r, _ in region), min(c for _, c in region)
            parts.append(Domineering((r - top, c - first) for r, c in region))
        return parts


class OnDomineering:
    """A game played on a Domineering board: equal and hashed as the board."""

    def __init__(self, cells):
        self.board = Domineering(cells)

    def __hash__(self):
        return hash(self.board)

    def __eq__(self, other):
        return self.board == other.board


class Cram(OnDomineering):
    """Cram: either player places a domino either way (impartial: options() only)."""

    def options(self):
        return [Cram(d.cells) for d in self.board.left_options() + self.board.right_options()]

    def components(self):
        return [Cram(d.cells) for d in self.board.components()]


def notation(rows, cols, blocked):
    return "|".join(
        "".join("#" if (r, c) in blocked else "." for c in range(cols)) for r in range(rows)
    )


def boards(max_cells):
    """Every rectangle of at most `max_cells` cells with every pattern of filled cells, in a
    fixed order: (rows, cols, filled cells)."""
    for rows in range(1, max_cells + 1):
        for cols in range(1, max_cells // rows + 1):
            cells = [(r, c) for r in range(rows) for c in range(cols)]
            for mask in range(1 << len(cells)):
                yield rows, cols, frozenset(cells[i] for i in range(len(cells)) if mask >> i & 1)


def test_python_domineering_matches_the_builtin_on_every_board_of_at_most_12_cells():
    checked = 0
    for rows, cols, blocked in boards(12):
        empty = {(r, c) for r in range(rows) for c in range(cols)} - blocked
        mine = onag.canonical(Domineering(empty))
        builtin = games.domineering(notation(rows, cols, blocked)).game_value()
        assert mine == builtin, (notation(rows, cols, blocked), mine, builtin)
        checked += 1
    assert checked == sum(1 << (r * c) for r in range(1, 13) for c in range(1, 13) if r * c <= 12)


def test_python_cram_grundy_matches_the_builtin_on_every_board_of_at_most_9_cells():
    for rows, cols, blocked in boards(9):
        empty = {(r, c) for r in range(rows) for c in range(cols)} - blocked
        builtin = games.cram(notation(rows, cols, blocked))
        assert onag.grundy(Cram(empty)) == builtin.grundy, notation(rows, cols, blocked)
        # the impartial game as a partizan one: its canonical value is the nimber
        assert onag.canonical(Cram(empty)) == builtin.game_value()


class Plain(OnDomineering):
    """The same game with no components(): the solver sees whole positions only."""

    def left_options(self):
        return [Plain(d.cells) for d in self.board.left_options()]

    def right_options(self):
        return [Plain(d.cells) for d in self.board.right_options()]


def test_components_are_an_optimisation_not_a_change_of_value():
    for rows, cols, blocked in itertools.islice(boards(8), 0, None, 7):
        empty = {(r, c) for r in range(rows) for c in range(cols)} - blocked
        assert onag.canonical(Plain(empty)) == onag.canonical(Domineering(empty))


def test_values_of_python_games_add_and_compare_with_every_game():
    two_by_two = onag.canonical(Domineering({(0, 0), (0, 1), (1, 0), (1, 1)}))
    assert two_by_two == onag.game("+-1")
    vertical = onag.canonical(Domineering({(0, 0), (1, 0)}))
    assert vertical == 1 and vertical + onag.game("-1") == 0
    # the sum of two regions is the sum of the values
    apart = onag.canonical(Domineering({(0, 0), (1, 0), (0, 5), (0, 6)}))
    assert apart == 0
    assert two_by_two + two_by_two == onag.canonical(
        Domineering({(0, 0), (0, 1), (1, 0), (1, 1), (5, 5), (5, 6), (6, 5), (6, 6)}))


def test_the_memo_keeps_positions_across_calls():
    board = {(r, c) for r in range(3) for c in range(4)}
    onag.canonical(Domineering(board))
    before = onag.memo_usage()
    calls = []

    class Counting(Domineering):
        def _place(self, dr, dc):
            calls.append(1)
            return [Counting(d.cells) for d in Domineering._place(self, dr, dc)]

        def components(self):
            return [Counting(d.cells) for d in Domineering.components(self)]

    onag.canonical(Domineering(board))
    assert onag.memo_usage() == before, "nothing new is explored or solved"
    onag.canonical(Counting(board))  # another class: its own positions
    assert calls


def test_bounds_cycles_and_bad_classes_are_clear_errors():
    class Big:
        def __init__(self, n):
            self.n = n

        def __hash__(self):
            return hash(self.n)

        def __eq__(self, other):
            return self.n == other.n

        def options(self):
            return [Big(self.n - 1), Big(self.n - 2)] if self.n > 1 else []

    with pytest.raises(ValueError, match="more than 100 positions"):
        onag.grundy(Big(10_000), max_positions=100)

    class Loop:
        def __init__(self, n):
            self.n = n

        def __hash__(self):
            return self.n

        def __eq__(self, other):
            return self.n == other.n

        def __repr__(self):
            return f"Loop({self.n})"

        def options(self):
            return [Loop((self.n + 1) % 3)]

    with pytest.raises(RecursionError, match=r"cycle \(Loop\(0\) → Loop\(1\) → Loop\(2\) → Loop\(0\)\)"):
        onag.grundy(Loop(0))

    class NoMoves:
        pass

    with pytest.raises(TypeError, match="neither left_options"):
        onag.canonical(NoMoves())

    class Unhashable(list):
        def options(self):
            return []

    with pytest.raises(TypeError, match="hashable"):
        onag.grundy(Unhashable())

    with pytest.raises(TypeError, match="grundy\\(\\) needs an impartial game"):
        onag.grundy(Domineering({(0, 0), (1, 0)}))

    class Raises(Plain):
        def left_options(self):
            raise ZeroDivisionError("from the game")

    with pytest.raises(ZeroDivisionError, match="from the game"):
        onag.canonical(Raises({(0, 0), (1, 0), (2, 0)}))
    # the engine is still usable
    assert onag.canonical(Domineering({(0, 0), (1, 0)})) == 1


def test_ctrl_c_stops_a_python_game(interrupt):
    code = (
        """
        import sys, time
        import onag

        class Heaps:   # a sum of Nim heaps with no components(): every combination explored
            def __init__(self, heaps):
                self.heaps = tuple(sorted(heaps))
            def __hash__(self):
                return hash(self.heaps)
            def __eq__(self, other):
                return self.heaps == other.heaps
            def options(self):
                return [Heaps(self.heaps[:i] + (k,) + self.heaps[i + 1:])
                        for i, h in enumerate(self.heaps) for k in range(h)]

        print("started", flush=True)
        t = time.time()
        try:
            onag.grundy(Heaps([40] * 8), max_positions=1 << 30)
        except KeyboardInterrupt:
            print("interrupted after %.2f s" % (time.time() - t), flush=True)
            print(onag.canonical(Heaps([3, 5])), flush=True)
            sys.exit(0)
        print("finished", flush=True)
        sys.exit(3)
        """
    )
    out = interrupt(code)
    assert out.splitlines()[1] == "*6", out


# ------------------------------------------------------------- the registered games
def test_every_registered_game_has_a_function_and_analyses_its_example():
    names = [g["name"] for g in games.GAMES]
    assert "domineering" in names and "cram" in names
    for info in games.GAMES:
        function = getattr(games, info["name"].replace("-", "_"))
        report = function(info["example"])
        assert report.game == info["name"]
        assert report.kind == info["kind"]
        assert report.game_value() == onag.game(report.canonical)
        for m in report.moves:
            assert set(m) >= {"player", "label", "position", "value", "winning"}


def test_reports_have_the_cli_field_names_and_values(cli):
    for info in games.GAMES:
        mine = games.analyze(info["name"], info["example"])
        theirs = cli("game", info["name"], info["example"])
        # one report: the CLI's JSON is Python's object, field for field
        assert mine == theirs, info["name"]


def test_bad_positions_are_parse_errors_with_a_position():
    with pytest.raises(onag.ParseError) as e:
        games.domineering("..|.x")
    assert e.value.position == 4  # 0-based, as every ParseError
    assert "'x' is not a cell" in str(e.value)
    with pytest.raises(ValueError, match="no game 'chess'"):
        games.analyze("chess", "..")
