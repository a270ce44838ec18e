"""The compiled fast path: a notation turned into straight-line Python, compiled once.

A traced run (:mod:`~dagaz_studio.engine.trace_code`) keeps a shared run state and can explain
every step. Most runs need neither: they only want the moves. For those, this module has a notation written out as
the Python source of one function (by the code writer's default-board back-end,
:class:`~dagaz_studio.engine.default_code.CodeGenerator`) and compiles it, in which

- the run's state lives in local variables — the cursor, the last direction, each group's direction,
  the promotion chosen, the counters the notation's repetitions need — and every assignment makes a
  fresh name, so a later alternative sees the state as it was, with nothing to restore;
- a step is a loop (or one test) over precomputed per-square neighbour tables;
- a repetition is a small recursive function, and a continuation needed in several places (after
  each option of ``;``, after leaving a repetition) is a local function, so no code is written twice;
- the only shared mutable state is the board's cells (captures lift pieces off and put them back) and
  a list of the squares captured so far;
- a completed move is a light record, ``(target, captures, promotion kind, last direction)``, kept once;
  the caller builds full :class:`~dagaz_studio.engine.values.Move` objects only when it needs them.

A second variant of the same source answers an attack question ("does this piece capture on that
square?") and stops at the first capture found there.

The compiler covers every construct of the notation at any length and
depth: code that would nest too deeply for Python is written apart, as functions of their own, and a
repetition's body tried and then taken is written once where it holds another such, so the code
grows in proportion to the notation.
Work is counted as a traced run counts it; a run that spends its budget where an attack question
may have stopped it, or nests too deeply for Python, is handed to the traced code, which stops it
where every step is counted and says why.
"""

from __future__ import annotations

import marshal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dagaz_studio.engine.counts import has_lost, own_pieces, run_count, zone_holds, zone_size
from dagaz_studio.engine.default_code import CodeGenerator
from dagaz_studio.engine.emitter import PIECE_NAME, CodeTooLarge, Passed
from dagaz_studio.engine.heaps import Heap, heap_size
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.records import Record, RichRecord
from dagaz_studio.engine.run_state import MAX_REPETITION_DEPTH
from dagaz_studio.notation.collection import collect_young
from dagaz_studio.notation.nodes import Notation, is_check, walk

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules

__all__ = ["Abort", "CodeTooLarge", "Compiled", "Found", "compile_function", "compile_notation", "new_work",
           "poll"]


class Abort(Exception):
    """A compiled run stopped: ``kind`` is ``budget`` (spent), ``depth`` (repetitions nested too
    deeply), ``cancelled``, or ``stop`` (with its ``message``, said already)."""

    def __init__(self, kind: str, message: str | None = None) -> None:
        super().__init__(kind)
        self.kind = kind
        self.message = message


class Found(Exception):
    """An attack question answered yes."""


@dataclass(frozen=True)
class Compiled:
    """A notation compiled for one board and player.

    ``moves(cells, origin, piece, out, seen, work, position)`` appends the records of the moves of
    ``piece`` standing on ``origin`` to ``out`` (``seen`` holds their keys; ``work`` is a
    :func:`new_work` list); ``attacks(cells, origin, piece, target, work, position)`` raises
    :class:`Found` when the piece could capture on ``target``. ``source`` is the generated Python.
    """

    moves: Callable[..., None]
    attacks: Callable[..., None]
    source: str
    #: Whether ``moves`` keeps full :class:`Move` objects (a notation that lifts or puts) rather than records.
    rich: bool = False


#: The code compiled in this process, by its source (:func:`remember_code`); a new start has none.
CODE_CACHE: dict[str, Any] = {}
#: What written code counts with, for every board kind (:mod:`dagaz_studio.engine.counts`).
COUNTING = {"HEAP": Heap, "SIZE": heap_size, "ZSIZE": zone_size, "ZANY": zone_holds, "OWN": own_pieces,
            "LOST": has_lost, "RUN": run_count}


#: The most pieces of code written for one board kept with it (:func:`written_code_key`).
MAX_KEPT_WRITTEN = 4096
#: The most characters of source kept, written for a board or compiled in this process: the code of
#: a notation near the length limit takes a few megabytes, and a window typing one keeps the code of
#: every keystroke's notation.
MAX_KEPT_SOURCE = 40_000_000
#: A source longer than this compiles for a second or more in one call that holds the interpreter's
#: lock, while no other thread runs (the window's would stand still): it is compiled in a child process
#: (:func:`compiled`). The shipped boards' longest written code is some 300,000 characters.
COMPILE_APART_CHARS = 1_000_000
#: The child process's work: the source from its standard input compiled, its code marshalled out.
_COMPILE_APART = ("import marshal, sys; sys.stdout.buffer.write(marshal.dumps("
                  "compile(sys.stdin.buffer.read().decode('utf-8'), sys.argv[1], 'exec')))")
