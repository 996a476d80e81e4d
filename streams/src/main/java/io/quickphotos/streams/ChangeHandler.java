package io.quickphotos.streams;

import java.util.List;

/**
 * An application's reaction to the repository's changes. Called with the events of one batch of
 * stream records, in order; the events of one item are in the order of its changes. A batch may
 * be delivered again (a poller restarting from its checkpoint, Lambda retrying): apply each
 * delivery once in effect, e.g. with {@link AppliedMarks} written together with the effect.
 */
@FunctionalInterface
public interface ChangeHandler {
  /**
   * Handles one batch. Throwing leaves the batch unacknowledged: it is delivered again, from its
   * first event.
   *
   * @param batch the deliveries, never empty
   * @throws Exception to have the batch delivered again
   */
  void handle(List<Delivery> batch) throws Exception;
}
