"""The test suite, one folder per package it tests (``tests/engine`` for ``dagaz_studio/engine``),
the whole-game checks against oracles in ``tests/games`` and what the tests share in
``tests/helpers``."""
