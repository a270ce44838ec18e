"""The rules of a variants.ini section that the board file states beside its pieces' moves: which
pieces are royal or lost by extinction, promotion to lost pieces, en passant's victims, the drops
and their rules, passing when blocked."""

from __future__ import annotations

from dagaz_studio.betza.dagaz_writer import EN_PASSANT
from dagaz_studio.variants_ini import enclosing
from dagaz_studio.variants_ini.ini import IniError
from dagaz_studio.variants_ini.values import Square, is_true, shown, squares_text, whole_number


def royal_letters(options: dict[str, str], pieces: dict[str, tuple[str, str]], fen: str, name: str) -> set[str]:
    """The royal pieces: the King, and with extinctionPseudoRoyal the extinction pieces, which
    Fairy-Stockfish treats as royal while a side has at most extinctionPieceCount + 1 of them."""
    royal = {letter for letter, (key, _) in pieces.items() if key == "king"}
    if not is_true(options.get("extinctionPseudoRoyal", "false")):
        return royal
    types = options.get("extinctionPieceTypes", "").strip()
    if types in ("*", ""):
        raise IniError(f"option extinctionPseudoRoyal with extinctionPieceTypes = {types or '(none)'} is not "
                       f"supported", section=name)
    limit = whole_number(options, "extinctionPieceCount", "0", name) + 1
    placement = fen.split()[0]
    if limit > sum(c.isalpha() for c in placement):
        # More than all the pieces the game starts with: every one of them is royal, always (coregal's Queens).
        return royal | {letter for letter in types.lower() if letter in pieces}
    promoted = set(options.get("promotionPieceTypes", "nbrq")) | set(options.get("promotionPieceTypesWhite", ""))
    promoted |= set(options.get("promotionPieceTypesBlack", ""))
    for letter in types.lower():
        if letter not in pieces:
            continue
        counts = (sum(c == letter.upper() for c in placement), sum(c == letter for c in placement))
        if max(counts) > limit or letter in promoted:
            raise IniError(f"option extinctionPseudoRoyal: the pieces {letter} are royal only once their "
                           f"number falls to {limit}, which is not supported", section=name)
        royal.add(letter)
    return royal


def extinction_letters(options: dict[str, str], pieces: dict[str, tuple[str, str]]) -> set[str]:
    """The pieces whose last one lost ends the game (the board's ``extinction`` flag): Fairy-Stockfish's
    extinctionPieceTypes with extinctionValue = loss (or win: ``end extinction: wins``), each type
    counted alone down to none, for either side. Empty for the other extinction rules, which are ignored: a count
    above none, every piece at once (``*``, whose last lost leaves no move anyway), and pseudo-royal
    pieces where captures do not explode."""
    types = options.get("extinctionPieceTypes", "").strip().lower()
    # Fairy-Stockfish ends no game by the extinction of pseudo-royal pieces, which cannot be taken,
    # unless captures explode (position.cpp, is_immediate_game_end).
    pseudo_royal = is_true(options.get("extinctionPseudoRoyal", "false"))
    if pseudo_royal and not is_true(options.get("blastOnCapture", "false")):
        return set()
    if (options.get("extinctionValue", "none").strip().lower() not in ("loss", "win") or types in ("", "*")
            or options.get("extinctionPieceCount", "0").strip() != "0"
            or options.get("extinctionOpponentPieceCount", "0").strip() != "0"):
        return set()
    return {letter for letter in types if letter in pieces}


def promotion_limited(name: str, options: dict[str, str], placement: str,
                       pieces: dict[str, tuple[str, str]]) -> bool:
    """``promotionLimit``: whether pawns promote only to pieces their side has lost (``+?``), which is
    Fairy-Stockfish's limit when each limited type's limit is the number each side starts with and
    every type promoted to is limited. Raises :class:`IniError` for other limits."""
    value = options.get("promotionLimit", "").strip()
    if not value:
        return False
    limits = {}
    for pair in value.split():
        letter, _, count = pair.partition(":")
        if not count.isdigit():
            raise IniError(f"option promotionLimit = {shown(value)}: {shown(pair)} is not PIECE:COUNT", section=name)
        limits[letter.lower()] = int(count)
    board = placement.partition("[")[0]
    types = set(options.get("promotionPieceTypes", "nbrq")) | set(options.get("promotionPieceTypesWhite", ""))
    types |= set(options.get("promotionPieceTypesBlack", ""))
    for letter in types & set(pieces):
        start = (board.count(letter.upper()), board.count(letter))
        if letter not in limits or start != (limits[letter], limits[letter]):
            raise IniError(f"option promotionLimit = {shown(value)} is supported only as the number of each "
                           f"promotion piece each side starts with", section=name)
    return True


