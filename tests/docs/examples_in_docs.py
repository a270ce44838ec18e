"""The examples README.md and docs/*.md show, read out of their Markdown: the commands a reader is
told to type (with the exit status the text gives them and the output it shows) and the board files
said to be complete."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

#: Fence languages whose lines are commands to type.
SHELL_LANGUAGES = frozenset({"sh", "shell", "bash", "zsh", "console", "shell-session"})
#: How a command of the program begins, typed as installed or through Python.
PROGRAM = re.compile(r"^(?:dagaz-studio|python3? -m dagaz_studio)(?=\s|$)")
#: A transcript's prompt: the line is a command, what follows it up to the next prompt its output.
PROMPT = "$ "
#: The marker put on the line above a fence whose text is a whole board file, as it loads.
COMPLETE_BOARD = "<!-- complete board file -->"
#: What a comment says of a command's exit status: "exit 1", "exit status 2".
EXIT_STATUS = re.compile(r"\bexit(?: status)? (\d+)\b")
#: Words a shell would read as more than one command or an output redirection: no example may hold
#: one unless the reader below learns what it means.
SHELL_OPERATORS = frozenset({"|", "||", "&&", ";", "&", ">", ">>", "2>", "2>&1"})
#: An optional word as a synopsis writes it: ``[--json]``.
OPTIONAL_WORD = re.compile(r"^\[-[^\]]*\]$")


class UnreadableExample(ValueError):
    """A command in the documentation that this reader cannot run as a shell would."""


@dataclass(frozen=True)
class CommandExample:
    """One command a document shows."""

    document: str
    line: int
    text: str
    #: The program's arguments, after its name (optional ``[--words]`` left out).
    words: tuple[str, ...]
    #: The status the text gives it (``# exit 1``), else 0.
    status: int = 0
    #: The file standard input is read from (``< positions.txt``), if any.
    stdin: str | None = None
    #: The output shown under it in a transcript (``$ …`` then its lines).
    shown: tuple[str, ...] = field(default=())

    @property
    def where(self) -> str:
        """``README.md:155``: where a reader finds it."""
        return f"{self.document}:{self.line}"

    @property
    def key(self) -> str:
        """The command's words joined, as the skip lists name it."""
        return " ".join(self.words)


@dataclass(frozen=True)
class BoardExample:
    """A fenced board file a document says is complete."""

    document: str
    line: int
    text: str


@dataclass
class _Fence:
    language: str
    line: int
    marked_complete: bool
    lines: list[tuple[int, str]] = field(default_factory=list)


def fences(text: str) -> list[_Fence]:
    """The fenced code blocks of a Markdown text (``` or ~~~, any length, closed by the same
    character at least as long), each with its language, its first line's number and its lines."""
    found: list[_Fence] = []
    current: _Fence | None = None
    closer = ""
    previous = ""
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if current is None:
            opening = re.match(r"^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)", line)
            if opening:
                closer = opening.group(1)
                current = _Fence(opening.group(2).lower(), number, previous == COMPLETE_BOARD)
            elif stripped:
                previous = stripped
            continue
        if stripped.startswith(closer[0] * len(closer)) and not stripped.strip(closer[0]):
            found.append(current)
            current, previous = None, ""
            continue
        current.lines.append((number, line))
    return found


def split_comment(line: str) -> tuple[str, str]:
    """A shell line's command and its ``# comment``, a ``#`` inside quotes or within a word kept."""
    quote = ""
    escaped = False
    for place, character in enumerate(line):
        if escaped:
            escaped = False
        elif character == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if character == quote else quote
        elif character in "'\"":
            quote = character
        elif character == "#" and (place == 0 or line[place - 1].isspace()):
            return line[:place].rstrip(), line[place + 1 :].strip()
    return line.rstrip(), ""


def _command(document: str, number: int, text: str, shown: list[str]) -> CommandExample:
    command, comment = split_comment(text)
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise UnreadableExample(f"{document}:{number}: {text!r}: {error}") from None
    # The program's name: one word, or ``python -m dagaz_studio``.
    words = words[3:] if words[0].startswith("python") else words[1:]
    stdin = None
    if "<" in words:
        at = words.index("<")
        if at + 1 >= len(words):
            raise UnreadableExample(f"{document}:{number}: {text!r}: '<' without a file")
        stdin = words[at + 1]
        words = words[:at] + words[at + 2 :]
    operators = SHELL_OPERATORS.intersection(words)
    if operators:
        raise UnreadableExample(f"{document}:{number}: {text!r}: shell operator {sorted(operators)[0]!r} not read")
    status = EXIT_STATUS.search(comment)
    return CommandExample(
        document=document,
        line=number,
        text=text.strip(),
        words=tuple(word for word in words if not OPTIONAL_WORD.match(word)),
        status=int(status.group(1)) if status else 0,
        stdin=stdin,
        shown=tuple(shown),
    )


def commands_in(document: str, text: str) -> list[CommandExample]:
    """The program's commands ``text`` shows: in a shell-tagged fence every line that begins with the
    program's name (``$`` before it or not), in any other fence a transcript's ``$`` lines, each with
    the output below it. A line ending in ``\\`` goes on on the next."""
    examples: list[CommandExample] = []
    for fence in fences(text):
        joined: list[tuple[int, str]] = []
        for number, line in fence.lines:
            if joined and joined[-1][1].endswith("\\"):
                joined[-1] = (joined[-1][0], joined[-1][1][:-1] + " " + line.strip())
            else:
                joined.append((number, line))
        # A transcript shows each command after a prompt and its output under it; a shell fence
        # without prompts holds commands (and comments) only.
        transcript = any(line.startswith(PROMPT) for _, line in joined)
        if not transcript and fence.language not in SHELL_LANGUAGES:
            continue
        pending: tuple[int, str] | None = None
        shown: list[str] = []
        for number, line in joined:
            if transcript and not line.startswith(PROMPT):
                shown.append(line)
                continue
            if pending:
                examples.append(_command(document, *pending, shown))
            body = line.removeprefix(PROMPT)
            # Another program's command (a set-up step) ends the output of the one before.
            pending, shown = ((number, body) if PROGRAM.match(body) else None), []
        if pending:
            examples.append(_command(document, *pending, shown))
    return examples


def boards_in(document: str, text: str) -> list[BoardExample]:
    """The fenced board files ``text`` marks complete (:data:`COMPLETE_BOARD` on the line above)."""
    return [
        BoardExample(document, fence.line, "\n".join(line for _, line in fence.lines) + "\n")
        for fence in fences(text)
        if fence.marked_complete
    ]


def documents(repo: Path) -> list[Path]:
    """The user documentation: README.md and docs/*.md."""
    return [repo / "README.md", *sorted((repo / "docs").glob("*.md"))]


def matches_shown(shown: list[str], printed: list[str]) -> str | None:
    """Why the lines ``printed`` do not show what a transcript shows, or None when they do: each line
    shown (``…`` standing for any text, a line of ``…`` alone for lines left out) is printed, in order."""
    at = 0
    for wanted in shown:
        if not wanted.strip() or wanted.strip() == "…":
            continue
        pattern = re.compile(".*".join(re.escape(part) for part in wanted.rstrip().split("…")) + r"\s*$")
        while at < len(printed) and not pattern.match(printed[at]):
            at += 1
        if at == len(printed):
            return f"not printed (in this order): {wanted!r}"
        at += 1
    return None
