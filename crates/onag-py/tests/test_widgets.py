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


def _misere_wins(heaps, moves, memo=None):
    """Whether the player to move wins ``heaps`` in misère play, by exhaustive search: no
    move at all wins (no theory of genus)."""
    memo = {} if memo is None else memo
    key = tuple(sorted(h for h in heaps if h))
    if key not in memo:
        wins = not key
        for i, n in enumerate(key):
            for leave in moves(n):
                if not _misere_wins(key[:i] + key[i + 1:] + tuple(leave), moves, memo):
                    wins = True
                    break
            if wins:
                break
        memo[key] = wins
    return memo[key]


def _kayles(n):
    """Kayles (0.77): take 1 or 2 pins, the rest may split in two."""
    return [[a, n - t - a] for t in (1, 2) if n >= t for a in range(0, (n - t) // 2 + 1)]


def test_the_misere_traitlet_round_trips_and_follows_the_convention():
    import traitlets

    h = widgets.heaps("kayles", [2, 3], misere=True)
    assert h.misere is True and h.get_state()["misere"] is True
    want = "N" if _misere_wins((2, 3), _kayles) else "P"
    assert h.outcome == want and h.genus == h.value and "^" in h.genus
    # Python moves the position: the misère outcome follows (against the brute force).
    for sizes in ([1], [1, 1], [3], [1, 2, 4], [4, 4]):
        h.position = " ".join(map(str, sizes))
        assert h.outcome == ("N" if _misere_wins(tuple(sizes), _kayles) else "P"), sizes
    # No heap left: the player to move cannot move, and wins.
    h.position = ""
    assert h.outcome == "N"
    # The front end unticks its box (a comm message): normal play again.
    h.position = "1 1"
    h.set_state({"misere": False})
    assert (h.misere, h.value, h.outcome, h.genus) == (False, "0", "P", None)
    h.misere = True
    assert (h.outcome, h.get_state()["misere"]) == ("N", True)  # misère 1 + 1: take one, win

    w = widgets.board("cram", "..|..", misere=True)
    r = games.analyze("cram", "..|..", misere=True)
    assert (w.value, w.outcome, w.genus) == (r.form, r.outcome, r.genus)
    assert w.page["impartial"] is True
    w.misere = False
    _expect(w, "cram", "..|..")
    # Partizan games have no misère mode here: refused, nothing changes.
    d = widgets.board("domineering", "..|..")
    assert d.page["impartial"] is False
    with pytest.raises(traitlets.TraitError, match="partizan"):
        d.misere = True
    assert d.misere is False
    with pytest.raises(ValueError, match="partizan"):
        widgets.board("domineering", "..|..", misere=True)
