"""Board files, how the game ends: ``end`` statements (docs/boards.md, "end").

``end reach PIECE…: ZONE [safe] [answered] [held]`` — a player with one of those pieces in his part
of the zone has won (only where no enemy attacks it, with ``safe``; the next player may first answer
by reaching it too, with ``answered``; only once the others have had one move, with ``held``);
``end passes: N`` — N passes in a row end the game; ``end facing PIECE: NOTATION`` — the pieces face
each other when the notation, run from the side to move's piece, would take another player's: the
side to move must then end the facing or pass, and a pass leaves the game over; ``end checks: N`` —
a player who has given check N times has won; ``end extinction: [wins] [below N]`` — a player left
without an ``extinction`` piece (with fewer than N of one) has won rather than lost (has lost);
``end collect PIECE: N`` — a player holding N pieces of the type, on the board and in hand, while
another holds none, has won.
"""

from __future__ import annotations

from lark import Token, Tree

from dagaz_studio.board.geometry import GeometryReader
from dagaz_studio.board.model import Ending
from dagaz_studio.board.pieces import PieceReader
from dagaz_studio.board.problems import echoed
from dagaz_studio.board.statements import Reporter, Statement

#: The ways of ending a game an ``end`` statement may name.
ENDINGS = ("reach", "passes", "facing", "checks", "extinction", "collect")

#: The words that may follow an ``end reach`` statement's zone.
REACH_OPTIONS = ("safe", "answered", "held")

#: The most checks an ``end checks`` statement may count.
MAX_CHECKS = 99

#: The most passes in a row an ``end passes`` statement may count.
MAX_PASSES = 1_000


