"""Measure how far the package is from "one notation, one engine", from its source alone.

Run it from a clone: ``python tools/architecture.py`` prints each measure with its count, its target
and the places that make up the count; ``--json`` prints the same as JSON; ``--no-mypy`` skips the
one measure that runs a program (mypy). Everything else reads the package's syntax trees with the
standard library's :mod:`ast`, so the script needs nothing installed and never imports the package.

The measures:

- import cycles: groups of modules that import one another (strongly connected components of the
  import graph). Every import statement counts wherever it stands, inside a function or under
  ``if TYPE_CHECKING:`` too: a module that must know another to be understood depends on it.
- private names imported across modules: ``from a import _b``, ``import a._b``, ``m._b`` on an
  imported module ``m``.
- modules comparing board-kind strings: ``x.kind == "heap"``, ``kind in ("heap", "stack")``,
  ``case "heap":`` under ``match x.kind``, with the kinds' names read from the kind classes of the
  registry, board/kinds.py (``name = "heap"``), or from ``BOARD_KINDS`` in board/model.py; and, outside
  the registry, compares with its kind objects (``kind is HEAP``, ``isinstance(kind, HeapKind)``),
  which ask a kind's name by another spelling.
- modules dispatching on notation node types: ``isinstance`` (or ``type(x) is``, or a ``case``
  class pattern) naming a class of notation/nodes.py.
- source files over 600 lines.
- the engine's lines (dagaz_studio/engine).
- mypy --strict errors on the core (notation, board, engine, names), with the project's mypy
  configuration, when mypy is installed.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

PACKAGE = "dagaz_studio"
ROOT = Path(__file__).resolve().parent.parent
LONG_FILE = 600
CORE = ("notation", "board", "engine", "names")
NODES_MODULE = f"{PACKAGE}.notation.nodes"
# Span is where a node stands in the text, not a node: testing for it is no dispatch on the tree.
NOT_NODES = {"Span"}
#: The registry of board kinds: a class a kind, each with its ``name``.
KINDS_MODULE = f"{PACKAGE}.board.kinds"
# Used when neither the registry nor board/model.py names the kinds, so the measure keeps working.
FALLBACK_BOARD_KINDS = ("default", "stack", "heap")


@dataclass
class Measure:
    """One measure: what it counts, its count today, its target, and the places counted."""

    name: str
    title: str
    count: int | None
    target: int | None
    places: list[str] = field(default_factory=list)
    note: str = ""


@dataclass
class Module:
    """One source module of the package, parsed."""

    name: str
    path: Path
    tree: ast.Module
    lines: int
    is_package: bool
    nodes: list[ast.AST] = field(default_factory=list)  # every node of the tree, walked once

    def __post_init__(self) -> None:
        self.nodes = list(ast.walk(self.tree))


def load_modules(root: Path = ROOT) -> dict[str, Module]:
    """Every Python module of the package under ``root``, by dotted name."""
    modules: dict[str, Module] = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        relative = path.relative_to(root).with_suffix("")
        parts = list(relative.parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        text = path.read_text(encoding="utf-8")
        name = ".".join(parts)
        modules[name] = Module(name, path, ast.parse(text, str(path)), len(text.splitlines()), is_package)
    return modules


def _where(module: Module, node: ast.AST, root: Path) -> str:
    return f"{module.path.relative_to(root).as_posix()}:{getattr(node, 'lineno', 0)}"


# --------------------------------------------------------------------------- imports


@dataclass(frozen=True)
class Import:
    """One module importing another (or a name from another) at one line."""

    source: str  # the importing module
    target: str  # the module imported, or the module the name is taken from
    name: str | None  # the name taken (``from target import name``), else None
    line: int


def _base(module: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = module.name.split(".")
    if not module.is_package:
        parts.pop()
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def imports_of(module: Module, modules: dict[str, Module]) -> list[Import]:
    """Every import statement of a module, wherever it stands, as edges to the package's modules.

    ``from a import b`` where ``a.b`` is a module is an edge to ``a.b``; any other name is an edge
    to ``a``. Imports of modules outside the package are left out.
    """
    found: list[Import] = []
    for node in module.nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PACKAGE:
                    found.append(Import(module.name, alias.name, None, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, node)
            if base.split(".")[0] != PACKAGE:
                continue
            for alias in node.names:
                child = f"{base}.{alias.name}"
                if child in modules:
                    found.append(Import(module.name, child, None, node.lineno))
                else:
                    found.append(Import(module.name, base, alias.name, node.lineno))
    return found


def import_graph(modules: dict[str, Module]) -> dict[str, list[Import]]:
    """Each module's imports of other modules of the package (imports of itself left out)."""
    return {name: [edge for edge in imports_of(module, modules) if edge.target in modules and edge.target != name]
            for name, module in modules.items()}


