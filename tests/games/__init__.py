"""Whole games against independent oracles (python-chess, pyffish, pydraughts, the reference generators of tests/helpers/oracles), and those generators checked on their own."""
