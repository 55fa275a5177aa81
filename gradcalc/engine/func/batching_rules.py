"""vmap's batching rules: how an op runs once over a whole batch.

``dispatch(cls, args, params)`` is called by ``Node.apply`` while a vmap is active.
It finds the innermost level among the arguments and runs the op's rule at that
level on the arguments' ``value`` (batch dim first), which are ordinary tensors or
tensors batched at outer levels (the op call on them dispatches again). Three kinds:

* **broadcast** (pointwise ops): batched operands get singleton dims after the batch
  dim so every operand lines up from the right; then one call of the op;
* **dim shift** (reductions, softmax, shape ops, indexing): the dims in the op's
  parameters move by one, past the batch dim; views take the batch size in front;
* **composed** (matmul family, losses with a reduction): the op written as ops that
  batch (``mm`` of a batched matrix is ``matmul`` over the batch).

An op without a rule, or one whose tensor parameters are batched, takes the loop in
``batching_fallback`` (one call per example, stacked): same values, slower.
"""

from .. import node as _node
from .batched import LEVELS, BatchedTensor, batched_at, wrap
from .batching_fallback import loop
from ..tensor import Tensor

__all__ = ["dispatch", "RULES"]

RULES = {}
KW_RULES = set()  # rules that handle batched tensor parameters themselves


def dispatch(cls, args, params):
    level = None
    kw_batched = False
    for a in args:
        if type(a) is BatchedTensor and (level is None or a._level.id > level.id):
            level = a._level
    for v in params.values():
        if type(v) is BatchedTensor:
            kw_batched = True
            if level is None or v._level.id > level.id:
                level = v._level
    if level is None:
        return NotImplemented
    rule = RULES.get(cls.__name__)
    if rule is not None and (not kw_batched or rule in KW_RULES):
        out = rule(cls, args, params, level)
        if out is not NotImplemented:
            return out
    return loop(cls, args, params, level)


def _call(cls, args, params):
    """``cls.apply`` on the unwrapped values. With one vmap level they are plain tensors: the op
    runs without the batching hook (no second dispatch)."""
    if len(LEVELS) == 1:
        _node.BATCH_HOOK[0] = None
        try:
            return cls.apply(*args, **params)
        finally:
            _node.BATCH_HOOK[0] = dispatch
    return cls.apply(*args, **params)


def _wrap_out(out, level):
    if type(out) is tuple:
        return tuple(wrap(o, level) for o in out)
    return wrap(out, level)


def _rule(*names):
    def register(fn):
        for n in names:
            RULES[n] = fn
        return fn
    return register


def _padded(a, level, rank):
    """The physical value of a batched operand with singleton dims so its logical rank is ``rank``."""
    v = a._value
    k = a._stand.ndim
    if k < rank:
        v = v.view((level.size,) + (1,) * (rank - k) + tuple(a._stand.shape))
    return v


# -- broadcast ---------------------------------------------------------------------------------

POINTWISE = """
AddBackward0 SubBackward0 RsubBackward1 RsubBackward0 MulBackward0 DivBackward0 NegBackward0 PowBackward0
PowBackward1 PowBackward2 RemainderBackward0 RemainderBackward1 DivBackward2
AbsBackward0 SignBackward0 ExpBackward0 LogBackward0 SqrtBackward0 SinBackward0 CosBackward0 TanhBackward0
SigmoidBackward0 ReluBackward0 ReciprocalBackward0 FloorBackward0 CeilBackward0 RoundBackward0 RoundBackward1
TruncBackward0 ClampBackward1 ClampBackward0 MaximumBackward0 MinimumBackward0
Log2Backward0 Log10Backward0 RsqrtBackward0 TanBackward0 Exp2Backward0 Expm1Backward0 Log1PBackward0 FracBackward0
SinhBackward0 CoshBackward0 AsinBackward0 AcosBackward0 AtanBackward0 ErfBackward0 ClampMinBackward0
ClampMaxBackward0 ClampMinBackward1 ClampMaxBackward1
MulBackward1 DivBackward1 AddBackward1
LeakyReluBackward0 LeakyReluBackward1 GeluBackward0 SiluBackward0 EluBackward0 EluBackward1 SoftplusBackward0
HardtanhBackward0 HardsigmoidBackward0 HardswishBackward0 ThresholdBackward0 SoftshrinkBackward0 HardshrinkBackward0
MishBackward0 LogSigmoidBackward0 CeluBackward0
AddcmulBackward0 AddcdivBackward0 LerpBackward0 LerpBackward1
Atan2Backward0 HypotBackward0 FmodBackward0 FmodBackward1 CopysignBackward0 CopysignBackward1 LogaddexpBackward0
Logaddexp2Backward0 XlogyBackward0 XlogyBackward1 XlogyBackward2 FmaxBackward0 FminBackward0 LdexpBackward0
AsinhBackward0 AcoshBackward0 AtanhBackward0 ErfcBackward0 ErfinvBackward0 LgammaBackward0 DigammaBackward0
PolygammaBackward0 MvlgammaBackward0 I0Backward0 SincBackward0 LogitBackward0 Deg2RadBackward0 Rad2DegBackward0
SgnBackward0 NanToNumBackward0 CloneBackward0 ToCopyBackward0 AliasBackward0
""".split()


