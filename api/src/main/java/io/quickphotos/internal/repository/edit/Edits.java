package io.quickphotos.internal.repository.edit;

import io.quickphotos.AttributeChange;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Retrier;
import io.quickphotos.internal.repository.request.Sent;
import io.quickphotos.internal.singletable.edit.AttributeEdits;
import io.quickphotos.internal.singletable.edit.Budget;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepOutcome;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.user.UserPlans;
import java.util.List;
import java.util.function.Function;

/**
 * The edits of photos and profiles ({@code editPhoto}, {@code updateProfile}): one conditional
 * write, its version checked in its condition; and for an edit of single attributes whose size
 * budget fails, the same edit measured on the item the failure returned and sent once more
 * ({@link AttributeEdits} explains the budget). A measured attempt that meets attributes changed
 * since its read is contention: it is retried, the first time at once as a charged attempt if the
 * other writer's measure left room, and at most as often as the {@link Retrier} allows.
 * Thread-safe; holds no per-call state.
 */
public final class Edits {
  private final Requests requests;

  /**
   * Creates the edits of a repository.
   *
   * @param requests the request layer the edits' writes go through
   */
  public Edits(Requests requests) {
    this.requests = requests;
  }

  /**
   * Edit photo: see {@link PhotoPlans#editPhoto}.
   *
   * @param id the photo, already validated
   * @param edit the edit, already validated
   */
  public void editPhoto(PhotoId id, PhotoEdit edit, Meter meter) {
    Sent sent =
        write(
            edit.changes(),
            "photo",
            budget -> PhotoPlans.editPhoto(id, edit, budget),
            plan -> requests.writes().send(plan, meter));
    if (!(sent instanceof Sent.Applied)) {
      throw new IllegalStateException("a photo's edit asked for more than a measure: " + sent);
    }
  }

  /**
   * Update profile: see {@link UserPlans#updateProfile}.
   *
   * @param username the user, already validated
   * @param update the update, already validated
   * @return applied, with the profile as this call's UpdateItem left it (as the item read back
   *     after an unknown outcome, if that carries this call's token: no other update landed
   *     since); or the update's request to seal a hot account's shards before it goes private
   *     ({@link StepOutcome.Why#SEAL_SHARDS}), nothing written
   */
  public Sent updateProfile(String username, ProfileUpdate update, Meter meter) {
    // One token per call: every attempt of this call's UpdateItem carries it, and no other call's.
    Value.Str token = Plans.newCallToken();
    // Its token is replaced by the next update of the profile, so a resend after a lost answer
    // could not tell its own write from that one's: sent at most once, then read back.
    return write(
        update.changes(),
        "user",
        budget -> UserPlans.updateProfile(username, update, budget, token),
        plan -> requests.writes().sendAtMostOnce(plan, meter));
  }

  /**
   * Sends an edit's plan, measured again on the item for as long as its step asks to be (within
   * the retry budget for contention); any other request to send again is the caller's.
   */
  private Sent write(
      List<AttributeChange> changes,
      String entity,
      Function<Budget, WritePlan> plan,
      Function<WritePlan, Sent> send) {
    if (changes.isEmpty()) {
      return send.apply(plan.apply(AttributeEdits.none()));
    }
    Budget budget = AttributeEdits.charged(changes);
    int contended = 0;
    while (true) {
      Sent sent = send.apply(plan.apply(budget));
      if (!(sent instanceof Sent.Again again) || !measures(again.outcome())) {
        return sent;
      }
      Item item = again.outcome().item();
      if (again.outcome().why() == StepOutcome.Why.MEASURE) {
        // The bound is full or missing: judge the edit on the item as it is.
        budget = AttributeEdits.measured(item, changes, entity);
        continue;
      }
      contended++;
      Retrier retrier = requests.retrier();
      if (!retrier.allows(contended)) {
        throw new ServiceUnavailableException(
            "the "
                + entity
                + "'s attributes kept changing between the edit's read and its write after "
                + contended
                + " attempts; nothing was written",
            ServiceUnavailableException.Reason.CONTENTION,
            ServiceUnavailableException.Written.NOTHING,
            null);
      }
      retrier.pauseBefore(contended);
      budget =
          AttributeEdits.hasRoom(item, changes)
              ? AttributeEdits.charged(changes)
              : AttributeEdits.measured(item, changes, entity);
    }
  }

  private static boolean measures(StepOutcome.SendAgain again) {
    return again.why() == StepOutcome.Why.MEASURE
        || again.why() == StepOutcome.Why.MEASURE_AFTER_CONTENTION;
  }
}
