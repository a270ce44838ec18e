"""The engine is used through its package, ``dagaz_studio.engine``, never through its submodules.

The package's ``__init__`` is the engine's public interface: code outside the engine imports only
from it, so the engine's modules can be split, merged and renamed without touching the window, the
queries or the commands. Read from the source's syntax trees, as tests/test_architecture.py does.
"""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import dagaz_studio.engine as engine
from tests.helpers.paths import REPO

ROOT = REPO
PACKAGE = ROOT / "dagaz_studio"
ENGINE = PACKAGE / "engine"
NAME = "dagaz_studio.engine"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """Each import in ``path`` (at any depth) as (line, absolute module, names taken from it)."""
    found = []
    package = _module_name(path) if path.name == "__init__.py" else _module_name(path).rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            found.append((node.lineno, module, [alias.name for alias in node.names]))
    return found


def _outside_modules() -> list[Path]:
    return [path for path in sorted(PACKAGE.rglob("*.py")) if ENGINE not in path.parents]


def test_code_outside_the_engine_imports_only_the_package():
    places = []
    for path in _outside_modules():
        for line, module, names in _imports(path):
            # "from dagaz_studio import engine" is the package too; "from dagaz_studio.engine import
            # game" would name a submodule.
            submodules = [n for n in names if module == NAME and (ENGINE / f"{n}.py").exists()]
            if module.startswith(NAME + ".") or submodules:
                places.append(f"{path.relative_to(ROOT)}:{line}: {module} {submodules or ''}".rstrip())
    assert not places, "import these names from dagaz_studio.engine instead:\n" + "\n".join(places)


def test_code_outside_the_engine_uses_only_public_names():
    places = []
    for path in _outside_modules():
        for line, module, names in _imports(path):
            if module == NAME:
                places += [f"{path.relative_to(ROOT)}:{line}: {n}" for n in names if n not in engine.__all__]
    assert not places, "not in dagaz_studio.engine.__all__:\n" + "\n".join(places)


def test_the_public_names_are_public_and_listed_alike():
    tree = ast.parse((ENGINE / "__init__.py").read_text(encoding="utf-8"))
    typed: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom) and statement.module
                typed.update({alias.name: statement.module.rpartition(".")[2] for alias in statement.names})
    sources = engine._sources()
    assert len(engine.__all__) == len(set(engine.__all__))
    assert set(engine.__all__) == set(sources) == set(typed)
    assert sources == typed, "the TYPE_CHECKING imports and the lazy imports name different submodules"
    assert not [name for name in engine.__all__ if name.startswith("_")]


def test_every_public_name_is_its_submodules_object():
    for name in engine.__all__:
        source = importlib.import_module(f"{NAME}.{engine._sources()[name]}")
        assert getattr(engine, name) is getattr(source, name), name


def test_importing_the_package_imports_no_submodule():
    # A start that needs only a position's moves must not pay for the trace explainer.
    code = f"import sys, {NAME}; print(sorted(m for m in sys.modules if m.startswith('{NAME}.')))"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