class EndingReader:
    """The ``end`` statements, read against the board's zones and pieces (so after them); problems go
    to the reporter, not raised."""

    def __init__(self, reporter: Reporter, geometry: GeometryReader, piece_reader: PieceReader) -> None:
        self.reporter = reporter
        self.geometry = geometry
        self.piece_reader = piece_reader

    def read_ends(self, items: list[tuple[Tree[Token], Statement]], check_zones: bool) -> tuple[Ending, ...]:
        """How the game ends besides a player left without a move, in file order."""
        ends: list[Ending] = []
        given: dict[str, int] = {}
        for tree, statement in items:
            words = [child for child in tree.children[:-1] if isinstance(child, Token)]
            rest = tree.children[-1]
            assert isinstance(rest, Token)
            kind_token, names = words[0], words[1:]
            kind = str(kind_token)
            if kind not in ENDINGS:
                self.reporter.report_token(statement, kind_token, f"unknown ending '{echoed(kind)}' (known: {', '.join(ENDINGS)})")
                continue
            ending = getattr(self, f"_end_{kind}")(statement, kind_token, names, rest, check_zones)
            if ending is None:
                continue
            if kind != "reach" and kind in given:
                self.reporter.report_token(statement, kind_token, f"'end {kind}' already given on line {given[kind]}")
                continue
            given[kind] = statement.positions[0][0]
            ends.append(ending)
        return tuple(ends)

    def _known_pieces(self, statement: Statement, kind_token: Token, names: list[Token]) -> tuple[str, ...] | None:
        if not names:
            self.reporter.report(statement, kind_token.end_pos or 0, f"'end {kind_token}' names the pieces it is about")
            return None
        known = ", ".join(self.piece_reader.pieces) or "none"
        ok = True
        for token in names:
            if str(token) not in self.piece_reader.pieces and str(token) not in self.piece_reader.lettered:
                self.reporter.report_token(statement, token, f"unknown piece type '{echoed(token)}' (pieces: {known})")
                ok = False
        return tuple(str(token) for token in names) if ok else None

    def _end_reach(self, statement: Statement, kind_token: Token, names: list[Token], rest: Token,
                   check_zones: bool) -> Ending | None:
        pieces = self._known_pieces(statement, kind_token, names)
        words = str(rest).split()
        zone, options = (words[0], tuple(words[1:])) if words else ("", ())
        wrong = [word for word in options if word not in REACH_OPTIONS]
        if not zone or wrong or len(set(options)) < len(options):
            self.reporter.report_token(statement, rest, f"'end reach' takes one zone's name, then any of "
                                               f"{', '.join(REACH_OPTIONS)} once, not '{echoed(str(rest).strip())}'")
            return None
        if check_zones and zone not in self.geometry.zones:
            self.reporter.report_token(statement, rest, f"unknown zone '{echoed(zone)}'")
            return None
        return Ending("reach", pieces=pieces, zone=zone, options=options) if pieces is not None else None

    def _end_checks(self, statement: Statement, kind_token: Token, names: list[Token], rest: Token,
                    check_zones: bool) -> Ending | None:
        if names:
            self.reporter.report_token(statement, names[0], "'end checks' names no piece: 'end checks: 3'")
            return None
        count = str(rest).strip()
        if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= MAX_CHECKS:
            self.reporter.report_token(statement, rest, f"'end checks' counts the checks that win: a number from 1 to "
                                               f"{MAX_CHECKS}, not '{echoed(count)}'")
            return None
        return Ending("checks", count=int(count))

    def _end_extinction(self, statement: Statement, kind_token: Token, names: list[Token], rest: Token,
                        check_zones: bool) -> Ending | None:
        words = str(rest).split()
        wins = words[:1] == ["wins"]
        below = words[1 + wins:] if words[wins:wins + 1] == ["below"] else None
        if names or not words or len(words) != wins + (2 if below is not None else 0) or (
                below is not None and not (below[0].isascii() and below[0].isdigit() and 2 <= int(below[0]) <= MAX_CHECKS)):
            self.reporter.report_token(statement, names[0] if names else rest,
                              "'end extinction' says 'wins', 'below N' (N from 2 to 99) or both: 'end extinction: wins'")
            return None
        return Ending("extinction", count=int(below[0]) if below else 0, options=("wins",) if wins else ())

    def _end_collect(self, statement: Statement, kind_token: Token, names: list[Token], rest: Token,
                     check_zones: bool) -> Ending | None:
        pieces = self._known_pieces(statement, kind_token, names)
        if pieces is not None and len(pieces) != 1:
            self.reporter.report_token(statement, names[1], "'end collect' is about one piece type")
            return None
        count = str(rest).strip()
        if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= MAX_PASSES:
            self.reporter.report_token(statement, rest, f"'end collect' counts the pieces that win: a number from 1 to "
                                               f"{MAX_PASSES:,}, not '{echoed(count)}'")
            return None
        return Ending("collect", pieces=pieces, count=int(count)) if pieces is not None else None

    def _end_passes(self, statement: Statement, kind_token: Token, names: list[Token], rest: Token,
                    check_zones: bool) -> Ending | None:
        if names:
            self.reporter.report_token(statement, names[0], "'end passes' names no piece: 'end passes: 2'")
            return None
        count = str(rest).strip()
        if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= MAX_PASSES:
            self.reporter.report_token(statement, rest, f"'end passes' counts passes in a row: a number from 1 to "
                                               f"{MAX_PASSES:,}, not '{echoed(count)}'")
            return None
        return Ending("passes", count=int(count))

    def _end_facing(self, statement: Statement, kind_token: Token, names: list[Token], rest: Token,
                    check_zones: bool) -> Ending | None:
        from dagaz_studio.board.model import PieceType
        from dagaz_studio.notation import parse_notation
        from dagaz_studio.notation.errors import NotationError

        pieces = self._known_pieces(statement, kind_token, names)
        if pieces is not None and len(pieces) != 1:
            self.reporter.report_token(statement, names[1], "'end facing' is about one piece type")
            return None
        text = str(rest).rstrip()
        start = rest.start_pos or 0
        try:
            notation = parse_notation(text)
        except NotationError as error:
            self.reporter.report(statement, start + error.span.start,
                        self.piece_reader.relocate(error.message, statement, start, start + error.span.start))
            return None
        self.piece_reader.check_names(PieceType("facing", "?", False, text, notation), statement, start, check_zones)
        return Ending("facing", pieces=pieces, notation_text=text, notation=notation) if pieces is not None else None
