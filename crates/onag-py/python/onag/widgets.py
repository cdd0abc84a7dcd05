"""Live boards in notebooks (anywidget): every registered game and the heap games.

A widget draws the position with the web pages' own board code and computes with their
WebAssembly engine (both embedded in the package from the pages' files); the user edits the
board, plays moves for either side with each move's value and ✓/✗, asks the engine for a move
and undoes. The position is a traitlet: set it from Python and the board redraws; play or edit
on the board and Python sees it. ``value``, ``outcome``, ``temperature``, ``atomic_weight`` and
``thermograph`` (SVG) follow the position, computed here by the native engine, so they are
there without a browser too.

The loopy games (Fox and Geese, Backsliding Toads and Frogs, Hare and Hounds, Wind-Up:
``board("fox-and-geese", "F.../..../..../.G.G")``, ``board("hare-and-hounds")``) draw the loopy
pages' board: each piece with moves is marked with its best result for the mover and a
selected piece's targets with theirs (✓ win, = draw, ✗ loss); ``value`` is the loopy value (a
stopper or sides, ``None`` where the game graph is too large for it; an impartial game's loopy
nim-value) and ``outcome`` the outcome with draws, as ``onag loopy`` reports them.

Impartial games (the heap games, Cram, Turning Corners, Wythoff) also play misère — the player
who cannot move wins (Conway, *On Numbers and Games*, ch. 12): ``board(..., misere=True)``,
``heaps(..., misere=True)`` or ``w.misere = True``; the board then marks each move's misère
✓/✗ with the genus it leaves, ``value`` is the misère canonical form (a sum of heaps: its
genus), ``outcome`` the misère outcome and ``genus`` the genus.

In a notebook::

    w = board("domineering", "..|..")     # or onag.games.domineering("..|..").widget()
    w                                      # the board
    w.position = "#.|#."                   # the board redraws; w.value is now "-1"

Needs the ``[notebook]`` extra (``pip install 'onag[notebook]'``: anywidget). JupyterLab, Jupyter
Notebook 7 and VS Code render it.
"""

import json
from functools import lru_cache
from typing import Any, Dict, Optional, Sequence

from . import _onag

__all__ = ["board", "heaps", "Board"]

_SOURCES_MARK = "/* ONAG_SOURCES */ {}"


@lru_cache(maxsize=1)
def _assets() -> Dict[str, Any]:
    """The widget's ES module (the pages' files inside it) and the engine's bytes."""
    assets = _onag.widget_assets()
    entry = assets["entry"]
    if _SOURCES_MARK not in entry:  # the entry and this module come from one build
        raise RuntimeError("the widget's entry module has no place for its sources")
    # `</` is escaped so the text is safe wherever a front end inlines the module.
    sources = json.dumps(assets["sources"]).replace("</", "<\\/")
    return {"esm": entry.replace(_SOURCES_MARK, sources, 1), "wasm": assets["wasm"]}


def esm() -> str:
    """The widget's ES module, as anywidget loads it (``_esm``)."""
    return _assets()["esm"]


def _analysis(game: str, page: Dict[str, Any], position: str, to_move: str,
              misere: bool = False) -> Dict[str, Any]:
    """What the widget reports of ``position``: value, outcome, temperature, atomic weight and
    the thermograph's SVG (``None`` where the game has none), and under misère play the genus;
    raises ``ValueError`` (a ``ParseError`` for bad notation) as :func:`onag.games.analyze`
    does."""
    if page.get("loopy"):
        if misere:
            raise ValueError(f"{game} is a loopy game: the widget plays it under normal play")
        return _loopy_analysis(game, position, to_move)
    if misere:
        return _misere_analysis(game, page, position)
    if page.get("board") == "heaps":
        from ._heaps import Heaps

        sizes = _heap_sizes(position)
        r = Heaps(game).position(sizes) if sizes else None
        nim_sum = r["nim_sum"] if r else 0
        return {"value": f"*{nim_sum}" if nim_sum else "0", "outcome": "N" if nim_sum else "P",
                "temperature": None, "atomic_weight": None, "thermograph": None, "genus": None}
    from .games import analyze

    r = analyze(game, position)
    return {
        "value": r["value"],
        "outcome": r["outcome"],
        "temperature": r["temperature"],
        "atomic_weight": r.get("atomic_weight"),
        "thermograph": (r.get("thermograph") or {}).get("svg"),
        "genus": None,
    }


