"""Dagaz Studio: design, teach and debug board-game piece moves written in the Dagaz notation."""

__version__ = "0.1.0"
