"""Random notations for the tests that run one notation several ways (the runner, the written code,
the traced code, each board kind's writer) or read it back (canonical text, English).

One strategy reaches every construct of the grammar (``dagaz_studio/notation/notation.lark``,
docs/notation.md): steps (runs of letters, the sets ``+ X *``, a letter the board lacks, ``%`` and
``'``), group steps, ``^ | &``, groups, alternatives, sequences, every quantifier (greedy and
possessive, ``{n}``, ``{n,m}``, ``{n,}``, ``{,m}``), and in brackets every check letter, labelled
checks, piece types, zones, direction checks, counts (of a square, a zone, a type), runs of moves,
promotions (to a lost type too), new pieces, handlers and looks at other squares (several items,
negated, paths of several steps). What a board offers it takes from a :class:`Vocabulary`: the
board's directions, piece names and zones, and its kind, whose own parts (a heap's sowing, a
column's top, counting) come more often on heap and stack boards; drop notations begin, half the
time, by asking about the square dropped on, as the shipped ones do.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hypothesis import strategies as st

from dagaz_studio.board import load_board
from dagaz_studio.notation.nodes import CHECK_LETTERS

#: Every direction letter the notation has (``U`` and ``D`` on 3-D boards only).
ALL_LETTERS = "NSEWOMRTUD"
#: Labels of ``[o:label]`` on a board; the tests that give a position labelled moves use these.
LABELS = ("a", "b")
#: The quantifiers, the bare part (no quantifier) about a third of the time.
QUANTIFIERS = ("", "", "", "", "*", "+", "?", "{2}", "{1,3}", "{2,}", "{,2}", "*+", "++", "?+", "{0,2}+")
#: Counts of a square's pieces (a heap's seeds, a column's height, 0 or 1 on a default board).
COUNTS = ("=0", "=1", "=0-1", "=1-", "=2-3", "=4-")
#: Runs of moves in a row.
RUNS = ("u0", "u0-1", "u1-2", "u1-")


@dataclass(frozen=True)
class Vocabulary:
    """What the random notations of a board may name: its direction letters, piece names and zones
    (strategies, so that a notation tied to no board may make its names up), the group steps and
    direction checks they use, and the board's kind."""

    letters: tuple[str, ...]
    names: st.SearchStrategy[str]
    zones: st.SearchStrategy[str] | None
    labels: st.SearchStrategy[str]
    #: Group steps (``\\1``, ``~0%``): with a group that may not exist, the notation does not parse.
    group_steps: tuple[str, ...]
    #: Groups a direction check or a look may name (``[!\\1]``, ``[p>~1]``).
    groups: tuple[str, ...]
    handlers: tuple[str, ...]
    #: ``default``, ``heap`` or ``stack``.
    kind: str = "default"
    #: Notations the tests drop pieces by: half begin by asking about the square dropped on.
    drops: bool = False


@cache
def board_vocabulary(board_name: str, drops: bool = False) -> Vocabulary:
    """The vocabulary of a shipped board (``drops``: for its drop notations)."""
    board = load_board(board_name)
    zones = sorted(board.zones)
    return Vocabulary(letters=tuple(sorted(board.directions)), names=st.sampled_from(sorted(board.pieces)),
                      zones=st.sampled_from(zones) if zones else None, labels=st.sampled_from(LABELS),
                      group_steps=("\\1", "~1", "\\2", "\\0", "~0", "\\1%"), groups=("\\1", "~1", "\\0"),
                      handlers=("1", "2"), kind=board.kind, drops=drops)


_MADE_UP_NAMES = st.tuples(st.sampled_from("ABCKPQRZ"), st.text(alphabet="abcz09_-", max_size=4)).map("".join)

#: A vocabulary tied to no board, whose notations always parse: made-up names and zones, group
#: steps and looks by the previous partial move's direction only (group 0 always exists).
FREE = Vocabulary(letters=tuple(ALL_LETTERS), names=_MADE_UP_NAMES, zones=_MADE_UP_NAMES, labels=_MADE_UP_NAMES,
                  group_steps=("\\0", "~0", "\\0%"), groups=("\\0", "~0"), handlers=tuple("123456789"))


def _directions(vocabulary: Vocabulary) -> st.SearchStrategy[str]:
    """A step: a letter of the board's or a run of them (the diagonals ``X`` among them), a set, or a
    letter the board may lack; at times wrapping (``%``) or read in the mover's own hand (``'``)."""
    letters = vocabulary.letters
    run = st.one_of(st.sampled_from(letters), st.lists(st.sampled_from((*letters, "X")), min_size=2, max_size=3).map("".join),
                    st.sampled_from(ALL_LETTERS))
    marked = st.tuples(run, st.sampled_from(["", "", "", "'", "%", "'%"])).map("".join)
    return st.one_of(marked, st.sampled_from(["+", "X", "*", "+%", "X%"]))


def _nav_path(vocabulary: Vocabulary) -> st.SearchStrategy[str]:
    """Where a look goes: one or two steps, each a letter (perhaps in the mover's own hand) or a
    recorded direction."""
    step = st.one_of(st.sampled_from(vocabulary.letters), st.sampled_from(vocabulary.letters).map(lambda x: x + "'"),
                     st.sampled_from(vocabulary.groups))
    return st.lists(step, min_size=1, max_size=2).map(lambda path: "".join(">" + one for one in path))


