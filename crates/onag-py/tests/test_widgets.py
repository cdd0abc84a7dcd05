"""The notebook widgets (onag.widgets) without a browser: for every registered game and a heap
game, the position traitlet round trips both ways — set from Python, and set by the front end
(the comm's ``set_state``) — and the value, outcome, temperature, atomic weight and thermograph
follow it, equal to the engine's report of the position; bad notation is refused and leaves the
position as it was. The front end itself is tested in web-tests/tests/widget.test.js."""

import os

import pytest

import onag
from onag import games, widgets


@pytest.fixture(scope="module", autouse=True)
def _anywidget():
    try:
        import anywidget  # noqa: F401
    except ImportError as e:
        if os.environ.get("ONAG_REQUIRE_NOTEBOOK") == "1":
            raise
        pytest.skip(f"the widgets need anywidget (pip install 'onag[notebook]'): {e}")


def _expect(w, game, position):
    r = games.analyze(game, position)
    assert (w.value, w.outcome, w.temperature) == (r.value, r.outcome, r.temperature)
    assert w.atomic_weight == r.get("atomic_weight")
    assert w.thermograph == r.thermograph.svg and w.thermograph.startswith("<svg")


@pytest.mark.parametrize("info", games.GAMES, ids=[g["name"] for g in games.GAMES])
def test_position_round_trips_for_every_registered_game(info):
    name = info["name"]
    w = widgets.board(name)
    assert w.position == info["example"] and w.to_move == "left" and w.game == name
    assert w.page["board"] == info["page"]["board"] and w.page["title"] == info["title"]
    _expect(w, name, info["example"])

    # Python sets a position (the position after the example's first move): the values follow,
    # and the state the front end is sent carries it.
    after = games.analyze(name, info["example"]).moves[0].position
    w.position = after
    assert w.get_state()["position"] == after
    _expect(w, name, after)

    # The front end plays or edits: its state update (what a comm message does) reaches Python.
    w.set_state({"position": info["example"], "to_move": "right"})
    assert (w.position, w.to_move) == (info["example"], "right")
    _expect(w, name, info["example"])

    # Bad notation is refused with the engine's message; nothing changes.
    import traitlets

    with pytest.raises(traitlets.TraitError) as refused:
        w.position = "@@ not a position @@"
    assert isinstance(refused.value.__cause__, ValueError)  # the engine's error, kept
    assert w.position == info["example"]
    _expect(w, name, info["example"])


def test_a_report_and_heaps_give_their_widgets():
    import traitlets

    w = games.domineering("..|..").widget()
    assert (w.game, w.position, w.value, w.outcome) == ("domineering", "..|..", "±1", "N")
    h = onag.heaps("0.137").widget([3, 4])
    assert (h.game, h.page["board"], h.position) == ("0.137", "heaps", "3 4")
    # G(3) = 2, G(4) = 0, G(5) = 3 for Dawson's chess (Winning Ways, ch. 4): nim-sums.
    assert (h.value, h.outcome) == ("*2", "N")
    h.set_state({"position": "4"})
    assert (h.value, h.outcome) == ("0", "P")
    h.position = "5 1"
    assert h.value == "*2"
    h.position = ""
    assert (h.value, h.outcome) == ("0", "P")
    with pytest.raises(traitlets.TraitError):
        h.position = "3 x"
    with pytest.raises(ValueError, match="no registered game"):
        widgets.board("chess")


def test_the_module_carries_the_pages_files_and_engine():
    assets = onag._onag.widget_assets()
    esm = widgets.esm()
    assert "/* ONAG_SOURCES */" not in esm and "export default" in esm
    for name, text in assets["sources"].items():
        assert name in esm
    # The same bytes as the pages' engine: a WebAssembly module (empty only in a build made
    # with ONAG_SKIP_WASM, which scripts/test never makes).
    w = widgets.board("cram", "..|..")
    assert w._wasm == assets["wasm"]
    if os.environ.get("ONAG_REQUIRE_NOTEBOOK") == "1":
        assert assets["wasm"][:4] == b"\0asm"
