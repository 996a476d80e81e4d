package io.quickphotos.cli.tour;

import static io.quickphotos.cli.tour.Walkthrough.LIST_PAGE;
import static io.quickphotos.cli.tour.Walkthrough.PHOTO_PAGE;
import static io.quickphotos.cli.tour.Walkthrough.VOID;

import io.quickphotos.AccessPattern;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoId;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.Visibility;
import io.quickphotos.cli.tour.Walkthrough.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * A private account, a request approved, a block, and reads made for a viewer
 * ({@code docs/privacy.md}); closing the account at the end takes its requests and blocks with
 * it.
 *
 * <p>The walkthrough's section on who may see what, after the newcomer's own calls and before the
 * data's lifecycle.
 */
final class PrivacySteps {
  private PrivacySteps() {}

  /**
   * The other reads made for a viewer, as the follower: each decides from the items of the
   * account it shows, read with one BatchGetItem beside the read.
   */
  private static List<Step> viewerSteps(String fan, String me, PhotoId photo) {
    List<Step> steps = new ArrayList<>();
    steps.add(
        new Step(
            "Read as the follower: one photo",
            AccessPattern.VIEWER_GET_PHOTO,
            null,
            repo -> repo.as(fan).getPhoto(photo)));
    steps.add(
        new Step(
            "Read as the follower: a photo and its reactions",
            AccessPattern.VIEWER_PHOTO_WITH_REACTIONS,
            null,
            repo -> repo.as(fan).photoWithReactions(photo, PageRequest.first(LIST_PAGE))));
    steps.add(
        new Step(
            "Read as the follower: the account's followers",
            AccessPattern.VIEWER_FOLLOWERS_OF,
            null,
            repo -> repo.as(fan).followersOf(me, PageRequest.first(LIST_PAGE))));
    steps.add(
        new Step(
            "Read as the follower: whom the account follows",
            AccessPattern.VIEWER_FOLLOWED_BY,
            null,
            repo -> repo.as(fan).followedBy(me, PageRequest.first(LIST_PAGE))));
    steps.add(
        new Step(
            "Read as the follower: does it follow the account?",
            AccessPattern.VIEWER_IS_FOLLOWING,
            null,
            repo -> repo.as(fan).isFollowing(fan, me)));
    steps.add(
        new Step(
            "Read as the follower: the reactions the account left on its photo",
            AccessPattern.VIEWER_REACTIONS_LEFT_BY,
            null,
            repo -> repo.as(fan).reactionsLeftBy(me, photo)));
    steps.add(
        new Step(
            "Read as the follower: its own home feed, the private account's photos in it",
            AccessPattern.VIEWER_HOME_FEED,
            null,
            repo -> repo.as(fan).homeFeed(PageRequest.first(LIST_PAGE))));
    return steps;
  }

  /**
   * The steps, in the tour's order.
   *
   * @param me the newcomer, whose account goes private
   * @param fan a follower of the newcomer's, who asks, is approved, then blocked
   * @param photo the newcomer's photo
   * @param topPhoto the sample's photo with the most reactions
   * @return the steps
   */
  static List<Step> of(String me, String fan, PhotoId photo, PhotoId topPhoto) {
    List<Step> steps = new ArrayList<>();
    steps.add(
        new Step(
            "Make an account private: its followers stay, new follows become requests",
            AccessPattern.UPDATE_PROFILE,
            null,
            repo ->
                repo.updateProfile(
                    me, ProfileUpdate.builder().visibility(Visibility.PRIVATE).build())));
    steps.add(
        new Step(
            "Follow a private account: a pending request, not a follow (nothing in any feed)",
            AccessPattern.FOLLOW,
            null,
            repo -> repo.follow(fan, me)));
    steps.add(
        new Step(
            "The account's pending requests, newest first (their count is on its profile)",
            AccessPattern.FOLLOW_REQUESTS_OF,
            null,
            repo -> repo.followRequestsOf(me, PageRequest.first(LIST_PAGE))));
    steps.add(
        new Step(
            "Read as " + fan + ", not a follower yet: the profile, not the photos",
            AccessPattern.VIEWER_USER_WITH_PHOTOS,
            null,
            repo ->
                repo.as(fan)
                    .userWithPhotos(me, SortOrder.NEWEST_FIRST, PageRequest.first(PHOTO_PAGE))));
    steps.add(
        new Step(
            "Withdraw the request (by the one who asked)",
            AccessPattern.WITHDRAW_REQUEST,
            null,
            repo -> {
              repo.withdrawRequest(fan, me);
              return VOID;
            }));
    steps.add(
        new Step(
            "Ask again, and be declined: nothing else changes",
            AccessPattern.DECLINE_REQUEST,
            null,
            repo -> {
              repo.follow(fan, me);
              repo.declineRequest(me, fan);
              return VOID;
            }));
    steps.add(
        new Step("Ask a third time", AccessPattern.FOLLOW, null, repo -> repo.follow(fan, me)));
    steps.add(
        new Step(
            "Approve the request: from then on a follow",
            AccessPattern.APPROVE_REQUEST,
            null,
            repo -> repo.approveRequest(me, fan)));
    steps.add(
        new Step(
            "Read as the follower: the photos show",
            AccessPattern.VIEWER_USER_WITH_PHOTOS,
            null,
            repo ->
                repo.as(fan)
                    .userWithPhotos(me, SortOrder.NEWEST_FIRST, PageRequest.first(PHOTO_PAGE))));
    steps.addAll(viewerSteps(fan, me, photo));
    steps.add(
        new Step(
            "Block a user: the follows, requests and reactions between the two go, both ways,"
                + " counters exact",
            AccessPattern.BLOCK,
            null,
            repo -> {
              repo.block(me, fan);
              return VOID;
            }));
    steps.add(
        new Step(
            "Read as the blocked user: the blocker does not exist for it (a block is not told)",
            AccessPattern.VIEWER_GET_USER,
            null,
            repo -> repo.as(fan).getUser(me)));
    steps.add(
        new Step(
            "Follow the blocker: refused as if it did not exist, nothing written",
            AccessPattern.FOLLOW,
            UserNotFoundException.class,
            repo -> repo.follow(fan, me)));
    steps.add(
        new Step(
            "The blocker's blocks",
            AccessPattern.BLOCKS_OF,
            null,
            repo -> repo.blocksOf(me, PageRequest.first(LIST_PAGE))));
    steps.add(
        new Step(
            "Unblock: restores nothing the block removed",
            AccessPattern.UNBLOCK,
            null,
            repo -> repo.unblock(me, fan)));
    if (topPhoto.owner().equals(fan)) {
      // The block took back the reaction left on the blocked user's photo earlier in the tour.
      steps.add(
          new Step(
              "React again: the block took the reaction back, unblocking restored nothing",
              AccessPattern.REACT_TO,
              null,
              repo -> repo.reactTo(me, topPhoto, ReactionType.HEART)));
    }
    return steps;
  }
}
