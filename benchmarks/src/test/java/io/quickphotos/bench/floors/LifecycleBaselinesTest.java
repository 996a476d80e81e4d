package io.quickphotos.bench.floors;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.patterns.BenchmarkBackend;
import io.quickphotos.bench.patterns.BenchmarkTarget;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lifecycle benchmarks compare like with like: each baseline returns what the repository
 * returns, and the raw-SDK baseline makes the same requests at the same capacity as the DynamoDB
 * backend on DynamoDB Local. Each call undoes itself, so running them twice gives the same.
 */
class LifecycleBaselinesTest {

  /** Runs every lifecycle operation of the facade on the first ring slots, twice. */
  private static List<Object> run(BenchmarkTarget backend, DataSet data) {
    List<Object> results = new ArrayList<>();
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 3; i++) {
        results.add(backend.isFollowing(data.follower.username(), data.followedRing[i]));
        results.add(backend.reactionsLeftBy(data.reactor.username(), data.photoRing[i]));
        results.add(
            backend
                .reactAndRemove(data.reactor.username(), data.photoRing[i], data.typeRing[i])
                .type());
        results.add(backend.reactionsLeftBy(data.reactor.username(), data.photoRing[i]));
        results.add(backend.getPhoto(data.photoRing[i]));
        results.add(backend.uploadThenDeletePhoto(data.newPhotoRing[i], data.newLocationRing[i]));
        results.add(backend.getPhoto(data.newPhotoRing[i]));
        results.add(backend.createThenDeleteUser(data.newUserRing[i]));
        results.add(backend.getUser(data.newUserRing[i].username()));
        results.add(backend.userWithPhotos(data.userRing[i]).user());
        results.add(backend.userWithPhotos(data.userRing[i]).photos().items());
      }
    }
    return results;
  }

  @Test
  void collectionsReturnWhatTheMemoryBackendReturns() {
    DataSet data = DataSet.of(1000);
    try (BenchmarkTarget memory = BenchmarkBackend.of("memory").open(data);
        BenchmarkTarget collections = BenchmarkBackend.of("collections").open(data)) {
      assertThat(run(collections, data)).isEqualTo(run(memory, data));
    }
  }

  @Test
  void rawSdkCallsCostWhatTheDynamoDbBackendCosts() {
    DataSet data = DataSet.of(1000);
    try (BenchmarkTarget dynamo = BenchmarkBackend.of("dynamodb-local").open(data)) {
      dynamo.costs().clear();
      List<Object> expected = run(dynamo, data);
      long requests = dynamo.costs().requests;
      double read = dynamo.costs().readUnits;
      double write = dynamo.costs().writeUnits;
      try (BenchmarkTarget raw = BenchmarkBackend.of("raw-sdk").open(data)) {
        raw.costs().clear();
        assertThat(run(raw, data)).isEqualTo(expected);
        assertThat(raw.costs().requests).isEqualTo(requests);
        assertThat(raw.costs().readUnits).isEqualTo(read);
        assertThat(raw.costs().writeUnits).isEqualTo(write);
      }
    }
  }
}
