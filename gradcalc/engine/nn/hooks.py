"""Module hooks: the removable handle of a registered hook, and the full backward hooks.

A full backward hook sees the gradients w.r.t. a module's inputs and outputs. As
torch does, the module's input and output tensors are passed through an identity
node (``BackwardHookFunctionBackward``): the output node's pre-hook catches
``grad_output``, the input node's post-hook ``grad_input`` and calls the user hooks.
"""

import itertools

from ..grad_mode import STATE
from ..journal import touch_container
from ..node import Node, RemovableHandle as _NodeHandle
from ..ops.checks import check
from ..tensor import Tensor

__all__ = ["RemovableHandle", "BackwardHook"]


class RemovableHandle(_NodeHandle):
    """``handle.remove()`` unregisters the hook; usable as a context manager."""

    __slots__ = ("_hooks_dict", "id", "_extra_dicts")
    next_id = itertools.count()

    def __init__(self, hooks_dict, *, extra_dict=None):
        self._hooks_dict = hooks_dict
        self.id = next(RemovableHandle.next_id)
        if extra_dict is None:
            extra_dict = []
        elif isinstance(extra_dict, dict):
            extra_dict = [extra_dict]
        self._extra_dicts = list(extra_dict)
        # made just before the hook goes into these dicts: the undo journal keeps them as they are
        for d in [hooks_dict] + self._extra_dicts:
            touch_container(d)

    def remove(self):
        for d in [self._hooks_dict] + self._extra_dicts:
            if self.id in d:
                touch_container(d)
                del d[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()


class BackwardHookFunctionBackward(Node):
    """The identity, as a node that module backward hooks attach to."""

    __slots__ = ()
    explain = "grad_i = grad (the identity; module backward hooks see the gradients here)"
    checks = (check(lambda x: _apply_identity([x])[0] * 1, (2, 3)),)

    def forward(ctx, *arrays):
        return tuple(arrays)

    def backward(ctx, *grads):
        return grads


_CLASSES = {1: BackwardHookFunctionBackward}


def _apply_identity(tensors):
    n = len(tensors)
    cls = _CLASSES.get(n)
    if cls is None:
        cls = _CLASSES[n] = type("BackwardHookFunctionBackward", (BackwardHookFunctionBackward,),
                                 {"__slots__": (), "n_diff_outputs": n, "__module__": __name__})
    return cls.apply(*tensors)


class BackwardHook:
    """Wires one call's full backward (pre-)hooks to its input and output tensors."""

    def __init__(self, module, user_hooks, user_pre_hooks):
        self.module = module
        self.user_hooks = user_hooks
        self.user_pre_hooks = user_pre_hooks
        self.grad_outputs = None
        self.n_outputs = -1
        self.output_tensors_index = None
        self.n_inputs = -1
        self.input_tensors_index = None

    @staticmethod
    def _pack_with_none(indices, values, size):
        res = [None] * size
        for idx, val in zip(indices, values):
            res[idx] = val
        return tuple(res)

    @staticmethod
    def _unpack_none(indices, values):
        return tuple(values[idx] for idx in indices)

    def _apply_on_tensors(self, fn, args):
        tensors_idx = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        tensors = [args[i] for i in tensors_idx]
        if not (STATE.grad_enabled and any(t._requires_grad for t in tensors)):
            return args, None
        new_tensors = _apply_identity(tensors)
        fn(new_tensors[0]._grad_fn)
        arg_list = list(args)
        for idx, val in zip(tensors_idx, new_tensors):
            arg_list[idx] = val
        return tuple(arg_list), tensors_idx

    def setup_input_hook(self, args):
        def fn(grad_fn):
            def hook(grad_input, _):
                if self.grad_outputs is None:
                    return None
                res = self._pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
                for user_hook in self.user_hooks:
                    out = user_hook(self.module, res, self.grad_outputs)
                    if out is None:
                        continue
                    if len(out) != len(res):
                        raise RuntimeError(f"Backward hook returned an invalid number of grad_input, got "
                                           f"{len(out)}, but expected {len(res)}")
                    res = out
                self.grad_outputs = None
                return self._unpack_none(self.input_tensors_index, res)
            grad_fn.register_hook(hook)

        res, idx = self._apply_on_tensors(fn, args)
        self.n_inputs = len(args)
        self.input_tensors_index = idx
        return res

    def setup_output_hook(self, result):
        def fn(grad_fn):
            def hook(grad_output):
                self.grad_outputs = self._pack_with_none(self.output_tensors_index, grad_output, self.n_outputs)
                for pre_hook in self.user_pre_hooks:
                    r = pre_hook(self.module, self.grad_outputs)
                    if r is None:
                        continue
                    if len(r) != len(self.grad_outputs):
                        raise RuntimeError(f"Backward pre hook returned an invalid number of grad_output, got "
                                           f"{len(r)}, but expected {len(self.grad_outputs)}")
                    self.grad_outputs = tuple(r)
                if self.input_tensors_index is None:
                    grad_inputs = self._pack_with_none([], [], self.n_inputs)
                    for user_hook in self.user_hooks:
                        r = user_hook(self.module, grad_inputs, self.grad_outputs)
                        if r is not None and not (isinstance(r, tuple) and all(el is None for el in r)):
                            raise RuntimeError("Backward hook for Modules where no input requires gradient should "
                                               "always return None or None for all gradients.")
                    self.grad_outputs = None
                if self.grad_outputs is not None:
                    return tuple(self.grad_outputs[i] for i in self.output_tensors_index)
                return None
            grad_fn.register_prehook(hook)

        is_tuple = isinstance(result, tuple)
        args = result if is_tuple else (result,)
        res, idx = self._apply_on_tensors(fn, args)
        self.n_outputs = len(args)
        self.output_tensors_index = idx
        return res if is_tuple else res[0]

