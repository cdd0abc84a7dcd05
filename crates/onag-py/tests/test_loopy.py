"""onag.loopy: the loopy report of a game in the loopy notation (docs/loopy.md)."""

import doctest

import pytest

import onag


def test_loopy_docstring():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(onag.loopy, "loopy", globs={"loopy": onag.loopy}):
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


def test_named_values_and_stops():
    on = onag.loopy("on")
    assert (on.value, on.outcome_text, on.stopper, on.left_stop, on.right_stop) == (
        "on", "L", True, "on", "on")
    assert on.mean is None
    r = onag.loopy("{0|pass} + 1")  # 1 + over
    assert (r.value, r.left_stop, r.right_stop, r.mean) == ("1over", "1over", "1over", "1")
    hot = onag.loopy("{on|off}")
    assert (hot.left_stop, hot.right_stop) == ("on", "off")


def test_sides_of_a_game_that_is_not_a_stopper():
    t = onag.loopy("tis")  # tis = {tisn|}, tisn = {|tis}: 1 & 0
    assert (t.value, t.stopper, t.onside, t.offside) == ("tis", False, "1", "0")
    assert (t.onside_stops, t.offside_stops) == (["1", "1"], ["0", "0"])
    assert t.left_stop is None


def test_bad_notation_is_a_value_error_with_its_place():
    with pytest.raises(ValueError, match="at character 7"):
        onag.loopy("{pass|")


def test_sided_values_and_comparisons():
    s = onag.loopy("1 & 0")  # tis, as CGSuite writes it
    assert (s.value, s.stopper, s.onside, s.offside) == ("tis", False, "1", "0")
    c = onag.loopy_compare("dud", "on & off")
    assert (c.relation, c.le, c.ge) == ("=", True, True)
    c = onag.loopy_compare("on", "1000")
    assert (c.relation, c.le, c.ge) == (">", False, True)
    assert c.left["value"] == "on" and c.right["value"] == "1000"
    with pytest.raises(ValueError, match="at character 5"):
        onag.loopy("off & on")
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(onag.loopy_compare, "loopy_compare",
                            globs={"loopy_compare": onag.loopy_compare}):
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


def test_reduced_canonical_form_of_stoppers():
    # the value modulo infinitesimals (Siegel, "Reduced canonical forms of stoppers", 2006)
    assert onag.loopy("{pass|3/2}").reduced == "3/2"
    assert onag.loopy("2over").reduced == "2"
    assert onag.loopy("^ + over").reduced == "0"
    r = onag.loopy("on")
    assert (r.reduced, r.reduced_note) == ("on", None)
    # not a stopper: no reduced canonical form, and no note
    t = onag.loopy("tis")
    assert (t.reduced, t.reduced_note) == (None, None)
