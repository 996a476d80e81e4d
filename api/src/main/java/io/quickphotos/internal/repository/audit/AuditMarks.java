package io.quickphotos.internal.repository.audit;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditFinding.Kind;
import io.quickphotos.Block;
import io.quickphotos.FollowRequest;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.privacy.RequestPlans;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The audit's check of the marks requests and blocks leave in the partition of the user they
 * name on the other side ({@code docs/privacy.md}): a mark whose request or block does not exist
 * (an earlier version, which does not know marks, ended it) is deleted on condition that it still
 * does not. A request or block without its mark (an earlier version made it) is no finding: the
 * cascade walks the index for those.
 */
final class AuditMarks {
  private final Writes writes;
  private final Meter meter;

  AuditMarks(Writes writes, Meter meter) {
    this.writes = writes;
    this.meter = meter;
  }

  /**
   * Finds (and with {@code fix}, deletes) the marks whose request or block does not exist.
   *
   * @param requests the requests read, as {@code account>requester@since}
   */
  void check(AuditTally tally, Set<String> requests, boolean fix, List<AuditFinding> found) {
    for (FollowRequest mark : tally.requestMarks) {
      if (!requests.contains(mark.account() + ">" + mark.requester() + "@" + mark.since())) {
        found.add(
            leftover(
                "request mark " + mark.requester() + " -> " + mark.account(),
                "its request does not exist",
                new WriteAction.Check(
                    KeyLayout.request(mark.account(), mark.requester()),
                    ItemCondition.not(RequestPlans.isRequest(mark))),
                KeyLayout.requestMark(mark.requester(), mark.account()),
                fix));
      }
    }
    Set<String> blocks = new HashSet<>();
    for (Block block : tally.blocks) {
      blocks.add(block.blocker() + ">" + block.blocked());
    }
    for (Block mark : tally.blockMarks) {
      if (!blocks.contains(mark.blocker() + ">" + mark.blocked())) {
        found.add(
            leftover(
                "block mark " + mark.blocker() + " x " + mark.blocked(),
                "its block does not exist",
                new WriteAction.Check(
                    KeyLayout.block(mark.blocker(), mark.blocked()), ItemCondition.ABSENT),
                KeyLayout.blockMark(mark.blocked(), mark.blocker()),
                fix));
      }
    }
  }

  /** A leftover mark, deleted with {@code fix} on condition that what it marked is still gone. */
  private AuditFinding leftover(
      String subject, String detail, WriteAction stillGone, Key mark, boolean fix) {
    boolean fixed =
        fix
            && writes.transact(
                List.of(stillGone, new WriteAction.Delete(mark, ItemCondition.EXISTS)), meter);
    return new AuditFinding(Kind.PRIVACY_LEFTOVER, subject, detail, fixed);
  }
}