#: Check letters that act (take, destroy, wake, move again): never in a negated look.
ACTION_LETTERS = "xdwk"


def _checks(vocabulary: Vocabulary) -> list[st.SearchStrategy[str]]:
    """Bracket items that only ask, a strategy for each kind: a check letter, a piece type or its
    absence, a zone or not, a direction, a count (of a type, in a zone), a run."""
    names, zones = vocabulary.names, vocabulary.zones
    # One to three letters at once ("[e,x]"): the letters are what brackets hold most, and a few
    # each time reach every one of them in fewer examples.
    letters = st.lists(st.sampled_from([letter for letter in CHECK_LETTERS if letter not in ACTION_LETTERS]),
                       min_size=1, max_size=3).map(",".join)
    counts = st.one_of(st.sampled_from(COUNTS), st.tuples(st.sampled_from(["=0-1:", "=1-:", "=0-2:"]), names).map("".join))
    checks = [letters, letters, names.map(lambda name: "=" + name), names.map(lambda name: "!=" + name),
              st.sampled_from([*vocabulary.groups, *("!" + group for group in vocabulary.groups)]),
              counts, st.sampled_from(RUNS)]
    if zones is not None:
        checks += [zones.map(lambda zone: "@" + zone), zones.map(lambda zone: "!@" + zone),
                   st.tuples(counts, zones).map(lambda pair: pair[0] + "@" + pair[1])]
    return checks


def _actions(vocabulary: Vocabulary) -> list[st.SearchStrategy[str]]:
    """Bracket items that act, a strategy for each kind: a letter that does, a labelled move, a
    promotion (to one of several types, to a lost one), a new piece, a handler."""
    names = vocabulary.names
    return [st.lists(st.sampled_from(ACTION_LETTERS), min_size=1, max_size=2).map(",".join),
            st.tuples(st.sampled_from(["o:", "O:"]), vocabulary.labels).map("".join),
            st.tuples(st.sampled_from(["+", "+?"]), st.lists(names, min_size=1, max_size=2, unique=True)).map(
                lambda pair: pair[0] + "/".join(pair[1])),
            names.map(lambda name: "*" + name),
            st.sampled_from(vocabulary.handlers)]


def _brackets(vocabulary: Vocabulary) -> st.SearchStrategy[str]:
    checks = _checks(vocabulary)
    kinds = [*checks, *_actions(vocabulary)]
    if vocabulary.kind != "default":
        # What heaps and columns give a meaning of their own: a count, the top taken, moving again.
        kinds.append(st.sampled_from(["=1-", "=0", "=2-3", "=4-", "x", "k", "C", "=1"]))
    simple = st.one_of(*kinds)
    asking = st.one_of(*checks)
    path = _nav_path(vocabulary)
    looked = st.one_of(
        st.tuples(simple, path).map("".join),
        st.tuples(st.lists(simple, min_size=1, max_size=2), path).map(lambda parts: f"({','.join(parts[0])}){parts[1]}"),
        st.tuples(st.lists(asking, min_size=1, max_size=2), path).map(lambda parts: f"!({','.join(parts[0])}){parts[1]}"))
    item = st.one_of(simple, simple, simple, looked)
    separated = st.tuples(item, st.sampled_from([",", ",", ",", " "])).map("".join)
    return st.lists(separated, min_size=1, max_size=3).map(lambda items: "[" + "".join(items)[:-1] + "]")


def notations(vocabulary: Vocabulary | str) -> st.SearchStrategy[str]:
    """Random notations over ``vocabulary`` (or a shipped board's, by its name): parts of the grammar
    nested up to eight leaves deep, in sequences and alternatives, each part perhaps quantified. A
    notation naming a group it lacks does not parse (the tests set it aside)."""
    if isinstance(vocabulary, str):
        vocabulary = board_vocabulary(vocabulary)
    bracket = _brackets(vocabulary)
    others = ["^", "|", "&", *vocabulary.group_steps]
    if vocabulary.kind != "default":
        others += ["^", "|", "&"]  # a heap lifted, one seed sown, moving on with the same heap or column
    atoms = st.one_of(_directions(vocabulary), st.sampled_from(others), bracket)
    quantifier = st.sampled_from(QUANTIFIERS)
    separator = st.sampled_from([",", ",", ",", " "])

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        part = st.tuples(st.one_of(atoms, inner.map(lambda text: f"({text})")), quantifier, separator).map("".join)
        sequence = st.lists(part, min_size=1, max_size=3).map(lambda parts: "".join(parts)[:-1])
        return st.lists(sequence, min_size=1, max_size=3).map(";".join)
    texts = st.recursive(atoms, extend, max_leaves=8)
    if vocabulary.drops:
        texts = st.one_of(texts, st.tuples(bracket, texts).map(",".join))
    return texts


def drop_notations(board_name: str) -> st.SearchStrategy[str]:
    """Random notations for dropping pieces on a shipped board."""
    return notations(board_vocabulary(board_name, drops=True))
