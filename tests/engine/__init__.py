"""Tests of dagaz_studio.engine: the interpreter, its compiled paths, rules and FEN."""
