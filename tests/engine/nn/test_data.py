"""torch.utils.data: datasets, samplers, collation and the DataLoader's batches and draws."""

import json
import os
import warnings
from collections import namedtuple

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.utils.data import (BatchSampler, ConcatDataset, DataLoader, Dataset, IterableDataset,
                                        RandomSampler, SequentialSampler, Subset, TensorDataset, default_collate,
                                        random_split)
from gradcalc.engine.utils.data.sampler import draw_seed

GOLDEN = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "golden", "nn_data.json")


def test_tensor_dataset_and_sequential_batches():
    x, y = torch.arange(10.0).view(5, 2), torch.arange(5)
    ds = TensorDataset(x, y)
    assert len(ds) == 5 and ds[1][0].tolist() == [2.0, 3.0] and ds[1][1].item() == 1
    batches = list(DataLoader(ds, batch_size=2))
    assert [b[1].tolist() for b in batches] == [[0, 1], [2, 3], [4]]
    assert batches[0][0].tolist() == [[0.0, 1.0], [2.0, 3.0]]
    assert len(DataLoader(ds, batch_size=2)) == 3 and len(DataLoader(ds, batch_size=2, drop_last=True)) == 2
    assert [b[1].tolist() for b in DataLoader(ds, batch_size=2, drop_last=True)] == [[0, 1], [2, 3]]
    with pytest.raises(AssertionError, match="Size mismatch between tensors"):
        TensorDataset(x, torch.arange(4))


def test_shuffle_draws_in_torchs_order():
    """The iterator draws a base seed, then the RandomSampler seeds its own generator with
    a second draw and takes one randperm from it (torch's order of draws)."""
    ds = TensorDataset(torch.arange(7))
    torch.manual_seed(5)
    got = [b[0].tolist() for b in DataLoader(ds, batch_size=3, shuffle=True)]
    after = torch.rand(1).item()
    torch.manual_seed(5)
    draw_seed()
    g = torch.Generator()
    g.manual_seed(draw_seed())
    perm = torch.randperm(7, generator=g).tolist()
    assert got == [perm[:3], perm[3:6], perm[6:]]
    assert torch.rand(1).item() == after
    assert sorted(sum(got, [])) == list(range(7))


def test_sampler_generator_is_used():
    g = torch.Generator().manual_seed(1)
    a = list(RandomSampler(range(6), generator=g))
    g.manual_seed(1)
    assert a == torch.randperm(6, generator=g).tolist()
    r = list(RandomSampler(range(3), replacement=True, num_samples=40))
    assert len(r) == 40 and set(r) <= {0, 1, 2}


def test_batch_sampler():
    assert list(BatchSampler(SequentialSampler(range(5)), 2, False)) == [[0, 1], [2, 3], [4]]
    assert list(BatchSampler(range(5), 2, True)) == [[0, 1], [2, 3]]
    with pytest.raises(ValueError, match="batch_size should be a positive integer value, but got batch_size=0"):
        BatchSampler(range(3), 0, False)
    dl = DataLoader(range(6), batch_sampler=[[0, 5], [1]])
    assert [b.tolist() for b in dl] == [[0, 5], [1]]


def test_default_collate():
    Point = namedtuple("Point", "x y")
    assert default_collate([1, 2]).dtype == torch.int64
    assert default_collate([1.0, 2.0]).dtype == torch.float64
    assert default_collate(["a", "b"]) == ["a", "b"]
    d = default_collate([{"a": 1, "b": torch.ones(2)}, {"a": 2, "b": torch.zeros(2)}])
    assert d["a"].tolist() == [1, 2] and d["b"].tolist() == [[1, 1], [0, 0]]
    p = default_collate([Point(1, 2.0), Point(3, 4.0)])
    assert type(p) is Point and p.x.tolist() == [1, 3]
    lst = default_collate([[1, 2], [3, 4]])
    assert [t.tolist() for t in lst] == [[1, 3], [2, 4]]
    assert default_collate([np.ones(2), np.zeros(2)]).dtype == torch.float64
    with pytest.raises(RuntimeError, match="each element in list of batch should be of equal size"):
        default_collate([[1, 2], [3]])
    with pytest.raises(TypeError, match="default_collate: batch must contain tensors, numpy arrays, numbers, "
                                        "dicts or lists; found <class 'object'>"):
        default_collate([object()])


