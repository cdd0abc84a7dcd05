"""onag.solve: the outcome search from Python agrees with the canonical forms of
onag.games.analyze (a separate engine), refuses bad positions, and answers "not proven" past
its time budget."""

import doctest
import time

import pytest

import onag


@pytest.mark.parametrize(
    "game,position",
    [
        ("domineering", "....|....|....|...."),
        ("domineering", "...|...|..."),
        ("clobber", "xox|oxo"),
        ("konane", "xox|oxo|xox"),
        ("snort", "...."),
        ("cram", "...|..."),
    ],
)
def test_proven_outcomes_agree_with_the_canonical_forms(game, position):
    r = onag.solve(game, position)
    assert r.proven and r.outcome == onag.games.analyze(game, position).outcome
    first = {"L": (True, False), "R": (False, True), "N": (True, True), "P": (False, False)}
    assert (r.left_first_wins, r.right_first_wins) == first[r.outcome]
    # A winning move leads to a position the opponent, moving first, loses.
    if r.left_first_wins:
        assert not onag.solve(game, r.left_after).right_first_wins
    else:
        assert r.left_move is None and r.left_after is None
    if r.right_first_wins:
        assert not onag.solve(game, r.right_after).left_first_wins
    assert r.nodes >= 0 and r.unproven is None


def test_bad_input_raises():
    with pytest.raises(onag.ParseError) as e:
        onag.solve("domineering", "..|.x")
    assert e.value.position is not None
    with pytest.raises(ValueError):
        onag.solve("chess", "....")
    with pytest.raises(ValueError):
        onag.solve("snort", "..", max_seconds=0)


def test_past_the_time_budget_it_is_not_proven():
    start = time.monotonic()
    r = onag.solve("domineering", "|".join(["........"] * 8), max_seconds=0.3)
    assert time.monotonic() - start < 5
    assert r.proven is False and r.outcome is None and r.left_move is None
    assert r.unproven.max_seconds == 0.3
    assert r.unproven.message.startswith("not proven within the budget of 0.3 s")


def test_the_docstring_example_runs():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(onag.solve, "onag.solve", globs={"solve": onag.solve})
    assert tests and tests[0].examples
    for t in tests:
        runner.run(t)
    assert runner.failures == 0
