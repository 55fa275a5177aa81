"""torch.autograd.detect_anomaly / set_detect_anomaly: switches for anomaly mode.

What anomaly mode does (forward traces, the nan check) is in ``engine/anomaly.py``.
"""

import warnings

from .. import anomaly as _anomaly

__all__ = ["detect_anomaly", "set_detect_anomaly"]


class detect_anomaly:
    """Context manager: anomaly mode on inside the block (restored on exit).

    Nodes recorded inside remember where their forward ran; a backward rule that
    fails or (``check_nan=True``) returns nan raises with that place shown.
    """

    def __init__(self, check_nan=True):
        self.prev = _anomaly.is_enabled()
        self.check_nan = check_nan
        self.prev_check_nan = _anomaly.is_check_nan_enabled()
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the runtime and should only "
                      "be enabled for debugging.", UserWarning, stacklevel=2)

    def __enter__(self):
        _anomaly.set_enabled(True, self.check_nan)

    def __exit__(self, *exc):
        _anomaly.set_enabled(self.prev, self.prev_check_nan)
        return False


class set_detect_anomaly:
    """``set_detect_anomaly(mode, check_nan=True)``: sets anomaly mode now; as a context manager restores it."""

    def __init__(self, mode, check_nan=True):
        self.prev = _anomaly.is_enabled()
        self.prev_check_nan = _anomaly.is_check_nan_enabled()
        _anomaly.set_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        _anomaly.set_enabled(self.prev, self.prev_check_nan)
        return False


def is_anomaly_enabled():
    return _anomaly.is_enabled()


def is_anomaly_check_nan_enabled():
    return _anomaly.is_check_nan_enabled()


def set_anomaly_enabled(enabled, check_nan=True):
    _anomaly.set_enabled(enabled, check_nan)
