"""Tests of dagaz_studio.parlett: Parlett's notation read and translated."""
