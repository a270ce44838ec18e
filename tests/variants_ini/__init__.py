"""Tests of dagaz_studio.variants_ini: Fairy-Stockfish's variants.ini imported and exported."""