@_rule(*POINTWISE)
def broadcast(cls, args, params, level):
    # (the hot rule: written out flat; a batched operand's example rank is its stand-in's)
    rank = 0
    for a in args:
        tp = type(a)
        if tp is BatchedTensor:
            n = a._stand.ndim
        elif tp is Tensor or isinstance(a, Tensor):
            n = a._data.ndim
        else:
            continue
        if n > rank:
            rank = n
    new = []
    for a in args:
        if type(a) is BatchedTensor and a._level is level:
            v = a._value
            stand = a._stand
            if stand.ndim < rank:
                v = v.view((level.size,) + (1,) * (rank - stand.ndim) + stand.shape)
            new.append(v)
        else:
            new.append(a)
    if len(LEVELS) == 1:
        hook = _node.BATCH_HOOK
        hook[0] = None
        try:
            out = cls.apply(*new, **params)
        finally:
            hook[0] = dispatch
    else:
        out = cls.apply(*new, **params)
    if type(out) is tuple:
        return tuple(wrap(o, level) for o in out)
    return wrap(out, level)


# -- dim shift ---------------------------------------------------------------------------------

def _first_only(args, level):
    """The rule batches its first argument only (the others must not be batched at this level)."""
    return batched_at(args[0], level) and not any(batched_at(a, level) for a in args[1:])


def _shift(d, n):
    return (d + n if d < 0 else d) + 1


def _shifted(param, extra=0):
    """A rule shifting the named dim parameter(s) (an int, a tuple, or None for all dims)."""
    def rule(cls, args, params, level):
        if not _first_only(args, level):
            return NotImplemented
        a = args[0]
        n = a._stand.ndim + extra
        p = dict(params)
        d = p.get(param)
        if d is None:
            if param not in p or n == 0:
                return NotImplemented
            p[param] = tuple(range(1, n + 1))
        elif isinstance(d, (tuple, list)):
            if not d:
                return NotImplemented  # (empty dims mean "all dims" to some ops: the loop is exact)
            p[param] = tuple(_shift(x, n) for x in d)
        else:
            p[param] = _shift(d, n)
        return _wrap_out(_call(cls, (a._value,) + tuple(args[1:]), p), level)
    return rule


for _names, _param, _extra in (
        ("SumBackward1 MeanBackward1 NansumBackward0 AmaxBackward0 AminBackward0 LogsumexpBackward0 "
         "SqueezeBackward2 SqueezeBackward4 FlipBackward0", "dims", 0),
        ("ProdBackward1 MaxBackward0 MinBackward0 CumsumBackward0 CumprodBackward0 SqueezeBackward1 "
         "SoftmaxBackward0 LogSoftmaxBackward0 GluBackward0 UnbindBackward0 SplitBackward0 SplitWithSizesBackward0 "
         "IndexSelectBackward0 SelectBackward0 SliceBackward0 CummaxBackward0 CumminBackward0 LogcumsumexpBackward0 "
         "SortBackward0 TopkBackward0 KthvalueBackward0 MedianBackward1 NanmedianBackward1 ModeBackward0 "
         "AminmaxBackward0 LinalgVectorNormBackward0", "dim", 0),
        ("UnsqueezeBackward0", "dim", 1)):
    for _n in _names.split():
        RULES[_n] = _shifted(_param, _extra)


