"""The registered games from Python (the same report as the CLI's --json), and games written in
Python: canonical() and grundy() against the built-in games on every small position, the laws
of sums, memo, bounds, cycles, bad classes and Ctrl-C."""

import itertools
import os
import signal
import subprocess
import sys
import textwrap

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


class Cram:
    """Cram: either player places a domino either way (impartial: options() only)."""

    def __init__(self, cells):
        self.board = Domineering(cells)

    def __hash__(self):
        return hash(self.board)

    def __eq__(self, other):
        return self.board == other.board

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
