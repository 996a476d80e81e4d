package io.quickphotos;

/** The order in which a user's photos are listed. */
public enum SortOrder {
  /** Latest timestamp first; the query reads the partition backwards. */
  NEWEST_FIRST,
  /** Earliest timestamp first; the query reads the partition forwards. */
  OLDEST_FIRST
}