@_rule("SumBackward0", "MeanBackward0")
def full_reduction(cls, args, params, level):
    a = args[0]
    n = a._stand.ndim
    if n == 0:
        return NotImplemented
    from ..ops.reduction import MeanBackward1, SumBackward1
    along = SumBackward1 if cls.__name__ == "SumBackward0" else MeanBackward1
    return wrap(along.apply(a._value, dims=tuple(range(1, n + 1)), keepdim=False, **params), level)


@_rule("TransposeBackward0")
def transpose(cls, args, params, level):
    n = args[0]._stand.ndim
    return wrap(cls.apply(args[0]._value, d0=_shift(params["d0"], n), d1=_shift(params["d1"], n)), level)


@_rule("TBackward0")
def t(cls, args, params, level):
    a = args[0]
    if a._stand.ndim < 2:
        return wrap(a._value, level)  # t() of a vector is the vector
    from ..ops.shape import TransposeBackward0
    return wrap(TransposeBackward0.apply(a._value, d0=1, d1=2), level)


@_rule("PermuteBackward0")
def permute(cls, args, params, level):
    n = args[0]._stand.ndim
    return wrap(cls.apply(args[0]._value, dims=(0,) + tuple(_shift(d, n) for d in params["dims"])), level)


@_rule("DiagonalBackward0")
def diagonal(cls, args, params, level):
    n = args[0]._stand.ndim
    p = dict(params, d1=_shift(params["d1"], n), d2=_shift(params["d2"], n))
    return wrap(cls.apply(args[0]._value, **p), level)


@_rule("SqueezeBackward0")
def squeeze_all(cls, args, params, level):
    a = args[0]
    dims = tuple(i + 1 for i, s in enumerate(a._stand.shape) if s == 1)
    from ..ops.shape import SqueezeBackward2
    return wrap(SqueezeBackward2.apply(a._value, dims=dims), level)


@_rule("ViewBackward0", "ReshapeAliasBackward0", "UnsafeViewBackward0")
def view(cls, args, params, level):
    return wrap(cls.apply(args[0]._value, shape=(level.size,) + tuple(params["shape"])), level)


@_rule("ExpandBackward0")
def expand(cls, args, params, level):
    a = args[0]
    shape = tuple(params["shape"])
    v = _padded(a, level, len(shape))
    return wrap(cls.apply(v, shape=(level.size,) + shape), level)


@_rule("IndexBackward0")
def index(cls, args, params, level):
    key = params["key"]
    key = key if type(key) is tuple else (key,)
    if any(isinstance(k, Tensor) for k in key):
        return NotImplemented
    return wrap(cls.apply(args[0]._value, key=(slice(None),) + key), level)


def _expanded(a, level):
    """Any operand as a batched value (an unbatched one repeated over the batch, as a view)."""
    if batched_at(a, level):
        return a._value
    return a.unsqueeze(0).expand((level.size,) + tuple(a.shape))


@_rule("CatBackward0")
def cat(cls, args, params, level):
    n = next(a._stand.ndim for a in args if batched_at(a, level))
    if n == 0:
        return NotImplemented
    return wrap(cls.apply(*[_expanded(a, level) for a in args], dim=_shift(params.get("dim", 0), n)), level)


@_rule("StackBackward0")
def stack_rule(cls, args, params, level):
    n = next(a._stand.ndim for a in args if batched_at(a, level))
    return wrap(cls.apply(*[_expanded(a, level) for a in args], dim=_shift(params.get("dim", 0), n + 1)), level)


# -- composed ----------------------------------------------------------------------------------

def _matmul(a, b, level):
    """Logical ``a @ b`` for logical matrices (or batches of them), either batched at ``level``."""
    from ..ops.linalg import matmul
    ab, bb = batched_at(a, level), batched_at(b, level)
    if ab and bb:
        rank = max(a._stand.ndim, b._stand.ndim)
        return matmul(_padded(a, level, rank), _padded(b, level, rank))
    if ab:
        return matmul(_padded(a, level, b._data.ndim), b)
    return matmul(a, _padded(b, level, a._data.ndim))


