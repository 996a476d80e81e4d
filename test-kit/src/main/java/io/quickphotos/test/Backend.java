package io.quickphotos.test;

/** The backends the kit runs tests on. */
public enum Backend {
  /** The in-memory engine: fast, with fault scripting and throughput limits. */
  MEMORY("memory"),
  /** DynamoDB Local in the test JVM, started once per JVM, a fresh table per test. */
  DYNAMODB_LOCAL("DynamoDB Local");

  private final String displayName;

  Backend(String displayName) {
    this.displayName = displayName;
  }

  /**
   * The name tests are shown under.
   *
   * @return "memory" or "DynamoDB Local"
   */
  public String displayName() {
    return displayName;
  }
}
