"""Positions, the interpreter and its trace, game rules, perft."""
