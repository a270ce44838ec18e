"""The Dagaz move notation: grammar, parse tree, errors and plain-English reading."""
