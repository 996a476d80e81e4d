package io.quickphotos.streams.internal;

import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.Photo;
import io.quickphotos.Reaction;
import io.quickphotos.User;
import io.quickphotos.engine.Item;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import io.quickphotos.streams.ChangeEvent;
import io.quickphotos.streams.Delivery;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Stream records to the repository's events. Stateless but for one batch: an approval is a
 * request's REMOVE and a friendship's INSERT of the same pair in one batch, reported once.
 */
public final class Decoder {
  private Decoder() {}

  /**
   * Decodes one batch of records of one shard, in order.
   *
   * @param changes the records
   * @return the deliveries, internal items left out
   * @throws IllegalArgumentException if a record lacks the image its event needs (the stream's
   *     view must be NEW_AND_OLD_IMAGES)
   */
  public static List<Delivery> decode(List<ItemChange> changes) {
    List<Delivery> out = new ArrayList<>();
    boolean[] consumed = new boolean[changes.size()];
    for (int i = 0; i < changes.size(); i++) {
      if (consumed[i]) {
        continue;
      }
      ItemChange change = changes.get(i);
      ChangeEvent event = event(change);
      if (event == null) {
        continue;
      }
      // An approval writes the request's end and the friendship in one transaction: report it
      // once, at the first of its two records.
      int partner = approvalPartner(changes, i, event);
      if (partner >= 0) {
        consumed[partner] = true;
        Follow follow =
            event instanceof ChangeEvent.Followed f
                ? f.follow()
                : ((ChangeEvent.Followed) event(changes.get(partner))).follow();
        event = new ChangeEvent.RequestApproved(follow);
      }
      out.add(
          new Delivery(
              event,
              change.key().pk() + "|" + change.key().sk(),
              change.sequenceNumber(),
              change.at()));
    }
    return out;
  }

  /**
   * Where a batch may be cut so that no approval is split: the index of its last request REMOVE
   * that has no friendship after it in the batch, or the batch's size. The records from there on
   * are held back and read again with the next page, where the friendship may be.
   *
   * @param changes the records of a page
   * @return how many of them to deliver now
   */
  public static int deliverable(List<ItemChange> changes) {
    for (int i = changes.size() - 1; i >= 0; i--) {
      ChangeEvent event = kindOnly(changes.get(i));
      if (event instanceof ChangeEvent.RequestDeclined) {
        return approvalPartner(changes, i, event) < 0 ? i : changes.size();
      }
    }
    return changes.size();
  }

  private static int approvalPartner(List<ItemChange> changes, int i, ChangeEvent event) {
    String follower;
    String followed;
    boolean wantFriendship;
    if (event instanceof ChangeEvent.RequestDeclined d) {
      follower = d.requester();
      followed = d.account();
      wantFriendship = true;
    } else if (event instanceof ChangeEvent.Followed f) {
      follower = f.follow().follower();
      followed = f.follow().followed();
      wantFriendship = false;
    } else {
      return -1;
    }
    for (int j = i + 1; j < changes.size(); j++) {
      ChangeEvent other = kindOnly(changes.get(j));
      if (wantFriendship
          && other instanceof ChangeEvent.Followed f
          && f.follow().follower().equals(follower)
          && f.follow().followed().equals(followed)) {
        return j;
      }
      if (!wantFriendship
          && other instanceof ChangeEvent.RequestDeclined d
          && d.requester().equals(follower)
          && d.account().equals(followed)) {
        return j;
      }
    }
    return -1;
  }

  private static ChangeEvent kindOnly(ItemChange change) {
    try {
      return event(change);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The event of one record, or null for an internal item or a change of no interest. */
  static ChangeEvent event(ItemChange change) {
    Item image = change.eventName().equals("REMOVE") ? change.oldImage() : change.newImage();
    if (image == null) {
      throw new IllegalArgumentException(
          "a "
              + change.eventName()
              + " record without its image: the stream's view must be"
              + " NEW_AND_OLD_IMAGES");
    }
    String name = change.eventName();
    switch (ItemCodec.kindOf(image)) {
      case USER:
        if (name.equals("INSERT")) {
          return new ChangeEvent.UserCreated(ItemCodec.user(image));
        }
        if (name.equals("REMOVE")) {
          return new ChangeEvent.UserClosed(ItemCodec.user(image).username());
        }
        return profileChange(change);
      case PHOTO:
        if (name.equals("INSERT")) {
          return new ChangeEvent.PhotoUploaded(ItemCodec.photo(image));
        }
        if (name.equals("REMOVE")) {
          return new ChangeEvent.PhotoDeleted(ItemCodec.photo(image).id());
        }
        return photoEdit(change);
      case REACTION:
        Reaction reaction = ItemCodec.reaction(image);
        if (name.equals("INSERT")) {
          return new ChangeEvent.ReactionAdded(reaction);
        }
        return name.equals("REMOVE")
            ? new ChangeEvent.ReactionRemoved(reaction.reactor(), reaction.photo(), reaction.type())
            : null;
      case FRIENDSHIP:
        Follow follow = ItemCodec.friendship(image);
        if (name.equals("INSERT")) {
          return new ChangeEvent.Followed(follow);
        }
        return name.equals("REMOVE")
            ? new ChangeEvent.Unfollowed(follow.follower(), follow.followed())
            : null;
      case FOLLOW_REQUEST:
        FollowRequest request = PrivacyPlans.followRequest(image);
        if (name.equals("INSERT")) {
          return new ChangeEvent.FollowRequested(
              request.requester(), request.account(), request.since());
        }
        return name.equals("REMOVE")
            ? new ChangeEvent.RequestDeclined(request.requester(), request.account())
            : null;
      case BLOCK:
        var block = PrivacyPlans.block(image);
        if (name.equals("INSERT")) {
          return new ChangeEvent.Blocked(block.blocker(), block.blocked());
        }
        return name.equals("REMOVE")
            ? new ChangeEvent.Unblocked(block.blocker(), block.blocked())
            : null;
      default:
        // Shards, timelines, fan-out markers, request places, settings, later versions' items.
        return null;
    }
  }

  private static ChangeEvent profileChange(ItemChange change) {
    if (change.oldImage() == null) {
      throw new IllegalArgumentException(
          "a MODIFY record without its old image: the stream's view must be NEW_AND_OLD_IMAGES");
    }
    User before = ItemCodec.user(change.oldImage());
    User after = ItemCodec.user(change.newImage());
    boolean changed =
        !Objects.equals(before.name(), after.name())
            || !Objects.equals(before.email(), after.email())
            || !Objects.equals(before.birthdate(), after.birthdate())
            || !Objects.equals(before.address(), after.address())
            || !Objects.equals(before.attributes(), after.attributes())
            || before.visibility() != after.visibility();
    return changed ? new ChangeEvent.ProfileChanged(before, after) : null;
  }

  private static ChangeEvent photoEdit(ItemChange change) {
    if (change.oldImage() == null) {
      throw new IllegalArgumentException(
          "a MODIFY record without its old image: the stream's view must be NEW_AND_OLD_IMAGES");
    }
    Photo before = ItemCodec.photo(change.oldImage());
    Photo after = ItemCodec.photo(change.newImage());
    boolean changed =
        !Objects.equals(before.location(), after.location())
            || !Objects.equals(before.caption(), after.caption())
            || !Objects.equals(before.attributes(), after.attributes());
    return changed ? new ChangeEvent.PhotoEdited(before, after) : null;
  }
}
