"""onag.loopy_value: games written in Python whose moves cycle, solved as loopy games."""

import doctest
import random

import pytest

import onag


def test_loopy_value_docstring():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(onag.loopy_value, "loopy_value", globs={"loopy_value": onag.loopy_value}):
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


class Vertex:
    """A vertex of a fixed digraph (impartial: options())."""

    def __init__(self, edges, v):
        self.edges, self.v = edges, v

    def __hash__(self):
        return hash((id(self.edges), self.v))

    def __eq__(self, o):
        return self.edges is o.edges and self.v == o.v

    def __repr__(self):
        return f"V{self.v}"

    def options(self):
        return [Vertex(self.edges, w) for w in self.edges[self.v]]


def retrograde(edges):
    """Win / loss / draw of the player to move at every vertex, by retrograde analysis:
    independent of the engine and of Smith's theory."""
    n = len(edges)
    result = [None] * n
    pending = [len(set(e)) for e in edges]
    preds = [[] for _ in range(n)]
    for v, e in enumerate(edges):
        for w in set(e):
            preds[w].append(v)
    queue = [v for v in range(n) if pending[v] == 0]
    for v in queue:
        result[v] = "P"
    while queue:
        w = queue.pop()
        for v in preds[w]:
            if result[v] is not None:
                continue
            if result[w] == "P":
                result[v] = "N"
                queue.append(v)
            else:
                pending[v] -= 1
                if pending[v] == 0:
                    result[v] = "P"
                    queue.append(v)
    return [r or "D" for r in result]


def test_impartial_outcomes_match_retrograde_analysis():
    rng = random.Random(34)
    for _ in range(150):
        n = rng.randint(1, 8)
        edges = [[rng.randrange(n) for _ in range(rng.randint(0, 3))] for _ in range(n)]
        truth = retrograde(edges)
        for v in range(n):
            r = onag.loopy_value(Vertex(edges, v))
            assert r.kind == "impartial"
            assert r.outcome == truth[v], (edges, v, r.value)
            if r.outcome == "N":
                assert truth[int(r.best[1:])] == "P"
            elif r.outcome == "D":
                assert truth[int(r.best[1:])] == "D"
            else:
                assert r.best is None


class Named:
    """A partizan graph by names: {name: (left options, right options)}."""

    def __init__(self, graph, name):
        self.graph, self.name = graph, name

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, o):
        return isinstance(o, Named) and self.graph is o.graph and self.name == o.name

    def left_options(self):
        return [Named(self.graph, x) for x in self.graph[self.name][0]]

    def right_options(self):
        return [Named(self.graph, x) for x in self.graph[self.name][1]]


def test_partizan_loops_give_the_loopy_report_of_the_notation():
    # over = {0 | pass}; tis = {tisn |}, tisn = {| tis}; on + off = dud
    over = {"a": (["0"], ["a"]), "0": ([], [])}
    assert onag.loopy_value(Named(over, "a")).value == onag.loopy("over").value == "over"
    tis = {"tis": (["tisn"], []), "tisn": ([], ["tis"])}
    r = onag.loopy_value(Named(tis, "tis"))
    assert (r.kind, r.value, r.onside, r.offside) == ("partizan", "tis", "1", "0")
    dud = {"d": (["d"], ["d"])}
    assert onag.loopy_value(Named(dud, "d")).outcome_text == onag.loopy("dud").outcome_text


def test_short_solvers_refuse_a_cycle_and_name_the_loopy_entry_point():
    loop = {"a": (["b"], []), "b": (["a"], [])}
    with pytest.raises(RecursionError, match="loopy_value"):
        onag.canonical(Named(loop, "a"))
    with pytest.raises(RecursionError, match="loopy_value"):
        onag.grundy(Vertex([[1], [0]], 0))


class Counter:
    """Endless: n → n + 1."""

    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return self.n

    def __eq__(self, o):
        return self.n == o.n

    def options(self):
        return [Counter(self.n + 1)]


def test_max_positions_bounds_the_exploration():
    with pytest.raises(ValueError, match="more than 50 positions"):
        onag.loopy_value(Counter(10**9), max_positions=50)
