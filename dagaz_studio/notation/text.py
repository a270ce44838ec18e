"""Reading a parse tree back out as text: the notation written canonically (:func:`to_notation`),
and the tree one node a line (:func:`format_tree`). The English reading is in :mod:`english`."""

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
)
from dagaz_studio.notation.visitor import Visitor

__all__ = ["FORM", "Form", "format_tree", "to_notation"]

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


class Form(Visitor[str]):
    """How a node is written, as far as parentheses and joining care: ``choice`` (``A;B``),
    ``series`` (``A,B``), ``postfix`` (a repetition, a look along a path), ``group``, ``bracket``,
    ``step``, ``letter`` (a bracket item written as one letter), or ``atom``."""

    def visit_alternatives(self, node: Alternatives) -> str:
        return "choice"

    def visit_sequence(self, node: Sequence) -> str:
        return "series"

    def visit_repeat(self, node: Repeat) -> str:
        return "postfix"

    def visit_navigate(self, node: Navigate) -> str:
        return "postfix"

    def visit_group(self, node: Group) -> str:
        return "group"

    def visit_bracket(self, node: Bracket) -> str:
        return "bracket"

    def visit_step(self, node: Step) -> str:
        return "step"

    def visit_check(self, node: Check) -> str:
        return "letter" if node.label is None else "atom"

    def visit_handler(self, node: Handler) -> str:
        return "letter"

    def visit_other(self, node: Node | BracketItem | Notation) -> str:
        return "atom"


#: How a node is written (see :class:`Form`).
FORM = Form()


class _Details(Visitor[str]):
    """What distinguishes a node of its kind, as :func:`format_tree` shows it."""

    def visit_group(self, element: Group) -> str:
        return str(element.index)

    def visit_repeat(self, element: Repeat) -> str:
        maximum = "inf" if element.maximum is None else str(element.maximum)
        return f"{element.minimum}..{maximum}" + (" possessive" if element.possessive else "")

    def visit_step(self, element: Step) -> str:
        return "|".join(element.letters) + ("'" if element.own else "") + ("%" if element.wrap else "")

    def visit_group_step(self, element: GroupStep) -> str:
        return _group_ref(element.group, element.opposite) + ("%" if element.wrap else "")

    def visit_check(self, element: Check) -> str:
        return element.letter + (f":{element.label}" if element.label is not None else "")

    def visit_type_check(self, element: TypeCheck) -> str:
        return ("!" if element.negated else "") + "=" + element.name

    def visit_zone_check(self, element: ZoneCheck) -> str:
        return ("!" if element.negated else "") + "@" + element.name

    def visit_direction_check(self, element: DirectionCheck) -> str:
        return ("!" if element.negated else "") + _group_ref(element.group, element.opposite)

    def visit_count_check(self, element: CountCheck) -> str:
        return _count_text(element)

    def visit_run_check(self, element: RunCheck) -> str:
        return _run_text(element)

    def visit_promote(self, element: Promote) -> str:
        return "/".join(element.choices)

    def visit_create(self, element: Create) -> str:
        return element.name

    def visit_handler(self, element: Handler) -> str:
        return str(element.number)

    def visit_navigate(self, element: Navigate) -> str:
        return "".join(_nav_text(step) for step in element.path)

    def visit_other(self, element: Node | BracketItem | Notation) -> str:
        return ""


_DETAILS = _Details()


def _details(element: Element) -> str:
    """What distinguishes a node of its kind, as :func:`format_tree` shows it."""
    return _DETAILS.visit(element)


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
    return _TEXT.visit(element)


class _Text(Visitor[str]):
    """A node's notation text (see :func:`to_notation`)."""

    def visit_alternatives(self, element: Alternatives) -> str:
        return ";".join(self.visit(option) for option in element.options)

    def visit_sequence(self, element: Sequence) -> str:
        parts = [f"({self.visit(item)})" if FORM.visit(item) in ("choice", "series") else self.visit(item)
                 for item in element.items]
        return _join(parts, [_needs_comma_between_parts(a, b) for a, b in zip(parts, parts[1:])])

    def visit_group(self, element: Group) -> str:
        return f"({self.visit(element.body)})"

    def visit_repeat(self, element: Repeat) -> str:
        body = self.visit(element.body)
        if FORM.visit(element.body) in ("choice", "series", "postfix"):
            body = f"({body})"
        return body + _quantifier_text(element.minimum, element.maximum, element.possessive)

    def visit_step(self, element: Step) -> str:
        return "".join(element.letters) + ("'" if element.own else "") + ("%" if element.wrap else "")

    def visit_group_step(self, element: GroupStep) -> str:
        return _details(element)

    # The checks and the handler are written as format_tree details them.
    visit_check = visit_type_check = visit_zone_check = visit_direction_check = visit_group_step
    visit_count_check = visit_run_check = visit_handler = visit_group_step

    def visit_lift(self, element: Lift) -> str:
        return "^"

    def visit_put(self, element: Put) -> str:
        return "|"

    def visit_continue(self, element: Continue) -> str:
        return "&"

    def visit_bracket(self, element: Bracket) -> str:
        return "[" + _items_text(element.items) + "]"

    def visit_promote(self, element: Promote) -> str:
        return ("+?" if element.lost else "+") + "/".join(element.choices)

    def visit_create(self, element: Create) -> str:
        return "*" + element.name

    def visit_navigate(self, element: Navigate) -> str:
        path = "".join(_nav_text(step) for step in element.path)
        if element.negated:
            return "!(" + _items_text(element.items) + ")" + path
        if len(element.items) == 1 and FORM.visit(element.items[0]) != "postfix":
            return self.visit(element.items[0]) + path
        return "(" + _items_text(element.items) + ")" + path


_TEXT = _Text()


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
    letters = [FORM.visit(item) == "letter" for item in items]
    return _join(texts, [not (a and b) for a, b in zip(letters, letters[1:])])


def _count_text(item: CountCheck) -> str:
    """The count check as written: ``=2-3``, ``=1-@pits``."""
    high = "" if item.maximum is None else str(item.maximum)
    counts = str(item.minimum) if item.maximum == item.minimum else f"{item.minimum}-{high}"
    return "=" + counts + (f":{item.piece}" if item.piece else "") + (f"@{item.zone}" if item.zone else "")


def _run_text(item: RunCheck) -> str:
    """The check as written: ``u0-2``."""
    high = "" if item.maximum is None else str(item.maximum)
    return "u" + (str(item.minimum) if item.maximum == item.minimum else f"{item.minimum}-{high}")
