"""Reading the Dagaz notation into the piece model, for the moves Betza can say.

The notation is expanded branch by branch (every direction of a run, every alternative) into flat
lists of unit steps and checks, with each repetition kept whole; the lists are then read as legs:
a leap (steps, with ``[p]`` between them for a lame leap), repeated (``([p]\\1)*``) for a rider,
or slid over one piece for a hopper, and ended by a check saying what the leg may find. Whatever
has no Betza counterpart (lifting, putting, zones, promotion, piece types, attack checks) is an
error naming it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Union

from dagaz_studio.betza.dagaz_writer import EN_PASSANT
from dagaz_studio.betza.directions import atom_vectors, clockwise
from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.model import NULL_LEG, Leg, Piece, Shape, comes_home, leap_path, lopsided
from dagaz_studio.notation import NotationError, parse_notation
from dagaz_studio.notation.nodes import Alternatives, Bracket, Check, Group, GroupStep, Repeat, Sequence, Step, walk
from dagaz_studio.notation.records import fields, is_record
from dagaz_studio.notation.visitor import Visitor

VECTORS = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0), "O": (1, 1), "M": (-1, 1), "T": (1, -1),
           "R": (-1, -1)}
_SETS = {"+": "NESW", "X": "OTRM", "*": "NOETSRWM"}
_NAMES = {"Lift": "lifting a piece (^)", "Put": "putting a piece down (|)", "Continue": "compound moves (&)",
          "Navigate": "checks on other squares (>)", "TypeCheck": "piece-type checks (=Name)",
          "ZoneCheck": "zones (@zone)", "Promote": "promotion (+Name)", "Handler": "custom handlers ([1]-[9])",
          "DirectionCheck": "direction checks ([\\k])"}
_CHECKS = {"p": "empty squares ([p])", "P": "occupied squares ([P])", "e": "enemies ([e])",
           "E": "squares without an enemy ([E])", "f": "friends ([f])", "F": "squares without a friend ([F])",
           "a": "attacked squares ([a])", "A": "squares not attacked ([A])", "s": "defended squares ([s])",
           "S": "undefended squares ([S])", "o": "first-time moves ([o])", "O": "repeated moves ([O])",
           "m": "pieces that have moved ([m])", "r": "revisited squares ([r])", "R": "unvisited squares ([R])",
           "l": "the previous move's start ([l])", "L": "[L]", "t": "the previous move's end ([t])", "T": "[T]",
           "x": "captures elsewhere than where a leg ends ([x])"}

Token = tuple  # ("step", (dx, dy)) | ("check", "p") | ("repeat", tokens, min, max)
Branch = tuple[list[Token], dict[int, tuple[int, int]]]

_LIMIT = 4096


def read_dagaz(text: str) -> Piece:
    """The piece a Dagaz notation describes, as far as Betza can say it.

    Raises TranslationError naming the construct that has no Betza counterpart.
    """
    try:
        notation = parse_notation(text)
    except NotationError as error:
        raise TranslationError(error.message, text, error.span.start, error.span.end) from None
    piece = Piece()
    for shape in _modes_joined([_shape(tokens, text) for tokens, _ in _expand(notation.body, {}, text)]):
        piece.add(shape)
    if lopsided(piece.shapes):
        unmarked = [node for node in walk(notation) if _UNMARKED_SIDEWAYS.visit(node)]
        if unmarked:
            run = text[unmarked[0].span.start:unmarked[0].span.end]
            piece.warnings.append(f"{run}: read in the mover's own hand ({run}'), as Betza's left and right are the "
                                  f"piece's own; unmarked, it names the board's side for both players, which on a "
                                  f"board that mirrors Black's directions (chess) is Black's other side (§7.14)")
    return piece


def _modes_joined(shapes: list[Shape]) -> list[Shape]:
    """Shapes alike but for what their last leg may find as one shape finding any of it: the writer says
    a leg that may take or take en passant as a choice of checks (``([e];[p,l>N,…])``), which Betza
    says in one part (``ceF``)."""
    joined: dict[Shape, set[str]] = {}
    for shape in shapes:
        last = shape.legs[-1]
        key = replace(shape, legs=shape.legs[:-1] + (replace(last, modes=frozenset()),))
        joined.setdefault(key, set()).update(last.modes)
    return [replace(key, legs=key.legs[:-1] + (replace(key.legs[-1], modes=frozenset(modes)),))
            for key, modes in joined.items()]


def _bare(value: object) -> object:
    """A parse-tree node as a value without its place in the text, to compare with another."""
    if is_record(value):
        return (type(value).__name__,) + tuple(_bare(getattr(value, name)) for name in fields(value)
                                               if not name.endswith("span"))
    if isinstance(value, tuple):
        return tuple(_bare(item) for item in value)
    return value


#: The check the writer ends an en-passant capture with, as a bare node (its directions, N and S,
#: are the piece's forward and back, as ``l`` and ``t`` name squares of the move just made).
_EN_PASSANT = _bare(parse_notation(EN_PASSANT).body)


#: The direction letters that name a side: a run of them not marked ``'`` means the same side of the
#: board for both players where a board mirrors Black's directions, the other hand for Black.
_SIDEWAYS = set("EWMORT")


class _UnmarkedSideways(Visitor[bool]):
    """Whether a node is a step naming a side of the board without ``'``."""

    def visit_step(self, node: Step) -> bool:
        return not node.own and bool(_SIDEWAYS & set(node.letters))

    def visit_other(self, node: object, *context: object) -> bool:
        return False


