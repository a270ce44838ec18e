"""The events of a traced run, each with its sentence, written once: the traced code the code writer
makes (:mod:`~dagaz_studio.engine.trace_code`) calls these, and so does the test oracle's runner, so
the two traces are word for word the same. Each records one event on a run state ``st`` (its cursor, hand, captures, last direction and
depth as the event's fields); a caller asks ``st.trace is not None`` first, so an untraced run
writes no sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dagaz_studio.engine.run_state import State
    from dagaz_studio.notation.nodes import Span


def branch(st: State, span: Span | None, index: int, count: int) -> None:
    """Alternative ``index`` of ``count`` entered."""
    st.emit("branch", f"alternative {index} of {count}", span, branch=(index, count))


def backtrack(st: State, span: Span | None, index: int, count: int, square: int) -> None:
    """Alternative ``index`` of ``count`` explored, the cursor back on ``square``."""
    st.emit("backtrack", f"alternative {index} of {count} explored: back to {st.name(square)}", span, square,
            branch=(index, count))


def leaving(st: State, span: Span, count: int) -> None:
    """A repetition tries to leave after ``count`` passes."""
    st.emit("repeat", f"trying to leave after {count} pass{'es' if count != 1 else ''}", span)


def another_pass(st: State, span: Span, count: int) -> None:
    """A repetition takes its pass ``count + 1``."""
    st.emit("repeat", f"pass {count + 1}", span)


#: How a possessive repetition's pass that must be taken ends its sentence (the explainer reads it).
MUST_PASS = "another pass can succeed, so it must be taken"


def must_pass(st: State, span: Span, count: int) -> None:
    """A possessive repetition takes its pass ``count + 1``, which can succeed."""
    st.emit("repeat", f"pass {count + 1}: {MUST_PASS}", span)


def cannot_pass(st: State, span: Span, count: int, most: int | None) -> None:
    """A possessive repetition leaves after ``count`` passes, no further one can succeed: said by what
    stopped its trial of the next pass (:attr:`State.tried`), or by its ``most`` passes made."""
    done = f"leaving after {count} pass{'es' if count != 1 else ''}"
    if most is not None and count >= most:
        st.emit("repeat", f"{done}: the most it may make", span)
        return
    failed = list(dict.fromkeys(event.text for event in st.tried or () if not event.ok))
    why = "; ".join(failed[:3]) + (f" and {len(failed) - 3} more" if len(failed) > 3 else "")
    st.emit("repeat", f"{done}: no further pass from {st.name(st.cursor)} can succeed"
            + (f" ({why})" if why else " (none would change anything)"), span)


def blocked(st: State, span: Span, letter: str, square: int) -> None:
    """No square in direction ``letter`` of ``square``."""
    st.emit("blocked", f"no square {letter} of {st.name(square)}", span, square, False)


def step(st: State, span: Span, letter: str, origin: int, target: int) -> None:
    """A step in direction ``letter`` from ``origin`` to ``target``."""
    st.emit("step", f"step {letter} from {st.name(origin)} to {st.name(target)}", span, target)


def no_group(st: State, span: Span, sign: str, index: int, square: int) -> None:
    """``\\k``/``~k``: group ``index`` has recorded no direction."""
    what = "the previous partial move" if index == 0 else f"group {index}"
    st.emit("blocked", f"{sign}{index}: {what} has recorded no direction", span, square, False)


def group_blocked(st: State, span: Span, sign: str, index: int, letter: str, square: int) -> None:
    """``\\k``/``~k``: no square in the recorded direction."""
    st.emit("blocked", f"{sign}{index}: no square {letter} of {st.name(square)}", span, square, False)


def group_step(st: State, span: Span, sign: str, index: int, letter: str, target: int) -> None:
    """``\\k``/``~k``: a step in the recorded direction."""
    st.emit("step", f"{sign}{index}: step {letter} to {st.name(target)}", span, target)


def lift(st: State, span: Span | None, piece: Any, square: int) -> None:
    """``piece`` lifted from ``square``."""
    st.emit("lift", f"lift {st.describe(piece)} from {st.name(square)}", span, square)


def put(st: State, span: Span | None, piece: Any, square: int, old: Any) -> None:
    """``piece`` put on ``square``, removing ``old`` (``None``: the square was empty)."""
    taken = f", removing {st.describe(old)}" if old is not None else ""
    st.emit("put", f"put {st.describe(piece)} on {st.name(square)}{taken}", span, square)


def cannot_end(st: State, span: Span | None, square: int) -> None:
    """The implicit end refused: a friend stands on ``square``."""
    st.emit("check", f"cannot end on {st.name(square)}: {st.who(square)}", span, square, False)


def partial(st: State, span: Span, origin: int, target: int) -> None:
    """``&``: the partial move from ``origin`` ends on ``target``, where the next begins."""
    st.emit("partial", f"partial move {st.name(origin)}-{st.name(target)} ends; "
            f"the next begins from {st.name(target)}", span, target)


def verdict(ok: bool) -> str:
    """How a check's sentence says it held."""
    return "passed" if ok else "failed"


