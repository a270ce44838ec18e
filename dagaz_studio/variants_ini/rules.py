"""The rules of a variants.ini section that the board file states beside its pieces' moves: which
pieces are royal or lost by extinction, promotion to lost pieces, en passant's victims, the drops
and their rules, passing when blocked."""

from __future__ import annotations

from math import gcd

from dagaz_studio.betza import TranslationError, read_betza
from dagaz_studio.betza.dagaz_writer import EN_PASSANT
from dagaz_studio.variants_ini import enclosing
from dagaz_studio.variants_ini.ini import IniError
from dagaz_studio.variants_ini.values import Square, is_true, shown, squares_text, whole_number


def royal_letters(options: dict[str, str], pieces: dict[str, tuple[str, str]], fen: str,
                  name: str) -> tuple[set[str], bool]:
    """The royal pieces: the King, and with extinctionPseudoRoyal the extinction pieces, which
    Fairy-Stockfish treats as royal while a side has at most extinctionPieceCount + 1 of them; and
    whether that number is one and a side may have more (``rule: lone-royal``: Sho shogi's King and
    Crown Prince)."""
    royal = {letter for letter, (key, _) in pieces.items() if key == "king"}
    if not is_true(options.get("extinctionPseudoRoyal", "false")):
        return royal, False
    # None named (or '-') is Fairy-Stockfish's empty set: no piece is pseudo-royal.
    types = options.get("extinctionPieceTypes", "-").strip()
    if "*" in types:
        raise IniError(f"options extinctionPseudoRoyal and extinctionPieceTypes = {types} are not "
                       "supported together: Fairy-Stockfish counts all pieces together ('*'), where a board makes its pieces "
                       "royal type by type", section=name)
    limit = whole_number(options, "extinctionPieceCount", "0", name) + 1
    if duple_check(options) and limit == 1 and len(types) == 1:
        # One royal piece alone, or several of which one left safe is enough (rule: duple-check).
        return royal | ({types.lower()} & set(pieces)), False
    placement = fen.split()[0].partition("[")[0]
    if limit > sum(c.isalpha() for c in placement):
        # More than all the pieces the game starts with: every one of them is royal, always (coregal's Queens).
        return royal | {letter for letter in types.lower() if letter in pieces}, False
    promoted = set(options.get("promotionPieceTypes", "nbrq")) | set(options.get("promotionPieceTypesWhite", ""))
    promoted |= set(options.get("promotionPieceTypesBlack", ""))
    # Pieces promoting into the type (promotedPieceType p:k) add to its number: counted with it.
    sources: dict[str, str] = {}
    for pair in options.get("promotedPieceType", "").split():
        source, _, target = pair.partition(":")
        sources[target.strip().lower()] = sources.get(target.strip().lower(), "") + source.strip().lower()
    # rule: lone-royal counts a side's royal pieces together: right where no side may ever hold two
    # royal types (a King always royal and pseudo-royal pieces, or two such types).
    held = [letters & (royal | set(types.lower())) for letters in _letters_held(options, fen, set(pieces))]
    lone, shared = False, max(len(letters) for letters in held) > 1
    for letter in types.lower():
        if letter not in pieces:
            continue
        counted = letter + sources.get(letter, "")
        counts = (sum(c.lower() in counted for c in placement if c.isupper()),
                  sum(c in counted for c in placement if c.islower()))
        if max(counts) > limit or letter in promoted:
            if limit > 1 or shared:
                raise IniError(f"option extinctionPseudoRoyal: the pieces {letter} are royal only once their "
                               f"number falls to {limit}"
                               + (", and a side may hold them beside other royal pieces" if shared else "")
                               + ", which is not supported", section=name)
            lone = True
        royal.add(letter)
    return royal, lone


def _letters_held(options: dict[str, str], placement: str, pieces: set[str]) -> tuple[set[str], set[str]]:
    """The piece letters each side may ever hold: those it starts with, on the board or in hand, those
    a promotion gives, and where captures go to the hand, the other side's too."""
    promoted = {c.lower() for key in ("promotionPieceTypes", "promotionPieceTypesWhite", "promotionPieceTypesBlack")
                for c in options.get(key, "nbrq" if key == "promotionPieceTypes" else "")}
    promoted |= {pair.partition(":")[2].strip().lower() for pair in options.get("promotedPieceType", "").split()}
    white = {c.lower() for c in placement if c.isupper()} | promoted
    black = {c for c in placement if c.islower()} | promoted
    if any(is_true(options.get(key, "false")) for key in ("capturesToHand", "twoBoards")):
        white = black = white | black
    return white & pieces, black & pieces