_UNMARKED_SIDEWAYS = _UnmarkedSideways()


def _unwrapped(tokens: list[Token] | tuple, text: str) -> tuple[list[Token], bool]:
    """A branch's tokens with its wrapping steps (``E%``) read as plain steps, and whether it had
    them. Betza's cylinder (``o``) wraps every step of a move, whose rider stops before its own
    square (``[p,B]``): a branch that wraps only some of its steps has no Betza."""
    kinds: set[str] = set()

    def plain(items: list[Token] | tuple) -> list[Token]:
        out: list[Token] = []
        for token in items:
            if token[0] in ("step", "wstep"):
                kinds.add(token[0])
                out.append(("step", token[1]))
            elif token[0] == "repeat":
                out.append(("repeat", tuple(plain(token[1])), token[2], token[3]))
            else:
                out.append(token)
        return out

    flat = plain(tokens)
    if kinds == {"step", "wstep"}:
        raise TranslationError("Betza's cylinder (o) wraps every step of a move: this move wraps only some", text)
    wrap = kinds == {"wstep"}

    def checks(items: list[Token] | tuple) -> list[Token]:
        out: list[Token] = []
        for token in items:
            if token == ("check", "pB"):
                if not wrap:
                    raise TranslationError("Betza has no [B] outside a move that wraps around the board (o)", text)
                token = ("check", "p")
            elif token[0] == "repeat":
                token = ("repeat", tuple(checks(token[1])), token[2], token[3])
            out.append(token)
        return out

    return checks(flat), wrap


def _unsupported(node: object, text: str) -> TranslationError:
    span = getattr(node, "span", None)
    name = _NAMES.get(type(node).__name__, type(node).__name__)
    start, end = (span.start, span.end) if span is not None else (0, 0)
    return TranslationError(f"Betza has no {name}", text, start, end)


def _expand(node: object, bindings: dict[int, tuple[int, int]], text: str) -> list[Branch]:
    """The branches a node expands into: each a flat list of tokens, with the directions its groups
    bound by then (``bindings``: group -> the direction of its last step)."""
    return _EXPANDER.visit(node, bindings, text)


Bindings = dict[int, tuple[int, int]]


