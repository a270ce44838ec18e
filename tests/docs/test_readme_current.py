"""README.md tells of what the program has now: an example of every subcommand ``--help`` lists, every
panel of the window by its title, and only menu items (and their shortcuts) the window's menus have."""

from __future__ import annotations

import ast
import re

import pytest

from dagaz_studio.cli import COMMANDS
from tests.docs.examples_in_docs import commands_in, documents
from tests.helpers.paths import REPO

README = REPO / "README.md"
MENUS = ("File", "Edit", "View", "Help")
#: A key sequence as the text writes it: Ctrl+Shift+O, Ctrl++, Ctrl+-, F1 (not Ctrl+wheel).
SHORTCUT = re.compile(r"(?:(?:Ctrl|Shift|Alt)\+)+(?:Return|Enter|F\d+|[A-Z0-9]|\+|-)(?![a-z])|\bF\d+\b")


def _panel_titles() -> set[str]:
    """The titles the window's panels are docked under: every ``add_dock("Title", …)`` in gui/."""
    titles = set()
    for path in (REPO / "dagaz_studio" / "gui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_dock"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                titles.add(node.args[0].value)
    return titles


def test_the_readme_shows_every_subcommand():
    text = README.read_text(encoding="utf-8")
    shown = {example.words[0] for example in commands_in("README.md", text) if example.words}
    assert set(COMMANDS) - shown == set(), "a subcommand README.md's command-line examples leave out"


def test_the_readme_names_every_panel_of_the_window():
    titles = _panel_titles()
    assert {"Position", "Notation", "Moves", "Lessons"} <= titles  # the scan finds the docks
    text = re.sub(r"\s+", " ", README.read_text(encoding="utf-8"))
    assert {title for title in titles if f"*{title}*" not in text} == set()


def _menu_items(window) -> dict[str, dict[str, object]]:
    """Each menu's items by their text (``&`` left out), submenus as dicts of their own, each action's
    shortcut as Qt writes it."""

    def items(menu) -> dict[str, object]:
        found: dict[str, object] = {}
        for action in menu.actions():
            if action.menu() is not None:
                found[action.menu().title().replace("&", "")] = items(action.menu())
            elif action.text():
                found[action.text().replace("&", "")] = action.shortcut().toString()
        return found

    return {action.text().replace("&", ""): items(action.menu()) for action in window.menuBar().actions()}


def _mentions(text: str) -> list[tuple[str, str]]:
    """Each ``Menu ▸ …`` the text has: the menu and the words after it (line breaks and emphasis
    left out)."""
    text = re.sub(r"\s+", " ", text).replace("*", "")
    return [(match.group(1), text[match.end() : match.end() + 200]) for match in re.finditer(rf"\b({'|'.join(MENUS)}) ▸ ", text)]


def _unknown(items: dict[str, object], words: str) -> str | None:
    """What in ``words`` (after ``Menu ▸ ``) names no item of ``items``, or whose shortcut differs."""
    named: list[object] = []
    while True:
        item = max((title for title in items if words.startswith(title)), key=len, default=None)
        if item is None:
            return f"no item: {words[:60]!r}" if not named else None
        words = words[len(item) :]
        if isinstance(items[item], dict):
            if not words.startswith(" ▸ "):
                return None
            items, words, named = items[item], words[3:], []  # type: ignore[assignment]
            continue
        named.append(items[item])
        if words.startswith(" / "):  # View ▸ Zoom in / Zoom out / Fit board
            words = words[3:]
            continue
        break
    given = SHORTCUT.findall(words[2 : words.find(")")]) if words.startswith(" (") else []
    for shortcut, wanted in zip(named, given, strict=False):
        if shortcut != wanted:
            return f"shortcut {wanted} is {shortcut or 'none'}"
    return None


@pytest.mark.parametrize("document", documents(REPO), ids=lambda path: path.name)
def test_every_menu_item_the_documents_name_is_in_the_window(document, qtbot, tmp_path):
    from tests.helpers.gui_window import open_window

    # A board of one's own: a shipped one is read-only, its Save item "Save board as a copy…".
    mine = tmp_path / "mine.board"
    mine.write_text((REPO / "boards" / "chess" / "chess.board").read_text(encoding="utf-8"), encoding="utf-8")
    menus = _menu_items(open_window(qtbot, str(mine)))
    problems = [
        f"{menu} ▸ {words[:50]}…: {problem}"
        for menu, words in _mentions(document.read_text(encoding="utf-8"))
        if (problem := _unknown(menus[menu], words)) is not None
    ]
    assert problems == []


def test_menu_mentions_are_read_with_their_shortcuts():
    items = {"Zoom in": "Ctrl++", "Zoom out": "Ctrl+-", "Theme": {"Dark": ""}, "Lessons": "Ctrl+L"}
    assert _unknown(items, "Zoom in / Zoom out (Ctrl++, Ctrl+-, or Ctrl+wheel) and more") is None
    assert _unknown(items, "Zoom in / Zoom out (Ctrl++, Ctrl+0)") == "shortcut Ctrl+0 is Ctrl+-"
    assert _unknown(items, "Theme ▸ Dark, or") is None
    assert _unknown(items, "Theme ▸ Blue") == "no item: 'Blue'"
    assert _unknown(items, "Lessons (Ctrl+K) opens") == "shortcut Ctrl+K is Ctrl+L"
    assert _unknown(items, "Flip board") is not None


@pytest.mark.parametrize("document, start, end, command", [
    ("README.md", "`compare` runs two definitions", "`--jobs N` spreads", ["compare", "chess", "N", "nN", "--notation", "betza", "--json"]),
    ("docs/boards.md", "With `--json`, one object a test", "The shipped boards' tests", ["test", "chess", "--json"]),
])
def test_the_json_keys_a_document_lists_are_the_ones_printed(capsys, document, start, end, command):
    import json

    from dagaz_studio.cli import main

    text = re.sub(r"\s+", " ", (REPO / document).read_text(encoding="utf-8"))
    said = text[text.index(start) : text.index(end, text.index(start))]
    main(command)
    printed = json.loads(capsys.readouterr().out.splitlines()[0])
    assert set(printed) - set(re.findall(r"`([a-z_]+)`", said)) == set()


def test_the_readme_names_every_alias_of_a_shipped_board():
    from dagaz_studio.board.shipped import shipped_aliases

    text = re.sub(r"\s+", " ", README.read_text(encoding="utf-8"))
    start = text.index("(`boards/aliases.txt`:")
    said = set(re.findall(r"`([a-z0-9-]+)`", text[start : text.index(")", start)]))
    assert said == set(shipped_aliases())
