package io.quickphotos.bench.sdk;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The ratio of {@link StubbedSdkBenchmark}, measured interleaved: for each access pattern,
 * dynamo-impl and the hand-written SDK calls, each on its own stubbed client playing its own
 * recorded responses, take turns in short rounds (the order flipping every round), so that
 * whatever else the machine is doing falls on both alike. Each round gives one ratio; the
 * report is the median ratio over the rounds, the median time per call of each, their
 * difference (the absolute overhead), and the bytes each call allocates. Time is the benchmark
 * thread's CPU time ({@code ThreadMXBean.getCurrentThreadCpuTime}), which a busy machine does not
 * inflate by descheduling the thread, as it does wall-clock time (reported beside it); neither
 * includes the collector's threads, so allocation is reported on its own. Plain Java, one
 * thread, no JMH: JMH runs one benchmark after the other, minutes apart, which on a shared
 * machine moves a ratio of two microsecond figures by more than the 10% it is meant to
 * resolve.
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am verify}:
 * <pre>
 * java -Xms1g -Xmx1g -XX:+UseParallelGC -cp benchmarks/target/benchmarks.jar \
 *     io.quickphotos.bench.sdk.StubbedSdkComparison [rounds] [calls per round]
 * </pre>
 * Defaults: 30 rounds of 2,000 calls per backend, after 5 such rounds of warm-up of every pattern
 * (all patterns warm up before the first is measured) and one more of each right before it.
 */
public final class StubbedSdkComparison {
  private static final int WARMUP_ROUNDS = 5;
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private StubbedSdkComparison() {}

  /**
   * One pattern's result.
   *
   * @param pattern the benchmark method's name
   * @param implMicros dynamo-impl's median CPU time per call, µs
   * @param rawMicros the hand-written calls' median CPU time per call, µs
   * @param ratio the median of the rounds' CPU-time ratios, dynamo-impl over raw
   * @param lowRatio the lowest round's CPU-time ratio
   * @param highRatio the highest round's CPU-time ratio
   * @param wallRatio the median of the rounds' wall-clock ratios
   * @param implBytes bytes dynamo-impl allocates per call
   * @param rawBytes bytes the hand-written calls allocate per call
   */
  record Result(
      String pattern,
      double implMicros,
      double rawMicros,
      double ratio,
      double lowRatio,
      double highRatio,
      double wallRatio,
      double implBytes,
      double rawBytes) {

    double overheadMicros() {
      return implMicros - rawMicros;
    }
  }