#: What each one-letter check of a square but ``[p]``, ``[e]``, ``[f]`` asks, in words: when what the
#: lower-case letter asks is so, and when it is not.
_ASKED = {
    "a": ("an enemy piece could capture there", "no enemy piece could capture there"),
    "s": ("a friendly piece could recapture there", "no friendly piece could recapture there"),
    # A FEN without the right to castle made no move: its pieces count as moved, by the position.
    "m": ("the piece counts as moved: it has moved, or the position gives it no castling right or does not stand it "
          "on its setup square", "the piece counts as unmoved"),
    "r": ("the piece has stood there in this move", "the piece has not stood there in this move"),
    "c": ("this move has captured there", "this move has not captured there"),
    "b": ("the move began there", "the move did not begin there"),
    "l": ("the previous move started there", "the previous move did not start there"),
    "t": ("the previous move ended there", "the previous move did not end there"),
}


def check(st: State, span: Span, text: str, letter: str, square: int, ok: bool) -> None:
    """A one-letter check ``letter`` (upper case: negated; ``text`` as written) on ``square``, and why
    it held or failed (``ok``), in words: ``[p]`` empty, ``[e]`` enemy, ``[f]`` friend, ``[a]`` attacked,
    ``[s]`` defended, ``[m]`` moved, ``[r]`` visited, ``[l]``/``[t]`` the previous move's start and end,
    ``[b]`` where the move began, ``[c]`` captured on (docs/notation.md, sections 5 and 7)."""
    asked = _ASKED.get(letter.lower())
    # The first words are said when what the lower-case letter asks is so; ``[p]``, ``[e]``, ``[f]``
    # say who stands there.
    why = st.who(square) if letter.lower() in "pef" else "" if asked is None else asked[ok != letter.islower()]
    st.emit("check", f"{text} {verdict(ok)} on {st.name(square)}: {why}", span, square, ok, check=text)


def check_text(letter: str, label: str | None) -> str:
    """A one-letter check as the trace names it."""
    return f"[{letter}{':' + label if label else ''}]"


def type_check(st: State, span: Span, text: str, square: int, ok: bool) -> None:
    """``[=Name]``/``[!=Name]`` on ``square``."""
    st.emit("check", f"{text} {verdict(ok)} on {st.name(square)}: {st.who(square)}", span, square, ok, check=text)


def zone_check(st: State, span: Span, text: str, zone: str, inside: bool, square: int, ok: bool) -> None:
    """``[@zone]``/``[!@zone]`` on ``square``."""
    where = "inside" if inside else "outside"
    st.emit("check", f"{text} {verdict(ok)}: {st.name(square)} is {where} {zone}", span, square, ok, check=text)


def direction_check(st: State, span: Span, text: str, same: bool, square: int, ok: bool) -> None:
    """A direction check: whether the last step went the recorded way."""
    was = "was" if same else "was not"
    st.emit("check", f"direction check {verdict(ok)}: the last step {was} in that direction", span, square, ok,
            check=text)


def refused(st: State, span: Span, text: str, square: int, why: str) -> None:
    """An action on ``square`` (``[x]``, ``[d]``, ``[w]``, ``[*Name]``) that cannot be taken;
    ``why`` empty: who stands there says why."""
    st.emit("check", f"{text} failed on {st.name(square)}: {why or st.who(square)}", span, square, False, check=text)


def capture_refused(st: State, span: Span, square: int) -> None:
    """``[x]`` on ``square``, which holds nothing to capture."""
    refused(st, span, "[x]", square, "nothing to capture")


def capture(st: State, span: Span, piece: Any, square: int, what: str | None = None) -> None:
    """``[x]``: ``piece`` (or ``what`` is taken, in words) captured on ``square``."""
    st.emit("capture", f"capture {what or st.describe(piece)} on {st.name(square)}", span, square)


def no_promotion_in_hand(st: State, span: Span, square: int) -> None:
    """A promotion with nothing in hand."""
    st.emit("check", "promotion failed: no piece in hand", span, square, False)


