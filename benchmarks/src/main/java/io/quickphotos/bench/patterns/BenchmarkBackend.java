package io.quickphotos.bench.patterns;

import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.floors.CollectionsBackend;
import io.quickphotos.bench.floors.RawSdk;
import java.util.Arrays;

/**
 * The values of the benchmarks' {@code backend} parameter: the two backends and the baseline
 * beside each.
 */
public enum BenchmarkBackend {
  /** The in-memory backend: the repository on a {@code MemoryTable}. */
  MEMORY("memory"),
  /** The same logical work on bare JDK collections: the floor for {@link #MEMORY}. */
  COLLECTIONS("collections"),
  /** The DynamoDB backend: the repository on a {@code DynamoTable}, DynamoDB Local in this JVM. */
  DYNAMODB_LOCAL("dynamodb-local"),
  /** Hand-written SDK requests on DynamoDB Local: the floor for {@link #DYNAMODB_LOCAL}. */
  RAW_SDK("raw-sdk");

  private final String parameter;

  BenchmarkBackend(String parameter) {
    this.parameter = parameter;
  }

  /**
   * The backend a parameter value names.
   *
   * @param parameter e.g. {@code dynamodb-local}
   * @return the backend
   * @throws IllegalArgumentException if no backend has that name
   */
  public static BenchmarkBackend of(String parameter) {
    for (BenchmarkBackend type : values()) {
      if (type.parameter.equals(parameter)) {
        return type;
      }
    }
    throw new IllegalArgumentException(
        "unknown backend "
            + parameter
            + "; expected one of "
            + Arrays.stream(values()).map(t -> t.parameter).toList());
  }

  /**
   * Loads a data set into a new instance of this backend.
   *
   * @param data the data set
   * @return the loaded backend, its cost tally cleared
   */
  public BenchmarkTarget open(DataSet data) {
    BenchmarkTarget target =
        switch (this) {
          case MEMORY -> RepositoryBackend.memory(data);
          case COLLECTIONS -> new CollectionsBackend(data);
          case DYNAMODB_LOCAL -> RepositoryBackend.dynamoDbLocal(data);
          case RAW_SDK -> RawSdk.onDynamoDbLocal(data);
        };
    target.costs().clear();
    return target;
  }

  @Override
  public String toString() {
    return parameter;
  }
}
