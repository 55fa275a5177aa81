"""torch.nn: Module and Parameter, the layers, containers and losses, ``functional``, ``init``
and ``utils``, named and printed as torch's.

``functional``, ``init`` and ``Parameter`` are imported with the engine (torch.conv2d and the
other torch-level aliases are nn.functional's); the layers, containers, losses and
``nn.utils`` are imported when first reached (``__getattr__`` below), so that a one-liner
or a script that builds no network does not pay for them at start-up.
"""

import importlib

from . import functional, init  # noqa: F401
from .parameter import Parameter, UninitializedBuffer, UninitializedParameter  # noqa: F401

# name -> the submodule defining it, for the names imported by name
_HOME = {"Module": "module",
         **dict.fromkeys(("Bilinear", "Identity", "LazyLinear", "Linear"), "linear"),
         **dict.fromkeys(("Flatten", "Fold", "Unflatten", "Unfold", "Upsample"), "flatten"),
         **dict.fromkeys(("ModuleDict", "ModuleList", "ParameterDict", "ParameterList", "Sequential"), "container"),
         **dict.fromkeys(("Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d"),
                         "conv"),
         **dict.fromkeys(("LazyConv1d", "LazyConv2d", "LazyConv3d", "LazyConvTranspose1d", "LazyConvTranspose2d",
                          "LazyConvTranspose3d", "LazyBatchNorm1d", "LazyBatchNorm2d", "LazyBatchNorm3d",
                          "LazyInstanceNorm1d", "LazyInstanceNorm2d", "LazyInstanceNorm3d"), "lazy"),
         **dict.fromkeys(("BatchNorm1d", "BatchNorm2d", "GroupNorm", "LayerNorm"), "normalization"),
         **dict.fromkeys(("AlphaDropout", "Dropout", "Dropout1d", "Dropout2d"), "dropout"),
         **dict.fromkeys(("Embedding", "EmbeddingBag"), "sparse"),
         **dict.fromkeys(("GRU", "LSTM", "RNN", "GRUCell", "LSTMCell", "RNNBase", "RNNCell", "RNNCellBase"), "rnn"),
         **dict.fromkeys(("MultiheadAttention", "Transformer", "TransformerDecoder", "TransformerDecoderLayer",
                          "TransformerEncoder", "TransformerEncoderLayer"), "attention"),
         **dict.fromkeys(("CosineSimilarity", "PairwiseDistance"), "distance")}
# the CLI's module-call recorder, set before nn.module is imported (cli/module_names.py)
_pending_call_observer = None

# submodules whose ``__all__`` is exported whole (``from .activation import *``)
_STAR = ("activation", "loss", "pooling", "padding", "layers_more", "layers_gaps")
_NAMED = (["functional", "init", "utils", "Parameter", "UninitializedParameter", "UninitializedBuffer", "Module",
           "Identity", "Linear", "LazyLinear", "Bilinear", "Flatten", "Unflatten", "Unfold", "Fold", "Upsample", "Sequential", "ModuleList",
           "ModuleDict", "ParameterList", "ParameterDict"]
          + ["Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d", "LazyConv1d",
             "LazyConv2d", "LazyConv3d", "LazyConvTranspose1d", "LazyConvTranspose2d", "LazyConvTranspose3d",
             "LazyBatchNorm1d", "LazyBatchNorm2d", "LazyBatchNorm3d", "LazyInstanceNorm1d", "LazyInstanceNorm2d",
             "LazyInstanceNorm3d", "BatchNorm1d", "BatchNorm2d", "LayerNorm", "GroupNorm", "Dropout",
             "Dropout1d", "Dropout2d", "AlphaDropout", "Embedding", "EmbeddingBag", "RNNBase", "RNN", "LSTM", "GRU",
             "RNNCellBase", "RNNCell", "LSTMCell", "GRUCell", "MultiheadAttention", "TransformerEncoderLayer",
             "TransformerEncoder", "TransformerDecoderLayer", "TransformerDecoder", "Transformer"])
# __all__ is _NAMED, then the star modules' names, with distance's two classes after padding's (torch's order)
_DISTANCE = ["CosineSimilarity", "PairwiseDistance"]


def _load_all():
    """Import every layer module and bind its names here (as the eager imports did)."""
    g = globals()
    for sub in sorted(set(_HOME.values())):
        mod = importlib.import_module(f"{__name__}.{sub}")
        for name, home in _HOME.items():
            if home == sub:
                g[name] = getattr(mod, name)
    star = []
    for sub in _STAR:
        mod = importlib.import_module(f"{__name__}.{sub}")
        for name in mod.__all__:
            g[name] = getattr(mod, name)
        if sub == "layers_more":
            star += _DISTANCE
        star += mod.__all__
        g["_" + sub] = mod
    importlib.import_module(f"{__name__}.utils")
    g["__all__"] = _NAMED + star


def __getattr__(name):
    home = _HOME.get(name)
    if home is not None:
        value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
        globals()[name] = value
        return value
    if name == "utils":
        return importlib.import_module(f"{__name__}.utils")
    if name == "__all__" or not name.startswith("_"):
        for sub in _STAR:  # (cheap once imported)
            mod = importlib.import_module(f"{__name__}.{sub}")
            if name in mod.__all__:
                globals()[name] = value = getattr(mod, name)
                return value
        if name == "__all__":
            _load_all()
            return globals()["__all__"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    _load_all()
    return sorted(globals())
