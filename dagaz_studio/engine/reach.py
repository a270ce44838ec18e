"""Reach sets and attack tables: where a piece could ever capture from a square, and what could
capture each square (a part of :class:`~dagaz_studio.engine.rules.Rules`)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, cast

from dagaz_studio.engine.compiler import Abort, new_work
from dagaz_studio.engine.emitter import deep_enough
from dagaz_studio.engine.position import Piece
from dagaz_studio.engine.program import UNMADE, Program
from dagaz_studio.engine.reach_code import REACH_BUDGET, reach_code
from dagaz_studio.engine.rules_state import RulesState, reads_checks, reads_history
from dagaz_studio.engine.run_state import Stop
from dagaz_studio.notation.errors import NotationError

if TYPE_CHECKING:
    from dagaz_studio.engine.code_rules import CodeRules

#: Squares looked at by an attack question that looks for pieces, per unit of work it is counted.
SCAN_SQUARES_PER_UNIT = 64


#: After this many attack questions about one square, times the board's squares and piece kinds,
#: its table of possible attackers is worked out; before, the pieces on the board are looked at.
#: The table costs a reach run for every kind from every square, a scan only a look at each square
#: (the pieces' own reach runs are kept), so the table pays only once a square is asked about often:
#: perft asks thousands of times, one position's legal moves a few dozen.
TABLE_AFTER = 1

#: Reach sets worked out at each attack question about a square asked about that often, until the
#: player's pieces' reach is known from every square and the table is built: spread over questions,
#: so that no one question pays for all of them (on Xiangqi, 630 reach runs: 30 ms of one keystroke).
REACH_SETS_PER_QUESTION = 1


class ReachTables(RulesState):
    """Reach sets (where a piece could ever capture from a square, worked out by runs in reach mode)
    and the tables of possible attackers they make, which attack questions look candidates up in."""

    def reach(self, kind: int, player: int, square: int) -> frozenset[int]:
        """Squares where a piece of this kind and player, standing on ``square``, could ever capture.

        Computed once with every check assumed to pass: a superset of its real captures, used to
        skip pieces that cannot possibly attack a square.
        """
        key = (kind, player, square)
        reach, footprints = self._kept[kind >= self.board_kinds]
        cached = reach.get(key)
        if cached is not None:
            return cached
        piece = self.kinds[kind]
        program = self.program(piece.notation, player, piece, reach_mode=True)
        result, footprint = self.reach_run(program, square)
        # The footprint first: whoever finds the reach finds the footprint too.
        footprints[key] = None if reads_history(piece.notation) else frozenset(footprint)
        reach[key] = result
        return result

    def reach_run(self, program: Program, square: int) -> tuple[frozenset[int], frozenset[int]]:
        """Run ``program`` (in reach mode, for its player) from ``square`` by its reach code: where it
        could capture, and the squares it could step on or look at (each reach set and footprint is
        worked out so)."""
        found: set[int] = set()
        footprint: set[int] = {square}
        flag = self.asking
        if flag is not None and flag.is_set():
            raise Stop("cancelled")  # worked out for a run that was given up: nothing is kept
        # As deep as a traced run may nest: otherwise the reach would depend on which runs the
        # process made before.
        deep_enough()
        if program.reach is UNMADE:
            try:
                program.reach = reach_code(cast("CodeRules", self), program.notation, program.player)
            except (RecursionError, SyntaxError, MemoryError):
                program.reach = None
        if program.reach is not None:
            try:
                program.reach(square, found, footprint, new_work(REACH_BUDGET, flag))
                return frozenset(found), frozenset(footprint)
            except (Abort, RecursionError) as stop:
                if isinstance(stop, Abort) and stop.kind == "cancelled":
                    raise Stop("cancelled") from None
        # A run that does not end (spending its budget, nesting too deeply, or past the writer's
        # limits): taken to reach every square.
        everywhere = frozenset(range(len(self.board.squares)))
        return everywhere, everywhere

    def footprint(self, kind: int, player: int, square: int) -> frozenset[int] | None:
        """Every square whose content could matter to what this piece, standing on ``square``,
        captures — where its run could step or look, with every check passing — or ``None`` when
        the answer also depends on the game's history (``[l]``, ``[t]``, ``[o]``, ``\\0``, handlers).

        A move that changes none of these squares cannot change whether this piece attacks.
        """
        key = (kind, player, square)
        prints = self._kept[kind >= self.board_kinds][1]
        if key not in prints:
            self.reach(kind, player, square)
        return prints[key]

    def answers_alike(self, kind: int, player: int, origin: int, differ: AbstractSet[int], moved: bool) -> bool:
        """Whether a piece of ``kind`` and ``player`` standing on ``origin`` gives the same answer to
        every attack question on two boards that differ only on the squares ``differ`` and, with
        ``moved``, in whether some piece has moved: its run reads none of those squares (they are
        outside its :meth:`footprint`), nor the game's history, nor (with ``moved``) ``[m]``/``[M]``."""
        footprint = self.footprint(kind, player, origin)
        if footprint is None or not footprint.isdisjoint(differ):
            return False
        return not moved or not reads_checks(self.kinds[kind].notation, "mM")

    def unsteady_attackers(self, square: int, player: int, moved: bool,
                           differ: frozenset[int] = frozenset()) -> list[tuple[int, frozenset[int]]] | None:
        """Where a piece of ``player`` that could capture on ``square`` stands, and of which kinds, when
        its answer may differ between two boards that differ only on the squares ``differ``, in the
        game's history and (with ``moved``) in whether the piece asked about has moved
        (:meth:`answers_alike`): (origin, kinds) pairs, from the square's attack table, leaving out the
        squares of ``differ`` (a piece standing there on one board is not there on the other). ``None``
        where attack questions do not use tables (a board too large for them, typed pieces) or the
        square's is not worked out yet."""
        if self.scans or len(self.kinds) > self.board_kinds:
            return None
        key = (square, player, moved, differ)
        known = self._unsteady.get(key)
        if known is None:
            table = self._attackers.get((square, player))
            if table is None:
                return None
            known = self._unsteady[key] = [
                (origin, unsteady) for origin, kinds in table
                if origin not in differ and (unsteady := frozenset(
                    kind for kind in kinds if not self.answers_alike(kind, player, origin, differ, moved)))]
        return known

    def scan_cost(self) -> int:
        """The units of work one attack question counts for looking over the board for pieces (on a
        board too large for attack tables, or for typed pieces): on a large board it takes time."""
        if self.scans or len(self.kinds) > self.board_kinds:
            return len(self.board.squares) // SCAN_SQUARES_PER_UNIT
        return 0

    def candidates(self, cells: list[Piece | None], square: int, player: int) -> list[int]:
        """The squares of the pieces of ``player`` that could ever capture on ``square`` (by their
        reach), in the order attack questions ask them: the board's pieces, then typed ones."""
        if self.scans:
            # Too large for tables (every kind's reach from every square): always look at the pieces.
            return self._scan_candidates(cells, square, player)
        attackers = self._attackers.get((square, player))
        if attackers is None:
            key = (square, player)
            if player not in self.tabled:
                if player not in self._earning:
                    asked = self._asked[key] = self._asked.get(key, 0) + 1
                    if asked < TABLE_AFTER * len(self.board.squares) * self.board_kinds or self.budgeted:
                        # Asked rarely (one position, as a command asks): look at the pieces standing
                        # on the board rather than work out, for every kind and square, what could
                        # capture here. Never inside a run with a budget: the table costs every
                        # kind's reach from every square (on a draughts board, more than a whole
                        # budget), the pieces standing a reach run each at most.
                        return self._scan_candidates(cells, square, player)
                    # Earned for every interpreter of the board, as the reach sets and tables are kept.
                    self._earning[player] = 0
                elif self.budgeted:
                    return self._scan_candidates(cells, square, player)
                if not self._reach_more(player, REACH_SETS_PER_QUESTION):
                    return self._scan_candidates(cells, square, player)
            attackers = self.attackers(square, player)
        out = [origin for origin, kinds in attackers
               if (piece := cells[origin]) is not None and piece[0] == player and piece[1] in kinds]
        if len(self.kinds) > self.board_kinds:
            # Typed pieces have no attack tables (typing a notation must stay cheap): look for them.
            for origin, piece in enumerate(cells):
                if (piece is not None and piece.kind >= self.board_kinds and piece.player == player
                        and origin != square and square in self.reach(piece.kind, player, origin)):
                    out.append(origin)
        return out

    def _reach_more(self, player: int, count: int) -> bool:
        """Work out up to ``count`` more of the reach sets of ``player``'s pieces (every board kind
        from every square); whether all are known now."""
        squares = len(self.board.squares)
        total = self.board_kinds * squares
        at = self._earning.get(player, 0)
        while at < total and count > 0:
            kind, origin = divmod(at, squares)
            if (kind, player, origin) not in self._reach:
                self.reach(kind, player, origin)
                count -= 1
            at += 1
        self._earning[player] = at
        return at >= total

    def _scan_candidates(self, cells: list[Piece | None], square: int, player: int) -> list[int]:
        """:meth:`candidates`, by the reach of each piece of ``player`` on the board."""
        board_kinds = self.board_kinds
        out: list[int] = []
        typed: list[int] = []
        for origin, piece in enumerate(cells):
            if piece is None or piece[0] != player or origin == square:
                continue
            kind = piece[1]
            reach = self._reach.get((kind, player, origin))
            if reach is None:
                reach = self.reach(kind, player, origin)
            if square in reach:
                (out if kind < board_kinds else typed).append(origin)
        return out + typed

    def warm(self) -> None:
        """Compile now the notation of every board piece kind for every player (its moves, its attack
        question and perft's), as runs would one by one: a process that hands work to forked workers
        does it once for all of them. Nothing on heap and stack boards, which compile their own way."""
        if not self.board.kind_type.holds_pieces:
            return
        for player in range(len(self.board.players)):
            for kind in range(self.board_kinds):
                try:
                    self.light_maker(kind, player)
                    self.probe_fn(kind, player)
                except NotationError:
                    pass  # the run that meets it says so

    def build_attack_tables(self) -> None:
        """Work out now, for every square and player, where a piece could capture it from (the tables
        bulk work builds as it goes): a process that hands work to forked workers builds them once
        for all of them. Nothing on a board too large for tables."""
        if self.scans:
            return
        for player in range(len(self.board.players)):
            if player not in self.tabled:
                self._tabulate(player)

    def attackers(self, square: int, player: int) -> list[tuple[int, frozenset[int]]]:
        """Where a piece of ``player`` could ever capture on ``square`` from: (origin, kinds) pairs.
        Worked out for every square at once, the first time a square of the player's is asked about."""
        cached = self._attackers.get((square, player))
        if cached is None:
            self._tabulate(player)
            cached = self._attackers[square, player]
        return cached

    def _tabulate(self, player: int) -> None:
        """Work out the table of every square for ``player``: each reach set turned round once (asking
        every square in turn would look up every kind's reach from every square again for each)."""
        squares = range(len(self.board.squares))
        by_square: list[dict[int, set[int]]] = [{} for _ in squares]
        # Only the board's own pieces attack: a typed piece stands alone, on the mover's side.
        for kind in range(self.board_kinds):
            for origin in squares:
                for square in self.reach(kind, player, origin):
                    if square != origin:
                        by_square[square].setdefault(origin, set()).add(kind)
        for square in squares:
            # Another thread may have made it already: the same table.
            self._attackers.setdefault((square, player), [
                (origin, frozenset(kinds)) for origin, kinds in sorted(by_square[square].items())])
        self.tabled.add(player)
