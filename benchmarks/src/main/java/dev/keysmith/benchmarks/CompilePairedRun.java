package dev.keysmith.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * (g') {@link CompileBenchmark}'s four tools timed in rounds in one JVM, for issue 32's two compile goals: keysmith's
 * ratio to the model alone at most MapStruct's, and its ratio beyond its own output at most Immutables'. JMH runs
 * each tool and way in a fork of its own, one after the other, and single shots of one fork varied up to 2x, in wall
 * and CPU time alike, while the figures that decide the goals are ratios of ratios of four forks each. Here every
 * round compiles each tool's model the three ways the goals need (with the processor, the model alone, the model and
 * the processor's output without it), the tools and the ways in an order that turns each round, the heap collected
 * before each compilation and outside its time. So a slow stretch of the machine falls on every tool and way of a
 * round rather than on one fork, and each round gives each ratio, and each goal's ratio of ratios (keysmith's over
 * the other tool's, at most 1 when the goal is met), from compilations seconds apart. Each is summarised by its
 * median over the rounds and a distribution-free 99% confidence interval of that median ({@link PairedMedian}), in
 * wall time and in the compiling thread's CPU time.
 *
 * <p>Run (after the benchmarks jar is built), with the heap {@link CompileBenchmark#HEAP} gives its forks:
 * {@code java -Xms4g -Xmx4g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar
 * dev.keysmith.benchmarks.CompilePairedRun [rounds [warm-up rounds]]} (30 timed rounds by default, after 5 untimed;
 * 15 to 25 s a round on 2 cores). Without it, it says so first: a heap that grows again after each collection
 * spreads the shots up to 2x.
 */
public final class CompilePairedRun {

    private static final List<String> TOOLS = List.of("keysmith", "mapstruct", "autovalue", "immutables");

    /** The three ways the goals need, each one of {@link CompileBenchmark}'s benchmarks. */
    enum Way {
        WITH, MODEL, MODEL_AND_OUTPUT;

        int compile(CompileBenchmark benchmark, CompileBenchmark.CompilerCpu cpu) throws Exception {
            return switch (this) {
                case WITH -> benchmark.withProcessor(cpu);
                case MODEL -> benchmark.withoutProcessor(cpu);
                case MODEL_AND_OUTPUT -> benchmark.withoutProcessorWithOutput(cpu);
            };
        }
    }

    /** One compilation's milliseconds: wall and the compiling thread's CPU. */
    record Shot(double wallMs, double cpuMs) {
    }

    /** One round's shots of one tool, a shot per way. */
    record Round(Map<Way, Shot> shots) {

        double toModel(ToDoubleFunction<Shot> time) {
            return time.applyAsDouble(shots.get(Way.WITH)) / time.applyAsDouble(shots.get(Way.MODEL));
        }

        double beyondOutput(ToDoubleFunction<Shot> time) {
            return time.applyAsDouble(shots.get(Way.WITH)) / time.applyAsDouble(shots.get(Way.MODEL_AND_OUTPUT));
        }
    }

    private CompilePairedRun() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int warmUpRounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
        if (!jvmArgs.containsAll(List.of(CompileBenchmark.HEAP_MIN, CompileBenchmark.HEAP_MAX,
                CompileBenchmark.PRE_TOUCH))) {
            System.out.println("warning: run with " + CompileBenchmark.HEAP + ", as CompileBenchmark's forks are: in a"
                    + " heap that grows after each collection, the page faults spread single compilations up to 2x");
        }
        Map<String, CompileBenchmark> benchmarks = new LinkedHashMap<>();
        Map<String, List<Round>> timed = new LinkedHashMap<>();
        try {
            for (String tool : TOOLS) {
                CompileBenchmark benchmark = new CompileBenchmark();
                benchmark.tool = tool;
                benchmark.warmUpRounds = 0;
                benchmark.setUp();
                benchmarks.put(tool, benchmark);
                timed.put(tool, new ArrayList<>());
            }
            Way[] ways = Way.values();
            for (int round = 0; round < warmUpRounds + rounds; round++) {
                Map<String, Map<Way, Shot>> shots = new LinkedHashMap<>();
                for (int t = 0; t < TOOLS.size(); t++) {
                    String tool = TOOLS.get((round + t) % TOOLS.size());
                    Map<Way, Shot> toolShots = new EnumMap<>(Way.class);
                    for (int w = 0; w < ways.length; w++) {
                        Way way = ways[(round + w) % ways.length];
                        toolShots.put(way, shoot(benchmarks.get(tool), way));
                    }
                    shots.put(tool, toolShots);
                }
                if (round >= warmUpRounds) {
                    shots.forEach((tool, toolShots) -> timed.get(tool).add(new Round(toolShots)));
                }
            }
        } finally {
            for (CompileBenchmark benchmark : benchmarks.values()) {
                benchmark.tearDown();
            }
        }
        report("wall time", Shot::wallMs, timed);
        report("the compiling thread's CPU time", Shot::cpuMs, timed);
    }

    private static Shot shoot(CompileBenchmark benchmark, Way way) throws Exception {
        benchmark.collectGarbage();
        CompileBenchmark.CompilerCpu cpu = new CompileBenchmark.CompilerCpu();
        long started = System.nanoTime();
        way.compile(benchmark, cpu);
        return new Shot((System.nanoTime() - started) / 1e6, cpu.cpuMs);
    }

    private static void report(String measure, ToDoubleFunction<Shot> time, Map<String, List<Round>> timed) {
        System.out.printf("%n%s, medians of %d rounds (ms) and of each round's ratios [99%% CI of the median]:%n",
                measure, timed.get(TOOLS.get(0)).size());
        System.out.printf("%-10s  %8s  %8s  %10s  %-34s  %-34s%n", "tool", "with", "model", "model+out",
                "with / model alone", "with / model and output");
        for (Map.Entry<String, List<Round>> tool : timed.entrySet()) {
            List<Round> rounds = tool.getValue();
            double[] toModel = rounds.stream().mapToDouble(round -> round.toModel(time)).toArray();
            double[] beyond = rounds.stream().mapToDouble(round -> round.beyondOutput(time)).toArray();
            System.out.printf("%-10s  %8.0f  %8.0f  %10.0f  %-34s  %-34s%n", tool.getKey(),
                    median(rounds, Way.WITH, time), median(rounds, Way.MODEL, time),
                    median(rounds, Way.MODEL_AND_OUTPUT, time), summary(toModel), summary(beyond));
        }
        goal("keysmith's ratio to the model alone over MapStruct's", timed, "mapstruct", time, true);
        goal("keysmith's ratio beyond its output over Immutables'", timed, "immutables", time, false);
    }

    private static void goal(String what, Map<String, List<Round>> timed, String other, ToDoubleFunction<Shot> time,
            boolean toModel) {
        List<Round> keysmith = timed.get("keysmith");
        List<Round> theirs = timed.get(other);
        double[] ratios = new double[keysmith.size()];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = toModel ? keysmith.get(i).toModel(time) / theirs.get(i).toModel(time)
                    : keysmith.get(i).beyondOutput(time) / theirs.get(i).beyondOutput(time);
        }
        double[] interval = PairedMedian.interval(ratios);
        String verdict = interval == null ? "too few rounds to tell"
                : interval[1] <= 1 ? "met" : interval[0] > 1 ? "missed" : "not told apart from 1";
        System.out.printf("goal: %s (at most 1): %s: %s%n", what, summary(ratios), verdict);
    }

    private static double median(List<Round> rounds, Way way, ToDoubleFunction<Shot> time) {
        return PairedMedian.median(rounds.stream().mapToDouble(round -> time.applyAsDouble(round.shots().get(way)))
                .toArray());
    }

    private static String summary(double[] ratios) {
        return String.format("%.2fx %s", PairedMedian.median(ratios), PairedMedian.formatInterval(ratios));
    }
}
