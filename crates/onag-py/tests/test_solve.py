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


def test_threads_give_the_same_answer_and_stop_in_time():
    board = "|".join(["........"] * 6)  # 6×8: Right wins whoever starts (Breuker et al. 2000)
    one, two = onag.solve("domineering", board), onag.solve("domineering", board, threads=2)
    assert one.outcome == two.outcome == "R"
    assert two.left_first_wins is False and two.right_move is not None
    assert onag.solve("domineering", two.right_after).left_first_wins is False
    start = time.monotonic()
    big = onag.solve("domineering", "|".join(["........"] * 8), max_seconds=0.3, threads=2)
    assert time.monotonic() - start < 5 and big.proven is False
    for bad in (0, -1, 257):
        with pytest.raises(ValueError, match="threads"):
            onag.solve("domineering", board, threads=bad)


def test_the_docstring_example_runs():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(onag.solve, "onag.solve", globs={"solve": onag.solve})
    assert tests and tests[0].examples
    for t in tests:
        runner.run(t)
    assert runner.failures == 0


def test_domineering_regions_counts_values_progress_and_refusals():
    """The census from Python: the free polyominoes' counts (OEIS A000105), the hottest region
    of each size worth what onag.games.analyze says, progress per size, and bad sizes refused."""
    seen = []
    r = onag.domineering_regions(8, progress=lambda done, total: seen.append((done, total)))
    assert [row["classes"] for row in r.sizes] == [1, 1, 2, 5, 12, 35, 108, 369]
    assert [row["fixed"] for row in r.sizes] == [1, 2, 6, 19, 63, 216, 760, 2725]
    assert seen and seen[-1] == (8, 8) and all(t == 8 for _, t in seen)
    for row in r.sizes[3:]:
        for board, value in row["hottest"]:
            a = onag.games.analyze("domineering", board)
            assert (a.canonical, str(a.temperature)) == (value, row["max_temperature"]), board
    for bad in (0, 21):
        with pytest.raises(ValueError, match="max_cells"):
            onag.domineering_regions(bad)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for t in finder.find(onag.domineering_regions, "onag.domineering_regions",
                         globs={"domineering_regions": onag.domineering_regions}):
        runner.run(t)
    assert runner.failures == 0
