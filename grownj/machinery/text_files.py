"""A file a person hands the command line or the engine, read as text: refused in one line naming it
when it cannot be read, is too large for what it should hold, is not UTF-8 or is empty."""
from __future__ import annotations

import sys
from pathlib import Path


class TextFileError(ValueError):
    """The file cannot be read as the text expected; the message names it and says why."""


def file_text(name: str | Path, what: str, expected: str, most_bytes: int) -> str:
    """The text of file `name` ("-": standard input), which should hold `what` ("a scenario") and at
    most `most_bytes` bytes; `expected` says what an empty file should have held."""
    try:
        raw = sys.stdin.buffer.read() if str(name) == "-" else Path(name).read_bytes()
    except OSError as exc:
        raise TextFileError(f"{name}: cannot read ({exc.strerror})") from None
    if len(raw) > most_bytes:
        raise TextFileError(f"{name}: {len(raw):,} bytes is too large for {what} (at most {most_bytes:,})")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TextFileError(f"{name}: not UTF-8 text") from None
    if not text.strip():
        raise TextFileError(f"{name}: the file is empty; expected {expected}")
    return text
