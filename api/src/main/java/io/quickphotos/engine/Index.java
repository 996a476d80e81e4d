package io.quickphotos.engine;

/** Where a query reads: the table itself or its one global secondary index. */
public enum Index {
  /** The table: partition key {@code PK}, sort key {@code SK}. */
  TABLE(null),
  /** The GSI {@code InvertedIndex}: partition key {@code SK}, sort key {@code PK}, projection ALL. */
  INVERTED(Limits.INVERTED_INDEX_NAME);

  private final String indexName;

  Index(String indexName) {
    this.indexName = indexName;
  }

  /**
   * The DynamoDB index name.
   *
   * @return the GSI name, or null for the table
   */
  public String indexName() {
    return indexName;
  }

  /**
   * The attribute that is this index's partition key.
   *
   * @return {@code PK} or {@code SK}
   */
  public String partitionAttribute() {
    return this == TABLE ? Item.PK : Item.SK;
  }

  /**
   * The attribute that is this index's sort key.
   *
   * @return {@code SK} or {@code PK}
   */
  public String sortAttribute() {
    return this == TABLE ? Item.SK : Item.PK;
  }
}
