package io.quickphotos.proptest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The one source of randomness a {@link Gen} may use: a sequence of bounded choices. A fresh
 * source draws them from a seeded random generator and records them; a replaying source reads a
 * recorded (and possibly shrunk) sequence back. Shrinking therefore works on the choices, not on
 * the generated values, so every generator shrinks, including mapped and dependent ones: a
 * smaller choice means a smaller number, an earlier alternative, a shorter list.
 *
 * <p>Lists mark each element's choices as a span and remember which choice holds their length,
 * so that the shrinker can delete whole elements (whole steps of a history) at once.
 *
 * <p>Not thread-safe: one source feeds one generation.
 */
public final class Choices {
  /** Raised when a replayed sequence cannot produce a value: the candidate is discarded. */
  static final class Exhausted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Exhausted() {
      super("the choice sequence ran out", null, false, false);
    }
  }

  /** The choices of one list element, and the choice that counts the list's elements. */
  record Span(int start, int end, int lengthChoice) {}

  /** How far past its end a replayed sequence may be read (as zeros) before it is given up. */
  private static final int OVERRUN = 1_000;

  private final SplittableRandom random;
  private final long[] replay;
  private final List<Long> drawn = new ArrayList<>();
  private final List<Span> spans = new ArrayList<>();
  private int overrun;

  private Choices(SplittableRandom random, long[] replay) {
    this.random = random;
    this.replay = replay;
  }

  static Choices random(long seed) {
    return new Choices(new SplittableRandom(seed), null);
  }

  static Choices replay(long[] choices) {
    return new Choices(null, choices.clone());
  }

  /**
   * A choice in {@code [0, bound)}. Replayed values at or past the bound are clamped to
   * {@code bound - 1}; past the end of a replayed sequence every choice is 0.
   *
   * @param bound the exclusive upper bound, at least 1
   * @return the choice
   */
  public long draw(long bound) {
    if (bound < 1) {
      throw new IllegalArgumentException("bound must be at least 1: " + bound);
    }
    long value;
    if (replay == null) {
      value = random.nextLong(bound);
    } else if (drawn.size() < replay.length) {
      value = Math.min(Math.max(replay[drawn.size()], 0), bound - 1);
    } else {
      if (++overrun > OVERRUN) {
        throw new Exhausted();
      }
      value = 0;
    }
    drawn.add(value);
    return value;
  }

  /**
   * A list length. Generation draws it in {@code [min, max]}; a replayed length may be anything
   * in {@code [shrinkMin, max]}, so that shrinking can go below what generation would produce
   * (a history shorter than any generated one is still a history).
   */
  int drawLength(int min, int max, int shrinkMin) {
    long value;
    if (replay == null) {
      value = min + random.nextLong(max - min + 1L);
    } else if (drawn.size() < replay.length) {
      value = Math.min(Math.max(replay[drawn.size()], shrinkMin), max);
    } else {
      if (++overrun > OVERRUN) {
        throw new Exhausted();
      }
      value = shrinkMin;
    }
    drawn.add(value);
    return (int) value;
  }

  /** The index the next choice will have. */
  int position() {
    return drawn.size();
  }

  void span(int start, int lengthChoice) {
    spans.add(new Span(start, drawn.size(), lengthChoice));
  }

  long[] recorded() {
    return drawn.stream().mapToLong(Long::longValue).toArray();
  }

  List<Span> spans() {
    return List.copyOf(spans);
  }

  @Override
  public String toString() {
    return "Choices" + Arrays.toString(recorded());
  }
}