def created(st: State, span: Span, name: str, square: int) -> None:
    """``[*Name]``: a new piece on ``square``."""
    st.emit("put", f"a new {name} appears on {st.name(square)}", span, square, check=f"[*{name}]")


def no_such_square(st: State, span: Span, square: int) -> None:
    """A navigation leaving the board."""
    st.emit("check", f"navigation failed: no such square from {st.name(square)}", span, square, False)


def checks_hold(st: State, span: Span, square: int, looked: int) -> None:
    """``!(…)>N`` from ``square``: the checks all hold on ``looked``, the square looked at, so the look fails."""
    st.emit("check", f"!(…) failed from {st.name(square)}: the checks all hold on {st.name(looked)}", span, square,
            False)


def with_article(name: str) -> str:
    """``name`` after "a", or "an" before a vowel: an Officer, a Queen."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def promote_kind(st: State, span: Span, kind: int, square: int) -> None:
    """The piece in hand becomes one of ``kind``."""
    st.emit("promote", f"the piece in hand becomes {with_article(st.kind_names[kind])}", span, square)


def destroyed(st: State, span: Span, piece: Any, square: int) -> None:
    """``[d]``: ``piece`` on ``square`` taken off the board, not captured."""
    st.emit("capture", f"{st.describe(piece)} on {st.name(square)} is destroyed", span, square)


def won_over(st: State, span: Span, piece: Any, square: int) -> None:
    """``[w]``: ``piece`` on ``square`` changes to the mover's side."""
    st.emit("check", f"{st.describe(piece)} on {st.name(square)} changes to the {st.board.players[st.me]} side",
            span, square, check="[w]")


def again(st: State, span: Span, square: int, already: bool = False) -> None:
    """``[k]``: the mover moves again (said once on a way: not where it ``already`` does)."""
    if not already:
        st.emit("check", "[k]: the same player moves again after this move", span, square, check="[k]")


def null_move(st: State, span: Span, square: int, already: bool = False) -> None:
    """``[n]``: the move counts though nothing changes (said once on a way: not ``already``)."""
    if not already:
        st.emit("check", "[n]: the move counts even if nothing changes (a null move)", span, square, check="[n]")


def count_check(st: State, span: Span, text: str, zone: str | None, piece: str | None, count: int, square: int,
                ok: bool) -> None:
    """``[=n-m]``: how many pieces the square (or ``zone``) holds; ``[=n-m:Name]`` (``piece``): how many
    of the mover's pieces of that type the whole board (or ``zone``) holds."""
    if piece is not None:
        where = f"in the zone {zone}" if zone is not None else "on the board"
        found = f"{st.board.players[st.me]} has {count} {piece}{'' if count == 1 else 's'} {where}"
    else:
        found = f"{f'the zone {zone}' if zone is not None else st.name(square)} holds {count}"
    st.emit("check", f"{text} {verdict(ok)}: {found}", span, square, ok, check=text)


def run_check(st: State, span: Span, text: str, count: int, square: int, ok: bool) -> None:
    """``[u0-2]``: how many moves in a row the piece has made."""
    st.emit("check", f"{text} {verdict(ok)}: the piece has made {count} moves in a row", span, square, ok, check=text)


def once(st: State, span: Span, letter: str, label: str, made: bool, square: int, ok: bool) -> None:
    """``[o]``/``[O]``: whether a move of ``label`` has been made."""
    st.emit("check", f"[{letter}] {verdict(ok)}: a '{label}' move {'has' if made else 'has not'} been made",
            span, square, ok, check=f"[{letter}]")


def handler(st: State, span: Span, number: int, defined: bool, square: int, ok: bool) -> None:
    """``[N]``: the board's handler ``number`` asked."""
    why = "" if defined else f" (no handler {number} is defined for this board)"
    st.emit("check", f"handler [{number}] {verdict(ok)}{why}", span, square, ok)


def start(st: State, square: int, drop: Any = None) -> None:
    """A run begins on ``square`` (with ``drop`` from the hand)."""
    held = "" if drop is None else f" with {st.describe(drop)} from the hand"
    st.emit("start", f"start on {st.name(square)}{held}", None, square)


def not_own(st: State, square: int) -> None:
    """The implicit ``[f]`` failed: the piece on ``square`` is not the mover's."""
    st.emit("check", f"[f] failed on {st.name(square)}: {st.who(square)} — a player moves only his own pieces",
            None, square, False)


def lost_kind(st: State, span: Span, kind: int, square: int, lost: bool) -> None:
    """``[+?Name]``: said only where no piece of ``kind`` has been lost."""
    if not lost:
        st.emit("check", f"no promotion to {with_article(st.kind_names[kind])}: none has been lost", span, square, False)
