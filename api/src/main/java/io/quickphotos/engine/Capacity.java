package io.quickphotos.engine;

/**
 * Capacity units one or more requests consumed, table and indexes together.
 *
 * @param read read capacity units
 * @param write write capacity units
 */
public record Capacity(double read, double write) {

  /** Nothing consumed. */
  public static final Capacity ZERO = new Capacity(0, 0);

  /**
   * The sum of two amounts.
   *
   * @param other another amount
   * @return this plus {@code other}
   */
  public Capacity plus(Capacity other) {
    return new Capacity(read + other.read, write + other.write);
  }
}