def strongly_connected(graph: dict[str, list[Import]]) -> list[list[str]]:
    """The import cycles: strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        # An explicit stack of (node, iterator over its targets) so deep graphs never hit the recursion limit.
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(sorted({edge.target for edge in graph[start]})))]
        while work:
            node, targets = work[-1]
            advanced = False
            for target in targets:
                if target not in index:
                    index[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted({edge.target for edge in graph[target]}))))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return sorted(components)


def measure_cycles(modules: dict[str, Module], root: Path = ROOT) -> Measure:
    """Import cycles, each with its modules and the imports that close it."""
    graph = import_graph(modules)
    places: list[str] = []
    cycles = strongly_connected(graph)
    for number, component in enumerate(cycles, 1):
        members = set(component)
        places.append(f"cycle {number} ({len(component)} modules): {', '.join(component)}")
        for name in component:
            seen: set[str] = set()
            for edge in graph[name]:
                if edge.target in members and edge.target not in seen:
                    seen.add(edge.target)
                    where = f"{modules[name].path.relative_to(root).as_posix()}:{edge.line}"
                    places.append(f"    {where} imports {edge.target}")
    return Measure("import_cycles", "import cycles", len(cycles), 0, places)


# --------------------------------------------------------------------------- private names


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _module_bindings(module: Module, modules: dict[str, Module]) -> dict[str, str]:
    """Local names a module binds to modules of the package by importing them."""
    bound: dict[str, str] = {}
    for node in module.nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules and alias.asname:
                    bound[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, node)
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
    return bound


def measure_private(modules: dict[str, Module], root: Path = ROOT) -> Measure:
    """Private names (one leading underscore) one module takes from another."""
    places: list[str] = []
    for module in modules.values():
        for edge in imports_of(module, modules):
            if edge.target == module.name:
                continue
            hidden = [part for part in edge.target.split(".") if _private(part)]
            if edge.name is not None and _private(edge.name):
                places.append(f"{_where(module, ast.Pass(lineno=edge.line), root)} "
                              f"from {edge.target} import {edge.name}")
            elif hidden and edge.name is None:
                places.append(f"{_where(module, ast.Pass(lineno=edge.line), root)} imports {edge.target}")
        bound = _module_bindings(module, modules)
        for node in module.nodes:
            if (isinstance(node, ast.Attribute) and _private(node.attr) and isinstance(node.value, ast.Name)
                    and node.value.id in bound and bound[node.value.id] != module.name):
                places.append(f"{_where(module, node, root)} {bound[node.value.id]}.{node.attr}")
    return Measure("private_imports", "private names used across modules", len(places), 0, sorted(set(places)))


# --------------------------------------------------------------------------- board kinds


def _kind_classes(modules: dict[str, Module]) -> dict[str, str]:
    """The registry's kind classes (those whose body says ``name = "..."``): class name -> kind name."""
    registry = modules.get(KINDS_MODULE)
    found: dict[str, str] = {}
    for node in registry.tree.body if registry is not None else []:
        if isinstance(node, ast.ClassDef):
            for statement in node.body:
                target = statement.target if isinstance(statement, ast.AnnAssign) else (
                    statement.targets[0] if isinstance(statement, ast.Assign) and len(statement.targets) == 1 else None)
                value = getattr(statement, "value", None)
                if (isinstance(target, ast.Name) and target.id == "name" and isinstance(value, ast.Constant)
                        and isinstance(value.value, str) and value.value):
                    found[node.name] = value.value
    return found


def _kind_objects(modules: dict[str, Module], classes: dict[str, str]) -> set[str]:
    """The registry's module-level kind objects (``HEAP = HeapKind()``), by name."""
    registry = modules.get(KINDS_MODULE)
    return {target.id for node in (registry.tree.body if registry is not None else [])
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name) and node.value.func.id in classes
            for target in node.targets if isinstance(target, ast.Name)}


def board_kinds(modules: dict[str, Module]) -> tuple[str, ...]:
    """How the board kinds are named: the ``name`` of each kind class of the registry
    (board/kinds.py), else ``BOARD_KINDS`` in board/model.py."""
    named = tuple(_kind_classes(modules).values())
    if named:
        return named
    model = modules.get(f"{PACKAGE}.board.model")
    if model is not None:
        for node in model.tree.body:
            value: ast.expr | None
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign):
                targets, value = [node.target], node.value
            else:
                continue
            names_kinds = any(isinstance(t, ast.Name) and t.id == "BOARD_KINDS" for t in targets)
            if names_kinds and isinstance(value, (ast.Tuple, ast.List, ast.Set)):
                names = tuple(e.value for e in value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str))
                if names:
                    return names
    return FALLBACK_BOARD_KINDS


