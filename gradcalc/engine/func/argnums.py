"""``argnums``: which positional arguments a transform differentiates, with torch's checks and words."""

__all__ = ["slice_argnums", "check_argnums_type"]


def _wrap_argnum(argnum, num_args):
    if not isinstance(argnum, int):
        raise RuntimeError(f"argnum must be int, got: {type(argnum)}")
    if 0 <= argnum < num_args:
        return argnum
    if -num_args <= argnum < 0:
        return argnum + num_args
    raise RuntimeError(f"Got argnum={argnum}, but only {num_args} positional inputs")


def check_argnums_type(argnums):
    if not isinstance(argnums, (int, tuple)):
        raise RuntimeError(f"argnums must be int or Tuple[int, ...], got: {type(argnums)}")


def slice_argnums(args, argnums):
    """(wrapped argnums, the selected arguments): one argument for an int, a tuple for a tuple."""
    check_argnums_type(argnums)
    if isinstance(argnums, int):
        argnums = _wrap_argnum(argnums, len(args))
        return argnums, args[argnums]
    argnums = tuple(_wrap_argnum(a, len(args)) for a in argnums)
    if len(argnums) == 0:
        raise RuntimeError("argnums must be non-empty")
    if len(set(argnums)) != len(argnums):
        raise RuntimeError(f"argnums elements must be unique, got {argnums}")
    return argnums, tuple(args[i] for i in argnums)


def replace_args(args, argnums, new):
    """``args`` with the selected ones replaced by ``new`` (shaped like slice_argnums' result)."""
    args = list(args)
    if isinstance(argnums, int):
        args[argnums] = new
    else:
        for i, v in zip(argnums, new):
            args[i] = v
    return tuple(args)
