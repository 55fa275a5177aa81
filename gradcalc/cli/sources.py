"""Reading scripts: a file, or stdin for ``-``, as text — or a clear reason why not.

Two kinds of failure, as Python has them:
* ``Unreadable``: the file is missing, a directory, not permitted (exit status 2,
  nothing has run);
* a ``UserError`` of kind SyntaxError: the bytes are not UTF-8 text (NUL bytes,
  invalid UTF-8), located at the line where they go wrong (exit status 1).
A UTF-8 BOM and CRLF line ends are fine (the parser takes them).
"""

from __future__ import annotations

import os
import sys


class Unreadable(Exception):
    """The script cannot be read at all; the message is what the user sees."""


def read_script(path):
    """(filename, bytes) of ``path`` (``-`` is stdin); raises Unreadable."""
    if path == "-":
        return "<stdin>", sys.stdin.buffer.read()
    if os.path.isdir(path):
        raise Unreadable(f"can't run '{path}': it is a directory, not a script")
    try:
        with open(path, "rb") as fh:
            return path, fh.read()
    except OSError as e:
        reason = f"[Errno {e.errno}] {e.strerror}" if e.strerror else str(e)
        raise Unreadable(f"can't open file '{path}': {reason}") from None


def decode(filename, data):
    """The text of a script; raises UserError (SyntaxError) for bytes that are not UTF-8 text."""
    from gradcalc.interpreter import UserError

    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise UserError("SyntaxError", "source code cannot contain null bytes (is this a binary file?)",
                        filename=filename, line=line)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        byte = data[e.start]
        raise UserError("SyntaxError", f"Non-UTF-8 code starting with '\\x{byte:02x}' in file {filename} on line "
                        f"{line} (gradcalc reads scripts as UTF-8)", filename=filename, line=line) from None
