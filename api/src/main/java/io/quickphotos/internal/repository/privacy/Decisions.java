package io.quickphotos.internal.repository.privacy;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.privacy.PrivacyQueries;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a viewer may see, decided per read from strongly consistent state of the read's own: one
 * BatchGetItem (100 keys a request, side by side beyond) of the items that decide — for each
 * account asked about, its profile, its block of the viewer and the viewer's follow of it, three
 * items of its partition — and of any other items the read needs. Never a kept snapshot, never an
 * index entry. Stateless; thread-safe if the engine is.
 */
final class Decisions {
  /** What a viewer may see of one account. */
  enum Sight {
    /** Nothing: the account does not exist, or blocked the viewer. */
    NOTHING,
    /** Its profile only: it is private and the viewer does not follow it. */
    PROFILE,
    /** Everything: it is the viewer, public, or followed by the viewer. */
    ALL
  }

  private final Batches batches;

  Decisions(Batches batches) {
    this.batches = batches;
  }

  /**
   * Reads what decides, in one BatchGetItem (none if there is nothing to read).
   *
   * @param viewer the viewer
   * @param owners accounts whose sight is asked ({@link Decided#sight})
   * @param users users whose block of the viewer alone is asked ({@link Decided#blocksViewer})
   * @param more other keys the read needs ({@link Decided#item})
   * @return what was read
   */
  Decided read(
      String viewer,
      Collection<String> owners,
      Collection<String> users,
      Collection<Key> more,
      Meter meter) {
    Set<Key> keys = new LinkedHashSet<>(more);
    for (String owner : owners) {
      if (!owner.equals(viewer)) {
        keys.addAll(PrivacyQueries.decidingKeys(owner, viewer));
      }
    }
    for (String user : users) {
      if (!user.equals(viewer)) {
        keys.add(KeyLayout.block(user, viewer));
      }
    }
    Map<Key, Item> found =
        keys.isEmpty() ? Map.of() : batches.batchGetAll(new ArrayList<>(keys), meter);
    return new Decided(viewer, found);
  }

  /** The items one read found, and what they decide. */
  static final class Decided {
    private final String viewer;
    private final Map<Key, Item> found;

    Decided(String viewer, Map<Key, Item> found) {
      this.viewer = viewer;
      this.found = found;
    }

    /**
     * What the viewer may see of an account read with {@code owners}.
     *
     * @param owner the account
     * @return its sight
     */
    Sight sight(String owner) {
      if (owner.equals(viewer)) {
        return Sight.ALL;
      }
      Item profile = found.get(KeyLayout.user(owner));
      if (profile == null || found.containsKey(KeyLayout.block(owner, viewer))) {
        return Sight.NOTHING;
      }
      if (ItemCodec.isPrivate(profile) && !found.containsKey(KeyLayout.friendship(owner, viewer))) {
        return Sight.PROFILE;
      }
      return Sight.ALL;
    }

    /**
     * Whether a user read with {@code users} (or {@code owners}) blocked the viewer.
     *
     * @param user the user
     * @return true if its block of the viewer exists
     */
    boolean blocksViewer(String user) {
      return !user.equals(viewer) && found.containsKey(KeyLayout.block(user, viewer));
    }

    /**
     * An item read with {@code more} (or one of the items that decide).
     *
     * @param key its key
     * @return the item, empty if there is none
     */
    Optional<Item> item(Key key) {
      return Optional.ofNullable(found.get(key));
    }
  }
}
