"""The loopy games' notebook widgets (onag.widgets.board for Fox and Geese and Backsliding Toads
and Frogs) without a browser: the position traitlet round trips both ways — set from Python,
and set by the front end (the comm's ``set_state``) — and ``value`` / ``outcome`` (with draws)
follow it, equal to the engine's loopy report of the position; bad notation is refused and
leaves the position as it was; an unknown game's error lists the loopy games too. The front
end itself is tested in web-tests/tests/widget-loopy.test.js."""

import os

import pytest

from onag import _onag, widgets


@pytest.fixture(scope="module", autouse=True)
def _anywidget():
    try:
        import anywidget  # noqa: F401
    except ImportError as e:
        if os.environ.get("ONAG_REQUIRE_NOTEBOOK") == "1":
            raise
        pytest.skip(f"the widgets need anywidget (pip install 'onag[notebook]'): {e}")


def _expect(w, game, position, to_move="left"):
    r = _onag.loopy_play(game, position, to_move)
    assert (w.value, w.outcome) == (r["value"], r["outcome_text"])
    assert w.temperature is None and w.thermograph is None


def test_fox_and_geese_values_are_the_literatures():
    # 4 × 4 with two geese is `over`, a win for the geese whoever starts (the library's
    # doc-test; Fox and Geese: *Winning Ways*, ch. 20 "Fox and Geese; Hare and Hounds").
    w = widgets.board("fox-and-geese", "F.../..../..../.G.G")
    assert (w.value, w.outcome) == ("over", "L")
    # T.F: whoever moves first loses (Backsliding Toads and Frogs: 0).
    w = widgets.board("backsliding-toads", "T.F")
    assert (w.value, w.outcome) == ("0", "P")


@pytest.mark.parametrize("info", _onag.loopy_games(), ids=lambda g: g["name"])
def test_position_round_trips_for_every_loopy_game(info):
    import traitlets

    name = info["name"]
    w = widgets.board(name)
    assert w.position == info["example"] and w.to_move == "left" and w.game == name
    assert w.page["loopy"] is True and w.page["board"] == info["page"]["board"]
    assert w.page["sides"] == [f"Left ({info['sides'][0]})", f"Right ({info['sides'][1]})"]
    assert w.page["title"] == info["title"]
    _expect(w, name, info["example"])

    # Python sets a position (the example after Left's first move): the values follow.
    moves = _onag.loopy_play(name, info["example"], "left")["moves"]
    assert moves, "the example has a move for Left"
    after = moves[0]["position"]
    w.position = after
    assert w.get_state()["position"] == after
    _expect(w, name, after)

    # The front end plays: its state update reaches Python.
    w.set_state({"position": info["example"], "to_move": "right"})
    assert (w.position, w.to_move) == (info["example"], "right")
    _expect(w, name, info["example"], "right")

    # Bad notation is refused with the engine's message; nothing changes.
    with pytest.raises(traitlets.TraitError) as refused:
        w.position = "@@ not a position @@"
    assert isinstance(refused.value.__cause__, ValueError)
    assert w.position == info["example"]


def test_a_draw_is_an_outcome():
    # Toads and frogs that have passed each other shuffle back and forth for ever.
    w = widgets.board("backsliding-toads", "FF..TT", to_move="right")
    r = _onag.loopy_play("backsliding-toads", "FF..TT", "right")
    assert r["result"] == "draw" and r["winner"] is None
    assert w.outcome == r["outcome_text"] == "Left first: draw, Right first: draw"


def test_unknown_games_list_the_loopy_games_and_misere_is_refused():
    with pytest.raises(ValueError) as e:
        widgets.board("chess")
    for name in ("domineering", "fox-and-geese", "backsliding-toads"):
        assert name in str(e.value)
    with pytest.raises(ValueError, match="loopy"):
        widgets.board("fox-and-geese", misere=True)
