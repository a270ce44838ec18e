"""Start-up of ``dagaz-studio moves BOARD --legal``: what it must not import, and what it must not redo.

Not timed (tests/benchmarks/bench_startup.py measures the time): each heavy module named here once
crept into the command's start, and each notation's code was written and compiled at every start.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.helpers.paths import REPO

#: Modules ``moves chess --legal`` does without once its board and code are kept: the notation
#: parser and Lark (the board comes from the cache), the traces' explanation and the move names
#: (not asked for), the other subcommands, the compiled path of heap and stack boards, and standard
#: modules only some options need (json: --json; fractions: boards that give piece values; shutil:
#: argparse's terminal width; tempfile: writing a cache file).
HEAVY = (
    "lark", "dagaz_studio.notation.parser", "dagaz_studio.notation.english", "dagaz_studio.board.loader",
    "dagaz_studio.engine.explain", "dagaz_studio.names", "dagaz_studio.engine.kind_compiler",
    "dagaz_studio.commands.perft", "dagaz_studio.commands.render", "dagaz_studio.commands.gui",
    "dagaz_studio.translation", "json", "fractions", "shutil", "tempfile",
)

PROBE = """
import sys
from dagaz_studio.engine import compiler

written = []
write = compiler.CodeGenerator.module
compiler.CodeGenerator.module = lambda self, *args, **kwargs: written.append(1) or write(self, *args, **kwargs)
from dagaz_studio.cli import main

status = main(['moves', 'chess', '--legal'])
print('imported:', sorted(name for name in {heavy!r} if name in sys.modules))
print('written:', len(written))
sys.exit(status)
"""


def _run(cache: Path) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(cache))
    env.pop("COLUMNS", None)
    done = subprocess.run([sys.executable, "-c", PROBE.format(heavy=HEAVY)], capture_output=True, text=True,
                          env=env, check=True)
    return done.stdout.splitlines()


def test_moves_starts_without_heavy_modules_and_loads_the_kept_code(tmp_path):
    cache = tmp_path / "cache"
    first, second = _run(cache), _run(cache)
    # The first start reads the board file and writes its notations' code; both are kept.
    assert "'lark'" in first[-2]
    assert first[-1] != "written: 0"
    # The next start reads both back: nothing heavy imported, no notation written out again.
    assert second[-2] == "imported: []"
    assert second[-1] == "written: 0"
    assert second[:-2] == first[:-2]
    assert len(second) == 22  # the twenty moves, and the two lines of the probe