class _Expander(Visitor[list[Branch]]):
    """Each node type's branches (see :func:`_expand`)."""

    def visit_alternatives(self, node: Alternatives, bindings: Bindings, text: str) -> list[Branch]:
        out: list[Branch] = []
        for option in node.options:
            out.extend(self.visit(option, bindings, text))
        return _limit(out, node, text)

    def visit_sequence(self, node: Sequence, bindings: Bindings, text: str) -> list[Branch]:
        branches: list[Branch] = [([], dict(bindings))]
        for item in node.items:
            grown: list[Branch] = []
            for tokens, bound in branches:
                for more, after in self.visit(item, bound, text):
                    grown.append((tokens + more, after))
            branches = _limit(grown, node, text)
        return branches

    def visit_step(self, node: Step, bindings: Bindings, text: str) -> list[Branch]:
        letters = "".join(_SETS.get(letter, letter) for letter in node.letters)
        out: list[Branch] = []
        kind = "wstep" if node.wrap else "step"
        for letter in letters:
            if letter not in VECTORS:
                raise TranslationError(f"Betza has no direction {letter!r}", text, node.span.start, node.span.end)
            out.append(([(kind, VECTORS[letter])], dict(bindings)))
        return out

    def visit_group_step(self, node: GroupStep, bindings: Bindings, text: str) -> list[Branch]:
        if node.group not in bindings:
            raise TranslationError(f"'\\{node.group}' steps by a direction Betza cannot follow", text,
                                   node.span.start, node.span.end)
        dx, dy = bindings[node.group]
        kind = "wstep" if node.wrap else "step"
        return [([(kind, (-dx, -dy) if node.opposite else (dx, dy))], dict(bindings))]

    def visit_group(self, node: Group, bindings: Bindings, text: str) -> list[Branch]:
        out: list[Branch] = []
        for tokens, bound in self.visit(node.body, bindings, text):
            steps = [t[1] for t in tokens if t[0] in ("step", "wstep")]
            after = dict(bound)
            if steps:
                after[node.index] = steps[-1]
            out.append((tokens, after))
        return out

    def visit_repeat(self, node: Repeat, bindings: Bindings, text: str) -> list[Branch]:
        bodies = self.visit(node.body, bindings, text)
        if len(bodies) != 1:
            raise TranslationError("Betza cannot repeat a choice of moves", text, node.span.start, node.span.end)
        body, _ = bodies[0]
        if node.possessive:
            raise TranslationError("Betza has no possessive repetition", text, node.span.start, node.span.end)
        out: list[Branch] = []
        if node.minimum > 0:
            body_min = body * node.minimum
            rest_max = None if node.maximum is None else node.maximum - node.minimum
            tail = [("repeat", tuple(body), 0, rest_max)] if rest_max != 0 else []
            out.append((body_min + tail, dict(bindings)))
        else:
            out.append(([("repeat", tuple(body), 0, node.maximum)], dict(bindings)))
        return out

    def visit_bracket(self, node: Bracket, bindings: Bindings, text: str) -> list[Branch]:
        if _bare(node) == _EN_PASSANT:
            return [([("check", "en passant")], dict(bindings))]
        letters = "".join(_CHECK_LETTER.visit(item, text) for item in node.items)
        if letters not in ("p", "P", "e", "ex", "M", "pB", "n", "Mn"):
            raise TranslationError(f"Betza has no check [{letters}]", text, node.span.start, node.span.end)
        return [([("check", letters)], dict(bindings))]

    def visit_other(self, node: object, *context: object) -> list[Branch]:
        raise _unsupported(node, str(context[-1]))


class _CheckLetter(Visitor[str]):
    """A bracket item's letter, where Betza has the check; an error naming it where not."""

    def visit_check(self, item: Check, text: str) -> str:
        if item.label is not None:
            raise _unsupported(item, text)
        if item.letter not in "pPeMxBn":
            raise TranslationError(f"Betza has no {_CHECKS.get(item.letter, item.letter)}", text,
                                   item.span.start, item.span.end)
        return item.letter

    def visit_other(self, item: object, *context: object) -> str:
        raise _unsupported(item, str(context[-1]))


_EXPANDER = _Expander()
_CHECK_LETTER = _CheckLetter()


def _limit(branches: list[Branch], node: object, text: str) -> list[Branch]:
    if len(branches) > _LIMIT:
        span = node.span
        raise TranslationError("too many ways through the notation to say in Betza", text, span.start, span.end)
    return branches


def _shape(tokens: list[Token], text: str) -> Shape:
    initial = False
    if tokens and tokens[0] == ("check", "Mn"):
        tokens = [("check", "M"), ("check", "n")] + tokens[1:]
    if tokens and tokens[0] == ("check", "M"):
        initial = True
        tokens = tokens[1:]
    if tokens == [("check", "n")]:
        return Shape((NULL_LEG,), initial, null=True)  # XBetza's null move, O
    home = bool(tokens) and tokens[-1] == ("check", "n")
    if home:
        tokens = tokens[:-1]  # a multi-leg move that may come back to its square: checked below
    if ("check", "n") in tokens or ("check", "Mn") in tokens:
        raise TranslationError("Betza's null move (O) stays where it is: [n] alone, or [M,n]; a move of "
                               "several legs that comes back to its square ends with [n]", text)
    tokens, wrap = _unwrapped(tokens, text)
    legs: list[Leg] = []
    i = 0
    while i < len(tokens):
        leg, i = _leg(tokens, i, text)
        legs.append(leg)
    if not legs:
        raise TranslationError("Betza has no move that goes nowhere", text)
    if wrap:
        if len(legs) > 1 or legs[0].hop or legs[0].lame or legs[0].cycle or legs[0].screen_path:
            raise TranslationError("Betza's cylinder (o) goes on one-leg leaps and rides only", text)
        legs = [replace(legs[0], wrap=True)]
    shape = Shape(tuple(legs), initial)
    if home and len(legs) < 2:
        raise TranslationError("Betza's null move (O) stays where it is: [n] alone, or [M,n]", text)
    if comes_home(shape) != home:
        # XBetza counts a move of several legs that ends on the square it left (XBoard: a null
        # move); the notation counts it only with [n].
        raise TranslationError("a move of several legs that can come back to its square is a move in Betza: "
                               "write [n] at its end" if not home else
                               "[n] ends only a move of several legs that can come back to its square", text)
    return shape