def duple_check(options: dict[str, str]) -> bool:
    """``dupleCheck``, which Fairy-Stockfish reads for pseudo-royal pieces only: a side is in check
    only while all its pieces of the extinction type are attacked (``rule: duple-check``)."""
    return is_true(options.get("dupleCheck", "false")) and is_true(options.get("extinctionPseudoRoyal", "false"))


def extinction_letters(options: dict[str, str], pieces: dict[str, tuple[str, str]]) -> set[str]:
    """The pieces whose last one lost ends the game (the board's ``extinction`` flag): Fairy-Stockfish's
    extinctionPieceTypes with extinctionValue = loss (or win: ``end extinction: wins``), each type
    counted alone down to none or to extinctionPieceCount (``end extinction: below N``), for either
    side. Empty for the other extinction rules, which are ignored: a count
    the opponent must keep, every piece at once (``*``, whose last lost leaves no move anyway), and pseudo-royal
    pieces where captures do not explode."""
    types = options.get("extinctionPieceTypes", "").strip().lower()
    # Fairy-Stockfish ends no game by the extinction of pseudo-royal pieces, which cannot be taken,
    # unless captures explode (position.cpp, is_immediate_game_end).
    pseudo_royal = is_true(options.get("extinctionPseudoRoyal", "false"))
    if pseudo_royal and not is_true(options.get("blastOnCapture", "false")):
        return set()
    if (options.get("extinctionValue", "none").strip().lower() not in ("loss", "win") or types in ("", "*")
            or not options.get("extinctionPieceCount", "0").strip().isdigit()
            or int(options.get("extinctionPieceCount", "0")) > 98
            or options.get("extinctionOpponentPieceCount", "0").strip() != "0"):
        return set()
    return {letter for letter in types if letter in pieces}


def collect_ending(options: dict[str, str], pieces: dict[str, tuple[str, str]]) -> str:
    """``end collect PIECE: N`` where a side left with none of one piece type (board and hand) loses
    once the other holds extinctionOpponentPieceCount of them (Koedem: all the Kings); else ""."""
    letter = options.get("extinctionPieceTypes", "").strip().lower()
    most = options.get("extinctionOpponentPieceCount", "0").strip()
    if (options.get("extinctionValue", "none").strip().lower() != "loss" or letter not in pieces
            or options.get("extinctionPieceCount", "0").strip() != "0" or not most.isdigit() or int(most) < 1
            or is_true(options.get("extinctionPseudoRoyal", "false"))):
        return ""
    key = pieces[letter][0]
    name = f"Custom{key[len('customPiece'):]}" if key.startswith("customPiece") else key[0].upper() + key[1:]
    return f"end collect {name}: {int(most)}"


def promotion_limits(name: str, options: dict[str, str], pieces: dict[str, tuple[str, str]]) -> dict[str, int]:
    """``promotionLimit`` as piece letter → count, for the letters of ``pieces``. Raises
    :class:`IniError` for a value that is not PIECE:COUNT pairs."""
    value = options.get("promotionLimit", "").strip()
    limits = {}
    for pair in value.split():
        letter, _, count = pair.partition(":")
        if not count.isdigit():
            raise IniError(f"option promotionLimit = {shown(value)}: {shown(pair)} is not PIECE:COUNT", section=name)
        limits[letter.lower()] = int(count)
    # 0 is no limit, as Fairy-Stockfish reads it, and so is one no board could reach.
    return {letter: count for letter, count in limits.items() if letter in pieces and 0 < count <= MOST_SQUARES}


#: The most squares a board imported may have (12 files, 10 ranks): a count of pieces on it past that is never reached.
MOST_SQUARES = 12 * 10


