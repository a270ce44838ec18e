"""Tests of dagaz_studio.queries: the answers the window and the commands share."""
