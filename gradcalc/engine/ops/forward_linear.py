"""The ops whose forward rule is the op itself: torch's ``auto_linear``.

An op linear in its floating tensor inputs jointly (indexing, joining, splitting, padding
by reflection or replication, average pooling, resampling, scatters and copies into
positions, cumulative sums ...) pushes its tangent by running again on the tangents
(zeros for an input without one; integer index tensors and parameters as they were), as
derivatives.yaml's ``result: auto_linear`` does: one call, no backward involved. Named here
in one list (autograd/forward_jvp.push reads it); a subclass of a listed op (torch's
``*_copy`` nodes) is linear too. Not here: ops affine in their input (a constant pad, a
scatter or fill of a number), which keep their derived rule.
"""

LINEAR_OPS = frozenset("""
    AliasBackward0 AsStridedBackward0 AsStridedScatterBackward0 AdaptiveAvgPool2DBackward0 AvgPool2DBackward0
    BlockDiagBackward0 CatBackward0 ChannelShuffleBackward0 Col2ImBackward0 CumsumBackward0 DiagEmbedBackward0
    DiagonalBackward0 DiagonalBackwardBackward0 GatherBackward0 Im2ColBackward0 IndexAddBackward0
    IndexBackward0 IndexCopyBackward0 IndexSelectBackward0 MaskedScatterBackward0 MaskedSelectBackward0
    NarrowCopyBackward0 PixelShuffleBackward0 PixelUnshuffleBackward0 PutBackward0 ReflectionPad1DBackward0
    ReflectionPad2DBackward0 ReflectionPad3DBackward0 ReplicationPad1DBackward0 ReplicationPad2DBackward0
    ReplicationPad3DBackward0 ScatterAddBackward0 ScatterBackward0 SelectBackward0 SelectBackwardBackward0
    SliceBackward0 SliceBackwardBackward0 SplitBackward0 SplitWithSizesBackward0 StackBackward0 TakeBackward0
    UnbindBackward0 UnfoldBackward0 UpsampleBilinear2DBackward0 UpsampleNearest2DBackward0
""".split())

# every tensor input is data (an integer one is promoted, its tangent zero), none an index
JOINING = frozenset(("CatBackward0", "StackBackward0", "BlockDiagBackward0"))

_LINEAR = {}


def is_linear(cls):
    """Whether op class ``cls`` (or the op it subclasses) is in LINEAR_OPS."""
    found = _LINEAR.get(cls)
    if found is None:
        found = _LINEAR[cls] = any(c.__name__ in LINEAR_OPS for c in cls.__mro__)
    return found