@_rule("MmBackward0", "BmmBackward0")
def mm(cls, args, params, level):
    return wrap(_matmul(args[0], args[1], level), level)


@_rule("MvBackward0")
def mv(cls, args, params, level):
    a, v = args
    if batched_at(v, level):
        col = wrap(v._value.unsqueeze(-1), level)
    else:
        col = v.unsqueeze(-1)
    return wrap(_matmul(a, col, level).squeeze(-1), level)


@_rule("DotBackward0")
def dot(cls, args, params, level):
    a, b = args
    av = a._value if batched_at(a, level) else a
    bv = b._value if batched_at(b, level) else b
    return wrap((av * bv).sum(-1), level)


@_rule("AddmmBackward0")
def addmm(cls, args, params, level):
    bias, m1, m2 = args
    beta, alpha = params.get("beta", 1), params.get("alpha", 1)
    if batched_at(m1, level) or batched_at(m2, level):
        prod = _matmul(m1, m2, level)
    else:
        prod = m1 @ m2  # only the bias is batched
    if alpha != 1:
        prod = prod * alpha
    if batched_at(bias, level):
        b = _padded(bias, level, 2)
        if not (batched_at(m1, level) or batched_at(m2, level)):
            prod = prod.unsqueeze(0)
    else:
        b = bias
    if beta != 1:
        b = b * beta
    return wrap(prod + b, level)


@_rule("MseLossBackward0", "SmoothL1LossBackward0", "HuberLossBackward0", "SoftMarginLossBackward0",
       "BinaryCrossEntropyBackward0", "BinaryCrossEntropyWithLogitsBackward0")
def pointwise_loss(cls, args, params, level):
    reduction = params.get("reduction", "mean")
    if any(isinstance(v, Tensor) for v in params.values()):
        return NotImplemented  # weights: the loop
    out = broadcast(cls, args, dict(params, reduction="none"), level)
    if reduction == "none":
        return out
    v = out._value
    n = out._stand.ndim
    if n == 0:
        return out
    dims = tuple(range(1, n + 1))
    return wrap(v.mean(dims) if reduction == "mean" else v.sum(dims), level)


@_rule("NllLossBackward0")
def nll_loss(cls, args, params, level):
    """A class-score vector per example (cross_entropy's usual vmap use): one nll_loss over the batch."""
    a, target = args[0], params["target"]
    if not batched_at(a, level) or a._stand.ndim != 1 or params.get("weight") is not None:
        return NotImplemented
    if batched_at(target, level):
        tv = target._value
    elif type(target) is BatchedTensor or target._data.ndim != 0:
        return NotImplemented
    else:
        tv = target.expand(level.size)
    if type(tv) is BatchedTensor or (tv._data == params.get("ignore_index", -100)).any():
        return NotImplemented  # (an ignored target: torch's 0/0 per example; the loop gives it)
    return wrap(_call(cls, (a._value,), dict(params, target=tv, reduction="none")), level)


KW_RULES.add(nll_loss)


@_rule("WhereBackward0")
def where(cls, args, params, level):
    """``where(condition, a, b)``: all three broadcast (the condition is a parameter of the op)."""
    cond = params["condition"]
    operands = list(args) + [cond]
    rank = max(x._data.ndim for x in operands if isinstance(x, Tensor))
    new = [_padded(x, level, rank) if batched_at(x, level) else x for x in operands]
    return wrap(_call(cls, tuple(new[:-1]), dict(params, condition=new[-1])), level)


KW_RULES.add(where)


@_rule("TrilBackward0", "TriuBackward0")
def last_two_dims(cls, args, params, level):
    """Ops on the last two dims only: the batch dim in front changes nothing."""
    if not _first_only(args, level) or args[0]._stand.ndim < 2:
        return NotImplemented
    return wrap(_call(cls, (args[0]._value,) + tuple(args[1:]), params), level)


for _n in ("VarBackward0", "StdBackward0", "VarMeanBackward0", "StdMeanBackward0"):
    RULES[_n] = _shifted("dims")
