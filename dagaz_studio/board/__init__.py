"""Boards: the board graph, zones, symmetries, pieces, and the board-file loader."""
