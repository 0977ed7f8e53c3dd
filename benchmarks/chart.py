#!/usr/bin/env python3
"""Draws JMH JSON results as one SVG bar chart, a panel per benchmark class.

Usage: chart.py RESULT.json [RESULT.json ...] > chart.svg

Only the Python standard library: the chart must be reproducible on any machine that can run the
benchmarks. Each bar is a benchmark's primary score with its error; bars of one panel share a unit
(the panel title says which), so they compare side by side.
"""
import json
import sys
from html import escape

BAR_HEIGHT = 18
GAP = 6
LEFT = 330
WIDTH = 980
PLOT = WIDTH - LEFT - 140


def label(result):
    name = result["benchmark"].rsplit(".", 1)[1]
    params = result.get("params") or {}
    if params:
        name += " [" + ", ".join(f"{k}={v}" for k, v in sorted(params.items())) + "]"
    if result.get("threads", 1) > 1 and "Thread" not in name:
        name += f" ({result['threads']} threads)"
    return name


def panels(results):
    grouped = {}
    for r in results:
        cls = r["benchmark"].rsplit(".", 2)[1]
        metric = r["primaryMetric"]
        error = metric.get("scoreError")
        error = float(error) if isinstance(error, (int, float)) else 0.0  # JMH writes "NaN" for one sample
        grouped.setdefault((cls, r["mode"], metric["scoreUnit"]), []).append((label(r), metric["score"], error))
    return grouped


def main(paths):
    results = []
    for path in paths:
        with open(path) as f:
            results.extend(json.load(f))
    out = []
    y = 30
    for (cls, mode, unit), bars in sorted(panels(results).items()):
        scale = max(s + (e if e == e else 0.0) for _, s, e in bars) or 1.0
        better = "higher is better" if mode == "thrpt" else "lower is better"
        out.append(f'<text x="10" y="{y}" font-weight="bold">{escape(cls)}: {escape(mode)}, '
                   f'{escape(unit)} ({better})</text>')
        y += 10
        for name, score, error in bars:
            w = PLOT * score / scale
            out.append(f'<text x="{LEFT - 8}" y="{y + 13}" text-anchor="end">{escape(name)}</text>')
            out.append(f'<rect x="{LEFT}" y="{y}" width="{w:.1f}" height="{BAR_HEIGHT}" fill="#4a7ab5"/>')
            if error == error and error > 0:  # NaN-safe
                x0, x1 = LEFT + PLOT * max(score - error, 0) / scale, LEFT + PLOT * (score + error) / scale
                out.append(f'<line x1="{x0:.1f}" x2="{x1:.1f}" y1="{y + 9}" y2="{y + 9}" stroke="black"/>')
            out.append(f'<text x="{LEFT + w + 6:.1f}" y="{y + 13}">{score:,.3g}</text>')
            y += BAR_HEIGHT + GAP
        y += 24
    print(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{y}" '
          f'font-family="sans-serif" font-size="12">')
    print(f'<rect width="{WIDTH}" height="{y}" fill="white"/>')
    print("\n".join(out))
    print("</svg>")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
