"""Animated PNG (APNG): PNG frames of one size joined into one file that plays them in turn.

The format (https://wiki.mozilla.org/APNG_Specification) adds three chunks to PNG: ``acTL`` (how many
frames, how many plays), before each frame an ``fcTL`` (its size, place and delay), and ``fdAT`` for
the image data of every frame but the first, which is the file's ``IDAT`` — so a reader that knows only
PNG shows the first frame. A viewer loops forever when the plays are 0.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator, Sequence

SIGNATURE = b"\x89PNG\r\n\x1a\n"


class PngError(ValueError):
    """A frame that is not a PNG file, or not of the first frame's size and kind."""


def chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """The (type, content) of each chunk of a PNG file."""
    if not data.startswith(SIGNATURE):
        raise PngError("not a PNG file")
    at = len(SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        yield kind, data[at + 8:at + 8 + length]
        at += 12 + length


def _chunk(kind: bytes, content: bytes) -> bytes:
    return struct.pack(">I", len(content)) + kind + content + struct.pack(">I", zlib.crc32(kind + content) & 0xFFFFFFFF)


def animated_png(frames: Sequence[bytes], delay_ms: int = 250, plays: int = 0,
                 captions: Sequence[str] = ()) -> bytes:
    """One APNG file of ``frames`` (PNG files of one size), each shown ``delay_ms``; ``plays``: how many
    times it plays (0: without end). ``captions`` are kept as text chunks, one a frame (keyword
    ``Caption``, text ``N: caption``), for whoever reads the file rather than looks at it."""
    if not frames:
        raise PngError("no frames")
    header = b""
    parts = [SIGNATURE]
    sequence = 0
    for number, frame in enumerate(frames):
        found = list(chunks(frame))
        ihdr = next((content for kind, content in found if kind == b"IHDR"), None)
        if ihdr is None:
            raise PngError(f"frame {number + 1} has no header")
        if number == 0:
            header = ihdr
            parts.append(_chunk(b"IHDR", ihdr))
            parts.append(_chunk(b"acTL", struct.pack(">II", len(frames), plays)))
        elif ihdr != header:
            raise PngError(f"frame {number + 1} is not of the first frame's size and kind")
        width, height = struct.unpack(">II", ihdr[:8])
        parts.append(_chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, width, height, 0, 0,
                                                 max(1, delay_ms), 1000, 0, 0)))
        sequence += 1
        for kind, content in found:
            if kind != b"IDAT":
                continue
            if number == 0:
                parts.append(_chunk(b"IDAT", content))
            else:
                parts.append(_chunk(b"fdAT", struct.pack(">I", sequence) + content))
                sequence += 1
    for number, caption in enumerate(captions, 1):
        parts.append(_chunk(b"iTXt", b"Caption\0\0\0\0\0" + f"{number}: {caption}".encode()))
    parts.append(_chunk(b"IEND", b""))
    return b"".join(parts)


def frame_count(data: bytes) -> int:
    """How many frames an APNG file holds (1 for a plain PNG)."""
    for kind, content in chunks(data):
        if kind == b"acTL":
            return int(struct.unpack(">I", content[:4])[0])
    return 1


def captions(data: bytes) -> list[str]:
    """The captions an APNG file written by :func:`animated_png` keeps, in frame order."""
    found = []
    for kind, content in chunks(data):
        if kind == b"iTXt" and content.startswith(b"Caption\0"):
            text = content.split(b"\0", 5)[-1].decode("utf-8")
            found.append(text.split(": ", 1)[1])
    return found
