package io.quickphotos.cli.tour;

import static io.quickphotos.cli.tour.Walkthrough.LIST_PAGE;
import static io.quickphotos.cli.tour.Walkthrough.VOID;

import io.quickphotos.AccessPattern;
import io.quickphotos.ActivityNotice;
import io.quickphotos.Follow;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoReactions;
import io.quickphotos.Reaction;
import io.quickphotos.cli.tour.Walkthrough.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * The activity inbox ({@code docs/activity.md}): what the walkthrough's follow and the photo's
 * reactions tell their users, delivered as the change feed's handler delivers them, then the
 * photo owner's inbox with its reactions grouped, its unread count, and the count after marking
 * it read.
 *
 * <p>The walkthrough runs on a repository without a stream, so the step hands the notices over
 * itself ({@code deliverActivity}), as quickphotos-streams' {@code ActivityInbox} does from the
 * table's stream. An instance collects them from the steps that made the events.
 */
final class ActivitySteps {
  private final List<ActivityNotice> told = new ArrayList<>();

  /**
   * Keeps the reactions of a page of a photo's reactions, to tell its owner.
   *
   * @param page the page a step read
   * @return the page, for the step's outcome
   */
  PhotoReactions reactionsOf(PhotoReactions page) {
    for (Reaction reaction : page.reactions().items()) {
      told.add(ActivityNotice.reacted(reaction));
    }
    return page;
  }

  /**
   * Keeps a follow, to tell the followed user.
   *
   * @param follow the follow a step made
   * @return the follow, for the step's outcome
   */
  Follow followed(Follow follow) {
    told.add(
        follow.pending()
            ? ActivityNotice.requested(
                new io.quickphotos.FollowRequest(
                    follow.follower(), follow.followed(), follow.since()))
            : ActivityNotice.followed(follow));
    return follow;
  }

  /**
   * The steps: deliver, read the owner's inbox, count, mark read, count again.
   *
   * @param owner whose photo was reacted to
   */
  List<Step> steps(String owner) {
    List<Step> steps = new ArrayList<>();
    steps.add(
        new Step(
            "Tell the inboxes what happened, as the change feed's handler does (one entry an event)",
            AccessPattern.DELIVER_ACTIVITY,
            null,
            repo -> repo.deliverActivity(List.copyOf(told))));
    steps.add(
        new Step(
            "The photo owner's inbox: the reactions to one photo in one group, newest first",
            AccessPattern.ACTIVITY,
            null,
            repo -> repo.activity(owner, PageRequest.first(LIST_PAGE))));
    steps.add(
        new Step(
            "How many of its events are unread",
            AccessPattern.UNREAD_ACTIVITY,
            null,
            repo -> repo.unreadActivity(owner)));
    steps.add(
        new Step(
            "Mark the inbox read",
            AccessPattern.MARK_ACTIVITY_READ,
            null,
            repo -> {
              repo.markActivityRead(owner);
              return VOID;
            }));
    steps.add(
        new Step(
            "Unread after marking it read",
            AccessPattern.UNREAD_ACTIVITY,
            null,
            repo -> repo.unreadActivity(owner)));
    return steps;
  }
}
