package io.quickphotos.proptest;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Runs a property: a check that must hold for every generated value. Values come from a
 * {@link Gen} fed by a seeded {@link Choices} source; on the first failure the runner shrinks the
 * choices (deleting list elements, then runs of choices, then lowering each choice) while the
 * check keeps failing with the same exception class, and reports the seed, the minimized value
 * and the command that reruns it.
 *
 * <pre>{@code
 * Property.named("Utf8.compare agrees with bytes").cases(500)
 *     .check(pairs, pair -> assertThat(...));
 * }</pre>
 *
 * <p>System properties (Surefire passes {@code -D} options of the Maven command to the tests):
 * <ul>
 *   <li>{@code quickphotos.seed}: the seed of the first case (default: random). Case 0 runs on
 *       the seed itself and later cases on seeds drawn from it, so a failing case's own seed,
 *       given back, reruns that case first.</li>
 *   <li>{@code quickphotos.cases}: the number of cases of every property, overriding each
 *       property's default; {@code quickphotos.cases.<name>} for one property.</li>
 *   <li>{@code quickphotos.shrinks}: the most reruns spent shrinking a failure (default 2,000).</li>
 *   <li>{@code quickphotos.caseTimeout}: seconds one case may run before it counts as hung
 *       (default 600, 0 for no limit): its seed and every thread's stack are printed and the JVM
 *       stops, rather than the build waiting for its runner's limit ({@link CaseWatch}).</li>
 * </ul>
 *
 * <p>At the end a passing property prints one line to standard output, so that the count shows
 * in the build log: {@code PROPERTY <name>: <n> cases, seed <seed>}.
 *
 * <p>A runner is used by one thread; the check it runs may start threads of its own.
 */
public final class Property {
  /** How long shrinking one failure may take before the best case so far is reported. */
  private static final long SHRINK_NANOS = 120_000_000_000L;

  private final String name;
  private int defaultCases = 100;
  private java.io.PrintStream out = System.out;
  private java.time.Duration caseLimit = CaseWatch.configuredLimit();
  private java.util.function.Consumer<String> onHang = CaseWatch.HALT;

  private Property(String name) {
    this.name = Objects.requireNonNull(name, "name");
  }

  /**
   * A property with a name for the build log and for {@code quickphotos.cases.<name>}.
   *
   * @param name the name, e.g. {@code EngineAgreementTest.bothEnginesPageTheSameWay}
   * @return the property, with 100 cases unless {@link #cases} says otherwise
   */
  public static Property named(String name) {
    return new Property(name);
  }

  /**
   * The number of cases when no system property overrides it.
   *
   * @param cases the default number of cases, at least 1
   * @return this property
   */
  public Property cases(int cases) {
    if (cases < 1) {
      throw new IllegalArgumentException("cases must be at least 1: " + cases);
    }
    this.defaultCases = cases;
    return this;
  }

  /** Where the PROPERTY line and failure reports go (standard output unless a test says). */
  Property output(java.io.PrintStream out) {
    this.out = Objects.requireNonNull(out, "out");
    return this;
  }

  /** How long one case may run before it counts as hung, and what then (tests of the watch). */
  Property onHang(java.time.Duration limit, java.util.function.Consumer<String> action) {
    this.caseLimit = limit;
    this.onHang = Objects.requireNonNull(action, "action");
    return this;
  }

  /**
   * Discards the current case (it counts neither as passed nor as failed) unless
   * {@code condition} holds.
   *
   * @param condition what the case needs
   */
  public static void assume(boolean condition) {
    if (!condition) {
      throw new Rejected("assumption failed");
    }
  }

  /** A check over one generated value. */
  @FunctionalInterface
  public interface Check<T> {
    /**
     * Checks one value.
     *
     * @param value the value
     * @throws Throwable when the property does not hold
     */
    void check(T value) throws Throwable;
  }

  /**
   * Runs {@code check} on the configured number of generated values and prints the
   * {@code PROPERTY} line; on a failure shrinks it and throws.
   *
   * @param gen the generator
   * @param check the check
   * @param <T> the value type
   * @return the number of cases run
   * @throws AssertionError with the seed, the minimized value and the rerun command, caused by
   *     the minimized case's failure
   */
  public <T> int check(Gen<T> gen, Check<? super T> check) {
    String rerun = rerunCommand();
    int cases = cases();
    long seed = seed();
    SplittableRandom seeds = new SplittableRandom(seed);
    int passed = 0;
    int rejected = 0;
    long caseSeed = seed;
    while (passed < cases) {
      Choices choices = Choices.random(caseSeed);
      Result<T> result = run(gen, check, choices, "case seed " + caseSeed);
      if (result.failure() != null) {
        throw failure(gen, check, passed, seed, caseSeed, result, choices, rerun);
      }
      if (result.rejected()) {
        if (++rejected > 10 * cases) {
          throw new AssertionError(
              "property "
                  + name
                  + ": "
                  + rejected
                  + " cases rejected by filters or assumptions, only "
                  + passed
                  + " passed");
        }
      } else {
        passed++;
      }
      caseSeed = seeds.nextLong();
    }
    out.println("PROPERTY " + name + ": " + passed + " cases, seed " + seed);
    return passed;
  }

  private record Result<T>(T value, Throwable failure, boolean rejected) {}

  private <T> Result<T> run(Gen<T> gen, Check<? super T> check, Choices choices, String what) {
    try (CaseWatch watch = CaseWatch.start(name + ", " + what, caseLimit, out, onHang)) {
      return run(gen, check, choices);
    }
  }

