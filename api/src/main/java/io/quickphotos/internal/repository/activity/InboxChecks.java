package io.quickphotos.internal.repository.activity;

import io.quickphotos.Activity;
import io.quickphotos.ActivityKind;
import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.singletable.activity.InboxItems.Entry;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which entries of an inbox still stand, decided on what the table holds when it is read (the
 * reader's blocks both ways, read with the window, and one strongly consistent BatchGetItem per
 * 100 keys, side by side), and how the standing ones group.
 * An entry stands when its reader's and its actor's accounts exist and are not closing, neither
 * blocked the other, and the event itself is still there: the friendship, request or reaction
 * with the entry's own time (one undone, or undone and made again, is not this entry's), or the
 * photo, not being deleted, of an author the reader still follows. So the rules hold whether the
 * change feed's handler has caught up or not. The checks read each key once.
 */
final class InboxChecks {
  private final Map<Key, Item> found;
  private final String reader;
  private final Set<String> blockedEitherWay;

  private InboxChecks(String reader, Map<Key, Item> found, Set<String> blockedEitherWay) {
    this.reader = reader;
    this.found = found;
    this.blockedEitherWay = blockedEitherWay;
  }

  /**
   * Reads what decides the entries.
   *
   * @param batches the request layer's batches
   * @param reader the inbox's owner
   * @param entries the candidates
   * @param blockedEitherWay the users the reader blocked or was blocked by (the window's)
   */
  static InboxChecks read(
      Batches batches,
      String reader,
      List<Entry> entries,
      Set<String> blockedEitherWay,
      Meter meter) {
    if (entries.isEmpty()) {
      return new InboxChecks(reader, Map.of(), blockedEitherWay);
    }
    Set<Key> keys = new LinkedHashSet<>();
    keys.add(KeyLayout.user(reader));
    for (Entry entry : entries) {
      String actor = entry.actor();
      keys.add(KeyLayout.user(actor));
      keys.add(decidingKey(reader, entry));
      entry.photo().ifPresent(p -> keys.add(KeyLayout.photo(p)));
    }
    return new InboxChecks(
        reader, batches.batchGetAll(new ArrayList<>(keys), meter), blockedEitherWay);
  }

  /** The item whose presence, with the entry's time, says the event still stands. */
  private static Key decidingKey(String reader, Entry entry) {
    return switch (entry.kind()) {
      case FOLLOWED -> KeyLayout.friendship(reader, entry.actor());
      case REQUESTED -> KeyLayout.request(reader, entry.actor());
      case APPROVED, NEW_PHOTO -> KeyLayout.friendship(entry.actor(), reader);
      case REACTED ->
          KeyLayout.reaction(
              entry.actor(), entry.reaction().orElseThrow(), entry.photo().orElseThrow());
    };
  }

  /**
   * Whether an entry stands.
   *
   * @param entry a candidate read with these checks
   * @return true if it may be shown
   */
  boolean stands(Entry entry) {
    Item self = found.get(KeyLayout.user(reader));
    Item actor = found.get(KeyLayout.user(entry.actor()));
    if (self == null || !Plans.isActive(self) || actor == null || !Plans.isActive(actor)) {
      return false;
    }
    if (blockedEitherWay.contains(entry.actor())) {
      return false;
    }
    Item deciding = found.get(decidingKey(reader, entry));
    if (deciding == null) {
      return false;
    }
    Instant at = entry.at();
    return switch (entry.kind()) {
      case FOLLOWED, APPROVED -> ItemCodec.friendship(deciding).since().equals(at);
      case REQUESTED -> PrivacyPlans.followRequest(deciding).since().equals(at);
      case REACTED -> ItemCodec.reaction(deciding).timestamp().equals(at) && photoStands(entry);
      case NEW_PHOTO -> photoStands(entry);
    };
  }

  private boolean photoStands(Entry entry) {
    Item photo = found.get(KeyLayout.photo(entry.photo().orElseThrow()));
    return photo != null && !photo.has(Attributes.DELETING);
  }

  /**
   * The groups of standing entries, newest first: what a page shows.
   *
   * @param entries the window's candidates, newest first
   * @param size the most groups
   * @param readUpTo the read mark
   * @return the groups and the sort key of the last entry they consumed (null if none)
   */
  Grouped group(List<Entry> entries, int size, Instant readUpTo) {
    Map<String, Group> groups = new LinkedHashMap<>();
    String lastConsumed = null;
    boolean stoppedEarly = false;
    for (Entry entry : entries) {
      if (stands(entry)) {
        String key = groupKey(entry);
        Group group = groups.get(key);
        if (group == null) {
          if (groups.size() == size) {
            stoppedEarly = true;
            break;
          }
          groups.put(key, group = new Group(entry));
        }
        group.add(entry);
      }
      lastConsumed = entry.sortKey();
    }
    List<Activity> activities = new ArrayList<>(groups.size());
    for (Group group : groups.values()) {
      activities.add(group.activity(readUpTo));
    }
    return new Grouped(activities, lastConsumed, stoppedEarly);
  }

  /**
   * A page's groups.
   *
   * @param activities the groups, newest first
   * @param lastConsumed the sort key of the last entry read into them or skipped (null if none)
   * @param stoppedEarly whether entries of the window were left for the next page
   */
  record Grouped(List<Activity> activities, String lastConsumed, boolean stoppedEarly) {}

  private static String groupKey(Entry entry) {
    return switch (entry.kind()) {
      case REACTED -> "R|" + KeyLayout.photoSortKey(entry.photo().orElseThrow());
      case NEW_PHOTO -> "N|" + entry.actor();
      default -> entry.kind().name();
    };
  }

  /** One group being built: its actors newest first, each once. */
  private static final class Group {
    private final Entry newest;
    private final Set<String> actors = new LinkedHashSet<>();
    private final Set<ReactionType> reactions = EnumSet.noneOf(ReactionType.class);

    Group(Entry newest) {
      this.newest = newest;
    }

    void add(Entry entry) {
      actors.add(entry.actor());
      entry.reaction().ifPresent(reactions::add);
    }

    Activity activity(Instant readUpTo) {
      List<String> named = new ArrayList<>(Activity.NAMED);
      for (String actor : actors) {
        if (named.size() == Activity.NAMED) {
          break;
        }
        named.add(actor);
      }
      Optional<PhotoId> photo =
          newest.kind() == ActivityKind.REACTED || newest.kind() == ActivityKind.NEW_PHOTO
              ? newest.photo()
              : Optional.empty();
      return new Activity(
          newest.kind(),
          named,
          actors.size(),
          photo,
          reactions,
          newest.at(),
          newest.at().isAfter(readUpTo));
    }
  }
}
