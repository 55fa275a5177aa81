"""Grad mode: whether operations record the graph.

``no_grad``, ``enable_grad``, ``set_grad_enabled`` and ``inference_mode`` work as
context managers and as decorators, as in torch. The flag lives in one mutable
object that the op dispatcher reads on every call, so it is a plain attribute.
"""

import functools

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "inference_mode",
           "is_grad_enabled", "is_inference_mode_enabled"]


class _State:
    __slots__ = ("grad_enabled", "inference")

    def __init__(self):
        self.grad_enabled = True
        self.inference = False


STATE = _State()


def is_grad_enabled():
    """True when operations record the autograd graph."""
    return STATE.grad_enabled


def is_inference_mode_enabled():
    return STATE.inference


class _GradModeContext:
    """Base of the grad-mode switches: a context manager that is also a decorator."""

    _mode = True

    def __enter__(self):
        self._prev = STATE.grad_enabled
        STATE.grad_enabled = self._mode

    def __exit__(self, *exc):
        STATE.grad_enabled = self._prev
        return False

    def __call__(self, fn):
        mode = self._mode

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            prev = STATE.grad_enabled
            STATE.grad_enabled = mode
            try:
                return fn(*args, **kwargs)
            finally:
                STATE.grad_enabled = prev

        return wrapper

    def clone(self):
        return type(self)()


class no_grad(_GradModeContext):
    """Context manager (and decorator) that turns off graph recording."""

    _mode = False

    def __init__(self, orig_func=None):
        # torch allows ``@no_grad`` without parentheses too.
        self._orig = orig_func

    def __new__(cls, orig_func=None):
        self = super().__new__(cls)
        if orig_func is not None and callable(orig_func):
            return cls()(orig_func)
        return self


class enable_grad(_GradModeContext):
    """Context manager (and decorator) that turns graph recording back on."""

    _mode = True

    def __new__(cls, orig_func=None):
        self = super().__new__(cls)
        if orig_func is not None and callable(orig_func):
            return cls()(orig_func)
        return self

    def __init__(self, orig_func=None):
        pass


class set_grad_enabled(_GradModeContext):
    """``set_grad_enabled(mode)``: sets grad mode now; as a context manager restores it on exit."""

    def __init__(self, mode):
        self._prev = STATE.grad_enabled
        self._mode = bool(mode)
        STATE.grad_enabled = self._mode

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        STATE.grad_enabled = self._prev
        return False

    def clone(self):
        return set_grad_enabled(self._mode)

    def __call__(self, fn):
        # as a decorator, set_grad_enabled(False) must not leave the mode switched
        # off from the moment it was written: the mode applies inside fn only
        STATE.grad_enabled = self._prev
        return _GradModeContext.__call__(self, fn)

    def __repr__(self):
        return f"torch.autograd.grad_mode.set_grad_enabled(mode={self._mode})"


class inference_mode(_GradModeContext):
    """Like no_grad (this engine has no separate inference tensors)."""

    def __new__(cls, mode=True):
        self = super().__new__(cls)
        if callable(mode):
            return cls()(mode)
        return self

    def __init__(self, mode=True):
        self._mode = not bool(mode)
        self._inf = bool(mode)

    def __enter__(self):
        self._prev = STATE.grad_enabled
        self._prev_inf = STATE.inference
        STATE.grad_enabled = self._mode
        STATE.inference = self._inf

    def __exit__(self, *exc):
        STATE.grad_enabled = self._prev
        STATE.inference = self._prev_inf
        return False
