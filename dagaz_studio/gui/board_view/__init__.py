"""The board on screen: squares, pieces, move highlights, the trace step drawn over it, and images of it."""
