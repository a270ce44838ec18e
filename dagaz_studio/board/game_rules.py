"""The rules a board names (``rule: WORD``, docs/boards.md), as one typed value.

A board file names its rules by word; the layers above ask them by meaning (``rules.no_check``),
never by the word, so that a rule's word is read and written here only, and a new rule is one field
and one word.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields

#: Each rule a board may name, by its word in a board file, with the field of :class:`GameRules` it sets.
RULE_WORDS: dict[str, str] = {
    "compulsory-capture": "compulsory_capture",
    "compulsory-drop": "compulsory_drop",
    "captures-to-hand": "captures_to_hand",
    "immobility-illegal": "immobility_illegal",
    "no-check": "no_check",
    "majority-wins": "majority_wins",
    "pass": "passing",
    "pass-when-blocked": "passing_when_blocked",
    "continue-captures": "continue_captures",
    "most-captures": "most_captures",
    "most-valuable-capture": "most_valuable_capture",
    "shuffled-setup": "shuffled_setup",
    "rights-by-column": "rights_by_column",
    "no-promotion-check": "no_promotion_check",
    "duple-check": "duple_check",
    "lone-royal": "lone_royal",
}


@dataclass(frozen=True)
class GameRules:
    """Which of the rules a board may name it names; each field is documented in docs/boards.md."""

    #: When a capture can be made, only captures may be made.
    compulsory_capture: bool = False
    #: When a drop can be made, only drops may be made.
    compulsory_drop: bool = False
    #: A piece taken goes to the taker's hand (or store).
    captures_to_hand: bool = False
    #: A piece may not be put where it could never move again.
    immobility_illegal: bool = False
    #: A move may not attack the enemy's royal piece.
    no_check: bool = False
    #: On a board with stores, a player holding more than half the pieces wins.
    majority_wins: bool = False
    #: A player may pass instead of moving.
    passing: bool = False
    #: A player may pass only when no other move is left.
    passing_when_blocked: bool = False
    #: A capture may not stop where the same captures could go on.
    continue_captures: bool = False
    #: Only the moves that take the most pieces may be made.
    most_captures: bool = False
    #: Only the captures of the highest value, by the most valuable piece, may be made.
    most_valuable_capture: bool = False
    #: The back rank is shuffled: castling rights are written by column.
    shuffled_setup: bool = False
    #: Castling rights are always written by column.
    rights_by_column: bool = False
    #: A promotion may not attack the enemy's royal piece.
    no_promotion_check: bool = False
    #: A player is in check only while every one of his royal pieces is attacked.
    duple_check: bool = False
    #: A player's royal pieces are royal only while he has one of them.
    lone_royal: bool = False

    @property
    def royal_by_number(self) -> bool:
        """Whether a royal piece is royal by how many its player has (duple-check, lone-royal), so
        that one of several may be left attacked."""
        return self.duple_check or self.lone_royal

    @classmethod
    def named(cls, words: Iterable[str]) -> GameRules:
        """The rules the given words name; a word that names no rule raises :class:`KeyError`."""
        return cls(**{RULE_WORDS[word]: True for word in words})

    @property
    def words(self) -> frozenset[str]:
        """The words naming the rules set, as a board file writes them."""
        return frozenset(word for word, name in RULE_WORDS.items() if getattr(self, name))

    @property
    def chooses_captures(self) -> bool:
        """Whether a rule chooses among the side's captures (continue, most, most valuable)."""
        return self.continue_captures or self.most_captures or self.most_valuable_capture

    @property
    def chooses_moves(self) -> bool:
        """Whether a rule chooses among the side's moves as a whole, so that whether one move may be
        made depends on the others (checks given, captures and drops that must be made)."""
        return (self.no_check or self.no_promotion_check or self.compulsory_capture or self.compulsory_drop
                or self.chooses_captures)

    def __bool__(self) -> bool:
        return any(getattr(self, field.name) for field in fields(self))

