"""Tests of dagaz_studio.betza and the Betza translations, against Fairy-Stockfish and XBoard."""
