"""The cycle collector's pauses, as the interpreter uses them (see :mod:`dagaz_studio.notation.collection`:
one counted switch for every thread, the notation reader's included)."""

from dagaz_studio.notation.collection import collect_young, collector_paused

__all__ = ["collect_young", "collector_paused"]
