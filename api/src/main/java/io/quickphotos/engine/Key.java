package io.quickphotos.engine;

import java.util.Objects;

/**
 * The primary key of an item in the table: partition key {@code PK} and sort key {@code SK}.
 * On the inverted index the same two attributes serve with their roles swapped, so a key also
 * identifies a position there.
 *
 * @param pk the partition key value
 * @param sk the sort key value
 */
public record Key(String pk, String sk) {

  /**
   * Creates a key.
   *
   * @param pk the partition key value, not null
   * @param sk the sort key value, not null
   */
  public Key {
    Objects.requireNonNull(pk, "pk");
    Objects.requireNonNull(sk, "sk");
  }

  /**
   * This key's partition value on {@code index}.
   *
   * @param index the table or the inverted index
   * @return {@code pk} on the table, {@code sk} on the inverted index
   */
  public String partitionOn(Index index) {
    return index == Index.TABLE ? pk : sk;
  }

  /**
   * This key's sort value on {@code index}.
   *
   * @param index the table or the inverted index
   * @return {@code sk} on the table, {@code pk} on the inverted index
   */
  public String sortOn(Index index) {
    return index == Index.TABLE ? sk : pk;
  }
}
