"""LAPACK's ``dsytf2`` (Bunch–Kaufman LDLᵀ, lower triangle) and ``dsytrs`` ported step for step
for ``torch.linalg.ldl_factor``/``ldl_solve`` (linalg_ldl.py): the same pivot tests, swaps and
updates in the same operation order, each step whole-vector numpy work."""

import math

import numpy as np

_ALPHA = (1 + math.sqrt(17.0)) / 8  # Bunch and Kaufman's growth bound


def sytf2_lower(a):
    """Factor the symmetric ``a`` (its lower triangle read; overwritten) in place: (ipiv, info)."""
    n = a.shape[0]
    ipiv = np.zeros(n, np.int32)
    info = 0
    k = 0
    while k < n:
        kstep = 1
        absakk = abs(a[k, k])
        if k < n - 1:
            imax = k + 1 + int(np.argmax(np.abs(a[k + 1:, k])))
            colmax = abs(a[imax, k])
        else:
            imax, colmax = k, 0.0
        if max(absakk, colmax) == 0 or math.isnan(absakk):
            if info == 0:
                info = k + 1
            kp = k
        else:
            if absakk >= _ALPHA * colmax:
                kp = k
            else:
                # the largest off-diagonal entry of row/column imax (its row left of the diagonal,
                # then its column below)
                jmax = k + int(np.argmax(np.abs(a[imax, k:imax])))
                rowmax = abs(a[imax, jmax])
                if imax < n - 1:
                    jmax = imax + 1 + int(np.argmax(np.abs(a[imax + 1:, imax])))
                    rowmax = max(rowmax, abs(a[jmax, imax]))
                if absakk >= _ALPHA * colmax * (colmax / rowmax):
                    kp = k
                elif abs(a[imax, imax]) >= _ALPHA * rowmax:
                    kp = imax
                else:
                    kp, kstep = imax, 2
            kk = k + kstep - 1
            if kp != kk:
                # swap rows and columns kk and kp of the trailing lower triangle
                if kp < n - 1:
                    a[kp + 1:, kk], a[kp + 1:, kp] = a[kp + 1:, kp].copy(), a[kp + 1:, kk].copy()
                a[kk + 1:kp, kk], a[kp, kk + 1:kp] = a[kp, kk + 1:kp].copy(), a[kk + 1:kp, kk].copy()
                a[kk, kk], a[kp, kp] = a[kp, kp], a[kk, kk]
                if kstep == 2:
                    a[k + 1, k], a[kp, k] = a[kp, k], a[k + 1, k]
            if kstep == 1:
                if k < n - 1:
                    d11 = 1.0 / a[k, k]
                    x = a[k + 1:, k].copy()
                    # dsyr: A(i,j) += x(i) * (alpha * x(j)), lower triangle only
                    upd = a[k + 1:, k + 1:] + x[:, None] * (-d11 * x)[None, :]
                    lower = np.tril(np.ones(upd.shape, bool))
                    a[k + 1:, k + 1:] = np.where(lower, upd, a[k + 1:, k + 1:])
                    a[k + 1:, k] = x * d11
            elif k < n - 2:
                d21 = a[k + 1, k]
                d11 = a[k + 1, k + 1] / d21
                d22 = a[k, k] / d21
                t = 1.0 / (d11 * d22 - 1.0)
                d21 = t / d21
                ck, ck1 = a[k + 2:, k].copy(), a[k + 2:, k + 1].copy()
                wk = d21 * (d11 * ck - ck1)
                wkp1 = d21 * (d22 * ck1 - ck)
                upd = a[k + 2:, k + 2:] - ck[:, None] * wk[None, :] - ck1[:, None] * wkp1[None, :]
                lower = np.tril(np.ones(upd.shape, bool))
                a[k + 2:, k + 2:] = np.where(lower, upd, a[k + 2:, k + 2:])
                a[k + 2:, k] = wk
                a[k + 2:, k + 1] = wkp1
        if kstep == 1:
            ipiv[k] = kp + 1
        else:
            ipiv[k] = ipiv[k + 1] = -(kp + 1)
        k += kstep
    return ipiv, info


def sytrs_lower(a, ipiv, b):
    """Solve with ``a``, ``ipiv`` from ``sytf2_lower`` (dsytrs, lower): b overwritten with X."""
    n = a.shape[0]
    k = 0
    while k < n:  # L D X = B
        if ipiv[k] > 0:
            kp = ipiv[k] - 1
            if kp != k:
                b[[k, kp]] = b[[kp, k]]
            if k < n - 1:
                b[k + 1:] -= a[k + 1:, k][:, None] * b[k][None, :]
            b[k] *= 1.0 / a[k, k]
            k += 1
        else:
            kp = -ipiv[k] - 1
            if kp != k + 1:
                b[[k + 1, kp]] = b[[kp, k + 1]]
            if k < n - 2:
                b[k + 2:] -= a[k + 2:, k][:, None] * b[k][None, :]
                b[k + 2:] -= a[k + 2:, k + 1][:, None] * b[k + 1][None, :]
            akm1k = a[k + 1, k]
            akm1 = a[k, k] / akm1k
            ak = a[k + 1, k + 1] / akm1k
            denom = akm1 * ak - 1.0
            bkm1 = b[k] / akm1k
            bk = b[k + 1] / akm1k
            b[k] = (ak * bkm1 - bk) / denom
            b[k + 1] = (akm1 * bk - bkm1) / denom
            k += 2
    k = n - 1
    while k >= 0:  # Lᵀ X = B
        if ipiv[k] > 0:
            if k < n - 1:
                b[k] = b[k] - a[k + 1:, k] @ b[k + 1:]
            kp = ipiv[k] - 1
            if kp != k:
                b[[k, kp]] = b[[kp, k]]
            k -= 1
        else:
            if k < n - 1:
                b[k] = b[k] - a[k + 1:, k] @ b[k + 1:]
                b[k - 1] = b[k - 1] - a[k + 1:, k - 1] @ b[k + 1:]
            kp = -ipiv[k] - 1
            if kp != k:
                b[[k, kp]] = b[[kp, k]]
            k -= 2
    return b
