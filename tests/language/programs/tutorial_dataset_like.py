class Dataset:
    def __getitem__(self, index):
        raise NotImplementedError
class Squares(Dataset):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if not 0 <= i < self.n:
            raise IndexError("index out of range")
        return i, i * i
def batches(ds, size):
    batch = []
    for i in range(len(ds)):
        batch.append(ds[i])
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
ds = Squares(5)
for b in batches(ds, 2):
    print(b)
print(ds[4], len(ds))
