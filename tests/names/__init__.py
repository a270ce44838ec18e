"""Tests of dagaz_studio.names: move names written and read in each style."""
