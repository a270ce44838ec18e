"""Tests of dagaz_studio.board: reading, checking, writing and caching board files."""
