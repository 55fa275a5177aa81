import numpy as np
np.random.seed(7)
data = np.random.randn(5, 4)
mu = data.mean(axis=0)
sd = data.std(axis=0)
z = (data - mu) / sd
print(np.round(z.mean(axis=0), 10), np.round(z.std(axis=0), 10))
print(data.var(ddof=1, axis=1), np.median(data, axis=0))
print(data[data.argmax(axis=0), np.arange(4)] == data.max(axis=0))
print(np.cumsum(np.ones((2, 2)), axis=0), np.diff(data[:, 0]).shape, np.nansum(np.array([np.nan, 2.0])))
print(np.average(np.arange(4.0), weights=np.array([1.0, 1.0, 1.0, 5.0])), np.mean(data, axis=(0, 1)))