def promotion_limited(name: str, options: dict[str, str], placement: str,
                      pieces: dict[str, tuple[str, str]]) -> tuple[bool, dict[str, int]]:
    """``promotionLimit``: whether pawns promote only to pieces their side has lost (``+?``), which is
    Fairy-Stockfish's limit when each limited type's limit is the number each side starts with and
    every type promoted to is limited; else each limited type's limit (a pawn promotes to it only
    while its side has fewer on the board, as Fairy-Stockfish counts). Raises :class:`IniError` for
    a value that is not PIECE:COUNT pairs."""
    value = options.get("promotionLimit", "").strip()
    if not value:
        return False, {}
    limits = promotion_limits(name, options, pieces)
    board = placement.partition("[")[0]
    types = set(options.get("promotionPieceTypes", "nbrq")) | set(options.get("promotionPieceTypesWhite", ""))
    types |= set(options.get("promotionPieceTypesBlack", ""))
    if all(letter in limits and (board.count(letter.upper()), board.count(letter)) == (limits[letter], limits[letter])
           for letter in types & set(pieces)):
        return True, {}
    return False, limits


def promotion_offer(name: str, zone: str, choices: list[str], lost: bool, limits: dict[str, int],
                    counted: dict[str, list[str]] | None = None) -> str:
    """The notation offering ``choices`` on the squares of ``zone``: all at once (``+?``: those lost),
    and each type of ``limits`` as an alternative of its own, while the mover has fewer than its
    limit on the board (``[=0-1:King]``), counting the pieces ``counted`` names for it together (its
    own alone where it names none). Raises :class:`IniError` when none can be offered."""
    if not choices:
        # Nothing to promote to (promotionPieceTypesBlack = -): a check no square passes, so that
        # no promotion is offered there.
        return f"[@{zone},!@{zone}]"
    free = [choice for choice in choices if choice not in limits]
    parts = [f"[@{zone}][+{'?' if lost else ''}{'/'.join(free)}]"] if free else []
    for choice in choices:
        kinds = (counted or {}).get(choice, [choice])
        if limits.get(choice, 0) > 0:
            fewer = (f"[@{zone},=0-{limits[choice] - 1}:{choice}]" if kinds == [choice]
                     else f"[@{zone}]{fewer_than(kinds, limits[choice])}")
            parts.append(f"{fewer}[+{choice}]")
    if not parts:
        raise IniError(f"option promotionLimit leaves nothing to promote to in the zone {zone}", section=name)
    return ";".join(parts)


def fewer_than(kinds: list[str], limit: int) -> str:
    """A condition holding while the mover has fewer than ``limit`` pieces of ``kinds`` together on the
    board: Fairy-Stockfish counts a type's pieces with those promoted into it. One ``[=n:Kind,...]``
    bracket per way of sharing the count out, so that at most one holds."""
    ways: list[list[str]] = [[]]
    for kind in kinds[:-1]:
        ways = [way + [f"={n}:{kind}"] for way in ways
                for n in range(limit - sum(int(c.split(":")[0][1:]) for c in way))]
    brackets = []
    for way in ways:
        left = limit - 1 - sum(int(c.split(":")[0][1:]) for c in way)
        brackets.append("[" + ",".join(way + [f"=0-{left}:{kinds[-1]}"]) + "]")
    return brackets[0] if len(brackets) == 1 else "(" + ";".join(brackets) + ")"


#: The board file's direction letters, by step (White's view: north is up the board, y down).
_DIRECTIONS = {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W", (1, -1): "O", (-1, -1): "M", (1, 1): "T",
               (-1, 1): "R"}


