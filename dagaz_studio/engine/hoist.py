"""Local functions of generated code made once rather than at every run.

The heap and stack boards' code (:mod:`dagaz_studio.engine.kind_code`) has continuations,
repetitions and trial passes as local functions where they are needed, inside the run of one square.
Python makes a function (and its closure) each time its ``def`` is reached, so a run that defines
three local functions pays for three functions before it finds anything. Most of them close over
nothing of the run: they take the run's state as arguments and share only what the enclosing
factory holds (the board, the hand, the work counter). :func:`hoist` moves each such function to
the factory, where it is made once per compiled notation; a function that reads a variable of the
function it is written in stays where it is, unless it is only ever called and reads them without
changing them: then it is given them as its first arguments (:func:`_given`), and moves too.
"""

from __future__ import annotations

import re
import symtable

from dagaz_studio.engine.emitter import INDENT, indent_of, scopes


def _block_end(lines: list[str], start: int) -> int:
    """The index after the last line of the block whose header is ``lines[start]``."""
    depth = indent_of(lines[start])
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or indent_of(lines[end]) > depth):
        end += 1
    return end


def hoist(source: str, factory: str = "factory", inner: str = "run") -> str:
    """``source`` with every function nested in ``factory``'s function ``inner`` whose free
    variables are all the factory's own (or other such functions) defined once in the factory,
    just before ``inner``. Lines ``name = None`` that let go of a moved function are dropped (the
    factory keeps it). The result does the same as ``source``."""
    module = symtable.symtable(source, "<generated>", "exec")
    outer = next((t for t in module.get_children() if t.get_name() == factory), None)
    run = None if outer is None else next((t for t in outer.get_children() if t.get_name() == inner), None)
    if outer is None or run is None:
        return source  # no factory holding ``inner``: nothing to hoist
    source, given = _given(source, run)
    lines = source.split("\n")
    own = {symbol.get_name() for symbol in outer.get_symbols() if symbol.is_local()}
    # Every function written with ``def`` (not comprehensions or lambdas, whose scopes are functions too).
    functions = [scope for scope in scopes(run) if isinstance(scope, symtable.Function) and scope is not run
                 and lines[scope.get_lineno() - 1].lstrip().startswith(f"def {scope.get_name()}(")]
    candidates = {table.get_name(): table for table in functions}
    if len(candidates) != len(functions):
        return source  # two local functions of one name: leave the code as written
    moving = set(candidates)
    changed = True
    while changed:
        changed = False
        for name in sorted(moving):
            frees = set(candidates[name].get_frees()) - given.get(name, set())
            if any(free not in own and free not in moving for free in frees):
                moving.discard(name)
                changed = True
    if not moving:
        return source
    blocks = {}
    for name in moving:
        start = candidates[name].get_lineno() - 1
        blocks[name] = (start, _block_end(lines, start))
    # Each line moved, by the innermost moved function that holds it (the larger ones marked first).
    owners: dict[int, str] = {}
    for name in sorted(moving, key=lambda n: blocks[n][0] - blocks[n][1]):
        for index in range(*blocks[name]):
            owners[index] = name
    drops = re.compile(r"^\s*(" + "|".join(re.escape(name) for name in moving) + r") = None$")
    hoisted: list[str] = []
    for name in sorted(moving, key=lambda n: blocks[n][0]):
        start, end = blocks[name]
        shift = indent_of(lines[start]) - 1
        for index in range(start, end):
            line = lines[index]
            if owners[index] == name and not drops.match(line):
                hoisted.append(line[len(INDENT) * shift:] if line.strip() else line)
    kept = [line for index, line in enumerate(lines) if index not in owners and not drops.match(line)]
    at = next(index for index, line in enumerate(kept)
              if line.startswith(f"{INDENT}def {inner}("))
    return "\n".join(_fill_empty(kept[:at] + hoisted + kept[at:]))


def _given(source: str, run: symtable.SymbolTable) -> tuple[str, dict[str, set[str]]]:
    """``source`` with each function written directly in ``run`` that reads variables of ``run``
    given them as its first arguments, at its ``def`` and at every call (each reads them afresh, as
    the closure did: nothing assigns them while it runs, as no function declares them ``nonlocal``),
    where its name is only ever called (by ``run`` or itself) or let go of (``name = None``); and
    what each is given, by name. (The functions it calls are not given: hoisting moves them, or
    leaves it where they are.) Only names change on a line: the scopes of ``run`` still tell the rest."""
    shared = {symbol.get_name() for scope in scopes(run) if scope is not run
              for symbol in scope.get_symbols() if symbol.is_nonlocal()}
    names = [child.get_name() for child in run.get_children()]
    given: dict[str, set[str]] = {}
    for table in run.get_children():
        name = table.get_name()
        if not isinstance(table, symtable.Function) or names.count(name) != 1:
            continue
        frees = sorted(free for free in table.get_frees() if run.lookup(free).is_local() and free not in names)
        uses = re.findall(rf"\b{re.escape(name)}\b(\(| = None$)?", source, re.MULTILINE)
        callers = [scope for scope in scopes(run) if scope not in (run, table) and name in scope.get_identifiers()]
        if not frees or shared & set(frees) or not all(uses) or callers:
            continue
        source = re.sub(rf"\b{re.escape(name)}\(", f"{name}({', '.join(frees)}, ", source)
        given[name] = set(frees)
    return source, given


def _fill_empty(lines: list[str]) -> list[str]:
    """``pass`` under every block header left without a body once its functions moved."""
    out: list[str] = []
    for index, line in enumerate(lines):
        out.append(line)
        if line.rstrip().endswith(":") and not line.lstrip().startswith("#"):
            following = next((lines[at] for at in range(index + 1, len(lines)) if lines[at].strip()), "")
            if not following or indent_of(following) <= indent_of(line):
                out.append(INDENT * (indent_of(line) + 1) + "pass")
    return out
