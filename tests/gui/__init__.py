"""Tests of dagaz_studio.gui: the window, driven offscreen."""