def _passing_lines(key: str, betza: str, double: bool) -> set[tuple[tuple[int, int], int]]:
    """The lines a piece's initial moves go along, leaving the squares they pass behind them: each a
    step (White's view, as the board file's directions) and the number of steps.

    Fairy-Stockfish leaves en-passant squares between an initial move's two ends where they lie in
    a line (``between_bb``): a pawn's straight double and triple step, a custom piece's ``i``
    move however it goes (a Berolina pawn's diagonal one), made only where there are double steps.
    The pawn's are both lines whatever steps it makes: Fairy-Stockfish takes en passant on a square a FEN
    names, behind an enemy pawn one or two squares ahead, without double or triple steps too
    (position.cpp's ``set``).
    """
    if key == "pawn":
        return {((0, -1), 2), ((0, -1), 3)}
    if not double:
        return set()
    try:
        piece = read_betza(betza, "fsf")
    except TranslationError:
        return set()
    lines: set[tuple[tuple[int, int], int]] = set()
    for shape in piece.shapes:
        if not shape.initial or shape.castling or len(shape.legs) != 1 or shape.legs[0].hop or shape.legs[0].cycle:
            continue
        leg = shape.legs[0]
        for times in range(1, (leg.range or MAX_LINE) + 1):
            # Betza's forward is +y; the board file's north is -y.
            x, y = leg.vector[0] * times, -leg.vector[1] * times
            steps = gcd(x, y)
            if steps >= 2 and (x // steps, y // steps) in _DIRECTIONS:
                lines.add(((x // steps, y // steps), steps))
    return lines


#: The longest line an initial rider's move is followed along: a board's largest side.
MAX_LINE = 12


def en_passant_victims(notation: str, pieces: dict[str, tuple[str, str]], names: dict[str, str], turned: bool,
                       double: bool = True, region: str = "") -> str:
    """The notation with its en-passant capture (:data:`EN_PASSANT`) taking only what Fairy-Stockfish
    lets it take (:func:`en_passant_check`), or without it where nothing can be taken so."""
    check = en_passant_check(pieces, names, turned, double, region)
    if not check:
        return notation.replace(";" + EN_PASSANT, "").replace(EN_PASSANT + ";", "")
    return notation.replace(EN_PASSANT, check)


def diagonal_moves(key: str, betza: str, name: str) -> str:
    """``diagonalLines`` (Janggi's palace): from a square of the lines, the moves Fairy-Stockfish adds
    along them to a square of the lines, as alternatives of the piece's notation: a step diagonally
    for a piece moving as a Wazir (its King's ``W``), forward for a Soldier, a slide for a Rook, a
    hop over one piece that is no cannon onto a square no cannon holds for a Janggi cannon
    (``name``, the piece's own)."""
    lines = "[@diagonal-lines]"
    if key == "wazir" or key == "king" and betza == "W":
        return f";{lines}X{lines}"
    if key == "soldier":
        return f";{lines}OM{lines}"
    if key == "rook":
        return f";{lines}(X)([p]\\1)*{lines}"
    if key == "janggiCannon":
        return f";{lines}(X)([p]\\1)*[P,!={name}]\\1([p]\\1)*[!={name},@diagonal-lines]"
    return ""


def en_passant_check(pieces: dict[str, tuple[str, str]], names: dict[str, str], turned: bool, double: bool = True,
                     region: str = "") -> str:
    """What the square an en-passant capture lands on asks, and the capture it makes, or "" where
    nothing is taken so: a piece has just made an initial move (a pawn's double step, a custom
    piece's ``i`` move) over the square, and it is taken wherever along that move's line it stands
    (straight behind for a pawn, diagonally beyond for a Berolina pawn).

    ``turned``: Black's moves are White's turned by a half turn (else mirrored top to bottom);
    ``double``: whether the double-step region makes custom pieces' initial moves (a pawn's lines are
    taken whatever its steps); ``region``: a zone check the landing square must pass (``,@en-passant``).
    """

    def turn(step: tuple[int, int]) -> tuple[int, int]:
        # The victim is the other side's: its step as the capturer's notation reads it.
        return (-step[0], -step[1]) if turned else (step[0], -step[1])

    each = []
    for letter, (key, betza) in pieces.items():
        if key != "pawn" and "i" not in betza:
            continue
        for step, steps in sorted(_passing_lines(key, betza, double)):
            back, ahead = _DIRECTIONS[turn((-step[0], -step[1]))], _DIRECTIONS[turn(step)]
            for before in range(1, steps):
                each.append(f"[p{region},l{('>' + back) * before},(te,={names[letter]},x){('>' + ahead) * (steps - before)}]")
    return "" if not each else each[0] if len(each) == 1 else "(" + ";".join(each) + ")"


def drop_lines(name: str, options: dict[str, str], pieces: dict[str, tuple[str, str]], names: dict[str, str],
                zones: list[str], region, files: int, promo_w: set[Square], promo_b: set[Square],
                turned: bool = True, piece_promotions: dict[str, str] | None = None,
                mobile: set[str] | None = None, walls: bool = False) -> list[str]:
    """The statements of a variant with drops: ``drop:`` on an empty square of the drop region, the
    pawn kept off its first rank and the promotion zone, and the hand rules."""
    # dropNoDoubledCount = 0: a file never holds fewer than none of them, so that piece is never dropped.
    never = options.get("dropNoDoubled", "-").strip() if options.get("dropNoDoubledCount", "1").strip() == "0" else ""
    most = whole_number(options, "dropNoDoubledCount", "1", name)
    out = []
    every = {(f, r) for f in range(files) for r in range(1, whole_number(options, "maxRank", "8", name) + 1)}
    white, black = region("dropRegionWhite", ""), region("dropRegionBlack", "")
    check = "[p]"
    if "dropRegionWhite" in options or "dropRegionBlack" in options:
        zones.append(zone_line("drops", white if "dropRegionWhite" in options else every,
                                black if "dropRegionBlack" in options else every, files))
        check = "[p,@drops]"
    # What the enclosing rules add after the drop's square is chosen: where it may be, what it turns.
    ranks = whole_number(options, "maxRank", "8", name)
    start = region("enclosingDropStart", "")
    after = enclosing.drop_condition(options.get("enclosingDrop", "none").strip().lower(), files, ranks, start,
                                     turned, lambda n, w, b: zone_line(n, w, b, files), zones, walls)
    after += enclosing.flips_after_drop(options.get("flipEnclosedPieces", "none").strip().lower())
    out.append(f"drop: {check}{after}")
    if never in names:
        out.append(f"drop {names[never]}: [p,P]")  # an empty square that is not: no drop
    # Fairy-Stockfish's drop region of a piece is every rule's at once (position.h's drop_region): its
    # mobility region among them. A piece's own drop line says them all, one alternative a way.
    kept = {letter: f",@mobility-{letter}" for letter in sorted(mobile or ())}
    own: dict[str, list[str]] = {}
    doubled = options.get("dropNoDoubled", "-").strip()
    if most > 1 and doubled in names:
        # dropNoDoubledCount = n: no drop into a file already holding n of the mover's such pieces.
        last = whole_number(options, "maxRank", "8", name)
        columns = [chr(ord("a") + f) for f in range(files)]
        zones += [f"zone file-{c}: {c}1-{c}{last}" for c in columns]
        own[doubled] = [f"{check[:-1]},@file-{c},=0-{most - 1}:{names[doubled]}@file-{c}{kept.get(doubled, '')}]"
                        f"{after}" for c in columns]
    for letter, (key, _) in pieces.items():
        if key != "pawn" or letter == never:
            continue
        keep_off = []
        if not is_true(options.get("firstRankPawnDrops", "false")):
            zones.append(zone_line("pawn-first", {(f, 1) for f in range(files)},
                                    {(f, whole_number(options, "maxRank", "8", name)) for f in range(files)}, files))
            keep_off.append("!@pawn-first")
        if not is_true(options.get("promotionZonePawnDrops", "false")) and (promo_w or promo_b):
            zones.append(zone_line("pawn-promotion", promo_w, promo_b, files))
            keep_off.append("!@pawn-promotion")
        if keep_off:
            own[letter] = _also(own.get(letter, [f"{check[:-1]}{kept.get(letter, '')}]{after}"]), check, keep_off)
    for letter, condition in kept.items():
        if letter != never:
            # A piece kept to its mobility region is dropped only there too.
            own.setdefault(letter, [f"{check[:-1]}{condition}]{after}"])
    rooks = [letter for letter, (key, _) in pieces.items() if key == "rook"]
    if is_true(options.get("sittuyinRookDrop", "false")) and rooks and rooks[0] != never:
        # sittuyinRookDrop: the Rook is dropped only on its first rank, its other drop rules holding too.
        zones.append(zone_line("rook-first", {(f, 1) for f in range(files)}, {(f, ranks) for f in range(files)}, files))
        own[rooks[0]] = _also(own.get(rooks[0], [f"{check}{after}"]), check, ["@rook-first"])
    if is_true(options.get("dropPromoted", "false")):
        # dropPromoted: a piece that promotes may also be dropped as its promoted side, where it may
        # be dropped (movegen.cpp's generate_drops).
        for letter in [letter for letter in piece_promotions or {} if letter != never]:
            alternatives = own.get(letter, [f"{check}{after}"])
            own[letter] = alternatives + [f"{alternative}[+{names[letter]}Promoted]" for alternative in alternatives]
    out += [f"drop {names[letter]}: {';'.join(alternatives)}" for letter, alternatives in own.items()]
    # mustDropType = k: only that piece must be dropped first (its flag drop-first), not every piece.
    if is_true(options.get("mustDrop", "false")) and options.get("mustDropType", "*").strip() == "*":
        out.append("rule: compulsory-drop")
    if is_true(options.get("capturesToHand", "false")):
        out.append("rule: captures-to-hand")
    return out


def _also(alternatives: list[str], check: str, conditions: list[str]) -> list[str]:
    """A piece's drop ``alternatives`` (each opening with the drop's ``check``) holding ``conditions`` too."""
    opening = check[:-1]
    return [f"{opening}," + ",".join(conditions) + alternative[len(opening):] for alternative in alternatives]


def pass_on_stalemate(name: str, options: dict[str, str], royal: set[str]) -> bool:
    """``passOnStalemate``: a player with no move passes (``rule: pass-when-blocked``), for both
    players alike and without a royal piece, whose check Fairy-Stockfish's pass must also weigh."""
    sides = {is_true(options.get(f"passOnStalemate{side}", options.get("passOnStalemate", "false")))
             for side in ("White", "Black")}
    if sides == {False}:
        return False
    if len(sides) > 1:
        raise IniError(f"option {_one_sided(options, 'passOnStalemate')} for one side only is not supported: a "
                       "board's rule pass-when-blocked holds for both players alike", section=name)
    if royal:
        raise IniError("option passOnStalemate with a royal piece is not supported: Fairy-Stockfish's pass "
                       "weighs the royal piece's check too, which a board's rule pass-when-blocked does not",
                       section=name)
    return True


def pass_lines(name: str, options: dict[str, str], pieces: dict[str, tuple[str, str]],
               names: dict[str, str]) -> list[str]:
    """``pass``: a player may pass instead of moving (``rule: pass``), and two passes in a row end the
    game, as Fairy-Stockfish's ``is_immediate_game_end`` ends it; for both players alike. With
    ``bikjangRule``, Kings facing each other along a line (``end facing``): the player to move must
    part them or pass, even in check, and a pass then ends the game."""
    sides = {is_true(options.get(f"pass{side}", options.get("pass", "false"))) for side in ("White", "Black")}
    if len(sides) > 1:
        raise IniError(f"option {_one_sided(options, 'pass')} for one side only is not supported: a board's rule "
                       "pass holds for both players alike", section=name)
    kings = [letter for letter, (key, _) in pieces.items() if key == "king"]
    facing = [f"end facing {names[kings[0]]}: (+)([p]\\1)*"] if is_true(options.get("bikjangRule", "false")) and kings else []
    return (["rule: pass", "end passes: 2"] if sides == {True} else []) + facing


def _one_sided(options: dict[str, str], option: str) -> str:
    """The option of one side's (``passWhite``) that sets ``option`` apart from the other side's, as a
    refusal names it: the one set, else the one for both."""
    return next((key for key in (f"{option}White", f"{option}Black") if key in options), option)


def zone_line(zone_name: str, white: set[Square], black: set[Square], files: int) -> str:
    parts = [f"{player} " + squares_text(squares, files)
             for player, squares in (("White", white), ("Black", black)) if squares]
    return f"zone {zone_name}: " + "; ".join(parts)


def first_moves(name: str, key: str, betza: str, notation: str, options: dict[str, str], names: dict[str, str],
                pieces: dict[str, tuple[str, str]]) -> str:
    """A ``king``'s or ``fers``'s notation under ``makpongRule`` and ``cambodianMoves``.

    makpongRule: a King in check only takes the one piece checking it (its square unattacked once that
    is gone). cambodianMoves: unmoved, the King, not in check, leaps as a Knight to the row before it
    while no enemy Rook stands on its row or column (Fairy-Stockfish takes the leap away once one has
    landed there: a FEN says so); the Fers steps two squares straight ahead onto an empty square."""
    if key == "king" and is_true(options.get("makpongRule", "false")):
        if betza.strip() != "K":
            raise IniError(f"option makpongRule with a king moving as {shown(betza)} is not supported: only the "
                           "King's step (K) is", section=name)
        notation = "[A](*);[a](*)[ex]~1[A]\\1"
    if not is_true(options.get("cambodianMoves", "false")):
        return notation
    if key == "fers":
        return notation + ";[M]N,N[p]"
    look = ""
    rooks = [names[letter] for letter, (kind, _) in pieces.items() if kind == "rook"]
    if rooks:
        look = "".join(f"([!(e,={rooks[0]})>{way}]{way})*+[!(p)>{way},!(P)>{way}]([B]{back})*[b]"
                       for way, back in zip("NESW", "SWNE"))
    return notation + f";[MA]{look}(N,E,E;N,W,W)[p]"


def first_move_rights(name: str, options: dict[str, str], castles: bool) -> bool:
    """Whether the section has ``cambodianMoves``, its rights kept by ``gating`` in the FEN (then
    ``rule: rights-by-column``); with castling it is refused."""
    cambodian = is_true(options.get("cambodianMoves", "false"))
    seirawan = is_true(options.get("seirawanGating", "false"))
    if is_true(options.get("gating", "false")) != (cambodian or seirawan) or (cambodian and seirawan):
        raise IniError("option gating is supported only with cambodianMoves (its rights of first moves kept "
                       "by column in the FEN) or seirawanGating (pieces from hand: gate_lines)", section=name)
    if cambodian and castles:
        raise IniError("option cambodianMoves with castling is not supported: the board keeps the first-move "
                       "rights of cambodianMoves by column in the FEN (rule: rights-by-column), and such a board "
                       "has no castling rights (KQkq)", section=name)
    return cambodian


def game_rules(options: dict[str, str], cambodian: bool, lone: bool) -> list[str]:
    """``rule: rights-by-column`` for ``cambodianMoves``, ``rule: no-promotion-check`` for ``sittuyinPromotion``,
    ``rule: shuffled-setup`` for ``chess960``, ``rule: lone-royal`` where ``lone`` (:func:`royal_letters`),
    ``rule: immobility-illegal`` for ``immobilityIllegal``."""
    sittuyin = is_true(options.get("sittuyinPromotion", "false"))
    return ((["rule: rights-by-column"] if cambodian else []) + (["rule: no-promotion-check"] if sittuyin else [])
            + (["rule: shuffled-setup"] if is_true(options.get("chess960", "false")) else [])
            + (["rule: lone-royal"] if lone else [])
            # A piece may not move or be dropped where it could never move again (position.cpp).
            + (["rule: immobility-illegal"] if is_true(options.get("immobilityIllegal", "false")) else []))


def promotion_in_place(name: str, base: str, letter: str, choices: list[str], options: dict[str, str],
                       pieces: dict[str, tuple[str, str]], names: dict[str, str]) -> str:
    """``sittuyinPromotion``: the pawn's moves, promoting by none of them, and its promotion as a move of
    its own: on its promotion squares, or anywhere as its side's last pawn, while its side has fewer
    of the piece than ``promotionLimit`` allows, into a Fers where it stands or a step diagonally onto
    an empty square, from where the Fers attacks no enemy (and, by ``rule: no-promotion-check``, gives
    no check)."""
    fers = [c for c, (key, betza) in pieces.items() if key == "fers" and betza == "F" and names[c] in choices]
    if len(choices) != 1 or not fers:
        raise IniError("option sittuyinPromotion is supported only for promotion to the fers (F): the board's "
                       "promotion in place is written as a step onto the Fers' squares, attacking no enemy from "
                       "there", section=name)
    limits = dict(pair.partition(":")[::2] for pair in options.get("promotionLimit", "").split())
    limit = limits.get(fers[0], "")
    if limit and not limit.isdigit():
        raise IniError(f"option promotionLimit = {shown(options['promotionLimit'])}: {fers[0]}:{limit} is not "
                       "a count", section=name)
    count = f"[=0-{int(limit) - 1}:{choices[0]}]" if limit and 0 < int(limit) <= MOST_SQUARES else ""  # else none
    zone = f"promotion-{letter}"
    return (f"{base};{count}([@{zone}];[!@{zone},=0:{names[letter]}])(X[p])?[+{choices[0]}]"
            "[!(e)>O,!(e)>M,!(e)>T,!(e)>R]")


def gate_lines(name: str, options: dict[str, str], zones: list[str], files: int, ranks: int) -> list[str]:
    """``gating`` with ``seirawanGating``: a piece from hand enters behind a piece leaving its square
    of the castling rank unmoved (``gate:`` on a zone of that rank, for each side); with drops
    (S-House), only where it may be dropped, as the board's ``gate:`` says."""
    if not (is_true(options.get("gating", "false")) and is_true(options.get("seirawanGating", "false"))):
        return []
    rank = whole_number(options, "castlingRank", "1", name)
    zones.append(zone_line("gates", {(f, rank) for f in range(files)}, {(f, ranks + 1 - rank) for f in range(files)},
                           files))
    return ["gate: gates"]