def _lame_paths(vector: tuple[int, int]) -> list[list[tuple[int, int]]]:
    """The squares Betza's lame leap checks: every one on Fairy-Stockfish's path, or XBoard's one."""
    out: list[list[tuple[int, int]]] = []
    x = y = 0
    path = []
    for sx, sy in leap_path(vector)[:-1]:
        x, y = x + sx, y + sy
        path.append((x, y))
    out.append(path)
    mid = (int(vector[0] / 2), int(vector[1] / 2))
    out.append([mid] if mid not in ((0, 0), vector) else [])
    return out


def _leap_at(tokens: list[Token] | tuple, i: int) -> tuple[tuple[int, int] | None, int]:
    """The leap of the unit steps that follow one another from position i, and where they end."""
    steps = []
    while i < len(tokens) and tokens[i][0] == "step":
        steps.append(tokens[i][1])
        i += 1
    return (_sum(steps) if steps else None), i


def _turns_of(body: tuple) -> list[tuple[int, int]] | None:
    """The leaps of a repetition's body made only of ``[p]`` and a leap, each: ``[p]N,E[p]E,S``."""
    leaps = []
    i = 0
    while i < len(body):
        if body[i] != ("check", "p"):
            return None
        leap, i = _leap_at(body, i + 1)
        if leap is None:
            return None
        leaps.append(leap)
    return leaps


def _cycle_leg(tokens: list[Token], i: int) -> tuple[Leg, int] | None:
    """A crooked or circular rider from position i, as the Betza translation spells it, or None.

    Unlimited zigzags read ``A([p]B[p]A)*([p]B)?``; a limited path nests each further leap in an
    optional group, ``A([p]B([p]C)?)?``. The leaps must all be one atom's, each one turning the same
    way around that atom's leaps (or, for a zigzag, turning back).
    """
    first, j = _leap_at(tokens, i)
    if first is None or j >= len(tokens) or tokens[j][0] != "repeat":
        return None
    _, body, low, high = tokens[j]
    if high is None:
        pair = _turns_of(body)
        if low != 0 or pair is None or len(pair) != 2 or pair[1] != first or j + 1 >= len(tokens):
            return None
        tail = tokens[j + 1]
        if tail[0] != "repeat" or tail[2:] != (0, 1) or _turns_of(tail[1]) != [pair[0]]:
            return None
        leaps, rng, end = [first, pair[0]], 0, j + 2
    else:
        leaps = [first]
        current: Token | None = tokens[j]
        while current is not None:
            if current[0] != "repeat" or current[2:] != (0, 1):
                return None
            inner = current[1]
            if not inner or inner[0] != ("check", "p"):
                return None
            leap, k = _leap_at(inner, 1)
            if leap is None:
                return None
            leaps.append(leap)
            if k == len(inner):
                current = None
            elif k == len(inner) - 1:
                current = inner[k]
            else:
                return None
        rng, end = len(leaps), j + 1
    cycle = _cycle_of(leaps)
    if cycle is None:
        return None
    return Leg(first, rng, cycle=cycle), end


def _cycle_of(leaps: list[tuple[int, int]]) -> tuple[tuple[int, int], ...] | None:
    """The leaps a crooked (two, taken in turn) or circular (an atom's, around) path repeats."""
    atom = (max(abs(leaps[0][0]), abs(leaps[0][1])), min(abs(leaps[0][0]), abs(leaps[0][1])))
    if any((max(abs(x), abs(y)), min(abs(x), abs(y))) != atom for x, y in leaps):
        return None
    if len(set(leaps)) == 2 and all(leap == leaps[k % 2] for k, leap in enumerate(leaps)):
        return (leaps[0], leaps[1])
    ring = clockwise(atom_vectors(*atom))
    here = ring.index(leaps[0])
    for turn in (1, -1):
        around = tuple(ring[(here + turn * k) % len(ring)] for k in range(len(ring)))
        if all(leap == around[k % len(around)] for k, leap in enumerate(leaps)):
            return around
    return None


