"""The Dagaz Studio window. The only package that imports Qt."""
