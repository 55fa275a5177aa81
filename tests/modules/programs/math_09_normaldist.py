import statistics
d = statistics.NormalDist(100, 15)
print(d, d.mean, d.stdev, d.variance, round(d.cdf(130), 6), round(d.pdf(100), 8))
print(round(d.inv_cdf(0.975), 4), d.zscore(115), [round(q, 3) for q in d.quantiles(4)])
print(statistics.NormalDist(0, 1).overlap(statistics.NormalDist(1, 1)))
r = statistics.linear_regression([1, 2, 3, 4], [2, 4, 6, 8.5])
print(r.slope, r.intercept, statistics.correlation([1, 2, 3], [2, 4, 7]), statistics.covariance([1, 2, 3], [1, 3, 2]))
