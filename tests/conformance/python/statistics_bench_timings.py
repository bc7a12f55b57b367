# Summaries a benchmark prints over its per-iteration timings: mean,
# median, spread, over ints (exact) and over float milliseconds.
import statistics

steps = [12, 15, 11, 14, 13]
print(statistics.mean(steps), statistics.mean([1, 3]), statistics.mean([1, 2]), statistics.median(steps))  # expect: 13 2 1.5 13
print(statistics.median([4, 1, 3, 2]), statistics.median_low([4, 1, 3, 2]), statistics.median_high([4, 1, 3, 2]))  # expect: 2.5 2 3
print(statistics.variance(steps), statistics.pvariance(steps), statistics.variance([1, 3]), statistics.pvariance([1, 2, 3, 4]))  # expect: 2.5 2 2 1.25
print(statistics.stdev(steps), statistics.pstdev(steps), statistics.stdev([1, 3]))  # expect: 1.5811388300841898 1.4142135623730951 1.4142135623730951
device_ms = [0.5, 0.25, 0.75, 1.5, 0.125, 0.375]
print(statistics.mean(device_ms), statistics.fmean(device_ms), statistics.median(device_ms))  # expect: 0.5833333333333334 0.5833333333333334 0.4375
print(statistics.variance(device_ms), statistics.stdev(device_ms), statistics.pstdev(device_ms))  # expect: 0.24791666666666667 0.4979123082096552 0.45452967144315476
print(statistics.mode([3, 1, 3, 2, 1]), statistics.multimode("aabbc"), statistics.multimode([]))  # expect: 3 ['a', 'b'] []
print(statistics.fmean([1, 2, 3], weights=[3, 1, 0]), statistics.harmonic_mean([1, 4, 4]), statistics.geometric_mean([2, 8]))  # expect: 1.25 2.0 4.0
print(round(statistics.mean([1.5, 2, 2.5]), 6), statistics.mean([True, False, 1]) if False else "", issubclass(statistics.StatisticsError, ValueError))  # expect: 2.0  True
problems = []
for call in (lambda: statistics.mean([]), lambda: statistics.median([]), lambda: statistics.variance([1]),
             lambda: statistics.stdev([]), lambda: statistics.pstdev([]), lambda: statistics.mode([]),
             lambda: statistics.fmean([])):
    try:
        call()
    except statistics.StatisticsError as e:
        problems.append(str(e))
print(problems[:4])  # expect: ['mean requires at least one data point', 'no median for empty data', 'variance requires at least two data points', 'stdev requires at least two data points']
print(problems[4:])  # expect: ['pstdev requires at least one data point', 'no mode for empty data', 'fmean requires at least one data point']