def en_passant_victims(notation: str, pieces: dict[str, tuple[str, str]], names: dict[str, str]) -> str:
    """Fairy-Stockfish leaves en-passant squares only behind a piece's initial double move (a pawn's,
    or a custom piece's ``i`` move): only such pieces are taken en passant."""
    victims = [names[letter] for letter, (key, betza) in pieces.items() if key == "pawn" or "i" in betza]
    if not victims:
        return notation.replace(";" + EN_PASSANT, "").replace(EN_PASSANT + ";", "")
    each = [EN_PASSANT.replace("(te,x)", f"(te,={name},x)") for name in victims]
    return notation.replace(EN_PASSANT, each[0] if len(each) == 1 else "(" + ";".join(each) + ")")


def drop_lines(name: str, options: dict[str, str], pieces: dict[str, tuple[str, str]], names: dict[str, str],
                zones: list[str], region, files: int, promo_w: set[Square], promo_b: set[Square],
                turned: bool = True, piece_promotions: dict[str, str] | None = None,
                mobile: set[str] | None = None) -> list[str]:
    """The statements of a variant with drops: ``drop:`` on an empty square of the drop region, the
    pawn kept off its first rank and the promotion zone, and the hand rules."""
    for option, default in (("mustDropType", "*"),):
        if options.get(option, default).strip().lower() != default:
            raise IniError(f"option {option} = {options[option]} is not supported", section=name)
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
                                     turned, lambda n, w, b: zone_line(n, w, b, files), zones)
    after += enclosing.flips_after_drop(options.get("flipEnclosedPieces", "none").strip().lower())
    out.append(f"drop: {check}{after}")
    if never in names:
        out.append(f"drop {names[never]}: [p,P]")  # an empty square that is not: no drop
    doubled = options.get("dropNoDoubled", "-").strip()
    if most > 1 and doubled in names:
        # dropNoDoubledCount = n: no drop into a file already holding n of the mover's such pieces.
        last = whole_number(options, "maxRank", "8", name)
        columns = [chr(ord("a") + f) for f in range(files)]
        zones += [f"zone file-{c}: {c}1-{c}{last}" for c in columns]
        out.append(f"drop {names[doubled]}: " + ";".join(
            f"{check[:-1]},@file-{c},=0-{most - 1}:{names[doubled]}@file-{c}]{after}" for c in columns))
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
            out.append(f"drop {names[letter]}: {check[:-1]}," + ",".join(keep_off) + "]" + after)
    for letter in sorted(mobile or ()):
        # A piece kept to its mobility region is dropped only there too.
        if any(line.startswith(f"drop {names[letter]}:") for line in out):
            raise IniError(f"a mobility region with the drop rules of {names[letter]} is not supported", section=name)
        out.append(f"drop {names[letter]}: {check[:-1]},@mobility-{letter}]{after}")
    if is_true(options.get("dropPromoted", "false")):
        # dropPromoted: a piece that promotes may also be dropped as its promoted side.
        for letter in piece_promotions or {}:
            if any(line.startswith(f"drop {names[letter]}:") for line in out):
                raise IniError(f"option dropPromoted with the drop rules of {names[letter]} is not supported",
                               section=name)
            out.append(f"drop {names[letter]}: {check}{after};{check}{after}[+{names[letter]}Promoted]")
    if is_true(options.get("mustDrop", "false")):
        out.append("rule: compulsory-drop")
    if is_true(options.get("capturesToHand", "false")):
        out.append("rule: captures-to-hand")
    if is_true(options.get("immobilityIllegal", "false")):
        out.append("rule: immobility-illegal")
    return out


def pass_on_stalemate(name: str, options: dict[str, str], royal: set[str]) -> bool:
    """``passOnStalemate``: a player with no move passes (``rule: pass-when-blocked``), for both
    players alike and without a royal piece, whose check Fairy-Stockfish's pass must also weigh."""
    sides = {is_true(options.get(f"passOnStalemate{side}", options.get("passOnStalemate", "false")))
             for side in ("White", "Black")}
    if sides == {False}:
        return False
    if len(sides) > 1:
        raise IniError("option passOnStalemate for one side only is not supported", section=name)
    if royal:
        raise IniError("option passOnStalemate with a royal piece is not supported", section=name)
    return True


def zone_line(zone_name: str, white: set[Square], black: set[Square], files: int) -> str:
    parts = [f"{player} " + squares_text(squares, files)
             for player, squares in (("White", white), ("Black", black)) if squares]
    return f"zone {zone_name}: " + "; ".join(parts)
