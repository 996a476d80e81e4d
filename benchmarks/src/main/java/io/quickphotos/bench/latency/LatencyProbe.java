package io.quickphotos.bench.latency;

import io.quickphotos.AccessPattern;
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
import io.quickphotos.Snapshot;
import io.quickphotos.SortOrder;
import io.quickphotos.Visibility;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.patterns.AccessPatternBenchmark;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One call of one access pattern, to time, with what must come before it and what puts the table
 * back after it, so the same call can be made again and again: a delete needs something to
 * delete, a create must be undone. {@link #all} has one for every {@link AccessPattern}, made on
 * {@link DataSet}'s arguments as {@link AccessPatternBenchmark} makes them: a slot picks the
 * user, photo, new user, new photo or followed user from the data set's rings, so successive
 * calls touch different items. Listings read the first page of {@value DataSet#PAGE_SIZE},
 * newest first.
 *
 * <p>{@link #prepare} and {@link #undo} are meant for a repository of their own (without delay,
 * not timed, not metered), {@link #call} for the one measured. Immutable; the calls are as
 * thread-safe as the repository they are given.
 *
 * @param pattern the access pattern {@link #call} serves, as its cost reports it
 * @param prepare what the call needs, made first
 * @param call the call
 * @param undo what puts the table back as the data set loaded it
 */
record LatencyProbe(AccessPattern pattern, SlotCall prepare, SlotCall call, SlotCall undo) {
  private static final PageRequest FIRST_PAGE = PageRequest.first(DataSet.PAGE_SIZE);
  private static final SlotCall NOTHING = (photos, slot) -> null;

  /**
   * A call of the repository for one slot of the data set's rings.
   */
  @FunctionalInterface
  interface SlotCall {
    /**
     * Makes the call.
     *
     * @param photos the repository
     * @param slot a position in the data set's rings, below {@link DataSet#RING}
     * @return what the call returned, or null for a void call
     */
    Object run(QuickPhotos photos, int slot);
  }

  /**
   * Checks the components.
   *
   * @param pattern the access pattern
   * @param prepare what comes first
   * @param call the call
   * @param undo what comes after
   */
  LatencyProbe {
    Objects.requireNonNull(pattern, "pattern");
    Objects.requireNonNull(prepare, "prepare");
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(undo, "undo");
  }

  /**
   * A call that reads, or writes something it may write again: nothing before, nothing after.
   *
   * @param pattern the access pattern
   * @param call the call
   * @return the probe
   */
  static LatencyProbe alone(AccessPattern pattern, SlotCall call) {
    return new LatencyProbe(pattern, NOTHING, call, NOTHING);
  }

  /**
   * One probe for every access pattern, in the enum's order.
   *
   * @param data the data set loaded into the table
   * @return the probes by pattern
   * @throws IllegalStateException if a pattern has none (a pattern added to the enum needs one)
   */
  static Map<AccessPattern, LatencyProbe> all(DataSet data) {
    String follower = data.follower.username();
    String reactor = data.reactor.username();
    SlotCall deleteNewUser =
        (photos, slot) -> deleteUser(photos, data.newUserRing[slot].username());
    SlotCall createNewUser = (photos, slot) -> photos.createUser(data.newUserRing[slot]);
    SlotCall uploadNewPhoto =
        (photos, slot) -> {
          PhotoId id = data.newPhotoRing[slot];
          return photos.uploadPhoto(id.owner(), id.timestamp(), data.newLocationRing[slot]);
        };
    SlotCall deleteNewPhoto = (photos, slot) -> deletePhoto(photos, data.newPhotoRing[slot]);
    SlotCall react =
        (photos, slot) -> photos.reactTo(reactor, data.photoRing[slot], data.typeRing[slot]);
    SlotCall removeReaction =
        (photos, slot) -> {
          photos.removeReaction(reactor, data.photoRing[slot], data.typeRing[slot]);
          return null;
        };
    SlotCall follow = (photos, slot) -> photos.follow(follower, data.followedRing[slot]);
    SlotCall unfollow =
        (photos, slot) -> {
          photos.unfollow(follower, data.followedRing[slot]);
          return null;
        };

    Map<AccessPattern, LatencyProbe> probes = new EnumMap<>(AccessPattern.class);
    add(probes, new LatencyProbe(AccessPattern.CREATE_USER, NOTHING, createNewUser, deleteNewUser));
    add(
        probes,
        alone(AccessPattern.GET_USER, (photos, slot) -> photos.getUser(data.userRing[slot])));
    add(
        probes,
        alone(
            AccessPattern.UPDATE_PROFILE,
            (photos, slot) ->
                photos.updateProfile(
                    follower, ProfileUpdate.builder().address(slot + " Latency Street").build())));
    add(
        probes,
        new LatencyProbe(AccessPattern.UPLOAD_PHOTO, NOTHING, uploadNewPhoto, deleteNewPhoto));
    add(
        probes,
        alone(
            AccessPattern.EDIT_PHOTO,
            (photos, slot) -> {
              photos.editPhoto(
                  data.photoRing[slot], PhotoEdit.builder().caption("Edited " + slot).build());
              return null;
            }));
    add(
        probes,
        alone(AccessPattern.GET_PHOTO, (photos, slot) -> photos.getPhoto(data.photoRing[slot])));
    add(
        probes,
        alone(
            AccessPattern.USER_WITH_PHOTOS,
            (photos, slot) ->
                photos.userWithPhotos(data.userRing[slot], SortOrder.NEWEST_FIRST, FIRST_PAGE)));
    add(probes, new LatencyProbe(AccessPattern.REACT_TO, NOTHING, react, removeReaction));
    add(
        probes,
        alone(
            AccessPattern.PHOTO_WITH_REACTIONS,
            (photos, slot) -> photos.photoWithReactions(data.photoRing[slot], FIRST_PAGE)));
    add(probes, new LatencyProbe(AccessPattern.FOLLOW, NOTHING, follow, unfollow));
    add(probes, new LatencyProbe(AccessPattern.UNFOLLOW, follow, unfollow, NOTHING));
    add(
        probes,
        alone(
            AccessPattern.FOLLOWERS_OF,
            (photos, slot) -> photos.followersOf(data.userRing[slot], FIRST_PAGE)));
    add(
        probes,
        alone(
            AccessPattern.FOLLOWED_BY,
            (photos, slot) -> photos.followedBy(data.userRing[slot], FIRST_PAGE)));
    add(
        probes,
        new LatencyProbe(
            AccessPattern.IMPORT_SNAPSHOT,
            NOTHING,
            (photos, slot) ->
                photos.importSnapshot(
                    new Snapshot(List.of(data.newUserRing[slot]), List.of(), List.of(), List.of()),
                    written -> {}),
            deleteNewUser));
    add(
        probes,
        alone(
            AccessPattern.HOME_FEED,
            (photos, slot) -> photos.homeFeed(data.userRing[slot], FIRST_PAGE)));
    add(
        probes,
        alone(
            AccessPattern.FILL_TIMELINE,
            (photos, slot) -> photos.fillTimeline(data.userRing[slot])));
    add(probes, new LatencyProbe(AccessPattern.REMOVE_REACTION, react, removeReaction, NOTHING));
    add(
        probes,
        new LatencyProbe(AccessPattern.DELETE_PHOTO, uploadNewPhoto, deleteNewPhoto, NOTHING));
    add(probes, new LatencyProbe(AccessPattern.DELETE_USER, createNewUser, deleteNewUser, NOTHING));
    add(
        probes,
        alone(
            AccessPattern.IS_FOLLOWING,
            (photos, slot) -> {
              // A follow that exists: the answer is yes, as it is for most checks an app makes.
              Follow existing = data.follows.get(slot % data.follows.size());
              return photos.isFollowing(existing.follower(), existing.followed());
            }));
    add(
        probes,
        alone(
            AccessPattern.REACTIONS_LEFT_BY,
            (photos, slot) -> {
              Reaction existing = data.reactions.get(slot % data.reactions.size());
              return photos.reactionsLeftBy(existing.reactor(), existing.photo());
            }));
    // A repeat view (the viewer's mark made first), so every call makes the same two requests.
    SlotCall view =
        (photos, slot) -> {
          Reaction existing = data.reactions.get(slot % data.reactions.size());
          return photos.viewPhoto(existing.reactor(), existing.photo());
        };
    add(probes, new LatencyProbe(AccessPattern.VIEW_PHOTO, view, view, NOTHING));
    add(
        probes,
        alone(
            AccessPattern.HAS_SEEN,
            (photos, slot) -> {
              Reaction existing = data.reactions.get(slot % data.reactions.size());
              return photos.hasSeen(existing.reactor(), existing.photo());
            }));
    addPrivacy(probes, data, createNewUser, deleteNewUser);
    ActivityProbes.addTo(probes, data);
    add(probes, alone(AccessPattern.AUDIT, (photos, slot) -> photos.audit(false, scanned -> {})));
    add(probes, alone(AccessPattern.TABLE_SETTINGS, (photos, slot) -> photos.recordedSettings()));

    EnumSet<AccessPattern> missing = EnumSet.allOf(AccessPattern.class);
    missing.removeAll(probes.keySet());
    if (!missing.isEmpty()) {
      throw new IllegalStateException("no latency probe for " + missing);
    }
    return Collections.unmodifiableMap(probes);
  }

  /**
   * The probes of who may see what: requests to a private account made for each call (the new
   * user of the slot, created private, asked by the follower), blocks by the slot's new user, and
   * the reads made for the follower.
   */
  private static void addPrivacy(
      Map<AccessPattern, LatencyProbe> probes,
      DataSet data,
      SlotCall createNewUser,
      SlotCall deleteNewUser) {
    String follower = data.follower.username();
    String reactor = data.reactor.username();
    SlotCall asked =
        (photos, slot) -> {
          NewUser user = data.newUserRing[slot];
          photos.createUser(
              new NewUser(
                  user.username(),
                  user.name(),
                  user.email(),
                  user.birthdate(),
                  user.address(),
                  user.status(),
                  user.attributes(),
                  Visibility.PRIVATE));
          return photos.follow(follower, user.username());
        };
    SlotCall blocked =
        (photos, slot) -> {
          createNewUser.run(photos, slot);
          photos.block(data.newUserRing[slot].username(), reactor);
          return null;
        };
    add(
        probes,
        new LatencyProbe(
            AccessPattern.APPROVE_REQUEST,
            asked,
            (photos, slot) -> photos.approveRequest(data.newUserRing[slot].username(), follower),
            deleteNewUser));
    add(
        probes,
        new LatencyProbe(
            AccessPattern.DECLINE_REQUEST,
            asked,
            (photos, slot) -> {
              photos.declineRequest(data.newUserRing[slot].username(), follower);
              return null;
            },
            deleteNewUser));
    add(
        probes,
        new LatencyProbe(
            AccessPattern.WITHDRAW_REQUEST,
            asked,
            (photos, slot) -> {
              photos.withdrawRequest(follower, data.newUserRing[slot].username());
              return null;
            },
            deleteNewUser));
    add(
        probes,
        alone(
            AccessPattern.FOLLOW_REQUESTS_OF,
            (photos, slot) -> photos.followRequestsOf(data.userRing[slot], FIRST_PAGE)));
    add(
        probes,
        new LatencyProbe(
            AccessPattern.BLOCK,
            createNewUser,
            (photos, slot) -> {
              photos.block(data.newUserRing[slot].username(), reactor);
              return null;
            },
            deleteNewUser));
    add(
        probes,
        new LatencyProbe(
            AccessPattern.UNBLOCK,
            blocked,
            (photos, slot) -> photos.unblock(data.newUserRing[slot].username(), reactor),
            deleteNewUser));
    add(
        probes,
        alone(
            AccessPattern.BLOCKS_OF,
            (photos, slot) -> photos.blocksOf(data.userRing[slot], FIRST_PAGE)));
    add(
        probes,
        alone(
            AccessPattern.VIEWER_GET_USER,
            (photos, slot) -> photos.as(follower).getUser(data.userRing[slot])));
    add(
        probes,
        alone(
            AccessPattern.VIEWER_GET_PHOTO,
            (photos, slot) -> photos.as(follower).getPhoto(data.photoRing[slot])));
    add(
        probes,
        alone(
            AccessPattern.VIEWER_USER_WITH_PHOTOS,
            (photos, slot) ->
                photos
                    .as(follower)
                    .userWithPhotos(data.userRing[slot], SortOrder.NEWEST_FIRST, FIRST_PAGE)));
    add(
        probes,
        alone(
            AccessPattern.VIEWER_PHOTO_WITH_REACTIONS,
            (photos, slot) ->
                photos.as(follower).photoWithReactions(data.photoRing[slot], FIRST_PAGE)));
    add(
        probes,
        alone(
            AccessPattern.VIEWER_FOLLOWERS_OF,
            (photos, slot) -> photos.as(follower).followersOf(data.userRing[slot], FIRST_PAGE)));
    add(
        probes,
        alone(
            AccessPattern.VIEWER_FOLLOWED_BY,
            (photos, slot) -> photos.as(follower).followedBy(data.userRing[slot], FIRST_PAGE)));
    add(
        probes,
        alone(
            AccessPattern.VIEWER_IS_FOLLOWING,
            (photos, slot) -> {
              Follow existing = data.follows.get(slot % data.follows.size());
              return photos.as(follower).isFollowing(existing.follower(), existing.followed());
            }));
    add(
        probes,
        alone(
            AccessPattern.VIEWER_REACTIONS_LEFT_BY,
            (photos, slot) -> {
              Reaction existing = data.reactions.get(slot % data.reactions.size());
              return photos.as(follower).reactionsLeftBy(existing.reactor(), existing.photo());
            }));
    add(
        probes,
        alone(
            AccessPattern.VIEWER_HOME_FEED,
            (photos, slot) -> photos.as(data.userRing[slot]).homeFeed(FIRST_PAGE)));
  }

  private static void add(Map<AccessPattern, LatencyProbe> probes, LatencyProbe probe) {
    if (probes.put(probe.pattern(), probe) != null) {
      throw new IllegalStateException("two latency probes for " + probe.pattern());
    }
  }

  private static Object deleteUser(QuickPhotos photos, String username) {
    photos.deleteUser(username);
    return null;
  }

  private static Object deletePhoto(QuickPhotos photos, PhotoId id) {
    photos.deletePhoto(id);
    return null;
  }
}
