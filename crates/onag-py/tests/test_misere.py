"""Misère play from Python: the registry's impartial games, heap games and games written in
Python, checked against a brute-force misère outcome written here (the game graph alone: a
position with no move is won by the player to move; otherwise it is won iff some move leads to
a position lost for the player to move), and Bouton's misère rule for Nim."""

import doctest
from functools import lru_cache

import pytest

import onag
from onag import games, heaps


class Nim:
    """A position of Nim written in Python: a sorted tuple of heaps."""

    def __init__(self, hs):
        self.hs = tuple(sorted(h for h in hs if h))

    def options(self):
        out = set()
        for i, h in enumerate(self.hs):
            for k in range(h):
                out.add(Nim(self.hs[:i] + (k,) + self.hs[i + 1:]))
        return list(out)

    def __eq__(self, other):
        return isinstance(other, Nim) and self.hs == other.hs

    def __hash__(self):
        return hash(self.hs)

    def __repr__(self):
        return f"Nim{self.hs}"


@lru_cache(maxsize=None)
def misere_p_nim(hs):
    """Brute force: True iff the Nim position (sorted tuple) is a misère P-position."""
    moves = {tuple(sorted(x for x in hs[:i] + (k,) + hs[i + 1:] if x))
             for i, h in enumerate(hs) for k in range(h)}
    if not moves:
        return False  # no move: the player to move has won
    return all(not misere_p_nim(m) for m in moves)


def bouton(hs):
    """Bouton's misère rule (Winning Ways, ch. 13)."""
    if any(h >= 2 for h in hs):
        x = 0
        for h in hs:
            x ^= h
        return x == 0
    return sum(hs) % 2 == 1


@pytest.mark.parametrize("hs", [(), (1,), (1, 1), (2,), (2, 2), (1, 2, 3), (1, 1, 1), (3, 5)])
def test_python_defined_game_matches_brute_force(hs):
    r = onag.misere(Nim(hs))
    p = misere_p_nim(tuple(sorted(h for h in hs if h)))
    assert p == bouton(hs)
    assert r["outcome"] == ("P" if p else "N")
    for m in r["moves"]:
        after = tuple(sorted(int(x) for x in m["position"][4:-1].split(",") if x.strip()))
        assert m["winning"] == misere_p_nim(after), m
    if len(hs) == 1 and hs[0] >= 2:
        assert r["nim_heap"] == hs[0] and r["form"] == f"*[{hs[0]}]"


def cram_p(board):
    """Brute force of misère Cram from the board text alone ('.' empty, '#' filled, '|' rows)."""
    rows = tuple(board.split("|"))

    @lru_cache(maxsize=None)
    def p(rows):
        moves = []
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch != ".":
                    continue
                if c + 1 < len(row) and row[c + 1] == ".":
                    moves.append(rows[:r] + (row[:c] + "##" + row[c + 2:],) + rows[r + 1:])
                if r + 1 < len(rows) and rows[r + 1][c] == ".":
                    below = rows[r + 1]
                    moves.append(rows[:r] + (row[:c] + "#" + row[c + 1:],
                                             below[:c] + "#" + below[c + 1:]) + rows[r + 2:])
        if not moves:
            return False
        return all(not p(m) for m in moves)

    return p(rows)


@pytest.mark.parametrize("board", ["..|..", "...|...", "...|...|..#", "....|....", ".#..|...."])
def test_registry_game_misere_matches_brute_force(board):
    r = games.cram(board, misere=True)
    assert isinstance(r, games.MisereReport)
    assert r.outcome == ("P" if cram_p(board) else "N")
    assert r["genus"].startswith(str(r["grundy"]))
    for m in r.moves:
        assert m.winning == cram_p(m.position), m
    assert (r.winning_move is None) == (r.outcome == "P" or not r.moves)
    assert games.analyze("cram", board, misere=True)["outcome"] == r.outcome


def test_partizan_game_refuses_misere_and_forms_are_bounded():
    with pytest.raises(ValueError, match="partizan"):
        games.domineering("..|..", misere=True)
    with pytest.raises(ValueError, match="limit of 10 forms"):
        games.turning_corners("4x4:2,3 4,4", misere=True, max_forms=10)


def test_heaps_genera_positions_and_computer():
    g = heaps("nim").genera(5)
    assert [h["genus"] for h in g["heaps"]] == ["0^120", "1^031", "2^20", "3^31", "4^46"]
    assert g["first_wild"] is None
    for hs in [(1,), (1, 1), (2, 2), (1, 2, 3), (3, 5, 6), (1, 1, 1)]:
        r = heaps("nim").position(list(hs), misere=True)
        assert r["outcome"] == ("P" if bouton(hs) else "N"), hs
        for m in r["moves"]:
            assert m["winning"] == bouton(tuple(m["heaps_after"])), (hs, m)
        c = heaps("nim").computer_move(list(hs), misere=True)
        if r["outcome"] == "N":
            assert bouton(tuple(c["heaps_after"])), (hs, c)
    # Kayles is wild: some heap's genus is not tame (Winning Ways, ch. 13)
    assert heaps("kayles").genera(20)["first_wild"] is not None


def test_docstring_examples():
    for module in [onag.games, onag._heaps]:
        failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failures == 0, module.__name__
        assert tried > 0, module.__name__
