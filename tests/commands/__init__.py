"""Tests of the command line (dagaz_studio.cli and dagaz_studio.commands)."""
