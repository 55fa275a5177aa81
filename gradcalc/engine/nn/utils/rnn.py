"""torch.nn.utils.rnn: padding a list of variable-length sequences into one tensor."""

__all__ = ["pad_sequence"]


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    """Stack sequences of different lengths, padded with ``padding_value`` to the longest:
    (T, B, *) or, with ``batch_first``, (B, T, *)."""
    from ...creation import full
    from ...ops.shape import cat, stack
    if padding_side not in ("left", "right"):
        raise ValueError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    sequences = list(sequences)
    max_len = max(s.size(0) for s in sequences)
    padded = []
    for s in sequences:
        n = s.size(0)
        if n < max_len:
            pad = full((max_len - n,) + tuple(s.shape[1:]), padding_value, dtype=s.dtype)
            s = cat([s, pad]) if padding_side == "right" else cat([pad, s])
        padded.append(s)
    return stack(padded, 0 if batch_first else 1)
