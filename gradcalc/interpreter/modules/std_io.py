"""``io``: only ``BytesIO``, the in-memory file ``torch.save``/``torch.load`` write to and read from.

A BytesIO is memory, not a file, so it needs no file rule. The language may seek, tell,
read its size (``getbuffer().nbytes`` is left out: no buffers), take its bytes with
``getvalue()`` and close it; everything else of ``io`` (files, streams of the process)
stays out of reach.
"""

from __future__ import annotations

from . import module_of, register_type

BYTESIO_NAMES = ("seek", "tell", "getvalue", "read", "write", "truncate", "close", "closed", "readable",
                 "writable", "seekable")


def io_module():
    import io

    register_type(io.BytesIO, BYTESIO_NAMES)
    return module_of("io", {"BytesIO": io.BytesIO})