  /**
   * Measures every pattern and prints a markdown table.
   *
   * @param args optional: rounds, then calls per round
   */
  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    int calls = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
    long start = System.nanoTime();
    List<Result> results = measure(rounds, calls, WARMUP_ROUNDS);
    System.out.print(markdown(results, rounds, calls));
    System.out.printf(Locale.ROOT, "%nTook %.0f s.%n", (System.nanoTime() - start) / 1e9);
    // DynamoDB Local, started to record the responses, leaves a non-daemon thread behind that
    // would keep the JVM alive for minutes after its server has stopped.
    System.exit(0);
  }

  /**
   * Measures every pattern.
   *
   * @param rounds measured rounds per pattern
   * @param calls calls per backend per round
   * @param warmupRounds unmeasured rounds of every pattern before any is measured
   * @return one result per pattern, in the benchmark's order
   */
  static List<Result> measure(int rounds, int calls, int warmupRounds) {
    StubbedSdkBenchmark.Recordings recordings = StubbedSdkBenchmark.Recordings.get();
    List<String> names = new ArrayList<>(StubbedSdkBenchmark.PATTERNS.keySet());
    List<Supplier<Object>> impls = new ArrayList<>();
    List<Supplier<Object>> raws = new ArrayList<>();
    for (String name : names) {
      impls.add(recordings.call(StubbedSdkBenchmark.DYNAMO_IMPL, name));
      raws.add(recordings.call(StubbedSdkBenchmark.RAW_SDK, name));
    }
    // Every pattern warms up before any is measured: the patterns share most of the SDK's code,
    // so the first one measured would otherwise run while that code is still being compiled, and
    // pay for it on one side more than the other (createUser, first, ranged up to 1.5x a round).
    for (int round = 0; round < warmupRounds; round++) {
      for (int i = 0; i < names.size(); i++) {
        run(impls.get(i), calls);
        run(raws.get(i), calls);
      }
    }
    List<Result> results = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      // One more unmeasured round each, right before its measured rounds.
      results.add(compare(names.get(i), impls.get(i), raws.get(i), rounds, calls, 1));
    }
    return results;
  }

  private static Result compare(
      String name,
      Supplier<Object> impl,
      Supplier<Object> raw,
      int rounds,
      int calls,
      int warmupRounds) {
    double[] implNanos = new double[rounds];
    double[] rawNanos = new double[rounds];
    double[] ratios = new double[rounds];
    double[] wallRatios = new double[rounds];
    long implAllocated = 0;
    long rawAllocated = 0;
    for (int round = -warmupRounds; round < rounds; round++) {
      boolean implFirst = (round & 1) == 0;
      Sample first = run(implFirst ? impl : raw, calls);
      Sample second = run(implFirst ? raw : impl, calls);
      Sample implSample = implFirst ? first : second;
      Sample rawSample = implFirst ? second : first;
      if (round >= 0) {
        implNanos[round] = implSample.cpuNanosPerCall;
        rawNanos[round] = rawSample.cpuNanosPerCall;
        ratios[round] = implSample.cpuNanosPerCall / rawSample.cpuNanosPerCall;
        wallRatios[round] = implSample.nanosPerCall / rawSample.nanosPerCall;
        implAllocated += implSample.bytes;
        rawAllocated += rawSample.bytes;
      }
    }
    double[] sortedRatios = ratios.clone();
    Arrays.sort(sortedRatios);
    long measuredCalls = (long) rounds * calls;
    return new Result(
        name,
        median(implNanos) / 1000,
        median(rawNanos) / 1000,
        median(ratios),
        sortedRatios[0],
        sortedRatios[rounds - 1],
        median(wallRatios),
        (double) implAllocated / measuredCalls,
        (double) rawAllocated / measuredCalls);
  }

  private record Sample(double nanosPerCall, double cpuNanosPerCall, long bytes) {}

  private static Sample run(Supplier<Object> call, int count) {
    long allocatedBefore = allocatedBytes();
    long cpuStart = THREADS.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    int sink = 0;
    for (int i = 0; i < count; i++) {
      sink += System.identityHashCode(call.get()) & 1;
    }
    long nanos = System.nanoTime() - start;
    long cpuNanos = THREADS.getCurrentThreadCpuTime() - cpuStart;
    long allocated = allocatedBytes() - allocatedBefore;
    if (sink < 0) {
      throw new AssertionError("unreachable");
    }
    return new Sample((double) nanos / count, (double) cpuNanos / count, allocated);
  }

  private static long allocatedBytes() {
    return THREADS.getCurrentThreadAllocatedBytes();
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /**
   * The results as a markdown table.
   *
   * @param results the results
   * @param rounds rounds per pattern
   * @param calls calls per backend per round
   * @return the table, with a line on how it was measured
   */
  static String markdown(List<Result> results, int rounds, int calls) {
    StringBuilder md = new StringBuilder();
    md.append(
        String.format(
            Locale.ROOT,
            "dynamo-impl vs hand-written SDK calls on a stubbed HTTP"
                + " client, interleaved: %d rounds of %,d calls each (after %d warm-up rounds of every"
                + " pattern); CPU time of the calling thread, median per call; wall-clock ratio beside"
                + " it.%n%n",
            rounds,
            calls,
            WARMUP_ROUNDS));
    md.append(
        "| Pattern | raw SDK µs | dynamo-impl µs | overhead µs | ratio (median) |"
            + " ratio range | wall ratio | raw SDK B/call | dynamo-impl B/call | median ≤ 1.10× |\n");
    md.append("|---|---:|---:|---:|---:|---|---:|---:|---:|---|\n");
    for (Result r : results) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %.2f | %.2f | %+.2f | %.3f× | %.3f–%.3f | %.3f× | %,.0f | %,.0f | %s |%n",
              r.pattern(),
              r.rawMicros(),
              r.implMicros(),
              r.overheadMicros(),
              r.ratio(),
              r.lowRatio(),
              r.highRatio(),
              r.wallRatio(),
              r.rawBytes(),
              r.implBytes(),
              r.ratio() <= 1.10 ? "yes" : "**no**"));
    }
    return md.toString();
  }
}
