"""Frozen records: immutable classes with value equality, cheap to define.

``@record`` gives a class what ``@dataclass(frozen=True)`` gives it — an ``__init__`` taking the
annotated fields in order (those with a class-level default last), equality and hashing by type and
field values, a ``repr`` naming the fields, ``__match_args__``, and assignment refused — but defines a
class in a few dozen microseconds rather than more than half a millisecond. The notation's parse tree
has some thirty node types, defined at every start of the program before the first board is read:
as dataclasses they were a tenth of ``moves``' start-up.

Records pickle as plain objects (their instance dictionary), so unpickling never runs ``__init__`` or
``__setattr__``. :func:`replace` and :func:`fields` stand for :func:`dataclasses.replace` and
:func:`dataclasses.fields`.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

_T = TypeVar("_T")
_SET = object.__setattr__


class FrozenRecordError(AttributeError):
    """An attempt to assign to, or delete, a field of a frozen record."""


def _refuse_set(self: object, name: str, value: Any) -> None:
    raise FrozenRecordError(f"cannot assign to field {name!r} of a {type(self).__name__}")


def _refuse_delete(self: object, name: str) -> None:
    raise FrozenRecordError(f"cannot delete field {name!r} of a {type(self).__name__}")


def _initialiser(cls: type, names: tuple[str, ...], defaults: dict[str, Any]) -> Callable[..., None]:
    """An ``__init__`` with the fields as named parameters (written out once: a real signature costs
    a call no more than setting the fields does)."""
    params = ", ".join(f"{name}=_D_{name}" if name in defaults else name for name in names)
    body = "".join(f"\n    _SET(self, {name!r}, {name})" for name in names) or "\n    pass"
    namespace: dict[str, Any] = {"_SET": _SET, **{f"_D_{name}": value for name, value in defaults.items()}}
    exec(f"def __init__(self, {params}):{body}", namespace)  # noqa: S102 - text made from field names only
    init: Callable[..., None] = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


@dataclass_transform(frozen_default=True)
def record(cls: type[_T]) -> type[_T]:
    """Make ``cls`` a frozen record of its annotated fields (see the module's description)."""
    inherited: tuple[str, ...] = getattr(cls, "__record_fields__", ())
    own = tuple(name for name, kind in cls.__dict__.get("__annotations__", {}).items()
                if not str(kind).startswith(("ClassVar", "typing.ClassVar")) and name not in inherited)
    names = inherited + own
    defaults = {name: getattr(cls, name) for name in names if hasattr(cls, name)}
    seen_default = False
    for name in names:
        if name in defaults:
            seen_default = True
        elif seen_default:
            raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one with a default")
    values = attrgetter(*names) if names else (lambda self: ())

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(values(self))

    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({shown})"

    methods: dict[str, Any] = {
        "__init__": _initialiser(cls, names, defaults), "__eq__": __eq__, "__hash__": __hash__,
        "__repr__": __repr__, "__setattr__": _refuse_set, "__delattr__": _refuse_delete,
    }
    for name, method in methods.items():
        if name in ("__eq__", "__hash__", "__repr__"):  # made here, for this class
            method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    # Set by name: the class's type declares neither attribute.
    setattr(cls, "__record_fields__", names)  # noqa: B010
    setattr(cls, "__match_args__", names)  # noqa: B010
    return cls


def fields(instance: Any) -> tuple[str, ...]:
    """The names of a record's fields (of an instance or of its class), in order."""
    return instance.__record_fields__  # type: ignore[no-any-return]


def is_record(instance: Any) -> bool:
    """Whether ``instance`` is a record or a record class."""
    return hasattr(instance, "__record_fields__")


def replace(instance: _T, **changes: Any) -> _T:
    """A copy of the record ``instance`` with the fields named in ``changes`` given new values."""
    names = fields(instance)
    unknown = set(changes).difference(names)
    if unknown:
        raise TypeError(f"{type(instance).__name__} has no field {sorted(unknown)[0]!r}")
    return type(instance)(**{name: changes[name] if name in changes else getattr(instance, name) for name in names})
