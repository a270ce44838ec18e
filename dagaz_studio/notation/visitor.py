"""One dispatch on a notation node's type, for every module that gives the nodes a meaning.

A module that reads a parse tree — its words, its text, the names it uses, its run — subclasses
:class:`Visitor` and writes one method for each node type it treats, named after the type
(``visit_step`` for :class:`~dagaz_studio.notation.nodes.Step`, ``visit_group_step`` for
:class:`~dagaz_studio.notation.nodes.GroupStep`). The table from type to method is made once per
subclass, so a visit costs one dictionary lookup; a node type the subclass does not treat goes to
:meth:`Visitor.visit_other`. (Lark's ``Visitor`` and Python's ``ast.NodeVisitor`` are the pattern.)
A new node type is added to :data:`NODE_TYPES`, and each reader that must hear of it gets a method.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    BracketItem,
    Check,
    Continue,
    CountCheck,
    Create,
    DirectionCheck,
    Group,
    GroupStep,
    Handler,
    Lift,
    Navigate,
    Node,
    Notation,
    Promote,
    Put,
    Repeat,
    RunCheck,
    Sequence,
    Step,
    TypeCheck,
    ZoneCheck,
)

__all__ = ["NODE_TYPES", "Visitor", "method_name"]

R = TypeVar("R")

#: Every type a parse tree's nodes and bracket items have, and its root's.
NODE_TYPES: tuple[type, ...] = (
    Notation, Sequence, Alternatives, Group, Repeat, Step, GroupStep, Lift, Put, Continue, Bracket,
    Check, TypeCheck, ZoneCheck, DirectionCheck, CountCheck, RunCheck, Promote, Create, Handler, Navigate,
)


def method_name(node_type: type) -> str:
    """The visitor method for a node type: ``GroupStep`` -> ``visit_group_step``."""
    return "visit_" + re.sub(r"(?<!^)(?=[A-Z])", "_", node_type.__name__).lower()


_METHOD_NAMES = {node_type: method_name(node_type) for node_type in NODE_TYPES}


class Visitor(Generic[R]):
    """Calls the method named after a node's type (see the module's docstring)."""

    _methods: ClassVar[dict[type, Callable[..., Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._methods = {node_type: getattr(cls, name) for node_type, name in _METHOD_NAMES.items() if hasattr(cls, name)}

    def visit(self, node: Node | BracketItem | Notation, *context: Any) -> R:
        """What this reader makes of ``node`` (``context``, if any, is passed on to the method: what
        the reader knows at that point of the tree)."""
        method = self._methods.get(type(node))
        if method is None:
            return self.visit_other(node, *context)
        result: R = method(self, node, *context)
        return result

    def visit_notation(self, node: Notation, *context: Any) -> R:
        """A whole notation: what its tree makes."""
        return self.visit(node.body, *context)

    def visit_other(self, node: Node | BracketItem | Notation, *context: Any) -> R:
        """A node type this reader has no method for: a ``TypeError`` unless a reader says otherwise."""
        raise TypeError(f"{type(self).__name__} does not read a {type(node).__name__}: {node!r}")
