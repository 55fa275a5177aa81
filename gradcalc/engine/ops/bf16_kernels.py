"""bfloat16 kernels of torch's whose rounding is not "compute in float32, round once".

torch's generic CPU kernels (those written for any element type, such as ``add`` with
``alpha``) run in c10::BFloat16 arithmetic where the scalar loop runs, rounding after each
step, and in float32 vectors where the vector loop runs. The engine's ops and the optimizers'
kernels both use these.
"""

import numpy as np

from ..bf16 import round_bits, to_bf16
from .fma import fma


def add_scaled_bf16(A, B, alpha, out=None):
    """torch's ``A.add(B, alpha=alpha)`` on bfloat16 (alpha != 1): its kernel is generic in the
    element type, so alpha is a bfloat16; the vector loop (blocks of 2 x 16 elements, in flat
    order) fuses ``B * alpha + A`` in float32 and rounds once, while the scalar loop over what is
    left does c10::BFloat16 arithmetic: the product rounded, then the sum."""
    shape = np.shape(A) if out is not None else np.broadcast_shapes(np.shape(A), np.shape(B))
    A, Bb = np.broadcast_to(A, shape), np.broadcast_to(B, shape)
    alpha16 = np.float32(to_bf16(np.float64(alpha)))
    vec = np.asarray(fma(np.ascontiguousarray(Bb, dtype=np.float32), np.asarray(alpha16, np.float32),
                         np.ascontiguousarray(A, dtype=np.float32)))
    r = round_bits(vec).reshape(-1)
    n = r.size
    tail = n - n % 32
    if tail < n:
        a = np.ascontiguousarray(A, dtype=np.float32).reshape(-1)[tail:]
        b = np.ascontiguousarray(Bb, dtype=np.float32).reshape(-1)[tail:]
        prod = round_bits(b * alpha16)
        r[tail:] = round_bits(a + prod)
    r = r.reshape(shape)
    if out is not None:
        out[...] = r
        return out
    return r
