"""The parse tree of a notation: frozen records (:mod:`~dagaz_studio.notation.records`), each carrying its source span.

A notation parses into a :class:`Notation` whose ``body`` is a tree of the node types below.
Spans are 0-based, end-exclusive character offsets into :attr:`Notation.text`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeGuard

from dagaz_studio.notation.records import record, replace


@record
class Span:
    """A half-open range ``[start, end)`` of character offsets in the notation text."""

    start: int
    end: int

    def slice(self, text: str) -> str:
        """The text this span covers."""
        return text[self.start : self.end]


# --------------------------------------------------------------------------- structure


@record
class Sequence:
    """Parts done one after another: ``A,B`` / ``A B`` / ``AB``."""

    items: tuple[Node, ...]
    span: Span


@record
class Alternatives:
    """Parts tried independently from the same state: ``A;B``."""

    options: tuple[Node, ...]
    span: Span


@record
class Group:
    """A parenthesised, capturing group; ``index`` counts opening parentheses from 1."""

    body: Node
    index: int
    span: Span


@record
class Repeat:
    """A quantified part: ``minimum`` to ``maximum`` (``None`` = unbounded) repetitions.

    ``possessive`` (``*+``, ``{n,m}+``): the repetition may stop only where one more pass cannot succeed.
    ``quantifier_span`` covers the quantifier itself (``{2,3}``, ``*+``).
    """

    body: Node
    minimum: int
    maximum: int | None
    possessive: bool
    span: Span
    quantifier_span: Span


# --------------------------------------------------------------------------- steps and actions


@record
class Step:
    """A step in one of several directions, as written: a run of letters, ``+``, ``*`` or ``X``.

    ``letters`` keeps what was written (``('W', 'N', 'E')``, ``('+',)``, ``('X',)``); the alternatives
    are tried in that order. Use :func:`expand_directions` for the plain letters.
    """

    letters: tuple[str, ...]
    span: Span
    #: ``%`` after it: where the step would leave the board across its left or right edge, it comes
    #: back in from the other side, as on a cylinder (docs/notation.md, section 7.8).
    wrap: bool = False
    #: ``'`` after the run: its letters are read in the mover's own hand, its ``E`` his right whatever
    #: his symmetry (docs/notation.md, section 7.14).
    own: bool = False

    @property
    def keys(self) -> tuple[str, ...]:
        """The letters as the board reads them for a player (:meth:`Board.player_direction`)."""
        return tuple(own_key(letter) for letter in self.letters) if self.own else self.letters


@record
class GroupStep:
    """``\\k`` (``opposite=False``) or ``~k`` (``opposite=True``): a step by a recorded direction.

    Group 0 is the direction of the previous partial move.
    """

    group: int
    opposite: bool
    span: Span
    #: ``%`` after it: the step wraps around the board's left and right edges, as :class:`Step`'s.
    wrap: bool = False


@record
class Lift:
    """``^``: lift the piece on the current square into the hand."""

    span: Span


@record
class Put:
    """``|``: put the piece in hand on the current square."""

    span: Span


@record
class Continue:
    """``&``: end this partial move; the next one begins with the same piece."""

    span: Span


@record
class Bracket:
    """``[ ... ]``: checks and actions applied in order."""

    items: tuple[BracketItem, ...]
    span: Span


# --------------------------------------------------------------------------- bracket items

#: Check letters and their meaning (lower case asks, upper case asks the opposite).
CHECK_LETTERS = "pPeEfFaAsSoOmMrRlLtTbBcCxdkwn"


@record
class Check:
    """A one-letter check or action (``p``, ``E``, ``x`` …); ``label`` for ``o:label`` / ``O:label``."""

    letter: str
    span: Span
    label: str | None = None


@record
class TypeCheck:
    """``=Name`` (or ``!=Name`` when ``negated``): a piece of that type stands on the square."""

    name: str
    negated: bool
    span: Span


@record
class ZoneCheck:
    """``@name`` (or ``!@name`` when ``negated``): the square is in the zone."""

    name: str
    negated: bool
    span: Span


@record
class DirectionCheck:
    """``\\k`` / ``~k`` in brackets (``!`` when ``negated``): the last step went that way."""

    group: int
    opposite: bool
    negated: bool
    span: Span


@record
class CountCheck:
    """``=n``, ``=n-m``, ``=n-`` (``maximum`` ``None``): the square holds that many pieces (a heap's
    count, a column's height); with ``zone``, ``=n-m@zone``: the zone's squares hold that many in all."""

    minimum: int
    maximum: int | None
    zone: str | None
    span: Span
    #: ``=n-m:Name``: count only the mover's pieces of that type (on the whole board, or in ``zone``).
    piece: str | None = None


@record
class RunCheck:
    """``un``, ``un-m``, ``un-`` (``maximum`` ``None``): the piece (on the square, or in hand when the
    square is empty) has made that many moves in a row without capturing, counted since it last took,
    changed type or let another piece of its side move (docs/notation.md, 7.12)."""

    minimum: int
    maximum: int | None
    span: Span


@record
class Promote:
    """``+A/B/C``: the piece in hand becomes one of these types, each choice its own move.

    ``lost`` (``+?A/B/C``): only a type its player has lost, having fewer of it than the board's setup.
    """

    choices: tuple[str, ...]
    span: Span
    lost: bool = False


@record
class Create:
    """``*Name``: a new piece of that type appears on the (empty) square: the mover's, or nobody's if
    the type is neutral. The Amazons' arrow, a wall left behind."""

    name: str
    span: Span


@record
class Handler:
    """``1`` … ``9``: call a custom handler."""

    number: int
    span: Span


@record
class NavStep:
    """One direction of a navigation path: a letter, or a group variable (``group`` set)."""

    letter: str | None
    group: int | None
    opposite: bool
    span: Span
    #: ``'`` after the letter: read in the mover's own hand, as a :class:`Step`'s.
    own: bool = False

    @property
    def key(self) -> str:
        """The letter as the board reads it for a player ("" for a group variable)."""
        return own_key(self.letter) if self.own and self.letter else self.letter or ""


@record
class Navigate:
    """``item>N`` / ``(items)>E>N``: apply ``items`` on the square reached by ``path``, cursor unmoved.

    ``negated`` (``!(items)>N``): true when the checks ``items`` do not all hold there, or when there
    is no such square; it changes nothing.
    """

    items: tuple[BracketItem, ...]
    path: tuple[NavStep, ...]
    span: Span
    negated: bool = False


BracketItem = Check | TypeCheck | ZoneCheck | DirectionCheck | CountCheck | RunCheck | Promote | Create | Handler | Navigate
Node = Sequence | Alternatives | Group | Repeat | Step | GroupStep | Lift | Put | Continue | Bracket


@record
class Notation:
    """A parsed notation: its text, its tree, and how many groups it has."""

    text: str
    body: Node
    group_count: int


# --------------------------------------------------------------------------- helpers

_SETS = {"+": ("N", "E", "S", "W", "U", "D"), "X": ("O", "T", "R", "M"), "*": ("N", "E", "S", "W", "U", "D", "O", "T", "R", "M")}


def own_key(letter: str) -> str:
    """A direction letter marked to be read in the mover's own hand; the sets ``+``, ``X`` and ``*``
    are the same in either hand and stay unmarked."""
    return letter if letter in _SETS else letter + "'"


def expand_directions(letters: tuple[str, ...]) -> tuple[str, ...]:
    """The plain direction letters a written run stands for, in order, without repeats.

    >>> expand_directions(("W", "N", "E"))
    ('W', 'N', 'E')
    >>> expand_directions(("X",))
    ('O', 'T', 'R', 'M')
    """
    out: list[str] = []
    for letter in letters:
        for plain in _SETS.get(letter, (letter,)):
            if plain not in out:
                out.append(plain)
    return tuple(out)


def children(node: Node | BracketItem) -> tuple[Node | BracketItem, ...]:
    """The direct children of a node (tree nodes and bracket items alike)."""
    if isinstance(node, Sequence):
        return node.items
    if isinstance(node, Alternatives):
        return node.options
    if isinstance(node, (Group, Repeat)):
        return (node.body,)
    if isinstance(node, (Bracket, Navigate)):
        return node.items
    return ()


def ways(node: Node) -> tuple[Node, ...]:
    """The ways of a choice (``A;B``), each tried from the same state; none for anything else."""
    return node.options if isinstance(node, Alternatives) else ()


def is_check(node: Node | BracketItem | None, letters: str) -> TypeGuard[Check]:
    """Whether ``node`` is a one-letter check (``[p]``, ``[x]``, ``[E]``) of one of ``letters``."""
    return isinstance(node, Check) and node.letter in letters


def begins_with_check(node: Node | None, letters: str) -> bool:
    """Whether ``node`` is a bracket whose first item is a one-letter check of one of ``letters``
    (``[ex]`` begins with ``e``)."""
    return isinstance(node, Bracket) and bool(node.items) and is_check(node.items[0], letters)


def as_step(node: Node) -> Step | None:
    """The step ``node`` is, or the one a group holds alone (``(OM)``); ``None`` for anything else."""
    if isinstance(node, Group):
        node = node.body
    return node if isinstance(node, Step) else None


def leading_zone(node: Node) -> str | None:
    """The zone a way must begin in: that of a zone check (not negated) in the bracket ``node`` is or
    begins with (``[@store][k]``); ``None`` where there is none."""
    first = node.items[0] if isinstance(node, Sequence) and node.items else node
    if isinstance(first, Bracket):
        for item in first.items:
            if isinstance(item, ZoneCheck) and not item.negated:
                return item.name
    return None


def stops_at_zone(repeat: Node, following: tuple[Node, ...]) -> bool:
    """Whether ``repeat`` is a greedy repetition of a step onto squares out of a zone, followed by the
    same step into it (``(E[!@store])*E[@store]``): from each square, the step goes on or stops, never
    both."""
    if not isinstance(repeat, Repeat) or repeat.possessive or not isinstance(repeat.body, Group):
        return False
    body = repeat.body.body
    if not isinstance(body, Sequence) or len(body.items) != 2 or len(following) < 2:
        return False
    step, check = body.items
    again, arrived = following[:2]
    if not (isinstance(step, Step) and isinstance(again, Step) and isinstance(check, Bracket)
            and isinstance(arrived, Bracket)):
        return False
    left = {item.name for item in check.items if isinstance(item, ZoneCheck) and item.negated}
    return (step.letters, step.wrap, step.own) == (again.letters, again.wrap, again.own) \
        and any(isinstance(item, ZoneCheck) and not item.negated and item.name in left for item in arrived.items)


def steps_before_put(node: Node) -> Sequence | None:
    """The items of a pass before its last, a put, as one sequence (``E([b]E)?+`` of
    ``(E([b]E)?+|)``): ``node``, inside any groups, a sequence of two items or more ending in a put;
    ``None`` for anything else."""
    while isinstance(node, Group):
        node = node.body
    if not isinstance(node, Sequence) or len(node.items) < 2 or not isinstance(node.items[-1], Put):
        return None
    return Sequence(node.items[:-1], node.span)


def as_rider(node: Node) -> tuple[tuple[Step, ...], int | None] | None:
    """``(steps, most passes)`` when ``node`` is a plain rider, groups of steps taken together then
    again, ``(S)([p]\\1)*`` or ``(X)(UD)([p]\\1\\2)*``, or ``{0,m}`` passes at most (the steps not
    wrapping, the repetition greedy, the check unlabelled); ``None`` for anything else."""
    if not isinstance(node, Sequence) or len(node.items) < 2:
        return None
    groups = node.items[:-1]
    first, again, most = _checked_passes(Sequence((groups[0], node.items[-1]), node.span), len(groups))
    if again is not None and all(
            isinstance(group, Group) and isinstance(group.body, Step) and not group.body.wrap
            and isinstance(step, GroupStep) and step.group == group.index and not step.opposite
            and not step.wrap for group, step in zip(groups, again)):
        return tuple(group.body for group in groups if isinstance(group, Group) and isinstance(group.body, Step)), most
    return None


def _checked_passes(node: Node, steps: int = 1) -> tuple[Node | None, list[Node] | None, int | None]:
    """``(first, again, most passes)`` of ``first([p]again)*`` (``again`` ``steps`` nodes; the
    repetition greedy, the check unlabelled), what a rider is written as; ``(None, None, None)`` for
    anything else."""
    if not isinstance(node, Sequence) or len(node.items) != 2:
        return None, None, None
    first, repeat = node.items
    if (not isinstance(repeat, Repeat) or repeat.minimum != 0 or repeat.possessive
            or not isinstance(repeat.body, Group) or not isinstance(repeat.body.body, Sequence)
            or len(repeat.body.body.items) != steps + 1):
        return None, None, None
    check, *again = repeat.body.body.items
    if (isinstance(check, Bracket) and len(check.items) == 1 and is_check(check.items[0], "p")
            and check.items[0].label is None):
        return first, again, repeat.maximum
    return None, None, None


#: An item of a leaper's way (:func:`as_recording_leaper`): ``(step, group, False, ())``, a step
#: (its direction recorded as ``group`` where not 0); ``(None, group, opposite, ())``, a step by a
#: recorded direction (``\\k``, ``~k``); or ``(None, 0, False, checks)``, the last step's direction
#: checked.
LeapItem = tuple[Step | None, int, bool, tuple[DirectionCheck, ...]]


def as_recording_leaper(node: Node) -> tuple[tuple[LeapItem, ...], ...] | None:
    """The ways of a plain leaper, ``N,OM;E,OT`` (each way steps that do not wrap and look at nothing
    on the way, the ways in alternatives), whose steps may also record their direction (a group of
    one step), step by a recorded one again or check the last step's against one,
    ``(+)\\1,+[!\\1,!~1]``; ``None`` for anything else."""
    out: list[tuple[LeapItem, ...]] = []
    for option in node.options if isinstance(node, Alternatives) else (node,):
        recorded: set[int] = set()
        way: list[LeapItem] = []
        for item in option.items if isinstance(option, Sequence) else (option,):
            if isinstance(item, Step) and not item.wrap:
                way.append((item, 0, False, ()))
            elif isinstance(item, Group) and isinstance(item.body, Step) and not item.body.wrap:
                recorded.add(item.index)
                way.append((item.body, item.index, False, ()))
            elif isinstance(item, GroupStep) and not item.wrap and item.group in recorded:
                way.append((None, item.group, item.opposite, ()))
            elif (isinstance(item, Bracket) and way and item.items
                  and all(isinstance(check, DirectionCheck) and check.group in recorded for check in item.items)):
                way.append((None, 0, False, item.items))  # type: ignore[arg-type]  # direction checks, as seen
            else:
                return None
        if not way:
            return None
        out.append(tuple(way))
    return tuple(out)


def as_stepped_rider(node: Node) -> tuple[Step, int | None] | None:
    """``(step, most passes)`` for a rider written with its step again, ``N([p]N)*`` (one direction
    letter, not wrapping; the repetition greedy, the check unlabelled); ``None`` for anything else."""
    first, again, most = _checked_passes(node)
    if (isinstance(first, Step) and not first.wrap and len(first.keys) == 1 and first.keys[0] not in _SETS
            and again is not None and isinstance(again[0], Step) and again[0].keys == first.keys
            and not again[0].wrap):
        return first, most
    return None


def capture_ways(notation: Notation) -> tuple[Node, ...] | None:
    """The ways of a notation (its alternatives, or itself) that capture wherever it captures, with
    what cannot change where they capture left out: a last optional group of zone checks and
    promotions (the move without it lands and captures alike), and a way that is another with zone
    checks before it and promotions that cannot fail after it (it captures where that one does,
    from fewer squares); ``None`` where such a way is not another's."""
    body, text = notation.body, notation.text
    kept: list[Node] = []
    plain: set[str] = set()
    restricted: set[str] = set()
    for option in body.options if isinstance(body, Alternatives) else (body,):
        items = list(option.items) if isinstance(option, Sequence) else [option]
        last = items[-1]
        if (len(items) > 1 and isinstance(last, Repeat) and last.minimum == 0 and isinstance(last.body, Group)
                and all(_marks(item, True) for item in (last.body.body.items if isinstance(last.body.body, Sequence)
                                                         else (last.body.body,)))):
            items.pop()
        limited = len(items) > 1 and _marks(items[0], False)
        if limited:
            items.pop(0)
            if len(items) > 1 and _marks(items[-1], True):
                items.pop()
        seen = text[items[0].span.start:items[-1].span.end]
        (restricted if limited else plain).add(seen)
        if not limited:
            kept.append(items[0] if len(items) == 1 else Sequence(tuple(items), option.span))
    return tuple(kept) if restricted <= plain else None


def _marks(node: Node, promotions: bool) -> bool:
    """Whether ``node`` is a bracket of zone checks (and, with ``promotions``, promotions that cannot fail)."""
    return isinstance(node, Bracket) and all(
        isinstance(item, ZoneCheck) or (promotions and isinstance(item, Promote) and not item.lost)
        for item in node.items)


def replaced(node: Node, old: Node, new: Node) -> Node:
    """The tree ``node`` with the node ``old`` (itself, not an equal one) replaced by ``new``, above
    the brackets (a bracket's items are left as they are)."""
    if node is old:
        return new
    if isinstance(node, Sequence):
        return replace(node, items=tuple(replaced(item, old, new) for item in node.items))
    if isinstance(node, Alternatives):
        return replace(node, options=tuple(replaced(option, old, new) for option in node.options))
    if isinstance(node, (Group, Repeat)):
        return replace(node, body=replaced(node.body, old, new))
    return node


def walk(node: Node | BracketItem | Notation) -> Iterator[Node | BracketItem]:
    """Every node and bracket item of a tree, depth first, parents before children."""
    if isinstance(node, Notation):
        node = node.body
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))
