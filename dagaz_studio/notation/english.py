"""Reading a parse tree back out: as an indented tree, as notation text, and in plain English."""

from __future__ import annotations

from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    BracketItem,
    Check,
    Continue,
    CountCheck,
    Create,
    DirectionCheck,
    Group,
    GroupStep,
    Handler,
    Lift,
    Navigate,
    NavStep,
    Node,
    Notation,
    Promote,
    Put,
    Repeat,
    RunCheck,
    Sequence,
    Step,
    TypeCheck,
    ZoneCheck,
    children,
    walk,
)

__all__ = ["format_tree", "to_notation", "describe", "DIRECTION_NAMES"]

#: Direction letters in words.
DIRECTION_NAMES = {
    "N": "north",
    "S": "south",
    "W": "west",
    "E": "east",
    "M": "north-west",
    "O": "north-east",
    "R": "south-west",
    "T": "south-east",
    "U": "up",
    "D": "down",
}

Element = Node | BracketItem

_DIRECTION_LETTERS = "NSWEMORTUDX"


# --------------------------------------------------------------------------- the tree


def _quantifier_text(minimum: int, maximum: int | None, possessive: bool) -> str:
    if (minimum, maximum) == (0, None):
        written = "*"
    elif (minimum, maximum) == (1, None):
        written = "+"
    elif (minimum, maximum) == (0, 1):
        written = "?"
    elif minimum == maximum:
        written = f"{{{minimum}}}"
    elif maximum is None:
        written = f"{{{minimum},}}"
    elif minimum == 0:
        written = f"{{,{maximum}}}"
    else:
        written = f"{{{minimum},{maximum}}}"
    return written + ("+" if possessive else "")


def _group_ref(group: int, opposite: bool) -> str:
    return ("~" if opposite else "\\") + str(group)


def _nav_text(step: NavStep) -> str:
    if step.group is not None:
        return ">" + _group_ref(step.group, step.opposite)
    return ">" + (step.letter or "") + ("'" if step.own else "")


def _details(element: Element) -> str:
    """What distinguishes a node of its kind, as :func:`format_tree` shows it."""
    if isinstance(element, Group):
        return str(element.index)
    if isinstance(element, Repeat):
        maximum = "inf" if element.maximum is None else str(element.maximum)
        return f"{element.minimum}..{maximum}" + (" possessive" if element.possessive else "")
    if isinstance(element, Step):
        return "|".join(element.letters) + ("'" if element.own else "") + ("%" if element.wrap else "")
    if isinstance(element, GroupStep):
        return _group_ref(element.group, element.opposite) + ("%" if element.wrap else "")
    if isinstance(element, Check):
        return element.letter + (f":{element.label}" if element.label is not None else "")
    if isinstance(element, TypeCheck):
        return ("!" if element.negated else "") + "=" + element.name
    if isinstance(element, ZoneCheck):
        return ("!" if element.negated else "") + "@" + element.name
    if isinstance(element, DirectionCheck):
        return ("!" if element.negated else "") + _group_ref(element.group, element.opposite)
    if isinstance(element, CountCheck):
        return _count_text(element)
    if isinstance(element, RunCheck):
        return _run_text(element)
    if isinstance(element, Promote):
        return "/".join(element.choices)
    if isinstance(element, Create):
        return element.name
    if isinstance(element, Handler):
        return str(element.number)
    if isinstance(element, Navigate):
        return "".join(_nav_text(step) for step in element.path)
    return ""


def format_tree(notation: Notation, indent: str = "  ") -> str:
    """The tree as text, one node per line: its kind, its details, and the source it was read from.

    >>> print(format_tree(parse_notation("N[p]")))  # doctest: +SKIP
    Sequence  N[p]
      Step N  N
      Bracket  [p]
        Check p  p
    """
    lines: list[str] = []

    def visit(element: Element, depth: int) -> None:
        head = type(element).__name__
        details = _details(element)
        if details:
            head += " " + details
        lines.append(f"{indent * depth}{head}  {element.span.slice(notation.text)}")
        for child in children(element):
            visit(child, depth + 1)

    visit(notation.body, 0)
    return "\n".join(lines)


# --------------------------------------------------------------------------- notation text


