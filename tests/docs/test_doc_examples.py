"""Every command README.md and docs/*.md show runs as the text says: it ends with the exit status the
text gives it (0 unless a comment says ``exit N``) and prints the output a transcript shows; every
board file docs/boards.md marks complete loads. The commands run in this process (``cli.main``), in a
folder of their own holding the files they name."""

from __future__ import annotations

import io
import shutil
import sys
from pathlib import Path

import pytest

from dagaz_studio.board import parse_board
from dagaz_studio.cli import COMMANDS, main
from tests.docs.examples_in_docs import (
    CommandExample,
    UnreadableExample,
    boards_in,
    commands_in,
    documents,
    matches_shown,
)
from tests.helpers.paths import REPO

#: Files the examples name as a reader's own (``positions.txt``, ``broken.board``, …).
EXAMPLES = Path(__file__).parent / "examples"

#: Commands not run, and why (each must still be shown somewhere: see the test below).
NOT_RUN = {
    "perft chess --depth 100": "counts until Ctrl-C stops it (its warning: tests/commands/test_perft_unending.py)",
}
#: Commands that take tens of seconds, run with ``-m slow``.
SLOW = {
    "perft chess --depth 5 --jobs 2": "4,865,609 sequences",
}


def _all_commands() -> list[CommandExample]:
    return [
        example
        for path in documents(REPO)
        for example in commands_in(str(path.relative_to(REPO)), path.read_text(encoding="utf-8"))
    ]


COMMAND_EXAMPLES = _all_commands()


def _opens_the_window(example: CommandExample) -> bool:
    # As cli.main reads its words: no command, gui, or a first word that is no command nor an option
    # (a board to open: dagaz-studio xiangqi).
    first = example.words[0] if example.words else "gui"
    return first == "gui" or (first not in COMMANDS and not first.startswith("-"))


def _params() -> list[object]:
    params: list[object] = []
    for example in COMMAND_EXAMPLES:
        marks: list[pytest.MarkDecorator] = []
        if _opens_the_window(example):
            marks.append(pytest.mark.skip(reason="opens the window: its words are read below, the window opened in tests/gui/"))
        elif example.key in NOT_RUN:
            marks.append(pytest.mark.skip(reason=NOT_RUN[example.key]))
        elif example.key in SLOW:
            marks.append(pytest.mark.slow)
        params.append(pytest.param(example, id=example.where, marks=marks))
    return params


def _broken_chess(folder: Path) -> None:
    """docs/boards.md's ``broken-chess.board``: chess with a Wazir for a Knight, and castling through
    check (the squares the King crosses no longer asked whether they are attacked)."""
    text = (REPO / "boards" / "chess" / "chess.board").read_text(encoding="utf-8")
    knight = "piece Knight N: N,OM;E,OT;S TR;W,RM"
    castling = "[MA](E[pA]){2}|E[f,=Rook,M]^W{2};"
    assert knight in text and castling in text, "chess.board changed: make broken-chess.board anew"
    text = text.replace(knight, "piece Knight N: +").replace(castling, "[MA](E[p]){2}|E[f,=Rook,M]^W{2};")
    (folder / "broken-chess.board").write_text(text, encoding="utf-8")


def _prepare(folder: Path, example: CommandExample) -> None:
    """Put in ``folder`` the files the example names: a reader's own, and the checkout's (by the
    relative path the text gives, as typed in the checkout)."""
    for path in EXAMPLES.iterdir():
        shutil.copy(path, folder / path.name)
    _broken_chess(folder)
    for word in example.words:
        source = REPO / word
        if not Path(word).is_absolute() and source.is_file() and not (folder / word).exists():
            (folder / word).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, folder / word)