def test_custom_dataset_and_collate_fn():
    class Squares(Dataset):
        def __len__(self):
            return 4

        def __getitem__(self, i):
            return torch.tensor([float(i)]), i * i

    dl = DataLoader(Squares(), batch_size=3, collate_fn=lambda batch: [b[1] for b in batch])
    assert list(dl) == [[0, 1, 4], [9]]
    x, y = next(iter(DataLoader(Squares(), batch_size=2)))
    assert x.shape == torch.Size([2, 1]) and y.tolist() == [0, 1]
    assert [b for b in DataLoader(Squares(), batch_size=None)][1][1] == 1


def test_iterable_dataset():
    class Count(IterableDataset):
        def __iter__(self):
            return iter(range(5))

    assert [b.tolist() for b in DataLoader(Count(), batch_size=2)] == [[0, 1], [2, 3], [4]]
    assert [b.tolist() for b in DataLoader(Count(), batch_size=2, drop_last=True)] == [[0, 1], [2, 3]]
    with pytest.raises(ValueError, match="expected unspecified shuffle option, but got shuffle=True"):
        DataLoader(Count(), shuffle=True)


def test_dataloader_argument_errors():
    with pytest.raises(ValueError, match="sampler option is mutually exclusive with shuffle"):
        DataLoader(range(3), sampler=[0, 1], shuffle=True)
    with pytest.raises(ValueError, match="batch_sampler option is mutually exclusive with batch_size"):
        DataLoader(range(3), batch_sampler=[[0]], batch_size=2)
    with pytest.raises(ValueError, match="num_workers option should be non-negative"):
        DataLoader(range(3), num_workers=-1)
    assert [b.tolist() for b in DataLoader(range(3), num_workers=2)] == [[0], [1], [2]]


def test_random_split_subset_concat():
    torch.manual_seed(0)
    a, b = random_split(range(10), [0.3, 0.7])
    assert (len(a), len(b)) == (3, 7) and sorted(list(a) + list(b)) == list(range(10))
    torch.manual_seed(0)
    perm = torch.randperm(10).tolist()
    assert list(a) == perm[:3]
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        assert [len(s) for s in random_split(range(3), [0.5, 0.5, 0.0])] == [2, 1, 0]
    with pytest.raises(ValueError, match="Sum of input lengths does not equal the length of the input dataset!"):
        random_split(range(3), [1, 1])
    s = Subset(range(10, 20), [3, 1])
    assert (len(s), s[0], s[1]) == (2, 13, 11)
    c = ConcatDataset([range(3), range(10, 12)])
    assert len(c) == 5 and c[3] == 10 and c[-1] == 11
    assert len(TensorDataset(torch.ones(2)) + TensorDataset(torch.ones(3))) == 5


def _torch_generator():
    torch.manual_seed(0)
    return torch.randn(3).tolist() == pytest.approx([1.5410, -0.2934, -2.1788], abs=1e-4)


@pytest.mark.skipif(not _torch_generator(), reason="needs torch's generator (issue 15)")
def test_shuffle_and_split_equal_torchs():
    with open(GOLDEN) as f:
        golden = json.load(f)
    torch.manual_seed(0)
    got = [b[0].tolist() for b in DataLoader(TensorDataset(torch.arange(10)), batch_size=3, shuffle=True)]
    assert got == golden["shuffle"]
    assert torch.rand(1).item() == pytest.approx(golden["rand_after"])
    torch.manual_seed(0)
    assert [list(s) for s in random_split(range(10), [3, 7])] == golden["split"]
