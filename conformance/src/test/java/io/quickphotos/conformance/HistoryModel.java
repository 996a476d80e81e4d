package io.quickphotos.conformance;

import java.util.Set;
import java.util.TreeSet;

/**
 * The sequential model of the repository that concurrent and faulty histories are explained
 * by: the set of facts that hold, each the existence of one item, e.g. {@code user 0},
 * {@code profile 0 Ann} (user 0's name), {@code follow 0 1} (user 0 follows user 1), {@code photo 0 1} (user 0's photo at time 1),
 * {@code caption 0 1 Mist} (its caption), {@code private 0} (user 0's account is private),
 * {@code request 1 0} (user 1 asked to follow user 0), {@code block 0 1} (user 0 blocked user 1),
 * {@code reaction 2 0 1 HEART}, {@code seen 2 0 1 3} (user 2 has viewed user 0's photo at time 1,
 * three times: its view mark). Counters are not facts: they must always equal the facts they
 * count, which the tests check on the real backend. A view mark's own count is not readable
 * through the API (only its existence, {@code hasSeen}, and the photo's sums): the state read
 * back is compared with {@link #observable()}. Immutable, so that a search can share it.
 *
 * @param facts the facts, sorted so that the model prints and compares predictably
 */
record HistoryModel(Set<String> facts) {
  static final HistoryModel EMPTY = new HistoryModel(Set.of());

  HistoryModel {
    facts = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(facts));
  }

  boolean has(String fact) {
    return facts.contains(fact);
  }

  HistoryModel with(String fact) {
    Set<String> more = new TreeSet<>(facts);
    more.add(fact);
    return new HistoryModel(more);
  }

  HistoryModel without(String fact) {
    Set<String> fewer = new TreeSet<>(facts);
    fewer.remove(fact);
    return new HistoryModel(fewer);
  }

  /** The one fact that starts with {@code prefix}, if any. */
  java.util.Optional<String> find(String prefix) {
    return facts.stream().filter(f -> f.startsWith(prefix)).findFirst();
  }

  /** How many facts start with {@code prefix} and end with {@code suffix}. */
  long count(String prefix, String suffix) {
    return facts.stream().filter(f -> f.startsWith(prefix) && f.endsWith(suffix)).count();
  }

  static String user(int u) {
    return "user " + u;
  }

  static String profile(int u, String name) {
    return "profile " + u + " " + name;
  }

  static String follow(int follower, int followed) {
    return "follow " + follower + " " + followed;
  }

  static String photo(int owner, int time) {
    return "photo " + owner + " " + time;
  }

  /**
   * A photo's caption, e.g. {@code caption 0 1 Mist}; a photo without one has no such fact, and
   * {@code caption(o, t, "")} is the prefix of every caption fact of the photo.
   */
  static String caption(int owner, int time, String caption) {
    return "caption " + owner + " " + time + " " + caption;
  }

  /** A private account, e.g. {@code private 0}; a public one has no such fact. */
  static String privateAccount(int u) {
    return "private " + u;
  }

  /** A pending request, e.g. {@code request 1 0} (user 1 asked to follow user 0). */
  static String request(int requester, int account) {
    return "request " + requester + " " + account;
  }

  /** A block, e.g. {@code block 0 1} (user 0 blocked user 1). */
  static String block(int blocker, int blocked) {
    return "block " + blocker + " " + blocked;
  }

  static String reaction(int reactor, int owner, int time, io.quickphotos.ReactionType type) {
    return "reaction " + reactor + " " + owner + " " + time + " " + type;
  }

  /**
   * The prefix of a view mark, e.g. {@code seen 2 0 1 } (user 2 has viewed user 0's photo at time
   * 1); the fact adds how many times, e.g. {@code seen 2 0 1 3}.
   */
  static String seen(int viewer, int owner, int time) {
    return "seen " + viewer + " " + owner + " " + time + " ";
  }

  /** A photo's views summed over its marks, as read back, e.g. {@code viewed 0 1 4}. */
  static String viewed(int owner, int time, long views) {
    return "viewed " + owner + " " + time + " " + views;
  }

  /**
   * What the API can tell of this state: each view mark without its own count ({@code seen 2 0
   * 1}), and each viewed photo's views summed over its marks ({@code viewed 0 1 4}); everything
   * else as it is. A state read back has no counts on its marks and is its own projection.
   */
  HistoryModel observable() {
    if (facts.stream().noneMatch(f -> f.startsWith("seen "))) {
      return this;
    }
    Set<String> seen = new TreeSet<>();
    java.util.Map<String, Long> views = new java.util.TreeMap<>();
    for (String fact : facts) {
      String[] words = fact.split(" ");
      if (words[0].equals("seen") && words.length == 5) {
        seen.add(String.join(" ", words[0], words[1], words[2], words[3]));
        views.merge(words[2] + " " + words[3], Long.parseLong(words[4]), Long::sum);
      } else {
        seen.add(fact);
      }
    }
    views.forEach((photo, n) -> seen.add("viewed " + photo + " " + n));
    return new HistoryModel(seen);
  }
}
