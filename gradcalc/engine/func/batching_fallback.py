"""The per-example loop: an op with no batching rule runs once per example, the results stacked.

Same values as a rule would give (each example is the op on that example), one op call
per example instead of one for the batch. docs/func.md lists the ops that take it.
"""

from .batched import batched_at, wrap

__all__ = ["loop"]


def loop(cls, args, params, level):
    from ..ops.shape import stack
    n = level.size
    outs = []
    for b in range(n):
        a_b = [a._value[b] if batched_at(a, level) else a for a in args]
        p_b = {k: (v._value[b] if batched_at(v, level) else v) for k, v in params.items()}
        outs.append(cls.apply(*a_b, **p_b))
    if type(outs[0]) is tuple:
        return tuple(wrap(stack([o[i] for o in outs]), level) for i in range(len(outs[0])))
    return wrap(stack(outs), level)