  private static <T> Result<T> run(Gen<T> gen, Check<? super T> check, Choices choices) {
    T value;
    try {
      value = gen.generate(choices);
    } catch (Rejected | Choices.Exhausted e) {
      return new Result<>(null, null, true);
    }
    try {
      check.check(value);
      return new Result<>(value, null, false);
    } catch (Rejected e) {
      return new Result<>(value, null, true);
    } catch (Throwable e) {
      if (e instanceof VirtualMachineError error) {
        throw error;
      }
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return new Result<>(value, e, false);
    }
  }

  private <T> AssertionError failure(
      Gen<T> gen,
      Check<? super T> check,
      int passed,
      long seed,
      long caseSeed,
      Result<T> first,
      Choices choices,
      String rerun) {
    Class<?> kind = first.failure().getClass();
    long[] best = choices.recorded();
    List<Choices.Span> spans = choices.spans();
    Result<T> bestResult = first;
    int runs = 0;
    int budget = Integer.getInteger("quickphotos.shrinks", 2_000);
    long deadline = System.nanoTime() + SHRINK_NANOS;
    boolean improved = true;
    while (improved && runs < budget && System.nanoTime() < deadline) {
      improved = false;
      for (long[] candidate : candidates(best, spans)) {
        if (runs >= budget || System.nanoTime() >= deadline) {
          break;
        }
        if (!simpler(candidate, best)) {
          continue;
        }
        runs++;
        Choices replay = Choices.replay(candidate);
        Result<T> result =
            run(gen, check, replay, "shrinking the failure of case seed " + caseSeed);
        if (result.failure() != null
            && result.failure().getClass() == kind
            && simpler(replay.recorded(), best)) {
          best = replay.recorded();
          spans = replay.spans();
          bestResult = result;
          improved = true;
          break;
        }
      }
    }
    String report =
        "PROPERTY "
            + name
            + ": FAILED after "
            + passed
            + " passing cases, seed "
            + seed
            + "\n  failing case seed "
            + caseSeed
            + ", minimized in "
            + runs
            + " reruns to:\n"
            + describe(bestResult.value())
            + "\n  failure: "
            + bestResult.failure()
            + "\n  rerun: "
            + rerun
            + " -Dquickphotos.seed="
            + caseSeed;
    out.println(report);
    return new AssertionError(report, bestResult.failure());
  }

  /**
   * Smaller choice sequences to try, most promising first: without one list element (a history
   * step), without a run of choices, with one choice lowered.
   */
  private static List<long[]> candidates(long[] choices, List<Choices.Span> spans) {
    List<long[]> candidates = new ArrayList<>();
    for (int i = spans.size() - 1; i >= 0; i--) {
      Choices.Span span = spans.get(i);
      long[] without = delete(choices, span.start(), span.end());
      without[span.lengthChoice()]--;
      candidates.add(without);
    }
    for (int size : new int[] {8, 4, 2, 1}) {
      for (int start = choices.length - size; start >= 0; start--) {
        candidates.add(delete(choices, start, start + size));
      }
    }
    for (int i = 0; i < choices.length; i++) {
      if (choices[i] > 0) {
        for (long lower : new long[] {0, choices[i] / 2, choices[i] - 1}) {
          if (lower < choices[i]) {
            long[] smaller = choices.clone();
            smaller[i] = lower;
            candidates.add(smaller);
          }
        }
      }
    }
    return candidates;
  }

  private static long[] delete(long[] choices, int from, int to) {
    long[] result = new long[choices.length - (to - from)];
    System.arraycopy(choices, 0, result, 0, from);
    System.arraycopy(choices, to, result, from, choices.length - to);
    return result;
  }

  /** Shortlex order: fewer choices, or as many and lower at the first difference. */
  private static boolean simpler(long[] a, long[] b) {
    return a.length != b.length ? a.length < b.length : Arrays.compare(a, b) < 0;
  }

  private static String describe(Object value) {
    if (value instanceof List<?> list) {
      StringBuilder s = new StringBuilder("    " + list.size() + " elements");
      for (int i = 0; i < list.size(); i++) {
        s.append("\n    ").append(i).append(": ").append(list.get(i));
      }
      return s.toString();
    }
    return "    " + value;
  }

  private int cases() {
    Integer specific = Integer.getInteger("quickphotos.cases." + name);
    if (specific != null) {
      return specific;
    }
    return Integer.getInteger("quickphotos.cases", defaultCases);
  }

  private static long seed() {
    String given = System.getProperty("quickphotos.seed");
    return given == null || given.isBlank()
        ? new SecureRandom().nextLong()
        : Long.parseLong(given.strip());
  }

  private static boolean isTestMethod(StackWalker.StackFrame frame) {
    return Arrays.stream(frame.getDeclaringClass().getDeclaredMethods())
        .filter(m -> m.getName().equals(frame.getMethodName()))
        .flatMap(m -> Arrays.stream(m.getAnnotations()))
        .anyMatch(a -> a.annotationType().getName().equals("org.junit.jupiter.api.Test"));
  }

  /** The Maven command that runs the calling test method alone, from the repository root. */
  private static String rerunCommand() {
    StackWalker.StackFrame caller =
        StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
            .walk(
                frames -> {
                  List<StackWalker.StackFrame> list = frames.toList();
                  return list.stream()
                      .filter(Property::isTestMethod)
                      .findFirst()
                      .orElse(list.get(list.size() - 1));
                });
    String className = caller.getClassName();
    String simpleName = className.substring(className.lastIndexOf('.') + 1);
    int nested = simpleName.indexOf('$');
    String testClass = nested < 0 ? simpleName : simpleName.substring(0, nested);
    String module = java.nio.file.Path.of(System.getProperty("user.dir")).getFileName().toString();
    return "./mvnw -B -ntp -o verify -pl "
        + module
        + " -am -Dtest="
        + testClass
        + "#"
        + caller.getMethodName()
        + " -Dsurefire.failIfNoSpecifiedTests=false";
  }
}