def to_notation(element: Notation | Element) -> str:
    """Canonical notation text for a tree: parts separated by commas, no spaces.

    Parsing the result gives the same tree (spans aside). A tree built by hand whose
    :class:`Repeat` body, or :class:`Sequence` item, is not an atom gets parentheses, which adds
    groups and so renumbers the ones after it.
    """
    if isinstance(element, Notation):
        element = element.body
    if isinstance(element, Alternatives):
        return ";".join(to_notation(option) for option in element.options)
    if isinstance(element, Sequence):
        parts = [
            f"({to_notation(item)})" if isinstance(item, (Alternatives, Sequence)) else to_notation(item)
            for item in element.items
        ]
        return _join(parts, [_needs_comma_between_parts(a, b) for a, b in zip(parts, parts[1:])])
    if isinstance(element, Group):
        return f"({to_notation(element.body)})"
    if isinstance(element, Repeat):
        body = to_notation(element.body)
        if isinstance(element.body, (Alternatives, Sequence, Repeat)):
            body = f"({body})"
        return body + _quantifier_text(element.minimum, element.maximum, element.possessive)
    if isinstance(element, Step):
        return "".join(element.letters) + ("'" if element.own else "") + ("%" if element.wrap else "")
    if isinstance(element, GroupStep):
        return _group_ref(element.group, element.opposite) + ("%" if element.wrap else "")
    if isinstance(element, Lift):
        return "^"
    if isinstance(element, Put):
        return "|"
    if isinstance(element, Continue):
        return "&"
    if isinstance(element, Bracket):
        return "[" + _items_text(element.items) + "]"
    if isinstance(element, Check):
        return element.letter + (f":{element.label}" if element.label is not None else "")
    if isinstance(element, (TypeCheck, ZoneCheck, DirectionCheck, CountCheck, RunCheck, Handler)):
        return _details(element)
    if isinstance(element, Promote):
        return ("+?" if element.lost else "+") + "/".join(element.choices)
    if isinstance(element, Create):
        return "*" + element.name
    if isinstance(element, Navigate):
        path = "".join(_nav_text(step) for step in element.path)
        if element.negated:
            return "!(" + _items_text(element.items) + ")" + path
        if len(element.items) == 1 and not isinstance(element.items[0], Navigate):
            return to_notation(element.items[0]) + path
        return "(" + _items_text(element.items) + ")" + path
    raise TypeError(f"not a notation node: {element!r}")


def _join(parts: list[str], commas: list[bool]) -> str:
    out = parts[0] if parts else ""
    for part, comma in zip(parts[1:], commas):
        out += ("," if comma else "") + part
    return out


def _needs_comma_between_parts(first: str, second: str) -> bool:
    """Whether two parts written side by side would read as something else."""
    if second[:1] in ("+", "*"):  # right after a part, '+' and '*' are quantifiers
        return True
    # two runs of letters would merge into one run
    return first[-1:] in _DIRECTION_LETTERS and second[:1] in _DIRECTION_LETTERS


def _items_text(items: tuple[BracketItem, ...]) -> str:
    """Bracket items as the article writes them: letters run together (``te``), anything else is
    set off by commas (``te,=Pawn,x``) — which also keeps a name from running into the next item."""
    texts = [to_notation(item) for item in items]
    letters = [isinstance(item, Handler) or (isinstance(item, Check) and item.label is None) for item in items]
    return _join(texts, [not (a and b) for a, b in zip(letters, letters[1:])])


# --------------------------------------------------------------------------- English

_CHECKS = {
    "p": "the square must be empty",
    "P": "the square must not be empty",
    "e": "an enemy piece must stand on the square",
    "E": "no enemy piece may stand on the square",
    "f": "a friendly piece must stand on the square",
    "F": "no friendly piece may stand on the square",
    "a": "the square must be attacked by the enemy",
    "A": "the square must not be attacked by the enemy",
    "s": "the square must be defended by a friendly piece",
    "S": "the square must not be defended by a friendly piece",
    "o": "this kind of move must not have been made before in the game",
    "O": "this kind of move must have been made before in the game",
    "m": "the piece must have moved before",
    "M": "the piece must not have moved yet",
    "r": "the moving piece must have stood on the square earlier in this move",
    "R": "the moving piece must not have stood on the square earlier in this move",
    "l": "the square must be where the previous partial move started",
    "L": "the square must not be where the previous partial move started",
    "t": "the square must be where the previous partial move ended",
    "T": "the square must not be where the previous partial move ended",
    "b": "the square must be where this move began",
    "B": "the square must not be where this move began",
    "c": "this move must have captured on the square",
    "C": "this move must not have captured on the square",
    "k": "the same player moves again after this move",
    "n": "the move counts even if the piece ends where it began and nothing changed (a null move)",
    "x": "capture the piece on the square",
    "d": "destroy the piece on the square (removed, not captured)",
    "w": "the enemy piece on the square changes to the mover's side",
}


