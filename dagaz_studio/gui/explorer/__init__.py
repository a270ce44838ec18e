"""Seeing and playing moves: the controllers that tie the board, the docks and the worker together."""
