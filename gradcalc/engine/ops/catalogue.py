"""Registers the op modules of torch's wider catalogue (special functions, sorting,
scatter/gather, cumulative, structure, more reductions, aliases ...) in the op table.

Each module lists ``EXPORTS`` (a function and a Tensor method of the same name) and
may add ``FUNCTION_ONLY`` / ``METHOD_ONLY`` dicts. These modules only ever add: a name
the table already binds to another function is an error at import (``registry.NameClash``).
"""

from . import aliases, binary, cumulative, reduction_extra, sorting, structure_extra, unary

MODULES = (unary, sorting, cumulative, binary, structure_extra, reduction_extra, aliases)


def register(functions, methods):
    for mod in MODULES:
        for name in getattr(mod, "EXPORTS", ()):
            fn = getattr(mod, name)
            functions[name] = fn
            methods[name] = fn
        for name, fn in getattr(mod, "FUNCTION_ONLY", {}).items():
            functions[name] = fn
        for name, fn in getattr(mod, "METHOD_ONLY", {}).items():
            methods[name] = fn
    aliases.complete(functions, methods)
