package io.quickphotos.proptest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A generator of random values, written as a function of a {@link Choices} source. Everything it
 * draws goes through that source, so a value is reproducible from its seed and shrinks by
 * shrinking the choices: numbers towards their lower bound, alternatives towards the first one
 * listed, lists towards fewer elements. Order alternatives and bounds so that the first and
 * the lowest are the simplest.
 *
 * <p>Generators are plain lambdas: {@code c -> new Point(x.generate(c), y.generate(c))}
 * combines two. Stateless generators are thread-safe; a {@link Choices} is not.
 *
 * @param <T> the generated type
 */
@FunctionalInterface
public interface Gen<T> {

  /**
   * Generates one value.
   *
   * @param choices where every random decision comes from
   * @return the value
   */
  T generate(Choices choices);

  /**
   * This generator's values passed through {@code f}; shrinks as this generator does.
   *
   * @param f the mapping
   * @param <R> the mapped type
   * @return the mapped generator
   */
  default <R> Gen<R> map(Function<? super T, ? extends R> f) {
    return c -> f.apply(generate(c));
  }

  /**
   * A generator chosen by this generator's value, e.g. an index below a generated size.
   *
   * @param f picks the next generator
   * @param <R> the resulting type
   * @return the dependent generator
   */
  default <R> Gen<R> flatMap(Function<? super T, ? extends Gen<? extends R>> f) {
    return c -> f.apply(generate(c)).generate(c);
  }

  /**
   * Only the values that pass {@code accept}; after 100 refused values the case is discarded.
   *
   * @param accept the test
   * @return the filtered generator
   */
  default Gen<T> filter(Predicate<? super T> accept) {
    return c -> {
      for (int attempt = 0; attempt < 100; attempt++) {
        T value = generate(c);
        if (accept.test(value)) {
          return value;
        }
      }
      throw new Rejected("filter refused 100 values");
    };
  }

  /**
   * Lists of {@code min} to {@code max} elements; they shrink by whole elements, never below
   * {@code min}.
   *
   * @param min the fewest elements
   * @param max the most elements
   * @return the list generator
   */
  default Gen<List<T>> list(int min, int max) {
    return listOf(this, min, max, min, false);
  }

  /**
   * Lists of exactly {@code size} elements.
   *
   * @param size the number of elements
   * @return the list generator
   */
  default Gen<List<T>> list(int size) {
    return list(size, size);
  }

  /**
   * Lists of {@code min} to {@code max} distinct elements (by {@code equals}); fewer, but at
   * least {@code min}, when the element generator has too few distinct values.
   *
   * @param min the fewest elements
   * @param max the most elements
   * @return the list generator
   */
  default Gen<List<T>> uniqueList(int min, int max) {
    return listOf(this, min, max, min, true);
  }

  /**
   * Sequences of {@code min} to {@code max} steps, e.g. operation histories: generation never
   * makes fewer than {@code min}, but shrinking may remove steps down to none, so that a failure
   * is reported with the shortest history that still fails.
   *
   * @param min the fewest steps generated
   * @param max the most steps
   * @return the sequence generator
   */
  default Gen<List<T>> steps(int min, int max) {
    return listOf(this, min, max, 0, false);
  }

  private static <T> Gen<List<T>> listOf(
      Gen<T> element, int min, int max, int shrinkMin, boolean unique) {
    if (min < 0 || max < min) {
      throw new IllegalArgumentException("bad list bounds " + min + ".." + max);
    }
    return c -> {
      int lengthChoice = c.position();
      int size = c.drawLength(min, max, shrinkMin);
      List<T> values = new ArrayList<>(size);
      Set<T> seen = unique ? new HashSet<>() : Set.of();
      for (int attempt = 0; values.size() < size && attempt < 20 * size + 20; attempt++) {
        int start = c.position();
        T value = element.generate(c);
        if (!unique || seen.add(value)) {
          values.add(value);
          c.span(start, lengthChoice);
        }
      }
      if (values.size() < shrinkMin) {
        throw new Rejected(
            "only " + values.size() + " distinct elements, at least " + min + " wanted");
      }
      return values;
    };
  }

  /**
   * Integers in {@code [min, max]}, shrinking towards {@code min}.
   *
   * @param min the least value
   * @param max the greatest value
   * @return the generator
   */
  static Gen<Integer> integers(int min, int max) {
    return longs(min, max).map(Long::intValue);
  }

