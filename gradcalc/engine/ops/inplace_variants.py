"""The in-place variants torch has of its pointwise ops (``asinh_``, ``eq_``, ``lerp_``, ``torch.sin_`` ...).

Each is its out-of-place op run through ``inplace.make_inplace`` (the snapshot, the
write-back, the version bump and the leaf/view checks every in-place op gets), so
there is one rule for all of them. ``complete`` fills in, from the op table, every
name below whose out-of-place op exists and that has no hand-written variant; the
torch-level spellings (``torch.sin_(x)``) are the same methods.
"""

from .inplace import check_writable, make_inplace

# Tensor methods torch has in place, named by their out-of-place op (the name minus "_").
TENSOR_INPLACE = """
abs absolute acos acosh add addbmm addcdiv addcmul addmm addmv addr arccos arccosh arcsin arcsinh arctan arctan2
arctanh asin asinh atan atan2 atanh baddbmm bitwise_and bitwise_left_shift bitwise_not bitwise_or
bitwise_right_shift bitwise_xor ceil clamp clamp_max clamp_min clip copysign cos cosh cumprod cumsum deg2rad
digamma div divide eq erf erfc erfinv exp exp2 expm1 fix float_power floor floor_divide fmod frac gcd ge greater
greater_equal gt heaviside hypot i0 index_add index_copy index_fill index_put lcm ldexp le lerp less less_equal
lgamma log log10 log1p log2 logical_and logical_not logical_or logical_xor logit lt masked_fill masked_scatter
mul multiply mvlgamma nan_to_num ne neg negative nextafter not_equal polygamma pow put rad2deg reciprocal relu
remainder renorm round rsqrt scatter scatter_add scatter_reduce sgn sigmoid sign sin sinc sinh sqrt square sub
subtract tan tanh tril triu true_divide trunc xlogy
""".split()

# torch.X_ functions (torch.sin_(x) is x.sin_())
TORCH_INPLACE = """
abs acos acosh addmv arccos arccosh arcsin arcsinh arctan arctanh asin asinh atan atanh ceil clamp clamp_max
clamp_min clip cos cosh deg2rad erf erfc exp exp2 expm1 fix floor frac gcd i0 lcm ldexp log log10 log1p log2 logit
nan_to_num neg negative rad2deg reciprocal relu round rsqrt sigmoid sin sinc sinh sqrt square tan tanh trunc xlogy
fill zero index_put
""".split()

# shape changes in place: the tensor becomes its own view (torch's t_, transpose_, ...)
SHAPE_INPLACE = "t transpose swapaxes swapdims squeeze unsqueeze".split()


# torch names the node of an in-place shape change apart from the out-of-place one's
_INPLACE_NODE_NAMES = {"TBackward0": "TBackward1", "TransposeBackward0": "TransposeBackward1",
                       "UnsqueezeBackward0": "UnsqueezeBackward1", "SqueezeBackward0": "SqueezeBackward3",
                       "SqueezeBackward1": "SqueezeBackward4", "SqueezeBackward2": "SqueezeBackward5"}
_inplace_nodes = {}  # out-of-place node class -> its in-place-named subclass (same rule, torch's name)


def _inplace_node(cls):
    sub = _inplace_nodes.get(cls)
    if sub is None:
        name = _INPLACE_NODE_NAMES.get(cls.__name__)
        sub = _inplace_nodes[cls] = cls if name is None else type(name, (cls,), {"__slots__": (),
                                                                                  "__module__": cls.__module__})
    return sub


def _shape_inplace(name, fn):
    def method(self, *args, **kw):
        check_writable(self, overlap_ok=True)  # only the shape changes: an expanded tensor may
        try:
            r = fn(self, *args, **kw)
        except RuntimeError as e:
            base = name[:-1] + "()"
            if str(e).startswith(base):  # torch names the in-place op (t_() expects ...)
                raise RuntimeError(name + "()" + str(e)[len(base):]) from None
            raise
        self._data = r._data
        # torch counts the metadata change as a write (the version counter, shared with the base, views
        # and detached aliases, goes up): values saved for backward are stale, and the views of the
        # base are regenerated when next read
        self._bump_version()
        view = self._extra.get("view") if self._extra else None
        if view is not None:
            # this view is located by its memory from now on (its chain of view ops is stale); changed
            # without a record (no_grad), it reads its base's history anew (AsStridedBackward0), as torch's
            recorded = r._grad_fn is not None
            self._extra["view"] = (view[0], None, self._shared_vc()[0] - (0 if recorded else 1))
        else:
            # so are the views made of this tensor before its shape changed (see regenerate_view)
            self._extras()["shape_version"] = self._vc[0]
        node = r._grad_fn
        if node is not None:
            node.__class__ = _inplace_node(type(node))
            self._grad_fn, self._output_nr, self._requires_grad = node, r._output_nr, True
        return self
    method.__name__ = name
    method.__doc__ = f"In-place version of {name[:-1]}(): this tensor becomes the view."
    return method


def complete(functions, methods):
    """Add each missing in-place variant whose out-of-place op is in the table."""
    for base in TENSOR_INPLACE:
        name = base + "_"
        if name not in methods and base in methods:
            methods[name] = make_inplace(name, methods[base])
    for base in SHAPE_INPLACE:
        name = base + "_"
        if name not in methods and base in methods:
            methods[name] = _shape_inplace(name, methods[base])
    for base in TORCH_INPLACE:
        name = base + "_"
        if name not in functions and name in methods:
            functions[name] = methods[name]
