package io.quickphotos.bench;

import io.quickphotos.Page;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;

/**
 * The alternative request shapes of two access patterns, each returning what the access pattern
 * returns, so the shapes can be compared by time and by cost:
 *
 * <ul>
 *   <li>a user and their photos: one Query over the user's item collection (the design), or a
 *       GetItem of the profile then a Query of the photos alone;
 *   <li>the users a user follows: an inverted-index Query then one BatchGetItem of the profiles
 *       (the design), the same Query then one GetItem per profile, or one inverted-index Query of
 *       profile copies denormalized onto per-follow items.
 * </ul>
 *
 * <p>The denormalized copies are extra items ({@code USER#<followed>},
 * {@code #FOLLOWS#<follower>}) loaded only for these benchmarks; every other shape reads the same
 * items as the repository. Used by one thread at a time.
 */
interface QueryShapes extends AutoCloseable {

  /**
   * One Query: {@code PK = USER#u AND SK BETWEEN #METADATA#u AND PHOTO$}, newest first.
   *
   * @param username an existing user
   * @return the profile and the first page of photos
   */
  UserPhotos userAndPhotosInOneQuery(String username);

  /**
   * GetItem of the profile, then Query {@code PK = USER#u AND begins_with(SK, PHOTO#u#)}.
   *
   * @param username an existing user
   * @return the profile and the first page of photos
   */
  UserPhotos userThenPhotos(String username);

  /**
   * Query the inverted index {@code SK = #FRIEND#u}, then one BatchGetItem of the profiles.
   *
   * @param username an existing user
   * @return the followed users' profiles
   */
  Page<User> followedByBatchGet(String username);

  /**
   * Query the inverted index {@code SK = #FRIEND#u}, then one GetItem per profile.
   *
   * @param username an existing user
   * @return the followed users' profiles
   */
  Page<User> followedByGetEach(String username);

  /**
   * Query the inverted index {@code SK = #FOLLOWS#u}: the profile copies, nothing else.
   *
   * @param username an existing user
   * @return the followed users' profiles, as copied when the data was loaded
   */
  Page<User> followedByDenormalized(String username);

  /**
   * Where the shapes report what their requests cost.
   *
   * @return the tally
   */
  CostTally costs();

  /** Releases the engine: stops DynamoDB Local where there is one. */
  @Override
  void close();

  /**
   * Loads a data set and the denormalized copies into the engine a parameter names.
   *
   * @param backend {@code memory} or {@code dynamodb-local}: which engine's Table SPI
   * @param data the data set
   * @return the loaded shapes, cost tally cleared
   */
  static QueryShapes open(String backend, DataSet data) {
    QueryShapes shapes = switch (BenchmarkBackend.of(backend)) {
      case MEMORY -> TableShapes.memory(data);
      case DYNAMODB_LOCAL -> TableShapes.dynamoDbLocal(data);
      default -> throw new IllegalArgumentException("the query shapes run on the engines, memory"
          + " and dynamodb-local, not on " + backend);
    };
    shapes.costs().clear();
    return shapes;
  }
}