@pytest.mark.parametrize("example", _params())
def test_a_documented_command_runs_as_the_text_says(example, tmp_path, monkeypatch, capsys):
    _prepare(tmp_path, example)
    monkeypatch.chdir(tmp_path)
    if example.stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO((tmp_path / example.stdin).read_text(encoding="utf-8")))
    try:
        status = main(list(example.words))
    except SystemExit as done:  # --help, a usage error
        status = done.code if isinstance(done.code, int) else 2
    out, err = capsys.readouterr()
    said = f"{example.where}: {example.text}\nstdout:\n{out[-2000:]}\nstderr:\n{err[-2000:]}"
    assert "Traceback" not in out + err, said
    assert status == example.status, said
    if example.shown:
        mismatch = matches_shown(list(example.shown), (out + err).splitlines())
        assert mismatch is None, f"{mismatch}\n{said}"


@pytest.mark.parametrize("example", [example for example in COMMAND_EXAMPLES if _opens_the_window(example)],
                         ids=lambda example: example.where)
def test_a_documented_window_command_names_a_board_there_is(example):
    from dagaz_studio.board.shipped import resolve_board
    from dagaz_studio.cli import build_parser

    words = list(example.words) if example.words and example.words[0] == "gui" else ["gui", *example.words]
    args = build_parser("gui").parse_args(words)
    if args.board is not None:
        assert resolve_board(args.board).is_file()


def test_the_documents_show_commands_and_the_lists_name_only_those_shown():
    keys = {example.key for example in COMMAND_EXAMPLES}
    assert len(COMMAND_EXAMPLES) > 30 and any(example.shown for example in COMMAND_EXAMPLES)
    assert not (set(NOT_RUN) | set(SLOW)) - keys, "a command no document shows any more"


BOARD_EXAMPLES = [
    example
    for path in documents(REPO)
    for example in boards_in(str(path.relative_to(REPO)), path.read_text(encoding="utf-8"))
]


@pytest.mark.parametrize("example", BOARD_EXAMPLES, ids=lambda example: f"{example.document}:{example.line}")
def test_a_board_file_the_guide_calls_complete_loads(example):
    board = parse_board(example.text, f"{example.document}:{example.line}")
    assert board.squares


def test_the_board_guide_marks_a_complete_board_file():
    assert any(example.document == "docs/boards.md" for example in BOARD_EXAMPLES)


MARKDOWN = """\
Text.

```sh
dagaz-studio moves chess --fen '8/8 w # not a comment' --json   # exit 2: a comment
python -m dagaz_studio lesson list [--json] \\
    --quiet
# a comment line
dagaz-studio moves chess --fen - < positions.txt
```

```
$ dagaz-studio check broken.board   # exit status 2
broken.board:6:8: …
$ ls
a file
```

<!-- complete board file -->
~~~~
tiny
grid: a-b x 2-1
~~~~
"""


def test_the_reader_takes_commands_comments_transcripts_and_marked_boards():
    examples = commands_in("x.md", MARKDOWN)
    assert [example.words for example in examples] == [
        ("moves", "chess", "--fen", "8/8 w # not a comment", "--json"),
        ("lesson", "list", "--quiet"),
        ("moves", "chess", "--fen", "-"),
        ("check", "broken.board"),
    ]
    assert [example.status for example in examples] == [2, 0, 0, 2]
    assert [example.line for example in examples] == [4, 5, 8, 12]
    assert examples[2].stdin == "positions.txt"
    assert examples[3].shown == ("broken.board:6:8: …",)
    assert [board.text for board in boards_in("x.md", MARKDOWN)] == ["tiny\ngrid: a-b x 2-1\n"]
    with pytest.raises(UnreadableExample):
        commands_in("x.md", "```sh\ndagaz-studio moves chess | head -1\n```\n")


def test_shown_output_is_matched_in_order_with_ellipses():
    printed = ["a: 1", "b: 2 and more", "c: 3"]
    assert matches_shown(["a: 1", "…", "c: 3"], printed) is None
    assert matches_shown(["b: … more"], printed) is None
    assert matches_shown(["c: 3", "a: 1"], printed) is not None
    assert matches_shown(["b: 2"], printed) is not None