def _is_kind(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "kind") or (isinstance(node, ast.Name) and node.id == "kind")


def _kind_strings(node: ast.AST, kinds: tuple[str, ...]) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in kinds
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and node.elts:
        values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
        # Every element a board kind: ("passes", "facing") is an ending's kind, not a board's.
        return len(values) == len(node.elts) and all(v in kinds for v in values)
    return False


def measure_board_kinds(modules: dict[str, Module], root: Path = ROOT) -> Measure:
    """Modules comparing a ``kind`` with a board kind's name, or with one of the registry's kind
    objects or classes (the registry itself may)."""
    kinds = board_kinds(modules)
    classes = _kind_classes(modules)
    objects = _kind_objects(modules, classes)
    by_module: dict[str, list[int]] = {}
    for module in modules.values():
        # The registry's objects and classes by the names this module binds them to.
        imported = {local: name for local, (source, name) in _name_origins(module, modules).items()
                    if source == KINDS_MODULE} if module.name != KINDS_MODULE else {}
        kind_objects = {local for local, name in imported.items() if name in objects}
        kind_classes = {local for local, name in imported.items() if name in classes}
        for node in module.nodes:
            hit = False
            line = getattr(node, "lineno", 0)
            if isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
                hit = (any(_is_kind(o) for o in operands) and any(_kind_strings(o, kinds) for o in operands)
                       and all(isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)) for op in node.ops))
                hit = hit or any(isinstance(o, ast.Name) and o.id in kind_objects for o in operands)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
                hit = len(node.args) == 2 and any(isinstance(n, ast.Name) and n.id in kind_classes
                                                  for n in ast.walk(node.args[1]))
            elif isinstance(node, ast.Match) and _is_kind(node.subject):
                hit = any(isinstance(case.pattern, ast.MatchValue) and _kind_strings(case.pattern.value, kinds)
                          for case in node.cases)
            if hit:
                by_module.setdefault(module.path.relative_to(root).as_posix(), []).append(line)
    places = [f"{path}: lines {', '.join(map(str, sorted(lines)))}" for path, lines in sorted(by_module.items())]
    return Measure("board_kind_modules", f"modules comparing board-kind strings ({', '.join(kinds)})",
                   len(by_module), 1, places)


# --------------------------------------------------------------------------- node dispatch


def node_classes(modules: dict[str, Module]) -> set[str]:
    """The classes of the notation's parse tree, as notation/nodes.py defines them."""
    nodes = modules.get(NODES_MODULE)
    if nodes is None:
        return set()
    return {n.name for n in nodes.tree.body if isinstance(n, ast.ClassDef)} - NOT_NODES


def _name_origins(module: Module, modules: dict[str, Module]) -> dict[str, tuple[str, str]]:
    """Each name a module imports with a ``from`` statement: (module it comes from, its name there)."""
    origins: dict[str, tuple[str, str]] = {}
    for node in module.nodes:
        if isinstance(node, ast.ImportFrom):
            base = _base(module, node)
            for alias in node.names:
                origins[alias.asname or alias.name] = (base, alias.name)
    return origins


def _defined_in_nodes(source: str, name: str, modules: dict[str, Module], classes: set[str],
                      origins: dict[str, dict[str, tuple[str, str]]]) -> bool:
    # Follows re-exports (a package's __init__ importing the class) a few steps.
    for _ in range(5):
        if source == NODES_MODULE:
            return name in classes
        if source not in modules or name not in origins[source]:
            return False
        source, name = origins[source][name]
    return False


def measure_node_dispatch(modules: dict[str, Module], root: Path = ROOT) -> Measure:
    """Modules testing which notation node class a value is."""
    classes = node_classes(modules)
    origins = {name: _name_origins(module, modules) for name, module in modules.items()}
    by_module: dict[str, list[int]] = {}
    for module in modules.values():
        bound = _module_bindings(module, modules)

        def is_node_class(expr: ast.AST) -> bool:
            if isinstance(expr, ast.Tuple):
                return any(is_node_class(e) for e in expr.elts)
            if isinstance(expr, ast.Name):
                if module.name == NODES_MODULE:
                    return expr.id in classes
                return expr.id in origins[module.name] and _defined_in_nodes(
                    *origins[module.name][expr.id], modules, classes, origins)
            if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
                return bound.get(expr.value.id) == NODES_MODULE and expr.attr in classes
            return False

        lines: list[int] = []
        for node in module.nodes:
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("isinstance", "issubclass")
                    and len(node.args) == 2 and is_node_class(node.args[1])) or (isinstance(node, ast.Compare) and isinstance(node.left, ast.Call) and isinstance(node.left.func, ast.Name)
                  and node.left.func.id == "type" and any(is_node_class(c) for c in node.comparators)) or isinstance(node, ast.MatchClass) and is_node_class(node.cls):
                lines.append(node.lineno)
        if lines:
            by_module[module.path.relative_to(root).as_posix()] = sorted(lines)
    places = [f"{path}: {len(lines)} tests, lines {', '.join(map(str, lines))}" for path, lines in sorted(by_module.items())]
    return Measure("node_dispatch_modules", "modules dispatching on notation node types with isinstance",
                   len(by_module), 3, places)


