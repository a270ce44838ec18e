"""Move names: Xiangqi (WXF), chess (SAN) and coordinates — writing and reading."""
