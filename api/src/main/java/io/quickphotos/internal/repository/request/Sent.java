package io.quickphotos.internal.repository.request;

import io.quickphotos.engine.Item;
import io.quickphotos.internal.singletable.plan.StepOutcome;
import java.util.Optional;

/**
 * What sending a plan came to, for a caller that acts on a failure and sends the plan again
 * (an edit measured on its item, a switch to private that seals a hot account first).
 */
public sealed interface Sent {
  /**
   * The plan was applied.
   *
   * @param image as {@link Writes#write} returns it
   */
  record Applied(Optional<Item> image) implements Sent {}

  /**
   * A step asks the caller to act on its item and send the plan again; nothing was written.
   *
   * @param outcome what the step asks, with the item
   */
  record Again(StepOutcome.SendAgain outcome) implements Sent {}
}
