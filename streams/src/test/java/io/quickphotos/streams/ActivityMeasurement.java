package io.quickphotos.streams;

import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.Snapshot;
import io.quickphotos.Visibility;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;

/**
 * What the activity inbox costs and how far it lags, on memory and on DynamoDB Local: each
 * call's cost and its delivery's (follow, reaction, view, upload to 11, 999 and 1,000 followers,
 * the follow that switches an author to pulling),
 * a page of an inbox and the unread count, and the lag from a reaction's return to its entry
 * written by the handler (median, p99, a background poller pausing 1 ms). Not part of {@code
 * ./mvnw verify} (the class name matches no test pattern); run it with
 *
 * <pre>
 * ./mvnw -B -ntp verify -pl api,memory-impl,dynamo-impl,dynamo-local,streams \
 *     -Dtest=ActivityMeasurement -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * and read the {@code MEASURED} lines. The costs are the cost listener's and the same on every
 * machine; the lag is wall-clock time of one machine.
 */
class ActivityMeasurement {
  private static final int LAG_WRITES = 300;

  @Test
  void costsOnMemory() {
    List<OperationCost> costs = new CopyOnWriteArrayList<>();
    costs("memory", Backends.memory(Clock.systemUTC(), costs::add), costs);
  }

  @Test
  void costsOnDynamoDbLocal() {
    List<OperationCost> costs = new CopyOnWriteArrayList<>();
    try (DynamoDbLocal local = DynamoDbLocal.start()) {
      costs("DynamoDB Local", Backends.dynamoLocal(local, Clock.systemUTC(), costs::add), costs);
    }
  }

  @Test
  void lagOnMemory() throws Exception {
    lag("memory", Backends.memory(Clock.systemUTC()));
  }

  @Test
  void lagOnDynamoDbLocal() throws Exception {
    try (DynamoDbLocal local = DynamoDbLocal.start()) {
      lag("DynamoDB Local", Backends.dynamoLocal(local, Clock.systemUTC()));
    }
  }

  private static void costs(String name, Backends backend, List<OperationCost> costs) {
    QuickPhotos photos = backend.photos();
    List<NewUser> users = new ArrayList<>();
    List<Follow> follows = new ArrayList<>();
    Instant now = Instant.now();
    users.add(Story.user("star", Visibility.PUBLIC));
    users.add(Story.user("ann", Visibility.PUBLIC));
    for (int i = 0; i < 1_000; i++) {
      users.add(Story.user("fan" + i, Visibility.PUBLIC));
      if (i < 999) {
        follows.add(new Follow("fan" + i, "star", now));
      }
      if (i < 10) {
        follows.add(new Follow("fan" + i, "ann", now));
      }
    }
    photos.importSnapshot(new Snapshot(users, List.of(), follows, List.of()), n -> {});
    StreamPoller poller =
        StreamPoller.builder(backend.streams(), backend.streamArn(), ActivityInbox.of(photos))
            .build();
    poller.drain();
    costs.clear();

    photos.follow("fan500", "ann");
    report(name, "follow", costs, poller);
    PhotoId photo = photos.uploadPhoto("ann", Instant.now(), "https://example.com/1.jpg").id();
    report(name, "upload, 11 followers", costs, poller);
    photos.reactTo("fan1", photo, ReactionType.HEART);
    report(name, "reaction", costs, poller);
    photos.viewPhoto("fan2", photo);
    report(name, "view", costs, poller);
    photos.uploadPhoto("star", Instant.now(), "https://example.com/2.jpg");
    report(name, "upload, 999 followers", costs, poller);
    photos.follow("fan999", "star");
    report(name, "the 1,000th follow (the switch to pulling)", costs, poller);
    photos.uploadPhoto("star", Instant.now(), "https://example.com/3.jpg");
    report(name, "upload, 1,000 followers (pulled)", costs, poller);
    photos.follow("ann", "star");
    report(name, "follow of a pulled author", costs, poller);
    for (int i = 0; i < 20; i++) {
      photos.reactTo("fan" + (100 + i), photo, ReactionType.SMILEY);
    }
    poller.drain();
    costs.clear();
    photos.activity("ann", PageRequest.first());
    print(name, "inbox page: ann (21 reactions, 1 follow, 1 pulled author)", costs);
    photos.unreadActivity("ann");
    print(name, "unread count: ann", costs);
    photos.activity("fan3", PageRequest.first());
    print(name, "inbox page: fan3 (2 new photos, 1 pulled author)", costs);
    photos.markActivityRead("ann");
    print(name, "mark read", costs);
  }

  private static void report(
      String name, String what, List<OperationCost> costs, StreamPoller poller) {
    print(name, what + ": the call", costs);
    poller.drain();
    print(name, what + ": its delivery", costs);
  }

  private static void print(String name, String what, List<OperationCost> costs) {
    int requests = 0;
    double rcu = 0;
    double wcu = 0;
    for (OperationCost cost : costs) {
      requests += cost.requests();
      rcu += cost.readCapacityUnits();
      wcu += cost.writeCapacityUnits();
    }
    System.out.printf(
        "MEASURED %s | %s | %d requests | %.1f RCU | %.1f WCU%n", name, what, requests, rcu, wcu);
    costs.clear();
  }

  private static void lag(String name, Backends backend) throws Exception {
    QuickPhotos photos = backend.photos();
    photos.createUser(Story.user("ann", Visibility.PUBLIC));
    photos.createUser(Story.user("bob", Visibility.PUBLIC));
    PhotoId photo = photos.uploadPhoto("ann", Instant.now(), "https://example.com/1.jpg").id();
    BlockingQueue<Long> arrivals = new LinkedBlockingQueue<>();
    ActivityInbox inbox = ActivityInbox.of(photos);
    try (StreamPoller poller =
        StreamPoller.builder(
                backend.streams(),
                backend.streamArn(),
                batch -> {
                  inbox.handle(batch);
                  long now = System.nanoTime();
                  for (Delivery d : batch) {
                    if (d.event() instanceof ChangeEvent.ReactionAdded) {
                      arrivals.add(now);
                    }
                  }
                })
            .build()) {
      poller.start(Duration.ofMillis(1));
      Lags.measure(
          "inbox lag on " + name,
          LAG_WRITES,
          i -> {
            if (i > 0) {
              photos.removeReaction("bob", photo, ReactionType.values()[(i - 1) % 2]);
            }
            photos.reactTo("bob", photo, ReactionType.values()[i % 2]);
          },
          arrivals);
    }
  }
}
