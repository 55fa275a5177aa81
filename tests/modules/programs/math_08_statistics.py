import statistics
data = [2.5, 3.25, 5.5, 11.25, 11.75]
print(statistics.mean(data), statistics.median(data), statistics.stdev(data), statistics.pstdev(data))
print(statistics.variance(data), statistics.pvariance(data), statistics.fmean(data), statistics.median_low([1, 3, 5, 7]))
print(statistics.mode([1, 1, 2]), statistics.multimode("aabbc"), statistics.harmonic_mean([40, 60]), statistics.geometric_mean([1, 4]))
print(statistics.quantiles([1, 2, 3, 4, 5, 6, 7, 8], n=4), statistics.median_high([1, 3]))
