"""Tests of the user documentation (README.md and docs/): its examples run as it says."""
