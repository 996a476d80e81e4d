package io.quickphotos;

import java.time.Instant;

/**
 * One user's block of another ({@link QuickPhotos#block}): the blocked user can neither follow
 * the blocker, ask to, nor react to its photos, and is answered as if the blocker did not exist.
 *
 * @param blocker the handle of the user who blocked
 * @param blocked the handle of the user blocked
 * @param since when the block was made
 */
public record Block(String blocker, String blocked, Instant since) {

  @Override
  public String toString() {
    return "Block<" + blocker + " x " + blocked + ">";
  }
}