def _leg(tokens: list[Token], i: int, text: str, lame_allowed: bool = True) -> tuple[Leg, int]:
    """One leg from position i: its leap, repetition or hop, and the check that ends it."""
    turning = _cycle_leg(tokens, i)
    if turning is not None:
        leg, i = turning
        modes, i = _leg_modes(tokens, i, text)
        return Leg(leg.vector, leg.range, modes, cycle=leg.cycle), i
    start = i
    steps: list[tuple[int, int]] = []
    lame: list[tuple[int, int]] = []
    while i < len(tokens):
        kind = tokens[i][0]
        if kind == "step":
            steps.append(tokens[i][1])
            i += 1
        elif kind == "check" and tokens[i][1] == "p" and steps and i + 1 < len(tokens) and tokens[i + 1][0] == "step" \
                and lame_allowed and _is_lame_continuation(steps, tokens, i):
            lame.append(_sum(steps))
            i += 1
        else:
            break
    if lame and lame not in _lame_paths(_sum(steps)):
        return _leg(tokens, start, text, lame_allowed=False)
    if not steps:
        raise TranslationError("Betza cannot say a check that does not follow a leap", text)
    vector = _sum(steps)
    if vector == (0, 0):
        raise TranslationError("Betza has no leap that returns to its start", text)
    leap = [("step", s) for s in steps]
    rng = 1
    hop = ""
    if i < len(tokens) and tokens[i][0] == "repeat" and _same_leap(tokens[i][1], steps, lame):
        maximum = tokens[i][3]
        rng = 0 if maximum is None else maximum + 1
        i += 1
        if (i + 1 < len(tokens) and tokens[i] == ("check", "P") and len(steps) == 1 and not lame
                and tokens[i + 1] == leap[0] and rng == 0):
            i += 2
            hop = "g"
            if i < len(tokens) and tokens[i][0] == "repeat" and _same_leap(tokens[i][1], steps, []) \
                    and tokens[i][3] is None:
                hop = "p"
                i += 1
            rng = 0
    modes, i = _leg_modes(tokens, i, text)
    return Leg(vector, rng, modes, hop, tuple(lame)), i


def _leg_modes(tokens: list[Token], i: int, text: str) -> tuple[frozenset[str], int]:
    """What the leg ending at position i may find there, read from the check that follows it."""
    final = i >= len(tokens) or not _more_legs(tokens, i)
    modes: frozenset[str]
    if i < len(tokens) and tokens[i][0] == "check":
        check = tokens[i][1]
        i += 1
        table = {"p": {"m"}, "e": {"c"}, "ex": {"c"}, "en passant": {"e"}} if final else {"p": {"m"}, "ex": {"c"}, "P": {"p"}}
        if check not in table:
            raise TranslationError(f"Betza cannot end a leg with [{check}] here", text)
        modes = frozenset(table[check])
    elif final:
        modes = frozenset({"m", "c"})
    else:
        raise TranslationError("Betza cannot say a leg that may end on anything and go on", text)
    if i < len(tokens) and tokens[i][0] == "repeat":
        raise TranslationError("Betza cannot repeat part of a move this way", text)
    return modes, i


def _more_legs(tokens: list[Token], i: int) -> bool:
    return any(t[0] == "step" or t[0] == "repeat" for t in tokens[i + 1:])


def _is_lame_continuation(steps: list[tuple[int, int]], tokens: list[Token], i: int) -> bool:
    """``[p]`` between steps of one leap (a lame leap) rather than between two legs."""
    rest: list[tuple[int, int]] = []
    j = i + 1
    while j < len(tokens) and (tokens[j][0] == "step" or tokens[j] == ("check", "p")) and j < len(tokens):
        if tokens[j][0] == "step":
            rest.append(tokens[j][1])
        j += 1
        if j < len(tokens) and tokens[j] == ("check", "p") and (j + 1 >= len(tokens) or tokens[j + 1][0] != "step"):
            break
    total = _sum(steps + rest)
    long_side = max(abs(total[0]), abs(total[1]))
    if long_side > 3 or long_side == 0:
        return False
    return all(s[0] * total[0] >= 0 and s[1] * total[1] >= 0 for s in steps + rest)


def _same_leap(body: tuple, steps: list[tuple[int, int]], lame: list[tuple[int, int]]) -> bool:
    """Whether a repetition's body is ``[p]`` and the same leap again."""
    if not body or body[0] != ("check", "p"):
        return False
    again = [t for t in body[1:] if t != ("check", "p")]
    return again == [("step", s) for s in steps]


def _sum(steps: list[tuple[int, int]]) -> tuple[int, int]:
    return (sum(s[0] for s in steps), sum(s[1] for s in steps))


__all__ = ["read_dagaz", "leap_path", "Union"]