#: How a step written with ``%`` reads.
_WRAPPING = ", coming round from the other side where it would leave the board's left or right edge"
_OWN = ", east being the mover's own right"


def _count_text(item: CountCheck) -> str:
    """The count check as written: ``=2-3``, ``=1-@pits``."""
    high = "" if item.maximum is None else str(item.maximum)
    counts = str(item.minimum) if item.maximum == item.minimum else f"{item.minimum}-{high}"
    return "=" + counts + (f":{item.piece}" if item.piece else "") + (f"@{item.zone}" if item.zone else "")


def _run_text(item: RunCheck) -> str:
    """The check as written: ``u0-2``."""
    high = "" if item.maximum is None else str(item.maximum)
    return "u" + (str(item.minimum) if item.maximum == item.minimum else f"{item.minimum}-{high}")


def _amount(minimum: int, maximum: int | None) -> str:
    if maximum is None:
        return f"at least {minimum}"
    if maximum == minimum:
        return "no" if minimum == 0 else f"exactly {minimum}"
    return f"{minimum} to {maximum}"


def _count_words(item: CountCheck) -> str:
    if item.maximum is None:
        amount = f"at least {item.minimum}"
    elif item.maximum == item.minimum:
        amount = "no" if item.minimum == 0 else f"exactly {item.minimum}"
    else:
        amount = f"{item.minimum} to {item.maximum}"
    noun = "piece" if item.minimum == 1 and item.maximum in (1, None) else "pieces"
    if item.piece:
        noun = item.piece + ("" if item.minimum == 1 and item.maximum in (1, None) else "s")
        where = f"in the zone '{item.zone}' " if item.zone else "on the board "
        return f"the mover must have {amount} {noun} {where.rstrip()}"
    where = f"the squares of the zone '{item.zone}' must hold" if item.zone else "the square must hold"
    return f"{where} {amount} {noun}" + (" in all" if item.zone else "")


