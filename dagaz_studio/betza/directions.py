"""Betza's direction modifiers: which of an atom's moves ``f``, ``rf``, ``fs``, ``hr``… select.

Three systems, after H.G. Muller's XBetza (XBoard's moves.c) and Fairy-Stockfish's piece.cpp:

- an oblique atom (N, C, Z) has eight moves; one letter names a pair (``f``: the two that go
  furthest forward), two letters a single move (``fr``: the rightward pair's forward member,
  ``rf``: the forward pair's right member) or a pair (``fs``: the wide forward moves);
- an orthogonal atom (W, D, H, R) has four, and modifiers simply join (``fsW``: forward or sideways);
- a diagonal atom (F, A, G, B) has four, and perpendicular modifiers intersect (``frF``: one move);
- K and Q in XBoard's reading, and every leg after ``a``, use the eight directions of the King
  (``f``: straight ahead only, ``fr``: the forward-right diagonal, ``fs``: both forward diagonals).
"""

from __future__ import annotations

import math

from dagaz_studio.betza.model import RING

VERTICAL = "fbv"
HORIZONTAL = "lrs"
LETTERS = "fblrvsh"


def split_directions(mods: str) -> list[str]:
    """Cut a run of direction letters into the tokens the readers combine (``fsrN`` → fs, r)."""
    tokens: list[str] = []
    i = 0
    while i < len(mods):
        c = mods[i]
        nxt = mods[i + 1] if i + 1 < len(mods) else ""
        if c == "h" and nxt in ("l", "r") or nxt and (nxt == c or (c in VERTICAL and nxt in HORIZONTAL + "h")
                      or (c in HORIZONTAL and nxt in VERTICAL + "h")):
            tokens.append(c + nxt)
            i += 2
        else:
            tokens.append(c)
            i += 1
    return tokens


def oblique_directions(p: int, q: int) -> dict[str, set[tuple[int, int]]]:
    """The sets of an oblique atom of long side p and short side q (vectors dx, dy)."""
    s = {
        "ff": {(q, p), (-q, p)}, "bb": {(q, -p), (-q, -p)},
        "ll": {(-p, q), (-p, -q)}, "rr": {(p, q), (p, -q)},
        "rf": {(q, p)}, "lf": {(-q, p)}, "fr": {(p, q)}, "fl": {(-p, q)},
        "br": {(p, -q)}, "bl": {(-p, -q)}, "rb": {(q, -p)}, "lb": {(-q, -p)},
        "fs": {(p, q), (-p, q)}, "bs": {(p, -q), (-p, -q)},
        "rv": {(q, p), (q, -p)}, "lv": {(-q, p), (-q, -p)},
        "hr": {(q, p), (-q, -p), (p, -q), (-p, q)}, "hl": {(p, q), (-p, -q), (q, -p), (-q, p)},
    }
    s["sf"], s["sb"], s["vr"], s["vl"] = s["fs"], s["bs"], s["rv"], s["lv"]
    s["vv"] = s["v"] = s["ff"] | s["bb"]
    s["ss"] = s["s"] = s["ll"] | s["rr"]
    s["f"], s["b"], s["l"], s["r"] = s["ff"], s["bb"], s["ll"], s["rr"]
    s["fh"] = s["ff"] | s["fs"]
    s["bh"] = s["bb"] | s["bs"]
    s["lh"] = s["ll"] | s["lv"]
    s["rh"] = s["rr"] | s["rv"]
    return s


def orthogonal_directions(p: int) -> dict[str, set[tuple[int, int]]]:
    base = {"f": {(0, p)}, "b": {(0, -p)}, "l": {(-p, 0)}, "r": {(p, 0)}}
    base["v"] = base["f"] | base["b"]
    base["s"] = base["l"] | base["r"]
    base["h"] = base["v"] | base["s"]
    return base


