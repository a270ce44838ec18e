"""Two edits of one text merged line by line: each edit's lines kept where they change different
lines, the place named where they meet."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dagaz_studio.document.text_merge import merge_lines

#: What an edit does to one line of the base: leaves it, rewrites it, drops it, or writes a new line before it.
ACTIONS = ("keep", "replace", "delete", "insert")

# Each base line is edited by nobody, by us or by them, and how.
plans = st.lists(st.tuples(st.sampled_from(("nobody", "ours", "theirs")), st.sampled_from(ACTIONS)),
                 min_size=1, max_size=12)


def _edited(lines: list[str], plan: list[tuple[str, str]], editors: set[str]) -> list[str]:
    """``lines`` as the ``editors`` leave them, each line by the plan's action; built line by line, not
    by comparing texts as the merge does."""
    out = []
    for number, (line, (editor, action)) in enumerate(zip(lines, plan, strict=True)):
        if editor not in editors or action == "keep":
            out.append(line)
        elif action == "replace":
            out.append(f"{editor} rewrote line {number}\n")
        elif action == "insert":
            out.extend([f"{editor} wrote before line {number}\n", line])
    return out


@given(plans)
def test_edits_of_different_lines_are_both_kept(plan):
    base = [f"line {number}\n" for number in range(len(plan))]
    ours, theirs = _edited(base, plan, {"ours"}), _edited(base, plan, {"theirs"})
    merged = merge_lines("".join(base), "".join(ours), "".join(theirs))
    assert merged.clash_line is None
    assert merged.text == "".join(_edited(base, plan, {"ours", "theirs"}))


#: Edits of one line that meet: both change it, or both write a line before it (in which order?).
MEETING = st.sampled_from([("replace", "replace"), ("replace", "delete"), ("delete", "replace"),
                           ("delete", "delete"), ("insert", "insert")])


@given(plans, MEETING, st.data())
def test_edits_of_the_same_line_meet_there(plan, actions, data):
    our_action, their_action = actions
    base = [f"line {number}\n" for number in range(len(plan))]
    line = data.draw(st.integers(0, len(plan) - 1))
    # Our edits of the lines around it are left out: run together with ours of the line, they would
    # meet theirs a line higher.
    ours = _edited(base, [("ours", our_action) if number == line else ("nobody", "keep") if abs(number - line) == 1
                          else step for number, step in enumerate(plan)], {"ours"})
    theirs = _edited(base, [("theirs", their_action) if number == line else ("nobody", "keep")
                            for number in range(len(plan))], {"theirs"})
    merged = merge_lines("".join(base), "".join(ours), "".join(theirs))
    if our_action == their_action == "delete":
        assert merged.text == "".join(ours)  # the change both made, made once
    else:
        assert merged.text is None and merged.clash_line == line + 1


def test_the_last_line_ends_as_ours_does():
    base = "a\nb\nc"
    assert merge_lines(base, "a\nB\nc", "a\nb\nC\n").text == "a\nB\nC"
    assert merge_lines(base, "a\nB\nc\n", "a\nb\nC").text == "a\nB\nC\n"


def test_a_clash_is_said_at_the_line_the_board_file_counts():
    # A line separator inside a comment does not end a board file's line, so the clash on the
    # piece's line below it is on line 2, as the board file's own problems would number it.
    base = "# one\u2028still the comment\npiece Rook R: (+)\n"
    ours = base.replace("(+)", "(+)([p]\\1)*")
    theirs = base.replace("(+)", "(+)[p]")
    assert merge_lines(base, ours, theirs).clash_line == 2
