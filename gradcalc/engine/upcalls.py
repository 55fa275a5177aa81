"""The few calls the core makes up into the layers above it, filled in by them at import.

The core (``tensor``, ``node``, ``backward`` and the modules they stand on, see
docs/engine.md "Layers") never imports an op module: ops are built on the core,
so an import the other way would be a cycle. Where the core needs something from
above while it runs, it calls it through a slot here, and the module above that
defines it fills the slot when it is imported (``provide``), as torch's engine
reaches ATen through the dispatcher rather than by name. Importing
``gradcalc.engine`` imports every provider, so the slots are always filled when
user code runs.

Gradient arithmetic the backward pass does itself (summing to an input's shape,
adding, casting) is not here: it is ``grad_math``, on arrays, with the op
layer's Tensor methods only where ``create_graph`` records it.
"""

#: ``regenerate_view(view, base, chain)``: give a view whose base was written in place
#: since its grad_fn was made the base's new history (node.refresh_view). ops/inplace.py
regenerate_view = None

#: ``copy_grad(empty, grad)``: ``empty`` overwritten with ``grad`` as a recorded copy
#: (CopyBackwards): the ``.grad`` a leaf gets under create_graph. ops/inplace.py
copy_grad = None

#: ``stack(tensors, dim)``: autograd.grad(is_grads_batched=True) stacks the batch's
#: results. ops/shape.py
stack = None

#: ``legacy_init(tensor, args, kwargs)``: torch's legacy constructor ``torch.Tensor(2, 3)``,
#: ``torch.Tensor([1, 2])``. tensor_api.py
legacy_init = None

#: ``sum_in_order(arr, dims, keepdim)``: a float32/float64 array summed over ``dims`` in torch's
#: order (SumKernel's cascade), or None where that is not modelled: the backward pass sums a
#: broadcast gradient to its input's shape as torch's sum_to does. ops/reduction.py
sum_in_order = None

_NAMES = ("regenerate_view", "copy_grad", "stack", "legacy_init", "sum_in_order")


def provide(**fns):
    """Fill slots by name (an unknown name is a mistake in the provider, not a new slot)."""
    g = globals()
    for name, fn in fns.items():
        if name not in _NAMES:
            raise NameError(f"upcalls has no slot {name!r}")
        g[name] = fn
