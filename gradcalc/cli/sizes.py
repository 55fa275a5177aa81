"""``--max-memory SIZE``: a number of bytes as people write it (``4G``, ``512MB``, ``1.5GiB``)."""

import re

_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_SIZE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([KMGT]?)(?:I?B)?\s*", re.IGNORECASE)
NO_LIMIT = ("0", "none", "off")


def parse_size(text):
    """Bytes (an int) for ``text``; 0 for ``0``/``none``/``off`` (no budget). ValueError if unreadable.
    Units are powers of 1024, as ``free -h`` shows them: ``K``, ``M``, ``G``, ``T`` (``GB``, ``GiB`` too)."""
    if text.strip().lower() in NO_LIMIT:
        return 0
    m = _SIZE.fullmatch(text)
    if not m:
        raise ValueError(f"not a size: {text!r} (write e.g. 4G, 512M or 2000000000)")
    n = int(float(m.group(1)) * _UNITS[m.group(2).upper()])
    if n <= 0:
        raise ValueError(f"not a size: {text!r} (write e.g. 4G, 512M or 2000000000)")
    return n
