"""The child process of :mod:`tests.fuzz.watchdog`: runs command lines, one a line, and says how each ended.

Each line read from standard input is a JSON object ``{"argv": [...], "files": {name: text}}``: the
files are written into a fresh folder (``{dir}`` in the arguments stands for it) and
``dagaz_studio.cli.main(argv)`` is called in this process, as ``python -m dagaz_studio`` would call
it, with its standard output and error caught. The answer, one JSON line on the real standard
output: the exit status, what was printed on standard error (shortened), the length of standard
output, and, when an exception escaped the command, its type and the last lines of its traceback.

The process holds itself to a memory limit (``--memory`` bytes of address space over what it uses
once started): a case that needs more ends in MemoryError, which is answered and ends the process
(the watchdog starts another), or in the process being killed.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import os
import resource
import shutil
import sys
import tempfile
import time
import traceback

#: Standard error kept in an answer: enough to see the message and judge its shape.
KEPT_STDERR = 4000


def _address_space() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _answer(request: dict, main) -> dict:  # type: ignore[no-untyped-def]
    folder = tempfile.mkdtemp(prefix="fuzz-")
    try:
        for name, text in request.get("files", {}).items():
            with open(os.path.join(folder, name), "w", encoding="utf-8", newline="") as out:
                out.write(text)
        argv = [word.replace("{dir}", folder) for word in request["argv"]]
        stdout, stderr = io.StringIO(), io.StringIO()
        escaped = None
        memory = False
        cpu = time.process_time()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                status = main(argv)
            except SystemExit as stop:
                status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
            except MemoryError:
                status, memory = None, True
            except BaseException as error:  # noqa: BLE001 - whatever escapes is what the fuzzing looks for
                status = None
                escaped = f"{type(error).__name__}: {error}"[:500] + "\n" + "".join(
                    traceback.format_tb(error.__traceback__)[-3:])[-1500:]
        err = stderr.getvalue()
        return {"status": status, "stderr": err[:KEPT_STDERR], "stderr_chars": len(err),
                "stdout_chars": len(stdout.getvalue()), "escaped": escaped, "memory": memory,
                "cpu": time.process_time() - cpu,
                "maxrss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--memory", type=int, default=2**30, help="bytes of address space allowed over the start")
    parser.add_argument("--target", default="dagaz_studio.cli:main",
                        help="the function called with each case's arguments (module:function)")
    args = parser.parse_args()
    module, _, function = args.target.partition(":")
    cli_main = getattr(importlib.import_module(module), function)
    if args.target == "dagaz_studio.cli:main":
        # Imported before the limit is set: what the command line needs at its start is not the case's.
        for name in ("commands.moves", "commands.translate", "commands.import_ini", "translation", "variants_ini"):
            importlib.import_module(f"dagaz_studio.{name}")

    limit = _address_space() + args.memory
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    out = sys.stdout
    print(json.dumps({"ready": True, "baseline": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}),
          file=out, flush=True)
    for line in sys.stdin:
        answer = _answer(json.loads(line), cli_main)
        print(json.dumps(answer), file=out, flush=True)
        if answer["memory"]:
            return 3  # what ran out of memory may have left this process half-done: start afresh
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    sys.exit(main())
