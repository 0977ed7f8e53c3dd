#!/usr/bin/env bash
# Runs keysmith's JMH benchmarks and draws their chart.
#
#   benchmarks/run.sh           the full run (the figures in docs/benchmarks.md)
#   benchmarks/run.sh --quick   a sanity check: every benchmark once, briefly (about 16 minutes on 2 cores)
#
# Every comparison runs inside one JMH invocation, side by side with its anchor. JSON results go to
# benchmarks/results/<mode>/ with their chart (chart.svg) and the tables of docs/benchmarks.md (report.md);
# the full run's are the ones docs/benchmarks.md shows.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=full
if [ "${1:-}" = "--quick" ]; then mode=quick; shift; fi

# No sources or javadoc jars for the libraries: only the benchmarks jar is needed here.
mvn -q -B -DskipTests -Dmaven.source.skip=true -Dmaven.javadoc.skip=true -pl benchmarks,benchmarks/spring-reactive \
  -am package
jar=benchmarks/target/benchmarks.jar
# (j) runs a Spring Boot application: not from a shaded jar (that would merge Boot's per-jar imports files) but from
# its module's classes and the class path the build wrote; JMH's forks inherit it.
spring_reactive="benchmarks/spring-reactive/target/classes:$(cat benchmarks/spring-reactive/target/classpath.txt)"
out=benchmarks/results/$mode
mkdir -p "$out"

if [ "$mode" = quick ]; then
  # each benchmark runs once, briefly: that it works, not what it measures
  steady=(-f 1 -wi 0 -i 1 -r 500ms)
  spring=("${steady[@]}")
  batches=("${steady[@]}")
  cold=(-f 3)
  compile=(-f 1 -wi 0 -i 1 -p warmUpRounds=0)
  compile_rounds=(1 0)
  shots=(-f 1 -wi 1 -i 2)
  rounds=1
  table_shots=(-f 1 -wi 1 -i 2)
  pairs=4
else
  steady=(-f 2 -wi 3 -w 2s -i 5 -r 2s)
  # a Spring Boot application's reactive stack keeps getting faster for longer than 6 s: 30 s of warm-up
  spring=(-f 1 -wi 6 -w 5s -i 5 -r 5s)
  # batches of 1,000: a few hundred timed batches per iteration
  batches=(-f 1 -wi 3 -w 2s -i 5 -r 2s)
  cold=(-f 20)
  compile=(-f 1 -wi 3 -i 8)
  compile_rounds=(30 5)
  shots=(-f 1 -wi 5 -i 40)
  rounds=2
  table_shots=(-f 2 -wi 3 -i 10)
  pairs=60
fi

# (a) ObjectId and (a') its construction paths, (b) UUID, (c) codecs, with (e) bytes allocated per operation.
java -jar "$jar" 'ObjectIdBenchmark|ObjectIdPathsBenchmark|UuidBenchmark|CodecBenchmark' "${steady[@]}" -prof gc \
  -rf json -rff "$out/generators-and-codecs.json" "$@"
# (d) sequences against the embedded server on loopback: throughput, latency percentiles, the round trip. A heap
# pre-touched at its full size: a growing heap's page faults land in the percentiles of whatever allocates
# (nextAsync()'s future), not the allocator's (benchmarks.md, "nextAsync()'s tail was the heap growing").
java -jar "$jar" 'SequenceBenchmark|SequenceLatencyBenchmark|CounterRoundTripBenchmark' "${steady[@]}" \
  -jvmArgsAppend '-XX:+AlwaysPreTouch -Xms2g -Xmx2g' -rf json -rff "$out/sequences.json" "$@"
# (f) from nothing to the first encoded document: one shot per fresh JVM.
java -jar "$jar" 'FirstDocumentBenchmark' "${cold[@]}" -rf json -rff "$out/first-document.json" "$@"
# (i) from Keysmith.create(database) to the first inserted entity on the embedded server: one shot per fresh JVM.
java -jar "$jar" 'FirstInsertBenchmark' "${cold[@]}" -rf json -rff "$out/first-insert.json" "$@"
# (j) the reactive Spring Data MongoDB route (keysmith's callback, @Sequence at batch 1 and 50) against the
# hand-written findAndModify callback, in one application on the embedded server.
java -cp "$spring_reactive" org.openjdk.jmh.Main 'SpringReactiveInsertBenchmark' "${spring[@]}" \
  -rf json -rff "$out/spring-reactive.json" "$@"
# (l) batches of 1,000 new entities through both Spring routes (repository and template): keysmith's
# @Sequence(batch = 1000) and @RandomId against Spring's own ObjectId entity, in one application on the embedded server,
# with two controls without keysmith (Long ids the application sets: from a counter, and at random).
java -cp "$spring_reactive" org.openjdk.jmh.Main 'SpringBatchInsertBenchmark' "${batches[@]}" \
  -rf json -rff "$out/spring-batch.json" "$@"
# (g) build cost: javac on a generated 200-entity model, with and without the processor (prints the source sizes).
java -jar "$jar" 'CompileBenchmark' "${compile[@]}" -rf json -rff "$out/compile.json" "$@" > "$out/compile.log"
grep -m 1 '^compile model' "$out/compile.log"
# (g') the same four tools in rounds in one JVM (each round every tool and way, in turn): issue 32's two goals as
# medians of each round's ratio of ratios, with a 99% CI.
java -Xms4g -Xmx4g -XX:+AlwaysPreTouch -cp "$jar" dev.keysmith.benchmarks.CompilePairedRun "${compile_rounds[@]}" | grep -v '^compile model' \
  > "$out/compile-paired.txt"
cat "$out/compile-paired.txt"
# (h) Hibernate on PostgreSQL (started as .ci/run does): keysmith's sequences against Hibernate's pooled sequence.
# Native and pooled run in rounds that alternate which goes first (a fork each per round and layout), merged into
# one result; the table store, which has no goal of its own, runs once.
eval "$(.ci/start-postgres)"
mkdir -p "$out/hibernate-rounds"
rm -f "$out/hibernate-rounds"/*.json
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order=(native pooled); else order=(pooled native); fi
  for generator in "${order[@]}"; do
    java -jar "$jar" 'HibernateInsertBenchmark' -p generator="$generator" "${shots[@]}" \
      -rf json -rff "$out/hibernate-rounds/$round-$generator.json" "$@"
  done
done
java -jar "$jar" 'HibernateInsertBenchmark' -p generator=table "${table_shots[@]}" \
  -rf json -rff "$out/hibernate-rounds/table.json" "$@"
python3 benchmarks/merge_rounds.py "$out/hibernate-rounds"/*.json > "$out/hibernate.json"
# (h') the same two sides timed in pairs in one JVM (alternating which goes first): the ratio's median and 99% CI.
java -cp "$jar" dev.keysmith.benchmarks.hibernate.HibernatePairedRun "$pairs" 2>/dev/null \
  | grep -E '^(layout|1x1|2x4) ' > "$out/hibernate-paired.txt"
cat "$out/hibernate-paired.txt"

python3 benchmarks/chart.py "$out"/*.json > "$out/chart.svg"
python3 benchmarks/report.py "$out" > "$out/report.md"
echo "results, chart and report: $out"
