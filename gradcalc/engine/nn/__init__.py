"""torch.nn: Module and Parameter, the layers, containers and losses, ``functional``, ``init``
and ``utils``, named and printed as torch's."""

from . import functional, init, utils  # noqa: F401
from .parameter import Parameter, UninitializedParameter  # noqa: F401
from .module import Module  # noqa: F401
from .linear import Bilinear, Identity, LazyLinear, Linear  # noqa: F401
from .flatten import Flatten, Fold, Unflatten, Unfold, Upsample  # noqa: F401
from .activation import *  # noqa: F401,F403
from .container import ModuleDict, ModuleList, ParameterDict, ParameterList, Sequential  # noqa: F401
from .loss import *  # noqa: F401,F403
from .conv import Conv1d, Conv2d, Conv3d, ConvTranspose2d  # noqa: F401
from .pooling import *  # noqa: F401,F403
from .normalization import BatchNorm1d, BatchNorm2d, GroupNorm, LayerNorm  # noqa: F401
from .dropout import AlphaDropout, Dropout, Dropout1d, Dropout2d  # noqa: F401
from .sparse import Embedding, EmbeddingBag  # noqa: F401
from .rnn import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell, RNNCellBase  # noqa: F401
from .attention import (MultiheadAttention, Transformer, TransformerDecoder, TransformerDecoderLayer,  # noqa: F401
                        TransformerEncoder, TransformerEncoderLayer)
from .padding import *  # noqa: F401,F403
from .distance import CosineSimilarity, PairwiseDistance  # noqa: F401
from .layers_more import *  # noqa: F401,F403
from . import activation as _activation, loss as _loss, pooling as _pooling, padding as _padding
from . import layers_more as _layers_more

__all__ = (["functional", "init", "utils", "Parameter", "UninitializedParameter", "Module", "Identity", "Linear", "LazyLinear", "Bilinear", "Flatten", "Unflatten", "Unfold", "Fold", "Upsample",
            "Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict"]
           + ["Conv1d", "Conv2d", "ConvTranspose2d", "BatchNorm1d", "BatchNorm2d", "LayerNorm", "GroupNorm", "Dropout", "Dropout1d",
              "Dropout2d", "AlphaDropout", "Embedding", "EmbeddingBag", "RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell",
              "LSTMCell", "GRUCell", "MultiheadAttention", "TransformerEncoderLayer", "TransformerEncoder",
              "TransformerDecoderLayer", "TransformerDecoder", "Transformer"]
           + _activation.__all__ + _loss.__all__ + _pooling.__all__ + _padding.__all__
           + ["CosineSimilarity", "PairwiseDistance"] + _layers_more.__all__)
