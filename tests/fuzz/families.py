"""Hostile cases for the command lines that read other programs' notations: Parlett, Betza and
Fairy-Stockfish's variants.ini, run under :mod:`tests.fuzz.watchdog`.

Each family has categories, each a generator ``(rng) -> Case``: realistic input first, then input
pushed at one weakness (huge counts, repeated legs, inheritance, garbage). A category is the unit the
suite marks when a known fault is being fixed elsewhere (``tests/fuzz/test_families.py``). The same
seed makes the same cases.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tests.fuzz.watchdog import Case

#: Boards a typed piece is tried on, with squares to put it on (a corner, the middle, an edge).
BOARDS = {"chess": ["e4", "a1", "h8", "d1"], "shogi": ["e5", "a9", "i1"], "xiangqi": ["e5", "a10", "i1"]}

HUGE = ["0", "00", "1", "2", "7", "8", "9", "10", "15", "26", "99", "100", "9998", "9999", "10000", "10001",
        "65535", "99999999", "99999999999", "9" * 40, "9" * 5000, "0" * 30 + "3"]


def _count(rng: random.Random) -> str:
    return rng.choice(HUGE) if rng.random() < 0.5 else str(rng.randint(1, 9))


def _mutate(rng: random.Random, text: str, tokens: list[str], times: int) -> str:
    for _ in range(times):
        position = rng.randint(0, len(text))
        roll = rng.random()
        if roll < 0.4:
            text = text[:position] + rng.choice(tokens) + text[position:]
        elif roll < 0.6:
            text = text[:position] + text[position + rng.randint(1, 6):]
        elif roll < 0.85:
            text = text[:position] + rng.choice(tokens) + text[position + 1:]
        else:
            end = min(len(text), position + rng.randint(1, 12))
            text = text[:position] + text[position:end] * rng.randint(2, 6) + text[position:]
    return text


def _translate(family: str, category: str, text: str, rng: random.Random, notation: str) -> Case:
    target = rng.choice(["dagaz", "betza", "parlett", "english"])
    argv = ["translate", "--from", notation, "--to", target]
    if notation == "betza" and rng.random() < 0.4:
        argv += ["--dialect", rng.choice(["xboard", "fsf"])]
    # After "--", a text that starts with "-" is read as the text, not as an option.
    return Case(family, category, argv + ["--", text], text)


def _moves(family: str, category: str, text: str, rng: random.Random, notation: str) -> Case:
    board = rng.choice(sorted(BOARDS))
    argv = ["moves", board, "--at", rng.choice(BOARDS[board]), f"--piece={text}", "--notation", notation]
    if notation == "betza" and rng.random() < 0.4:
        argv += ["--dialect", rng.choice(["xboard", "fsf"])]
    if rng.random() < 0.3:
        argv.append("--legal")
    return Case(family, category, argv, text)


def _compare(family: str, category: str, text: str, rng: random.Random, notation: str) -> Case:
    board = rng.choice(sorted(BOARDS))
    argv = ["compare", "--notation", notation, "--notation-b", "betza", "--positions", "1", "--seed",
            str(rng.randrange(1000)), "--", board, text, rng.choice(["K", "QN", "fmWfcF", "N"])]
    return Case(family, category, argv, text, accepts=(0, 1))


def _command(family: str, category: str, text: str, rng: random.Random, notation: str) -> Case:
    """A text run through ``translate`` (most of the time, as it is cheap), ``moves --piece`` or
    ``compare`` (against a Betza piece, on one position)."""
    roll = rng.random()
    if roll < 0.3:
        return _moves(family, category, text, rng, notation)
    if roll < 0.4:
        return _compare(family, category, text, rng, notation)
    return _translate(family, category, text, rng, notation)


# --------------------------------------------------------------------------- Parlett

PARLETT_DIRECTIONS = ["*", "+", "X", ">", "<", "<>", "=", ">=", "<=", "X>", "X<"]
PARLETT_TOKENS = PARLETT_DIRECTIONS + ["~", "/", ",", ", ", " ", "o", "c", "i", "oi", "ci", "oc", "n", "0", "1", "9",
                                       "99999999999", "²", "٣", "８", "q", "\t", "\n", "(", "[", "-", "é", "\x00"]


def _parlett_move(rng: random.Random, count: Callable[[random.Random], str]) -> str:
    conditions = rng.choice(["", "", "", "o", "c", "i", "oi", "ci", "oc", "oci"])
    roll = rng.random()
    if roll < 0.25:
        return f"{conditions}~{count(rng)}/{count(rng)}"
    if roll < 0.35:
        return f"{conditions}~{count(rng)}{rng.choice(PARLETT_DIRECTIONS)}"
    distance = "n" if rng.random() < 0.3 else count(rng)
    return f"{conditions}{distance}{rng.choice(PARLETT_DIRECTIONS)}"


def _parlett(rng: random.Random, count: Callable[[random.Random], str], moves: int) -> str:
    return rng.choice([", ", ",", " , "]).join(_parlett_move(rng, count) for _ in range(rng.randint(1, moves)))


def parlett_realistic(rng: random.Random) -> Case:
    text = _parlett(rng, lambda r: str(r.randint(1, 4)), 4)
    return _command("parlett", "realistic", text, rng, "parlett")


def parlett_counts(rng: random.Random) -> Case:
    text = _parlett(rng, _count, 3)
    if rng.random() < 0.1:
        text = ", ".join([text] * rng.randint(50, 3000))
    return _command("parlett", "counts and distances", text, rng, "parlett")


def parlett_garbage(rng: random.Random) -> Case:
    if rng.random() < 0.5:
        text = _mutate(rng, _parlett(rng, _count, 3), PARLETT_TOKENS, rng.randint(1, 5))
    else:
        text = "".join(rng.choice(PARLETT_TOKENS) for _ in range(rng.randint(0, 30)))
    return _command("parlett", "garbage", text, rng, "parlett")


# --------------------------------------------------------------------------- Betza

#: Pieces as Betza and XBetza write them (Fairy-Stockfish's predefined pieces, the XBetza article's
#: examples): the seeds mutated below.
BETZA_PIECES = [
    "fmWfceF", "N", "B", "R", "Q", "K", "F", "A", "FA", "FfW", "RNF", "RF", "BN", "RN", "QN", "mNcB", "mBcN",
    "fR", "fN", "WfF", "BW", "cW", "fmWfF", "mRcpR", "pR", "fsW", "nN", "nA", "nZ", "RcpRnN", "W", "KN",
    "fmWfcFifmnD", "isO2", "mafsW", "[F?R]", "[W-sR]", "qN0", "zB", "NN", "W2", "afsW", "jW", "gQ", "pafsmpafK",
    "mpafsK", "cabK", "yafsF", "oR", "O", "fK", "L", "J", "pW", "ifmnDfmWfceF", "FcaF", "mcaW", "DD", "R4",
    "N0", "B2", "vRsW", "lfrbN", "fbWfsF", "bhN", "ffN", "vvN", "ssR", "mQ3cQ", "xW", "dW", "ekR", "tR", "uW",
]
BETZA_MODIFIERS = list("fbrlvshmcpgnjaozqiyedxktu") + ["!", "'", "ff", "bb", "fs", "vs", "rf", "lb"]
BETZA_ATOMS = list("WFDNAHCZGJLKQRBXSOU") + ["E", "M", "P", "T", "V", "Y"]
BETZA_TOKENS = BETZA_MODIFIERS + BETZA_ATOMS + ["[", "]", "(", ")", "?", "-", "0", "1", "9", "99999999999",
                                                "9" * 40, " ", "²", "٣", "é", "\x00", "\t", "#", ";", ","]


def _betza_part(rng: random.Random, count: Callable[[random.Random], str]) -> str:
    modifiers = "".join(rng.choice(BETZA_MODIFIERS) for _ in range(rng.choice([0, 0, 1, 1, 2, 3])))
    atom = rng.choice(BETZA_ATOMS[:19])
    return modifiers + atom + (count(rng) if rng.random() < 0.3 else "")


def _betza(rng: random.Random, count: Callable[[random.Random], str], parts: int) -> str:
    return "".join(_betza_part(rng, count) for _ in range(rng.randint(1, parts)))


def betza_realistic(rng: random.Random) -> Case:
    text = rng.choice(BETZA_PIECES) if rng.random() < 0.5 else _betza(rng, lambda r: str(r.randint(0, 4)), 3)
    return _command("betza", "realistic", text, rng, "betza")


def betza_counts(rng: random.Random) -> Case:
    text = _betza(rng, _count, 2)
    if rng.random() < 0.1:
        text = text * rng.randint(50, 1500)
    return _command("betza", "huge counts", text, rng, "betza")


def betza_legs(rng: random.Random) -> Case:
    # Multi-leg moves: 'a' chains (each 'a' starts a leg), repeated, on one atom or several.
    legs = rng.choice([2, 3, 4, 6, 10, 30, 100, 101, 500])
    leg = rng.choice(["a", "ma", "ca", "pa", "mpa", "fsa", "afs", "ya", "ga", "oa", "mcpa", "ja"])
    atom = rng.choice(["W", "F", "K", "N", "R", "B", "Q", "D", "A"])
    text = leg * legs + atom + (rng.choice(HUGE) if rng.random() < 0.2 else "")
    if rng.random() < 0.3:
        text = "[" + "-".join(rng.choice(["W", "F", "fR", "sW", "mN", "R"]) for _ in range(legs)) + "]"
    return _command("betza", "repeated legs", text, rng, "betza")


def betza_garbage(rng: random.Random) -> Case:
    if rng.random() < 0.5:
        text = _mutate(rng, rng.choice(BETZA_PIECES), BETZA_TOKENS, rng.randint(1, 5))
    else:
        text = "".join(rng.choice(BETZA_TOKENS) for _ in range(rng.randint(0, 30)))
    return _command("betza", "garbage", text, rng, "betza")


# --------------------------------------------------------------------------- variants.ini

TEMPLATES = ["chess", "fairy", "capablanca", "crazyhouse", "atomic", "xiangqi", "minishogi", "shogi", "makruk",
             "grand", "janggi", "ataxx", "amazons", "breakthrough", "shatranj", "horde", "giveaway", "seirawan",
             "nosuchvariant"]
PREDEFINED = ["pawn", "knight", "bishop", "rook", "queen", "king", "fers", "alfil", "silver", "gold", "lance",
              "shogiPawn", "shogiKnight", "cannon", "soldier", "horse", "elephant", "commoner", "archbishop",
              "chancellor", "amazon", "wazir", "dragonHorse", "bers", "immobile", "janggiCannon", "banner"]
LETTERS = "pnbrqkacgsmeflhwdxyzuvjoti"


def _fen(rng: random.Random, files: int, ranks: int, letters: str) -> str:
    rows = []
    for _ in range(ranks):
        row, empty = "", 0
        for _ in range(files):
            if rng.random() < 0.4:
                row += (str(empty) if empty else "") + rng.choice([c.upper() for c in letters] + list(letters))
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    tail = rng.choice([" w - - 0 1", " w KQkq - 0 1", " b - - 0 1", "[] w - - 0 1", "[PPpp] w - - 0 1", ""])
    return "/".join(rows) + tail


def _value(rng: random.Random, key: str, files: int, ranks: int, letters: str) -> str:
    squares = [f"{chr(97 + rng.randrange(max(1, files)))}{rng.randint(1, max(1, ranks))}" for _ in range(3)]
    values = {
        "maxRank": lambda: rng.choice([str(ranks), "0", "1", "10", "12", "13", "99999", "-1", "x", "8.5"]),
        "maxFile": lambda: rng.choice([str(files), "0", "1", "10", "12", "13", "99999", "k", "z", "-1"]),
        "startFen": lambda: _fen(rng, files + rng.choice([0, 0, 0, 1, -1]), ranks + rng.choice([0, 0, 0, 1, -1]),
                                 letters),
        "pieceToCharTable": lambda: "".join(rng.choice(LETTERS.upper() + ".") for _ in range(rng.randint(0, 20)))
        + ":" + "".join(rng.choice(LETTERS + ".") for _ in range(rng.randint(0, 20))),
        "promotionPieceTypes": lambda: "".join(rng.sample(letters, min(len(letters), rng.randint(0, 4)))),
        "promotionRegionWhite": lambda: rng.choice(["*8", "*" + str(ranks), " ".join(squares), "*1 *2", "", "z99"]),
        "promotionRegionBlack": lambda: rng.choice(["*1", " ".join(squares), "*0", "*" + "9" * 20]),
        "promotionRank": lambda: rng.choice([str(ranks), "0", "8", "99999999999"]),
        "promotedPieceType": lambda: " ".join(f"{rng.choice(letters)}:{rng.choice(letters)}"
                                              for _ in range(rng.randint(0, 4))),
        "promotionPawnTypes": lambda: rng.choice(letters) + rng.choice(["", letters[0]]),
        "mandatoryPawnPromotion": lambda: rng.choice(["true", "false", "maybe"]),
        "doubleStep": lambda: rng.choice(["true", "false"]),
        "doubleStepRegionWhite": lambda: rng.choice(["*2", "*1 *2", " ".join(squares)]),
        "castling": lambda: rng.choice(["true", "false"]),
        "castlingKingsideFile": lambda: rng.choice(["g", "i", "a", "z", "1"]),
        "castlingQueensideFile": lambda: rng.choice(["c", "b", "z"]),
        "pieceDrops": lambda: rng.choice(["true", "false"]),
        "capturesToHand": lambda: rng.choice(["true", "false"]),
        "dropRegionWhite": lambda: rng.choice(["*1 *2 *3", " ".join(squares), ""]),
        "mustCapture": lambda: rng.choice(["true", "false"]),
        "checking": lambda: rng.choice(["true", "false"]),
        "flyingGeneral": lambda: rng.choice(["true", "false"]),
        "blastOnCapture": lambda: rng.choice(["true", "false"]),
        "enclosingDrop": lambda: rng.choice(["reversi", "ataxx", "none", "top"]),
        "flipEnclosedPieces": lambda: rng.choice(["reversi", "ataxx", "none"]),
        "extinctionValue": lambda: rng.choice(["loss", "win"]),
        "extinctionPieceTypes": lambda: rng.choice(["k", "*", letters]),
        "stalemateValue": lambda: rng.choice(["loss", "win", "draw"]),
        "immobilityIllegal": lambda: rng.choice(["true", "false"]),
        "nMoveRule": lambda: rng.choice(["0", "50", "99999999999"]),
    }
    return values[key]() if key in values else rng.choice(["true", "false", "1", "", "-", "x"])


INI_KEYS = ["maxRank", "maxFile", "startFen", "pieceToCharTable", "promotionPieceTypes", "promotionRegionWhite",
            "promotionRegionBlack", "promotionRank", "promotedPieceType", "promotionPawnTypes",
            "mandatoryPawnPromotion", "doubleStep", "doubleStepRegionWhite", "castling", "castlingKingsideFile",
            "castlingQueensideFile", "pieceDrops", "capturesToHand", "dropRegionWhite", "mustCapture", "checking",
            "flyingGeneral", "blastOnCapture", "enclosingDrop", "flipEnclosedPieces", "extinctionValue",
            "extinctionPieceTypes", "stalemateValue", "immobilityIllegal", "nMoveRule", "pieceValueMg",
            "variantTemplate", "gating", "twoBoards", "cambodianMoves", "wallingRule"]


#: Options with values Fairy-Stockfish's own variants use, for sections meant to import.
REALISTIC = {
    "promotionPieceTypes": ["q", "qrbn", "nbrq", ""], "doubleStep": ["true", "false"], "castling": ["false"],
    "mustCapture": ["true", "false"], "checking": ["true", "false"], "stalemateValue": ["loss", "draw", "win"],
    "nMoveRule": ["0", "50"], "pieceValueMg": ["p:100"], "extinctionValue": ["loss"],
    "extinctionPieceTypes": ["k", "*"], "immobilityIllegal": ["true", "false"], "pieceDrops": ["false"],
    "promotionRegionWhite": ["*{ranks}"], "promotionRegionBlack": ["*1"], "mandatoryPawnPromotion": ["true"],
}


def _section(rng: random.Random, name: str, parents: list[str], betza: Callable[[random.Random], str],
             keys: int, realistic: bool = False) -> str:
    files, ranks = rng.choice([(8, 8), (8, 8), (10, 8), (9, 10), (5, 5), (9, 9), (12, 12), (3, 3), (1, 1)])
    parent = rng.choice(parents) if rng.random() < 0.8 else None
    lines = [f"[{name}:{parent}]" if parent else f"[{name}]"]
    letters = "pnbrqk"
    if realistic:
        files, ranks = rng.choice([(8, 8), (6, 6), (10, 8), (8, 10), (5, 5), (10, 10)])
        lines = [f"[{name}:{rng.choice(['chess', 'fairy', 'chess', 'capablanca', 'nocastle'])}]",
                 f"maxFile = {files}", f"maxRank = {ranks}"]
        free = [c for c in "acdefghijlmostuvwxyz"]
        rng.shuffle(free)
        for slot in rng.sample(range(1, 26), rng.randint(0, 3)):
            letter = free.pop()
            letters += letter
            lines.append(f"customPiece{slot} = {letter}:{betza(rng)}")
        for _ in range(rng.randint(0, 4)):
            key = rng.choice(sorted(REALISTIC))
            lines.append(f"{key} = {rng.choice(REALISTIC[key]).format(ranks=ranks)}")
        back = "".join(rng.choice(letters[1:]) for _ in range(files - 1))
        back = back[: files // 2] + "k" + back[files // 2:]
        rows = [back, "p" * files] + [str(files)] * (ranks - 4) + ["P" * files, back.upper()]
        lines.append(f"startFen = {'/'.join(rows[:ranks])} w - - 0 1")
        return "\n".join(lines)
    if rng.random() < 0.8:
        lines += [f"maxFile = {files}", f"maxRank = {ranks}"]
    for _ in range(rng.randint(0, 4)):
        number = rng.choice([str(rng.randint(1, 25)), "0", "26", "99999999999", ""])
        letter = rng.choice(LETTERS)
        letters += letter
        lines.append(f"customPiece{number} = {letter}:{betza(rng)}")
    for _ in range(rng.randint(0, 3)):
        letter = rng.choice(LETTERS)
        letters += letter
        lines.append(f"{rng.choice(PREDEFINED)} = {rng.choice([letter, '-', letter + ':' + betza(rng), ''])}")
    for _ in range(rng.randint(1, keys)):
        key = rng.choice(INI_KEYS)
        lines.append(f"{key} = {_value(rng, key, files, ranks, letters)}")
    if rng.random() < 0.7:
        lines.append(f"startFen = {_fen(rng, files, ranks, letters)}")
    return "\n".join(lines)


def _ini(rng: random.Random, betza: Callable[[random.Random], str], keys: int = 8, realistic: bool = False) -> str:
    names = [f"v{i}" for i in range(rng.randint(1, 3))]
    sections = []
    for i, name in enumerate(names):
        parents = TEMPLATES + names[:i] + ([name] if rng.random() < 0.1 else []) + names[i + 1:]
        sections.append(_section(rng, name, parents, betza, keys, realistic))
    return "\n\n".join(sections) + "\n"


def _import(category: str, text: str, rng: random.Random) -> Case:
    argv = ["import", "{dir}/variants.ini", "--out", "{dir}/boards"]
    return Case("variants.ini", category, argv, text, {"variants.ini": text})


def ini_realistic(rng: random.Random) -> Case:
    return _import("realistic", _ini(rng, lambda r: r.choice(BETZA_PIECES[:37]), realistic=True), rng)


def ini_betza(rng: random.Random) -> Case:
    def betza(r: random.Random) -> str:
        return rng.choice([betza_counts, betza_legs, betza_garbage, betza_realistic])(r).shown

    return _import("Betza pieces", _ini(rng, betza, 3), rng)


def ini_inheritance(rng: random.Random) -> Case:
    # Chains and cycles of [a:b]: long chains, a section its own ancestor, parents that are not there.
    depth = rng.choice([2, 5, 50, 500])
    names = [f"s{i}" for i in range(depth)]
    lines = []
    for i, name in enumerate(names):
        parent = names[i + 1] if i + 1 < depth else rng.choice(TEMPLATES + [names[0], "", " ", ":"])
        lines.append(f"[{name}:{parent}]")
        if rng.random() < 0.3:
            key = rng.choice(INI_KEYS)
            lines.append(f"{key} = {_value(rng, key, 8, 8, 'pnbrqk')}")
    return _import("inheritance", "\n".join(lines) + "\n", rng)


INI_TOKENS = ["[", "]", ":", "=", "\n", "#", ";", " ", "\t", "\r\n", "[a:b]", "[x]", "maxRank = 99999999999",
              "maxFile = 0", "customPiece1 = a:", "startFen = ", "9" * 40, "²", "é", "\x00", "\ufeff", "==", "- "]


def ini_garbage(rng: random.Random) -> Case:
    base = _ini(rng, lambda r: r.choice(BETZA_PIECES))
    lines = base.splitlines()
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        at = rng.randrange(len(lines) + 1)
        if roll < 0.3:
            lines.insert(at, "".join(rng.choice(INI_TOKENS) for _ in range(rng.randint(1, 8))))
        elif roll < 0.5 and lines:
            del lines[min(at, len(lines) - 1)]
        elif roll < 0.7 and lines:
            line = lines[min(at, len(lines) - 1)]
            lines.insert(at, line * rng.randint(2, 200))
        else:
            text = "\n".join(lines)
            lines = _mutate(rng, text, INI_TOKENS, 2).splitlines()
    return _import("garbage", "\n".join(lines), rng)


FAMILIES: dict[str, dict[str, Callable[[random.Random], Case]]] = {
    "parlett": {"realistic": parlett_realistic, "counts and distances": parlett_counts, "garbage": parlett_garbage},
    "betza": {"realistic": betza_realistic, "huge counts": betza_counts, "repeated legs": betza_legs,
              "garbage": betza_garbage},
    "variants.ini": {"realistic": ini_realistic, "Betza pieces": ini_betza, "inheritance": ini_inheritance,
                     "garbage": ini_garbage},
}


def family_case(rng: random.Random, families: list[str]) -> Case:
    """One case of a family and category drawn at random among ``families``."""
    family = FAMILIES[rng.choice(families)]
    return family[rng.choice(sorted(family))](rng)