# --------------------------------------------------------------------------- sizes


def measure_long_files(root: Path = ROOT) -> Measure:
    """Source files of the package (Python and grammars) over 600 lines."""
    places: list[str] = []
    for path in sorted((root / PACKAGE).rglob("*")):
        if path.suffix in (".py", ".lark") and path.is_file():
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > LONG_FILE:
                places.append(f"{path.relative_to(root).as_posix()}: {lines} lines")
    return Measure("long_files", f"source files over {LONG_FILE} lines", len(places), 0, places)


def measure_engine_lines(modules: dict[str, Module]) -> Measure:
    """The engine's size: lines of dagaz_studio/engine, with its biggest modules."""
    engine = [m for m in modules.values() if m.name == f"{PACKAGE}.engine" or m.name.startswith(f"{PACKAGE}.engine.")]
    total = sum(m.lines for m in engine)
    biggest = sorted(engine, key=lambda m: -m.lines)[:10]
    places = [f"{len(engine)} modules; the biggest:"] + [f"    {m.name}: {m.lines}" for m in biggest]
    return Measure("engine_lines", "lines in the engine", total, None, places,
                   note="no fixed target: one notation, one engine means fewer")


# --------------------------------------------------------------------------- mypy

_ERROR = re.compile(r"^(?P<path>[^:\n]+):\d+: error: ", re.MULTILINE)


def measure_mypy(root: Path = ROOT) -> Measure:
    """mypy --strict errors on the core, with the project's configuration; not measured without mypy."""
    title = f"mypy --strict errors on the core ({', '.join(CORE)})"
    if importlib.util.find_spec("mypy") is None:
        return Measure("mypy_strict_errors", title, None, 0, [], note="not measured: mypy is not installed")
    command = [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
               *(f"{PACKAGE}/{part}" for part in CORE)]
    done = subprocess.run(command, cwd=root, capture_output=True, text=True)
    # mypy also reports on the modules the core imports (betza, parlett): those are not the core.
    errors = [path for path in _ERROR.findall(done.stdout)
              if Path(path).as_posix().startswith(tuple(f"{PACKAGE}/{part}/" for part in CORE))]
    if done.returncode not in (0, 1):
        return Measure("mypy_strict_errors", title, None, 0, [done.stderr.strip() or done.stdout.strip()],
                       note="not measured: mypy failed")
    by_file: dict[str, int] = {}
    for path in errors:
        by_file[path] = by_file.get(path, 0) + 1
    places = [f"{path}: {n}" for path, n in sorted(by_file.items(), key=lambda item: (-item[1], item[0]))]
    return Measure("mypy_strict_errors", title, len(errors), 0, places)


# --------------------------------------------------------------------------- all


def measure_all(root: Path = ROOT, mypy: bool = True) -> list[Measure]:
    """Every measure, in the order the script prints them."""
    modules = load_modules(root)
    measures = [
        measure_cycles(modules, root),
        measure_private(modules, root),
        measure_board_kinds(modules, root),
        measure_node_dispatch(modules, root),
        measure_long_files(root),
        measure_engine_lines(modules),
    ]
    if mypy:
        measures.append(measure_mypy(root))
    else:
        measures.append(Measure("mypy_strict_errors", "mypy --strict errors on the core", None, 0, [],
                                note="not measured: --no-mypy"))
    return measures


def format_text(measures: list[Measure]) -> str:
    """The measures as the script prints them."""
    out: list[str] = []
    for m in measures:
        count = "not measured" if m.count is None else str(m.count)
        target = "" if m.target is None else f" (target {m.target})"
        out.append(f"{m.title}: {count}{target}")
        if m.note:
            out.append(f"  {m.note}")
        out.extend(f"  {place}" for place in m.places)
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Print the measures; the exit status is 0 whatever they are: they measure, they do not judge."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the measures as JSON")
    parser.add_argument("--no-mypy", action="store_true", help="do not run mypy")
    parser.add_argument("--root", type=Path, default=ROOT, help="the clone to measure (default: this one)")
    args = parser.parse_args(argv)
    measures = measure_all(args.root.resolve(), mypy=not args.no_mypy)
    if args.json:
        print(json.dumps({m.name: asdict(m) for m in measures}, indent=2))
    else:
        print(format_text(measures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
