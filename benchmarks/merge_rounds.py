#!/usr/bin/env python3
"""Merges the JSON results of several JMH runs of the same benchmarks into one JMH JSON result.

Usage: merge_rounds.py ROUND.json [ROUND.json ...] > merged.json

benchmarks/run.sh runs the Hibernate comparison (h) as rounds that alternate which side goes first, so that a
drift of the machine (another process, the database's background work) falls on both sides alike. Each
(benchmark, mode, params) of the merged result holds the forks of every round: score is the mean of all their
iterations, scoreError the half-width of its 99.9% confidence interval (Student's t, as JMH computes it), and
the percentiles are over all iterations. Only the Python standard library.
"""
import json
import math
import statistics
import sys

Z = 3.2905267314919255  # the normal quantile of 0.9995
PERCENTILES = ["0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0"]


def t_quantile(df):
    """Student's t quantile of 0.9995 with df degrees of freedom (Cornish-Fisher expansion: within 0.3% from 9 degrees of freedom)."""
    z = Z
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def percentile(values, p):
    ordered = sorted(values)
    rank = p / 100 * (len(ordered) - 1)
    low, high = math.floor(rank), math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def merge(results):
    merged = {}
    for r in results:
        key = (r["benchmark"], r["mode"], json.dumps(r.get("params") or {}, sort_keys=True))
        if key not in merged:
            merged[key] = json.loads(json.dumps(r))
            merged[key]["primaryMetric"]["rawData"] = []
            merged[key]["forks"] = 0
        merged[key]["primaryMetric"]["rawData"].extend(r["primaryMetric"]["rawData"])
        merged[key]["forks"] += r["forks"]
    for r in merged.values():
        metric = r["primaryMetric"]
        values = [v for fork in metric["rawData"] for v in fork]
        mean = statistics.fmean(values)
        error = t_quantile(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values)) \
            if len(values) > 1 else float("nan")
        metric["score"] = mean
        metric["scoreError"] = error
        metric["scoreConfidence"] = [mean - error, mean + error]
        metric["scorePercentiles"] = {p: percentile(values, float(p)) for p in PERCENTILES}
        r["secondaryMetrics"] = {}
    return list(merged.values())


def main(paths):
    results = []
    for path in paths:
        with open(path) as f:
            results.extend(json.load(f))
    json.dump(merge(results), sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
