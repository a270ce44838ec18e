"""The core never imports Qt: only ``dagaz_studio.gui`` may."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import dagaz_studio

PACKAGE = Path(dagaz_studio.__file__).parent
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6")


def _core_modules() -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py") if "gui" not in p.relative_to(PACKAGE).parts]


def _imported_names(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_no_core_module_imports_qt() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in _core_modules()
        for name in _imported_names(path)
        if name.split(".")[0] in QT_MODULES
    ]
    assert _core_modules(), "no core modules found"
    assert offenders == []


def test_importing_the_core_loads_no_qt() -> None:
    modules = sorted(
        ".".join(("dagaz_studio", *p.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")
        for p in _core_modules()
        if p.name != "__main__.py"
    )
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"loaded = [m for m in sys.modules if m.split('.')[0] in {QT_MODULES!r}]\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_the_window_takes_qts_namespace_from_where_it_is_built_on_first_use() -> None:
    """Taking ``Qt`` from PySide6.QtCore builds its every enum at once (about 10 ms); the window's
    modules take it from gui/lazy_qt.py, so that the board paints first."""
    package = Path(__file__).resolve().parent.parent / "dagaz_studio" / "gui"
    offenders = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "lazy_qt.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            imported = isinstance(node, ast.ImportFrom) and node.module == "PySide6.QtCore" and \
                any(alias.name == "Qt" for alias in node.names)
            read = isinstance(node, ast.Attribute) and node.attr == "Qt" and isinstance(node.value, ast.Name) \
                and node.value.id == "QtCore"
            if imported or read:
                offenders.append(f"{path.relative_to(package)}:{node.lineno}")
    assert offenders == []
