package io.quickphotos.internal.singletable.plan;

import java.util.Objects;

/**
 * The name of one step of a {@link WritePlan}: what a caller asks a cancelled transaction about
 * ("did the friendship's condition fail? what did the counter's item hold?"), so that the order of
 * a plan's actions is the plan's own business. Steps repeated over a list (one per link of a
 * cascade) are told apart by an index. Immutable.
 *
 * @param name what the step does to which item, e.g. {@code "friendship"}
 * @param index the step's place among the steps of that name, 0 for a step that is not repeated
 */
public record StepName(String name, int index) {
  /**
   * Checks the name.
   *
   * @param name what the step does
   * @param index its place among the steps of that name
   */
  public StepName {
    Objects.requireNonNull(name, "name");
    if (index < 0) {
      throw new IllegalArgumentException("index must not be negative: " + index);
    }
  }

  /**
   * A step that is not repeated.
   *
   * @param name what the step does
   * @return the name
   */
  public static StepName of(String name) {
    return new StepName(name, 0);
  }

  /**
   * The {@code index}th step of this name, for steps repeated over a list.
   *
   * @param index 0 for the first
   * @return the name
   */
  public StepName at(int index) {
    return index == this.index ? this : new StepName(name, index);
  }

  /**
   * The first {@code count} steps of one name, for a caller that names the steps of every
   * transaction it sends: made once, not once a transaction.
   *
   * @param name what the steps do
   * @param count how many
   * @return the names, by index
   */
  public static StepName[] series(String name, int count) {
    StepName[] series = new StepName[count];
    for (int i = 0; i < count; i++) {
      series[i] = new StepName(name, i);
    }
    return series;
  }

  @Override
  public String toString() {
    return index == 0 ? name : name + "[" + index + "]";
  }
}
