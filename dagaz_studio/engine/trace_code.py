"""The traced run, written by the code writer: the default board's back-end
(:class:`~dagaz_studio.engine.default_code.CodeGenerator`) with the trace's events written in, so
that a traced run records what the runner records — the same events, sentences, spans, squares and
flags, in the same order — and finds the same moves.

:class:`TraceWriter` writes the events where the writer's hooks ask (``traced``, ``traced_else``,
``traced_test``, ``letter``, which write nothing in the other back-ends) and says
itself how the implicit end keeps a move. The code keeps the run's hand, captures and squares
visited in the lists of a run state (:class:`TracedState`), so the events and the completed moves
are made by the functions the tests' oracle (the runner) calls too (:mod:`~dagaz_studio.engine.trace_words`,
:mod:`~dagaz_studio.engine.completion`). Every construct is written; only a notation past the size
limits raises :class:`~dagaz_studio.engine.emitter.CodeTooLarge` (a run then says its code is too large).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dagaz_studio.engine import trace_words
from dagaz_studio.engine.code_repeats import RepeatWriter
from dagaz_studio.engine.code_writer import FIN
from dagaz_studio.engine.compiler import Found, code_namespace, load_code, written_code_key
from dagaz_studio.engine.completion import keep_move
from dagaz_studio.engine.default_code import CodeGenerator
from dagaz_studio.engine.emitter import MAX_WRITTEN, PIECE_NAME, Cont, Env, ItemCont
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.run_state import State
from dagaz_studio.engine.values import COMPLETION_COST
from dagaz_studio.notation.nodes import Check, Continue, Notation

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules
    from dagaz_studio.engine.completion import MoveKey
    from dagaz_studio.engine.values import RunResult

#: A traced run's code: ``moves(cells, origin, piece, state, None, work, position)``.
TracedCode = Callable[..., None]


class TracedState(State):
    """The run state of a traced code run: the moves it completed, as the runner keeps them."""

    __slots__ = ("seen", "result", "under", "asked")
    seen: dict[MoveKey, int]
    result: RunResult
    #: A drop's: what stood on the square it starts over, in a tuple (``None``: not a drop).
    under: tuple[Any] | None
    #: An attack question's square (``None``: a run): each completed move is asked whether it captured
    #: there, and ``[a]``/``[s]`` pass, as an attacker's own safety does not limit what it attacks.
    asked: int | None

    def __init__(self, rules: Any, position: Any, piece: Piece, result: RunResult) -> None:
        """A fresh state for a traced code run of ``piece`` keeping its moves in ``result``."""
        super().__init__(rules, position, position.turn)
        self.piece_kind = piece.kind
        self.seen, self.result, self.under, self.asked = {}, result, None, None

    def at(self, cursor: int, direction: int | None, depth: int) -> None:
        """The cursor, the last direction and the depth the next event records."""
        self.cursor, self.last_dir, self.depth = cursor, direction, depth


def completed(st: TracedState, target: int, direction: int | None, start: int, promotion: str | None,
              again: bool = False, null: bool = False, labels: tuple[str, ...] = ()) -> None:
    """A way through the traced code completed: its move kept (or said not to be one) as the runner
    keeps it (:func:`~dagaz_studio.engine.completion.keep_move`); in an attack question, only asked
    whether it captured on the square asked about."""
    if st.asked is not None:
        if st.asked in st.captures:
            raise Found
        return
    keep_move(st, st.seen, st.result, target, direction, start, promotion, again, null, labels)


class TraceHooks(RepeatWriter):
    """What both traced back-ends write alike, over their board kind's back-end: the events where the
    writer's hooks ask (``traced``, ``traced_else``, ``traced_test``, ``letter``), a
    trial pass with the trace off, the end of a partial move and a completed move's cost (none in an
    attack question); each back-end says its own implicit end (:class:`TraceWriter`,
    :class:`~dagaz_studio.engine.kind_trace.KindTraceWriter`)."""

    # The events take lines: more are allowed than for untraced code.
    max_lines = RepeatWriter.max_lines * 3
    #: What the written code reads besides its constants: its board kind's back-end's names.
    namespace = staticmethod(code_namespace)
    # A repetition as its recursive function, whose passes the events follow one by one; a possessive
    # one tries each pass first, with the trace off, as the runner does.
    loops = False
    shortcuts = False
    square_steps = False
    # ``fin`` is told the cursor's direction, the depth and which end it is.
    fin_extra = ", d, dp, sp"
    #: The events the board kind says in words of its own, by name.
    own_words: dict[str, Callable[..., None]] = {}

    def __init__(self, rules: CodeRules, notation: Notation, player: int) -> None:
        super().__init__(rules, notation, player, [MAX_WRITTEN * 3])
        #: The spans of the ``&`` being written, innermost last (what their implicit end names).
        self.ends: list[str] = []

    @classmethod
    def code(cls, rules: CodeRules, notation: Notation, player: int, cancel: Any = None,
             piece_name: str = PIECE_NAME) -> TracedCode:
        """The traced code of ``notation`` for ``player`` this back-end writes (written once per board;
        ``piece_name`` labels an unlabelled ``[o]``); raises
        :class:`~dagaz_studio.engine.emitter.CodeTooLarge` past the size limits."""
        key = written_code_key(rules, notation, player, None, "traced", piece_name)
        written = rules.written.get(key)
        if written is None:
            writer = cls(rules, notation, player)
            writer.cancel, writer.piece_name = cancel, piece_name
            written = rules.written[key] = (writer.written(), True, 0)
        moves: TracedCode = load_code(rules, written[0], f"traced notation {notation.text!r}", keep=False,
                                      namespace=cls.namespace)["moves"]
        return moves

    def written(self) -> tuple[str, dict[str, Any]]:
        """The source of the traced ``moves`` function, and the constants it reads."""
        raise NotImplementedError

    def fin_args(self, env: Env, then: str) -> str:
        return f", {env['d']}, {env['dp']}, {'None' if then == 'None' else self.ends[-1]}"

    def letter(self, direction: str) -> str:
        return f"{self.constant('let', tuple(self.rules.dir_letters))}[{direction}]"

    def traced(self, indent: int, env: Env, event: str, span: Any, *args: str) -> None:
        # The board kind's own words (:mod:`~dagaz_studio.engine.kind_words`), else trace_words'.
        call = self.constant("ev", self.own_words.get(event) or getattr(trace_words, event))
        where = span if isinstance(span, str) else "None" if span is None else self.constant("sp", span)
        self.emit(indent, f"if T.trace is not None: T.at({env['c']}, {env['d']}, {env['dp']}); "
                          f"{call}(T, {', '.join((where, *args))})")

    def traced_else(self, indent: int, env: Env, event: str, span: Any, *args: str) -> None:
        self.emit(indent, "else:")
        self.traced(indent + 1, env, event, span, *args)

    def traced_test(self, indent: int, env: Env, test: str, event: str, span: Any, *args: str) -> str:
        ok = self.fresh("ok")
        self.emit(indent, f"{ok} = {test}")
        self.traced(indent, env, event, span, *args, ok)
        return ok

    # ---------------------------------------------------------------- the parts written in full

    def spend(self, ind: int, units: str = "1") -> None:
        if units.startswith(f"{COMPLETION_COST} + "):
            # A move completed in an attack question costs nothing more: only its captures are asked.
            self.emit(ind, "if T.asked is None:")
            ind += 1
        super().spend(ind, units)

    def trial(self, write: Callable[[Env, int, Cont], None], env: Env, ind: int) -> str:
        """The trial pass, its events written apart from the trace: a trial that fails leaves them
        in ``T.tried``, for the repetition's leaving to say what stopped it."""
        inner = super().trial(write, env, ind)
        name = self.fresh("trial")
        self.emit(ind, f"def {name}(*a):")
        self.emit(ind + 1, "was, cut = T.trace, T.truncated; T.trace = None if was is None else []")
        self.emit(ind + 1, f"try: ok = {inner}(*a)")
        self.emit(ind + 1, "finally: T.tried, T.trace, T.truncated = T.trace, was, cut")
        self.emit(ind + 1, "return ok")
        return name

    def threat_test(self, item: Check, env: Env, ind: int, square: str, k: ItemCont) -> str | None:
        """``[a]``, ``[s]``: asked of the attack questions, but passing in an attack question's own run
        (``T.asked``), as an attacker's own safety does not limit what it attacks."""
        answer = self.fresh("at")
        self.emit(ind, f"{answer} = {item.letter.islower()}")
        self.emit(ind, "if T.asked is None:")
        test = super().threat_test(item, env, ind + 1, square, k)
        self.emit(ind + 1, f"{answer} = {test}")
        return answer

    def visit_continue(self, node: Continue, env: Env, ind: int, k: Cont) -> None:
        self.ends.append(self.constant("sp", node.span))
        try:
            super().visit_continue(node, env, ind, k)
        finally:
            self.ends.pop()


