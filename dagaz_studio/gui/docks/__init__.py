"""The docks around the board: the notation editor, the position editor, the moves panel, the trace player."""