def _a(name: str) -> str:
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def _or(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def _direction_variable(group: int, opposite: bool) -> str:
    if group == 0:
        return ("against" if opposite else "in") + " the direction of the previous partial move"
    return ("opposite to" if opposite else "in") + f" direction {group}"


def _step(letters: tuple[str, ...]) -> str:
    sets = {"+": "in any orthogonal direction", "*": "in any direction", "X": "in any diagonal direction"}
    if len(letters) == 1 and letters[0] in sets:
        return "step " + sets[letters[0]]
    words = ["diagonally" if letter == "X" else DIRECTION_NAMES.get(letter, letter) for letter in letters]
    return "step " + _or(words)


def _count(repeat: Repeat) -> str:
    low, high = repeat.minimum, repeat.maximum
    if (low, high) == (0, 1):
        return "if possible" if repeat.possessive else "optionally"
    if (low, high) == (0, None):
        words = "any number of times"
    elif high is None:
        words = "one or more times" if low == 1 else f"at least {low} times"
    elif low == high:
        words = {0: "no times", 1: "once", 2: "twice"}.get(low, f"exactly {low} times")
    elif low == 0:
        words = f"at most {high} times"
    else:
        words = f"{low} to {high} times"
    return words + (", as many as possible" if repeat.possessive else "")


class _English:
    """Builds the plain-English reading; knows which groups are referred to, to mention only those."""

    def __init__(self, notation: Notation) -> None:
        self.referenced: set[int] = set()
        for element in walk(notation):
            if isinstance(element, (GroupStep, DirectionCheck)):
                self.referenced.add(element.group)
            elif isinstance(element, Navigate):
                self.referenced.update(step.group for step in element.path if step.group is not None)

    def node(self, node: Node, top: bool = False) -> str:
        if isinstance(node, Alternatives):
            options = [self.wrapped(option) for option in node.options]
            return "either " + " or ".join(options)
        if isinstance(node, Sequence):
            joiner = "; then, " if top else ", then "
            return joiner.join(self.node(item) for item in node.items)
        if isinstance(node, Group):
            body = self.node(node.body, top)
            if node.index not in self.referenced:
                return body
            if isinstance(node.body, Step):
                return f"{body} (direction {node.index})"
            return f"{body} (the direction of its last step is direction {node.index})"
        if isinstance(node, Repeat):
            return f"{_count(node)}: {self.node(node.body)}"
        if isinstance(node, Step):
            return _step(node.letters) + (_OWN if node.own else "") + (_WRAPPING if node.wrap else "")
        if isinstance(node, GroupStep):
            return "step " + _direction_variable(node.group, node.opposite) + (_WRAPPING if node.wrap else "")
        if isinstance(node, Lift):
            return "lift the piece on the square into the hand"
        if isinstance(node, Put):
            return "put the piece in hand down on the square"
        if isinstance(node, Continue):
            return "end this partial move, and go on with the same piece"
        if isinstance(node, Bracket):
            return self.items(node.items)
        raise TypeError(f"not a notation node: {node!r}")

    def wrapped(self, node: Node) -> str:
        """An alternative, in parentheses when it has several parts, so that 'or' reads clearly."""
        text = self.node(node)
        if isinstance(node, (Sequence, Alternatives)) or (
            isinstance(node, (Group, Repeat, Bracket)) and ("," in text or " or " in text)
        ):
            return f"({text})"
        return text

    def items(self, items: tuple[BracketItem, ...]) -> str:
        out = ""
        for position, item in enumerate(items):
            text = self.item(item)
            if position:
                acts = (isinstance(item, Check) and item.letter in "xdw") or isinstance(item, (Promote, Create, Handler))
                out += (", then " if acts or isinstance(item, Navigate) else " and ") + text
            else:
                out = text
        return out

    def item(self, item: BracketItem) -> str:
        if isinstance(item, Check):
            if item.label is None:
                return _CHECKS[item.letter]
            if item.letter == "o":
                return f"no move labelled '{item.label}' may have been made before (this move is labelled so)"
            return f"a move labelled '{item.label}' must have been made before"
        if isinstance(item, TypeCheck):
            return (f"no {item.name} may" if item.negated else f"{_a(item.name)} must") + " stand on the square"
        if isinstance(item, ZoneCheck):
            return f"the square must{' not' if item.negated else ''} be in the zone '{item.name}'"
        if isinstance(item, CountCheck):
            return _count_words(item)
        if isinstance(item, RunCheck):
            return (f"the piece must have made {_amount(item.minimum, item.maximum)} moves in a row "
                    "without capturing")
        if isinstance(item, DirectionCheck):
            went = "must not have gone" if item.negated else "must have gone"
            return f"the last step {went} {_direction_variable(item.group, item.opposite)}"
        if isinstance(item, Promote):
            lost = " its side has lost (fewer on the board than at the start)" if item.lost else ""
            if len(item.choices) == 1:
                return f"the piece in hand becomes {_a(item.choices[0])}{lost}"
            choices = _or([_a(choice) for choice in item.choices])
            return f"the piece in hand becomes {choices}{lost} (each choice a move of its own)"
        if isinstance(item, Create):
            return f"a new {item.name} appears on the square (which must be empty)"
        if isinstance(item, Handler):
            return f"custom handler {item.number} must accept"
        if isinstance(item, Navigate):
            path = " then ".join(self.nav(step) for step in item.path)
            if item.negated:
                return (f"unless there is no square one step {path}, it must not be so there that "
                        f"{self.items(item.items)}")
            return f"on the square one step {path} (without moving there): {self.items(item.items)}"
        raise TypeError(f"not a bracket item: {item!r}")

    @staticmethod
    def nav(step: NavStep) -> str:
        if step.group is not None:
            return _direction_variable(step.group, step.opposite)
        return DIRECTION_NAMES.get(step.letter or "", step.letter or "") + (" (east the mover's own right)" if step.own else "")


def describe(notation: Notation) -> str:
    """The notation in plain English.

    Top-level alternatives are listed one per line, numbered; anything else is one sentence.
    For ``(+)([p]\\1)*``: "step in any orthogonal direction (direction 1); then, any number of
    times: the square must be empty, then step in direction 1".
    """
    english = _English(notation)
    body = notation.body
    if isinstance(body, Alternatives):
        lines = [f"any of these {len(body.options)} ways:"]
        lines += [f"{number}. {english.node(option, top=True)}" for number, option in enumerate(body.options, 1)]
        return "\n".join(lines)
    return english.node(body, top=True)