class TraceWriter(TraceHooks, CodeGenerator):
    """The default board's code with the trace's events written in (its ``moves`` function only)."""

    def written(self) -> tuple[str, dict[str, Any]]:
        return self.module(self.notation.body, ("moves",))

    def analyse(self, body: Any) -> None:
        super().analyse(body)
        if not self.rich:
            # The hand and the captures are kept, as the events name them.
            self.rich = self.captures = True
            self.live += ["mi", "ms", "md"]

    def finishing(self, ind: int) -> None:
        """The implicit end as the runner says it, the run's lists kept in the run state ``T`` that
        the events read."""
        lists = "T.hand = hand; T.captures = caps; T.visited = visited; T.touched = touched; T.also = also"
        self.emit(ind, f"T = out; {lists}{'; T.created = created' if self.creates else ''}"
                       f"{'; T.stops = stops' if self.continues else ''}")
        # A drop starts with the piece in hand over the square, which keeps what stood there.
        self.emit(ind, "if T.under is not None: cells[origin] = T.under[0]; touched.clear(); visited.clear()")
        super().finishing(ind)

    def keep(self, i: int) -> None:
        # The code's promotion is a kind's index; a move records its name.
        promotion = f"None if pr is None else {self.constant('kinds', tuple(self.rules.kind_names))}[pr]"
        self.emit(i, f"T.at(c, d, dp); {self.constant('done', completed)}(T, ms, md, ps, {promotion if self.promotes else 'None'}{self.marks_of(FIN)})")
