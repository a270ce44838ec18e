"""The interpreter off the GUI thread, and the controllers that put questions to it (a piece's moves, a move's name)."""