def _loopy_analysis(game: str, position: str, to_move: str) -> Dict[str, Any]:
    """A loopy game's report in the widget's fields: ``value`` the loopy value (a stopper, or
    sides ``G+ & G-``; ``None`` where the game graph is too large for it), ``outcome`` the
    outcome with draws (``L``, ``R``, ``P``, ``N``, or the results each way: ``Left first:
    draw, Right first: draw``); ``ValueError`` for bad notation. The same route as the loopy
    pages and the front end."""
    r = _onag.loopy_play(game, position, to_move)
    return {"value": r["value"], "outcome": r["outcome_text"], "temperature": None,
            "atomic_weight": None, "thermograph": None, "genus": None}


def _misere_analysis(game: str, page: Dict[str, Any], position: str) -> Dict[str, Any]:
    """The misère report of ``position`` in the widget's fields: ``value`` the misère
    canonical form (a sum of heaps: its genus), ``outcome`` and ``genus``; ``ValueError`` for a
    partizan game."""
    none = {"temperature": None, "atomic_weight": None, "thermograph": None}
    if page.get("board") == "heaps":
        from ._heaps import Heaps

        sizes = _heap_sizes(position)
        if not sizes:  # no move: the player to move has won
            return {"value": "0^120", "outcome": "N", "genus": "0^120", **none}
        r = Heaps(game).position(sizes, misere=True)
        return {"value": r["genus"], "outcome": r["outcome"], "genus": r["genus"], **none}
    if not page.get("impartial"):
        raise ValueError(f"{game} is partizan: misère play is for impartial games")
    from .games import analyze

    r = analyze(game, position, misere=True)
    return {"value": r["form"] or r["genus"], "outcome": r["outcome"], "genus": r["genus"], **none}


def _heap_sizes(position: str) -> Sequence[int]:
    """The heap sizes of a heap game's position (``"3 5 7"``), empty heaps left out."""
    sizes = []
    for part in position.replace(",", " ").replace("+", " ").split():
        if not part.isdigit():
            raise ValueError(f"{part!r} is not a heap size (whole numbers separated by spaces)")
        if int(part) > 0:
            sizes.append(int(part))
    return sizes


@lru_cache(maxsize=1)
def _widget_class() -> Any:
    """The widget class, made on first use so that ``import onag`` needs no anywidget."""
    try:
        import anywidget
        import traitlets
    except ImportError as e:  # pragma: no cover - the [notebook] extra is missing
        raise ImportError(
            "onag's widgets need anywidget: pip install 'onag[notebook]' (or pip install anywidget)"
        ) from e

    class Board(anywidget.AnyWidget):  # type: ignore[misc]
        """A live board (see :mod:`onag.widgets`). Traitlets: ``position`` and ``to_move``
        (``"left"`` / ``"right"``) — read and set them —, ``game``, and what follows the
        position: ``value``, ``outcome``, ``temperature``, ``atomic_weight``, ``thermograph``
        (SVG), ``None`` where the game has none."""

        _esm = traitlets.Unicode().tag(sync=True)
        _wasm = traitlets.Bytes().tag(sync=True)
        game = traitlets.Unicode().tag(sync=True)
        page = traitlets.Dict().tag(sync=True)
        position = traitlets.Unicode().tag(sync=True)
        to_move = traitlets.Enum(["left", "right"], default_value="left").tag(sync=True)
        value = traitlets.Unicode(allow_none=True, default_value=None).tag(sync=True)
        outcome = traitlets.Unicode(allow_none=True, default_value=None).tag(sync=True)
        temperature = traitlets.Unicode(allow_none=True, default_value=None).tag(sync=True)
        atomic_weight = traitlets.Unicode(allow_none=True, default_value=None).tag(sync=True)
        thermograph = traitlets.Unicode(allow_none=True, default_value=None).tag(sync=True)
        misere = traitlets.Bool(False).tag(sync=True)
        genus = traitlets.Unicode(allow_none=True, default_value=None).tag(sync=True)

        def __init__(self, game: str, page: Dict[str, Any], position: str, to_move: str = "left",
                     misere: bool = False):
            assets = _assets()
            # The position is checked (and analysed) before the widget exists: bad notation
            # raises here, with the engine's message and place.
            first = _analysis(game, page, position, to_move, misere)
            super().__init__(_esm=assets["esm"], _wasm=assets["wasm"], game=game, page=page,
                             position=position, to_move=to_move, misere=misere, **first)

        @traitlets.validate("position")
        def _check(self, proposal: Any) -> str:
            text = proposal["value"]
            if self.game:  # after __init__: analyse the new position, or refuse it
                try:
                    self._next = _analysis(self.game, self.page, text, self.to_move, self.misere)
                except ValueError as e:
                    raise traitlets.TraitError(f"{text!r}: {e}") from e
            return text

        @traitlets.observe("position")
        def _follow(self, change: Any) -> None:
            update = getattr(self, "_next", None)
            self._next = None
            if update is not None:
                with self.hold_sync():
                    for k, v in update.items():
                        setattr(self, k, v)

        @traitlets.validate("misere")
        def _check_misere(self, proposal: Any) -> bool:
            flag = bool(proposal["value"])
            if self.game:  # after __init__: analyse under the new convention, or refuse it
                try:
                    self._convention = _analysis(self.game, self.page, self.position,
                                                 self.to_move, flag)
                except ValueError as e:
                    raise traitlets.TraitError(str(e)) from e
            return flag

        @traitlets.observe("misere")
        def _follow_misere(self, change: Any) -> None:
            update = getattr(self, "_convention", None)
            self._convention = None
            if update is not None:
                with self.hold_sync():
                    for k, v in update.items():
                        setattr(self, k, v)

        def __repr__(self) -> str:
            return f"<onag widget {self.game} {self.position!r} = {self.value}>"

    return Board