#: The characters of source :data:`CODE_CACHE` holds.
_KEPT_SOURCE = [0]
#: A notation (or part) of more nodes than this has its attack question written when first asked,
#: not with its moves: a long notation typed in the window is run for its moves, keystroke after
#: keystroke, and writing both took twice as long (every shipped piece has fewer).
LAZY_ATTACKS_NODES = 400


def compile_notation(rules: CodeRules, notation: Notation, player: int, body: Any = None,
                     allowance: list[int] | None = None, cancel: Any = None, piece_name: str = PIECE_NAME) -> Compiled:
    """Compile ``notation`` (or one part of it, ``body``) for ``player``; raises
    :class:`CodeTooLarge` past the size limits (which no notation the
    parser takes comes near: the code grows in proportion to the notation, its nesting bounded).

    ``allowance``, a one-item list shared by several calls, holds the lines they may still write in
    all (see :data:`~dagaz_studio.engine.emitter.MAX_WRITTEN`); each call takes from it what it
    writes. ``cancel`` is looked at every :data:`~dagaz_studio.engine.emitter.WRITE_LOOK_EVERY` lines
    written, raising :class:`~dagaz_studio.notation.cancel.ReadingCancelled` when it is set.
    """
    namespace, rich = _compiled(rules, notation, player, body, "whole", piece_name, allowance, cancel)
    attacks = namespace.get("attacks") or _attacks_when_asked(rules, notation, player, body, piece_name)
    return Compiled(namespace["moves"], attacks, namespace["SOURCE"], rich)


def _attacks_when_asked(rules: CodeRules, notation: Notation, player: int, body: Any,
                        piece_name: str) -> Callable[..., None]:
    """The attack question of a long notation (or part), written and compiled when first asked."""
    found: list[Callable[..., None]] = []

    def attacks(*args: Any) -> None:
        if not found:
            found.append(compile_function(rules, notation, player, "attacks", piece_name, body))
        found[0](*args)
    return attacks


def written_code_key(rules: CodeRules, notation: Notation, player: int, body: Any, what: str,
                     piece_name: str = PIECE_NAME) -> tuple[Any, ...]:
    """What the code written for a notation depends on besides the board (see :attr:`Rules.written`):
    the notation, the part of it written, the player, the piece's name where an unlabelled ``[o]``
    reads it, and the piece kinds known by name (typed ones too), each neutral or not. (A window
    typing notation after notation on one board would keep the code of each: past
    :data:`MAX_KEPT_WRITTEN` pieces, or :data:`MAX_KEPT_SOURCE` characters, it is all let go, and
    written again as asked.)"""
    if len(rules.written) > MAX_KEPT_WRITTEN:
        rules.written.clear()
    part = None if body is None else next(i for i, option in enumerate(getattr(notation.body, "options", ())) if option is body)
    if piece_name != PIECE_NAME and any(is_check(node, "oO") and node.label is None for node in walk(notation.body)):
        what = f"{what} of {piece_name}"
    key = (notation.text, part, player, what, tuple((kind.name, kind.neutral) for kind in rules.kinds))
    # Summed over a copy: the interpreters of the board on other threads (the window's workers) may
    # add code meanwhile. (Summed only before code is written, which costs far more.)
    if key not in rules.written and sum(len(kept[0][0]) for kept in list(rules.written.values())) > MAX_KEPT_SOURCE:
        rules.written.clear()
    return key


def _compiled(rules: CodeRules, notation: Notation, player: int, body: Any, what: str, piece_name: str,
             allowance: list[int] | None = None, cancel: Any = None) -> tuple[dict[str, Any], bool]:
    """The names the code written for ``notation`` (or one part of it, ``body``) defines, and
    whether its moves are rich records: ``what`` names the function written, or ``whole`` its
    moves with its attack question (the latter left until asked where the part is long,
    :data:`LAZY_ATTACKS_NODES`); kept in ``rules.written``. Code kept takes from ``allowance`` the
    lines it took when it was written, as writing it again would: raising :class:`CodeTooLarge`
    where that runs out."""
    key = written_code_key(rules, notation, player, body, what, piece_name)
    written = rules.written.get(key)
    if written is None:
        generator = CodeGenerator(rules, notation, player, allowance)
        generator.cancel = cancel
        generator.piece_name = piece_name
        before = generator.allowance[0]
        part = notation.body if body is None else body
        variants = (what,) if what != "whole" else ("moves",) if sum(1 for _ in walk(part)) > LAZY_ATTACKS_NODES \
            else ("moves", "attacks")
        module = generator.module(part, variants)
        written = rules.written[key] = (module, generator.rich, before - generator.allowance[0])
    elif allowance is not None:
        allowance[0] -= written[2]
        if allowance[0] < 0:
            allowance[0] = -1
            raise CodeTooLarge(notation, "too much")
    return load_code(rules, written[0], f"notation {notation.text!r}"), written[1]


