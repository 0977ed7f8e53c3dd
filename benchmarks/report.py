#!/usr/bin/env python3
"""Turns JMH JSON results into the tables of docs/benchmarks.md: every figure next to its goal.

Usage: report.py RESULTS_DIR   (the folder benchmarks/run.sh wrote: generators-and-codecs.json,
sequences.json, first-document.json, first-insert.json, compile.json, hibernate.json, spring-reactive.json)

Only the Python standard library. Prints Markdown on standard output.
"""
import json
import os
import re
import sys


def load(folder, name):
    path = os.path.join(folder, name)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return json.load(f)


def find(results, method, **params):
    for r in results:
        if r["benchmark"].endswith("." + method) and all(
                (r.get("params") or {}).get(k) == str(v) for k, v in params.items()):
            return r
    raise SystemExit(f"no result for {method} {params}")


def score(r):
    return r["primaryMetric"]["score"]


def alloc(r):
    return r["secondaryMetrics"]["gc.alloc.rate.norm"]["score"]


def percentile(r, p):
    return r["primaryMetric"]["scorePercentiles"][p]


def with_error(r):
    metric = r["primaryMetric"]
    shots = sum(len(fork) for fork in metric["rawData"])
    return f"{metric['score']:.0f} ± {metric['scoreError']:.0f} (n={shots})"


def verdict(value, goal, higher_is_better=True):
    ok = value >= goal if higher_is_better else value <= goal
    if ok:
        return "met"
    return f"**missed** by {abs(value / goal - 1) * 100:.1f}%"


def row(*cells):
    print("| " + " | ".join(str(c) for c in cells) + " |")