def board(game: str, position: Optional[str] = None, to_move: str = "left",
          misere: bool = False) -> Any:
    """A live board of the registered game ``game`` (``onag.games.GAMES``, or a loopy game of
    ``_onag.loopy_games()``: ``fox-and-geese``, ``backsliding-toads``) at ``position`` (its
    notation; the registry's example when ``None``), ``to_move`` moving first; with
    ``misere=True`` (impartial games) in misère play."""
    from .games import GAMES

    info = next((g for g in GAMES if g["name"] == game), None)
    if info is None:
        loopy = _onag.loopy_games()
        found = next((g for g in loopy if g["name"] == game), None)
        if found is None:
            names = ", ".join(g["name"] for g in GAMES)
            loopy_names = ", ".join(g["name"] for g in loopy)
            raise ValueError(f"no registered game {game!r} (the games: {names}; the loopy "
                             f"games: {loopy_names})")
        # The side names as the loopy pages show them: "Left (the geese)", "Right (the fox)".
        sides = [f"{who} ({side})" for who, side in zip(("Left", "Right"), found["sides"])]
        page = dict(found["page"], title=found["title"], loopy=True, sides=sides)
        return _widget_class()(game, page, found["example"] if position is None else position,
                               to_move, misere)
    page = dict(info["page"], title=info["title"], impartial=info["kind"] == "impartial")
    return _widget_class()(game, page, info["example"] if position is None else position, to_move,
                           misere)


def heaps(ruleset: str, sizes: Sequence[int] = (3, 5, 7), misere: bool = False) -> Any:
    """A live board of the heap game ``ruleset`` (an octal or hexadecimal code, ``grundy``,
    a subtraction set: :func:`onag.heaps`) with heaps of ``sizes``; the position traitlet is
    the sizes separated by spaces; ``misere=True`` for misère play."""
    from ._heaps import Heaps

    rules = Heaps(ruleset)
    title = f"{rules.ruleset} ({rules.name})" if rules.name else rules.ruleset
    page = {"board": "heaps", "title": f"Heaps of {title}", "impartial": True}
    return _widget_class()(rules.ruleset, page, " ".join(str(int(n)) for n in sizes),
                           misere=misere)


def __getattr__(name: str) -> Any:
    """``onag.widgets.Board``: the widget class (anywidget is imported then)."""
    if name == "Board":
        return _widget_class()
    raise AttributeError(name)
