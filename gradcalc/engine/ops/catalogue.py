"""Registers the op modules of torch's wider catalogue (special functions, sorting,
scatter/gather, cumulative, structure, more reductions, aliases ...) in the op table.

Each module lists ``EXPORTS`` (a function and a Tensor method of the same name) and
may add ``FUNCTION_ONLY`` / ``METHOD_ONLY`` dicts. A name the table already has
keeps its first definition, so these modules only ever add.
"""

from . import aliases, binary, cumulative, reduction_extra, sorting, structure_extra, unary

MODULES = (unary, sorting, cumulative, binary, structure_extra, reduction_extra, aliases)


def register(functions, methods):
    for mod in MODULES:
        for name in getattr(mod, "EXPORTS", ()):
            fn = getattr(mod, name)
            functions.setdefault(name, fn)
            methods.setdefault(name, fn)
        for name, fn in getattr(mod, "FUNCTION_ONLY", {}).items():
            functions.setdefault(name, fn)
        for name, fn in getattr(mod, "METHOD_ONLY", {}).items():
            methods.setdefault(name, fn)
    aliases.complete(functions, methods)