def main(folder):
    gen = load(folder, "generators-and-codecs.json")
    seq = load(folder, "sequences.json")
    first = load(folder, "first-document.json")
    compiled = load(folder, "compile.json")
    hibernate = load(folder, "hibernate.json")
    insert = load(folder, "first-insert.json")
    spring_reactive = load(folder, "spring-reactive.json")

    if gen:
        print("### (a) ObjectId, (b) UUID: ids per microsecond (higher is better)\n")
        row("comparison", "keysmith", "anchor", "ratio", "goal", "")
        row("---", "---:", "---:", "---:", "---:", "---")
        for threads, k, b in (("1 thread", "keysmith1Thread", "bson1Thread"),
                              ("2 threads", "keysmith2Threads", "bson2Threads")):
            ks, bs = score(find(gen, k)), score(find(gen, b))
            row(f"ObjectId, {threads}: keysmith vs `new ObjectId()`", f"{ks:.1f}", f"{bs:.1f}",
                f"{ks / bs:.2f}x", "≥ 1.0x", verdict(ks / bs, 1.0))
        v7 = score(find(gen, "v7Keysmith"))
        creator, jug = score(find(gen, "v7UuidCreator")), score(find(gen, "v7JavaUuidGenerator"))
        best = max(creator, jug)
        row("UUID v7: keysmith vs the faster of uuid-creator "
            f"({creator:.1f}) and java-uuid-generator ({jug:.1f})", f"{v7:.1f}", f"{best:.1f}",
            f"{v7 / best:.2f}x", "≥ 1.0x", verdict(v7 / best, 1.0))
        v4, jdk = score(find(gen, "v4Keysmith")), score(find(gen, "v4Jdk"))
        row("UUID v4: keysmith vs `UUID.randomUUID()`", f"{v4:.1f}", f"{jdk:.1f}", f"{v4 / jdk:.2f}x",
            "(no goal)", "")
        print()

        paths = [r for r in gen if ".ObjectIdPathsBenchmark." in r["benchmark"]]
        if paths:
            print("### (a') Where an ObjectId's time goes: one thread, calls per microsecond (higher is better)\n")
            driver = score(find(gen, "ObjectIdPathsBenchmark.driverNewObjectId"))
            row("way of building an ObjectId", "per µs", "ns each", "vs the driver", "B/op")
            row("---", "---:", "---:", "---:", "---:")
            for r in paths:
                name = r["benchmark"].rsplit(".", 1)[1]
                s_ = score(r)
                row(f"`{name}`", f"{s_:.1f}", f"{1000 / s_:.1f}", f"{s_ / driver:.2f}x",
                    f"{alloc(r):.0f}" if "gc.alloc.rate.norm" in r.get("secondaryMetrics", {}) else "")
            print()

        print("### (c) Codecs: one 10-field entity, operations per microsecond (higher is better)\n")
        row("operation", "generated", "hand-written", "PojoCodecProvider", "generated / hand-written",
            "goal", "", "generated / Pojo", "goal", "")
        row("---", "---:", "---:", "---:", "---:", "---:", "---", "---:", "---:", "---")
        for op in ("encode", "decode"):
            g, h, p = (score(find(gen, op + n)) for n in ("Generated", "HandWritten", "Pojo"))
            row(op, f"{g:.2f}", f"{h:.2f}", f"{p:.2f}", f"{g / h:.2f}x", "≥ 0.95x", verdict(g / h, 0.95),
                f"{g / p:.2f}x", "≥ 1.5x", verdict(g / p, 1.5))
        floor_results = [r for r in gen if r["benchmark"].endswith(".encodeWriterFloor")]
        if floor_results:
            f_, g, p = score(floor_results[0]), score(find(gen, "encodeGenerated")), score(find(gen, "encodePojo"))
            print(f"\nThe writer's floor (`encodeWriterFloor`: the same `BsonWriter` calls, every value computed in "
                  f"advance): {f_:.2f} ops/µs, {f_ / p:.2f}x `PojoCodecProvider`, the most any codec that writes "
                  f"through `BsonWriter` reaches; the generated codec is at {g / f_:.2f}x the floor.")
        print()

        print("### (e) Bytes allocated per operation (`-prof gc`)\n")
        row("benchmark", "B/op", "goal", "")
        row("---", "---:", "---", "---")
        for name in ("keysmith1Thread", "bson1Thread", "keysmith2Threads", "bson2Threads", "v4Keysmith",
                     "v4Jdk", "v7Keysmith", "v7UuidCreator", "v7JavaUuidGenerator"):
            row(name, f"{alloc(find(gen, name)):.0f}", "", "")
        for op in ("encode", "decode"):
            h = alloc(find(gen, op + "HandWritten"))
            g = alloc(find(gen, op + "Generated"))
            row(f"{op}Generated", f"{g:.0f}", f"≤ hand-written ({h:.0f})",
                verdict(g / h, 1.0, higher_is_better=False))
            row(f"{op}HandWritten", f"{h:.0f}", "", "")
            row(f"{op}Pojo", f"{alloc(find(gen, op + 'Pojo')):.0f}", "", "")
        print()

    if seq:
        print("### (d) Sequences against the embedded server on loopback\n")
        row("batch", "prefetch", "ids per second, next()", "nextAsync()", "nextAsync / next")
        row("---:", "---", "---:", "---:", "---:")
        for batch in (1, 50, 1000):
            for prefetch in ("true", "false"):
                blocking = score(find(seq, 'SequenceBenchmark.takeId', batch=batch, prefetch=prefetch))
                try:
                    non_blocking = score(find(seq, 'SequenceBenchmark.takeIdAsync', batch=batch, prefetch=prefetch))
                    row(batch, prefetch, f"{blocking:,.0f}", f"{non_blocking:,.0f}", f"{non_blocking / blocking:.2f}x")
                except SystemExit:
                    row(batch, prefetch, f"{blocking:,.0f}", "", "")
        print()
        for prefetch in ("false", "true"):
            one = score(find(seq, "SequenceBenchmark.takeId", batch=1, prefetch=prefetch))
            thousand = score(find(seq, "SequenceBenchmark.takeId", batch=1000, prefetch=prefetch))
            print(f"- batch 1000 vs batch 1, prefetch {prefetch}: {thousand / one:,.0f}x "
                  f"(goal ≥ 500x: {verdict(thousand / one, 500)})")
        trip = find(seq, "CounterRoundTripBenchmark.reserve")
        median_trip = percentile(trip, "50.0")
        print(f"\nOne counter round trip (`findOneAndUpdate`): median {median_trip:.0f} µs, "
              f"p99 {percentile(trip, '99.0'):.0f} µs, p99.9 {percentile(trip, '99.9'):.0f} µs.\n")
        row("way in", "batch", "prefetch", "p50 µs", "p99 µs", "p99.9 µs", "p99.9 / median round trip",
            "goal (prefetch)", "")
        row("---", "---:", "---", "---:", "---:", "---:", "---:", "---", "---")
        for way, method in (("next()", "takeId"), ("nextAsync()", "takeIdAsync")):
          for batch in (50, 1000):
            for prefetch in ("true", "false"):
                try:
                    r = find(seq, "SequenceLatencyBenchmark." + method, batch=batch, prefetch=prefetch)
                except SystemExit:
                    continue
                p999 = percentile(r, "99.9")
                ratio = p999 / median_trip
                goal = ("≤ 0.1x", verdict(ratio, 0.1, higher_is_better=False)) if prefetch == "true" else ("", "")
                row(way, batch, prefetch, f"{percentile(r, '50.0'):.2f}", f"{percentile(r, '99.0'):.2f}",
                    f"{p999:.2f}", f"{ratio:.3f}x", *goal)
        print()

    if first:
        print("### (f) From nothing to the first encoded document (one shot per fresh JVM, lower is better)\n")
        g, p = score(find(first, "FirstDocumentBenchmark.generated")), score(find(first, "FirstDocumentBenchmark.pojo"))
        has_floor = any(r["benchmark"].endswith(".handWritten") for r in first)  # results from before it was added
        h = score(find(first, "FirstDocumentBenchmark.handWritten")) if has_floor else float("nan")
        row("generated", "hand-written (the floor)", "PojoCodecProvider", "generated / PojoCodec", "goal", "",
            "generated - hand-written")
        row("---:", "---:", "---:", "---:", "---", "---", "---:")
        row(f"{g:.2f} ms", f"{h:.2f} ms", f"{p:.2f} ms", f"{g / p:.3f}x", "≤ 0.05x",
            verdict(g / p, 0.05, higher_is_better=False), f"{g - h:.2f} ms")
        print()

    if compiled:
        print("### (g) Build cost: javac on a 200-entity model, each processor on its own model "
              "(one shot per iteration, lower is better)\n")
        sizes = {}
        log = os.path.join(folder, "compile.log")
        if os.path.exists(log):
            with open(log) as f:
                for line in f:
                    m = re.match(r"compile model \((\w+)\): .* = ([0-9.]+)x the model", line)
                    if m:
                        sizes[m.group(1)] = float(m.group(2))
        row("processor", "with it", "the model alone", "the model and its output", "generated / model",
            "with / model alone", "goal", "", "with / model and output", "goal", "")
        row("---", "---:", "---:", "---:", "---:", "---:", "---", "---", "---:", "---", "---")
        for tool in ("keysmith", "mapstruct", "autovalue", "immutables"):
            try:
                w = score(find(compiled, "withProcessor", tool=tool))
                wo = score(find(compiled, "withoutProcessor", tool=tool))
                out = score(find(compiled, "withoutProcessorWithOutput", tool=tool))
            except SystemExit:
                continue
            size = f"{sizes[tool]:.2f}x" if tool in sizes else ""
            goals = (("≤ 4.5x", verdict(w / wo, 4.5, higher_is_better=False),
                      "≤ 1.4x", verdict(w / out, 1.4, higher_is_better=False)) if tool == "keysmith"
                     else ("", "", "", ""))
            row(tool, f"{w:.0f} ms", f"{wo:.0f} ms", f"{out:.0f} ms", size, f"{w / wo:.2f}x", goals[0], goals[1],
                f"{w / out:.2f}x", goals[2], goals[3])
        print()

    if hibernate:
        print("### (h) Hibernate: 20,000 inserts on PostgreSQL at allocation size 50 (ms, lower is better)\n")
        row("threads", "keysmith native", "keysmith table", "Hibernate pooled", "pooled / native", "goal", "",
            "pooled / table")
        row("---", "---:", "---:", "---:", "---:", "---:", "---", "---:")
        for layout, name in (("1x1", "1 thread"), ("2x4", "2 factories x 4 threads")):
            native = find(hibernate, "insert20k", generator="native", layout=layout)
            table = find(hibernate, "insert20k", generator="table", layout=layout)
            pooled = find(hibernate, "insert20k", generator="pooled", layout=layout)
            row(name, with_error(native), with_error(table), with_error(pooled),
                f"{score(pooled) / score(native):.2f}x", ">= 1.0x", verdict(score(pooled) / score(native), 1.0),
                f"{score(pooled) / score(table):.2f}x")
        print("\n± is the 99.9% confidence interval of the mean, n the number of timed shots (every fork's "
              "iterations; native and pooled from rounds that alternate which goes first).\n")
        paired = os.path.join(folder, "hibernate-paired.txt")
        if os.path.exists(paired):
            print("Paired in one JVM (`HibernatePairedRun`: one operation of each side per round, alternating which "
                  "goes first; pooled / native above 1 means keysmith is faster):\n")
            with open(paired) as f:
                print("    " + f.read().rstrip().replace("\n", "\n    ") + "\n")

    if insert:
        print("### (i) From `Keysmith.create(database)` to the first inserted entity on the embedded server "
              "(one shot per fresh JVM, lower is better)\n")
        k, p = score(find(insert, "FirstInsertBenchmark.keysmith")), score(find(insert, "FirstInsertBenchmark.pojo"))
        row("keysmith", "PojoCodecProvider", "ratio", "goal")
        row("---:", "---:", "---:", "---")
        row(f"{k:.2f} ms", f"{p:.2f} ms", f"{k / p:.3f}x", "(no goal: the figure a user sees)")
        print()

    if spring_reactive:
        print("### (j) Reactive Spring Data MongoDB: inserts per second of a sequence-numbered entity, one at a time "
              "(higher is better)\n")
        row("route", "keysmith, batch 1", "keysmith, batch 50", "hand-written `findAndModify` callback",
            "batch 1 / hand-written", "batch 50 / hand-written")
        row("---", "---:", "---:", "---:", "---:", "---:")
        for route, name in (("repository", "`ReactiveMongoRepository.save`"),
                            ("template", "`ReactiveMongoTemplate.insert`")):
            one = score(find(spring_reactive, "SpringReactiveInsertBenchmark.keysmithBatch1", route=route))
            fifty = score(find(spring_reactive, "SpringReactiveInsertBenchmark.keysmithBatch50", route=route))
            hand = score(find(spring_reactive, "SpringReactiveInsertBenchmark.handWrittenFindAndModify", route=route))
            row(name, f"{one:,.0f}", f"{fifty:,.0f}", f"{hand:,.0f}", f"{one / hand:.2f}x", f"{fifty / hand:.2f}x")
        print()

if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