def diagonal_directions(p: int) -> dict[str, set[tuple[int, int]]]:
    every = {(p, p), (-p, p), (p, -p), (-p, -p)}
    return {
        "f": {v for v in every if v[1] > 0}, "b": {v for v in every if v[1] < 0},
        "l": {v for v in every if v[0] < 0}, "r": {v for v in every if v[0] > 0},
        "v": every, "s": every, "h": every,
    }


def atom_vectors(p: int, q: int) -> set[tuple[int, int]]:
    """All moves of the atom (p, q), p ≥ q."""
    out = set()
    for a, b in ((p, q), (q, p)):
        for sx in (1, -1):
            for sy in (1, -1):
                out.add((a * sx, b * sy))
    return out


def clockwise(vectors: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """An atom's vectors in clockwise order from straight ahead (moves.c's order of an atom's eight)."""
    return sorted(vectors, key=lambda v: math.atan2(v[0], v[1]) % (2 * math.pi))


def select(p: int, q: int, tokens: list[str], eight_way: bool = False) -> set[tuple[int, int]]:
    """The moves of atom (p, q) that the direction tokens select (all of them without tokens).

    ``eight_way``: read the tokens as on an oblique atom even when the atom is W- or F-like, as
    Fairy-Stockfish does for the W and F parts of K and Q (``frK``: right and forward-right).
    """
    if not tokens:
        return atom_vectors(p, q)
    out: set[tuple[int, int]] = set()
    if eight_way:
        sets = oblique_directions(p, q)
        for token in tokens:
            out |= sets.get(token, set())
        return out
    if 0 < q < p:
        sets = oblique_directions(p, q)
        for token in tokens:
            out |= sets.get(token, set().union(*(sets.get(c, set()) for c in token)))
        return out
    sets = orthogonal_directions(p) if q == 0 else diagonal_directions(p)
    opposite = {"f": "b", "b": "f", "l": "r", "r": "l"}
    for token in tokens:
        if len(token) == 2 and token[0] == token[1]:
            token = token[0]
        if len(token) == 2 and "h" in token and token != "hh" and q == 0:
            # XBoard stops reading directions at an h on a W-like atom, Fairy-Stockfish splits
            # the pair: either way fhW is fW and hrW is rW.
            out |= sets[token.replace("h", "")]
            continue
        if len(token) == 2 and token[1] == "h" and token[0] in opposite:
            out |= sets[token[0]]  # the forward half of a diagonal atom is its forward pair
            continue
        if len(token) == 2 and q == p and token[0] != "h" and token[1] != "h" and (
                (token[0] in VERTICAL) != (token[1] in VERTICAL)):
            out |= sets[token[0]] & sets[token[1]]
        else:
            for c in token:
                out |= sets[c]
    return out


# The King's eight directions as offsets around RING (0 forward, 2 right, 4 back, 6 left).
_NARROW = {"f": {0}, "b": {4}, "l": {6}, "r": {2}, "v": {0, 4}, "s": {2, 6}, "h": set(range(8))}
_WIDE = {"f": {7, 0, 1}, "b": {3, 4, 5}, "l": {5, 6, 7}, "r": {1, 2, 3},
         "s": {1, 2, 3, 5, 6, 7}, "v": {7, 0, 1, 3, 4, 5}, "h": set(range(8))}
_KIND = {"f": 1, "b": 1, "l": 2, "r": 2, "h": 4, "v": 5, "s": 6}


def king_offsets(mods: str) -> set[int]:
    """XBoard's reading of direction letters in the King's system: offsets around RING."""
    out: set[int] = set()
    i = 0
    while i < len(mods):
        c = mods[i]
        nxt = mods[i + 1] if i + 1 < len(mods) else ""
        if nxt == c:
            out |= _NARROW[c]
            i += 2
        elif nxt and _KIND[c] < 4 and (_KIND[c] | _KIND[nxt]) & 3 == 3:
            out |= _WIDE[c] & _WIDE[nxt]
            i += 2
        else:
            out |= _NARROW[c]
            i += 1
    return out


def ring_index(vector: tuple[int, int]) -> int:
    """The index in RING of a straight vector's direction."""
    dx, dy = vector
    return RING.index(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)))