  /**
   * Longs in {@code [min, max]}, shrinking towards {@code min}.
   *
   * @param min the least value
   * @param max the greatest value, less than {@code min + Long.MAX_VALUE}
   * @return the generator
   */
  static Gen<Long> longs(long min, long max) {
    if (max < min || max - min < 0 || max - min == Long.MAX_VALUE) {
      throw new IllegalArgumentException("bad range " + min + ".." + max);
    }
    return c -> min + c.draw(max - min + 1);
  }

  /**
   * {@code false} or {@code true}, shrinking to {@code false}.
   *
   * @return the generator
   */
  static Gen<Boolean> booleans() {
    return c -> c.draw(2) == 1;
  }

  /**
   * Always {@code value}.
   *
   * @param value the value
   * @param <T> its type
   * @return the generator
   */
  static <T> Gen<T> constant(T value) {
    return c -> value;
  }

  /**
   * One of {@code values}, uniformly, shrinking towards the first.
   *
   * @param values the candidates, at least one
   * @param <T> their type
   * @return the generator
   */
  static <T> Gen<T> of(List<? extends T> values) {
    List<? extends T> copy = List.copyOf(values);
    if (copy.isEmpty()) {
      throw new IllegalArgumentException("no values to choose from");
    }
    return c -> copy.get((int) c.draw(copy.size()));
  }

  /**
   * One of {@code values}, uniformly, shrinking towards the first.
   *
   * @param values the candidates, at least one
   * @param <T> their type
   * @return the generator
   */
  @SafeVarargs
  static <T> Gen<T> of(T... values) {
    List<T> list = new ArrayList<>(values.length);
    for (T value : values) {
      list.add(value);
    }
    return of(list);
  }

  /**
   * One of an enum's constants, shrinking towards the first declared.
   *
   * @param type the enum
   * @param <E> its type
   * @return the generator
   */
  static <E extends Enum<E>> Gen<E> of(Class<E> type) {
    return of(Arrays.asList(type.getEnumConstants()));
  }

  /**
   * A value of one of {@code gens}, picked uniformly, shrinking towards the first.
   *
   * @param gens the alternatives
   * @param <T> the common type
   * @return the generator
   */
  @SafeVarargs
  static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
    List<Gen<? extends T>> alternatives = new ArrayList<>(gens.length);
    for (Gen<? extends T> gen : gens) {
      alternatives.add(gen);
    }
    return c -> alternatives.get((int) c.draw(alternatives.size())).generate(c);
  }

  /**
   * A generator with a weight, for {@link #frequency}.
   *
   * @param weight the relative frequency, at least 1
   * @param gen the generator
   * @param <T> the generated type
   */
  record Weighted<T>(int weight, Gen<? extends T> gen) {
    /**
     * Checks the weight.
     *
     * @param weight the relative frequency, at least 1
     * @param gen the generator
     */
    public Weighted {
      if (weight < 1) {
        throw new IllegalArgumentException("weight must be at least 1: " + weight);
      }
    }
  }

  /**
   * A weighted alternative.
   *
   * @param weight the relative frequency, at least 1
   * @param gen the generator
   * @param <T> the generated type
   * @return the alternative
   */
  static <T> Weighted<T> weighted(int weight, Gen<? extends T> gen) {
    return new Weighted<>(weight, gen);
  }

  /**
   * A value of one of the alternatives, picked with their relative weights, shrinking towards
   * the first.
   *
   * @param alternatives the weighted generators
   * @param <T> the common type
   * @return the generator
   */
  @SafeVarargs
  static <T> Gen<T> frequency(Weighted<? extends T>... alternatives) {
    List<Weighted<? extends T>> list = new ArrayList<>(alternatives.length);
    for (Weighted<? extends T> alternative : alternatives) {
      list.add(alternative);
    }
    long total = list.stream().mapToLong(Weighted::weight).sum();
    return c -> {
      long pick = c.draw(total);
      for (Weighted<? extends T> alternative : list) {
        if (pick < alternative.weight()) {
          return alternative.gen().generate(c);
        }
        pick -= alternative.weight();
      }
      throw new AssertionError("unreachable");
    };
  }
}
