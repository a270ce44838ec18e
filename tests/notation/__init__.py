"""Tests of dagaz_studio.notation: reading, errors and English readings of the notation."""
