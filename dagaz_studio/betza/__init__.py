"""Betza and XBetza: reading them into the piece model, and writing the model as Dagaz notation."""

from dagaz_studio.betza.dagaz_writer import to_dagaz
from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.model import Leg, Piece, Shape
from dagaz_studio.betza.reader import DIALECTS, read_betza

__all__ = ["DIALECTS", "Leg", "Piece", "Shape", "TranslationError", "read_betza", "to_dagaz"]
