package io.quickphotos.bench.feed;

import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.feed.FeedScenario.Design;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The exact cost of a feed page and of an upload in each design, measured by running each once
 * on the in-memory engine, whose capacity numbers are DynamoDB's formulas: deterministic, so the
 * crossover between the designs follows from them without noise. Also checks that the designs
 * serve the same page.
 */
public final class FeedCosts {
  /** Followed users per reader, F. */
  static final int[] FOLLOWEES = {1, 10, 100, 1000};

  /** Followers per uploader, N. */
  static final int[] FOLLOWERS = {1, 10, 100, 1000, 10_000};

  /**
   * What a write unit costs in read units: DynamoDB's price list charges five times as much
   * for a write unit as for a read unit, on demand ($0.625 vs $0.125 per million request units in
   * us-east-1) and provisioned ($0.00065 vs $0.00013 per unit-hour) alike.
   */
  static final double WRITE_UNIT_IN_READ_UNITS = 5;

  /**
   * The requests of a home-feed page of a reader following F users when no read is retried, as
   * the README's cost table states it: {@code ⌊F / 1000⌋ + 1} inverted-index Queries list the
   * followed users (1,000 a request, the last confirming the end), then one Query each.
   * FeedBenchmarkTest holds it to the repository's own formula.
   *
   * @param followees F
   * @return {@code ⌊F / 1000⌋ + 1 + F}
   */
  public static long homeFeedRequests(long followees) {
    return followees / 1000 + 1 + followees;
  }

  /**
   * What one operation cost.
   *
   * @param requests DynamoDB requests
   * @param readUnits read capacity units
   * @param writeUnits write capacity units
   */
  record Cost(long requests, double readUnits, double writeUnits) {
    /**
     * The cost in read-unit equivalents, a write unit counted as five read units.
     *
     * @return {@code RCU + 5 × WCU}
     */
    double readUnitEquivalents() {
      return readUnits + WRITE_UNIT_IN_READ_UNITS * writeUnits;
    }
  }

  /**
   * All the costs: per feed page by followee count, per upload by follower count.
   *
   * @param page cost of the newest feed page, by design and F (in {@link #FOLLOWEES} order)
   * @param upload cost of one upload, by design and N (in {@link #FOLLOWERS} order)
   */
  record Table(Map<Design, List<Cost>> page, Map<Design, List<Cost>> upload) {}

  private FeedCosts() {}

  /**
   * Runs every design once per followee and follower count.
   *
   * @return the costs
   * @throws IllegalStateException if the designs serve different pages
   */
  static Table measure() {
    Map<Design, List<Cost>> page = new EnumMap<>(Design.class);
    Map<Design, List<Cost>> upload = new EnumMap<>(Design.class);
    for (Design design : Design.values()) {
      page.put(design, new ArrayList<>());
      upload.put(design, new ArrayList<>());
    }
    for (int followees : FOLLOWEES) {
      FeedScenario scenario = FeedScenario.readerFollowing(followees);
      List<PhotoId> expected = null;
      for (Design design : Design.values()) {
        scenario.costs.clear();
        List<PhotoId> ids = scenario.feedPage(design).stream().map(Photo::id).toList();
        page.get(design).add(taken(scenario.costs));
        if (expected == null) {
          expected = ids;
        } else if (!expected.equals(ids)) {
          throw new IllegalStateException(
              design
                  + " serves another page at F = "
                  + followees
                  + ": "
                  + ids
                  + " instead of "
                  + expected);
        }
      }
    }
    for (int followers : FOLLOWERS) {
      FeedScenario scenario = FeedScenario.uploaderFollowedBy(followers);
      for (Design design : Design.values()) {
        scenario.costs.clear();
        scenario.upload(design);
        upload.get(design).add(taken(scenario.costs));
      }
    }
    return new Table(page, upload);
  }

  private static Cost taken(CostTally costs) {
    return new Cost(costs.requests, costs.readUnits, costs.writeUnits);
  }

  /**
   * How many feed pages a user must read per photo uploaded before fan-out on write costs less
   * than fan-out on read, in read-unit equivalents: the extra cost of an upload divided by the
   * saving on a page.
   *
   * @param readPage a page by fan-out on read, at the reader's F
   * @param readUpload an upload by fan-out on read
   * @param writePage a page by fan-out on write
   * @param writeUpload an upload by fan-out on write, at the uploader's N
   * @return the break-even pages per upload; {@code +∞} if fan-out on write never costs less,
   *     0 if it always does
   */
  static double breakEvenPagesPerUpload(
      Cost readPage, Cost readUpload, Cost writePage, Cost writeUpload) {
    double extraPerUpload = writeUpload.readUnitEquivalents() - readUpload.readUnitEquivalents();
    double savedPerPage = readPage.readUnitEquivalents() - writePage.readUnitEquivalents();
    if (extraPerUpload <= 0) {
      return 0;
    }
    if (savedPerPage <= 0) {
      return Double.POSITIVE_INFINITY;
    }
    return extraPerUpload / savedPerPage;
  }
}