def compile_function(rules: CodeRules, notation: Notation, player: int, what: str, piece_name: str = PIECE_NAME,
                     body: Any = None) -> Callable[..., None]:
    """The function ``what`` of the code written for ``notation`` (or one part of it, ``body``) alone.

    ``probe``: the attack question with the pruning bulk work affords: a first step from the piece's
    square is not taken in a direction from which the square asked about cannot be reached
    (:meth:`Rules.step_rays`). It answers as ``attacks`` does but counts less work, so only callers
    that do not report where a run stopped use it (perft). ``drop``: ``drop(cells, square, piece,
    out, seen, work, position)`` appends to ``out`` the moves (whole :class:`Move` objects, not yet
    marked dropped) of ``piece``, taken from the hand and held over ``square``. Raises
    :class:`CodeTooLarge` past the size limits."""
    function: Callable[..., None] = _compiled(rules, notation, player, body, what, piece_name)[0][what]
    return function


def remember_code(source: str, code: Any) -> None:
    """Keep ``code``, compiled from ``source``, to load it again without compiling (bounded in number
    and in the characters of source kept, :data:`MAX_KEPT_SOURCE`)."""
    _KEPT_SOURCE[0] += len(source)
    if len(CODE_CACHE) > 4096 or _KEPT_SOURCE[0] > MAX_KEPT_SOURCE:
        CODE_CACHE.clear()
        _KEPT_SOURCE[0] = len(source)
    CODE_CACHE[source] = code


def compiled(source: str, label: str) -> Any:
    """``source`` compiled; one past :data:`COMPILE_APART_CHARS` in a child process of the same
    interpreter, its code read back marshalled (as the code cache keeps code), so that this thread
    waits without the interpreter's lock. Where the child fails (no process to be had, or the source
    does not compile), compiled here, raising what compiling raises."""
    if len(source) > COMPILE_APART_CHARS and sys.executable:
        import subprocess  # only now: most code is far shorter, and a start imports this module

        try:
            done = subprocess.run([sys.executable, "-I", "-S", "-c", _COMPILE_APART, label],
                                  input=source.encode("utf-8"), capture_output=True, check=False)
        except OSError:
            done = None
        if done is not None and done.returncode == 0:
            return marshal.loads(done.stdout)
    return compile(source, label, "exec")


def load_code(rules: CodeRules, module: tuple[str, dict[str, Any]], label: str, *, keep: bool = True,
              namespace: Callable[[CodeRules, dict[str, Any], str], dict[str, Any]] | None = None) -> dict[str, Any]:
    """The names a written ``module`` (its source and constants) defines, run in the namespace its
    back-end reads (``namespace``, the default board's by default). ``label`` names it in a
    traceback; with ``keep``, its compiled code is kept (:func:`remember_code`) to load it again
    without compiling — traced code is not, as it is written for a window's stepper, not for the
    code kept between starts."""
    source, constants = module
    code = CODE_CACHE.get(source) if keep else None
    if code is None:
        code = compiled(source, f"<{label}>")
        if keep:
            remember_code(source, code)
    names = (namespace or code_namespace)(rules, constants, source)
    exec(code, names)
    return names


def code_namespace(rules: CodeRules, constants: dict[str, Any], source: str) -> dict[str, Any]:
    """What the default board's written code reads: its constants and what every such code calls."""
    namespace: dict[str, Any] = dict(constants)
    namespace.update(COUNTING)
    namespace.update(Found=Found, Passed=Passed, Abort=Abort, TNEW=tuple.__new__, PIECE=Piece, RECORD=Record, RICH=RichRecord, MAXDEPTH=MAX_REPETITION_DEPTH, POLL=poll, R=rules, SOURCE=source)
    return namespace


def new_work(budget: int, cancel: Any) -> list[Any]:
    """The work counter a compiled run shares with the attack questions it asks:
    [work spent, when to look again, budget, cancel flag or None]."""
    return [0, min(POLL_EVERY, budget + 1), budget, cancel]


#: How often (in units of work) a run looks at its cancel flag.
POLL_EVERY = 512


def poll(work: list[Any]) -> None:
    """Called when the work reaches its next mark: stop when the budget is spent, or cancelled."""
    spent = work[0]
    if spent > work[2]:
        raise Abort("budget")
    cancel = work[3]
    if len(work) <= 4:
        # Bulk work (a fifth item: perft's) collects after each position it counts instead.
        collect_young()
    # At every mark reached, even past it in one go (an attack question left to the traced code adds
    # its work at once): a run whose work comes in jumps must still look.
    if cancel is not None and cancel.is_set():
        raise Abort("cancelled")
    work[1] = min((spent // POLL_EVERY + 1) * POLL_EVERY, work[2] + 1)
