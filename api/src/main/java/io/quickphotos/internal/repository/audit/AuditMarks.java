package io.quickphotos.internal.repository.audit;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditFinding.Kind;
import io.quickphotos.Block;
import io.quickphotos.FollowRequest;
import io.quickphotos.engine.ItemCondition;
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
      if (requests.contains(mark.account() + ">" + mark.requester() + "@" + mark.since())) {
        continue;
      }
      boolean fixed =
          fix
              && writes.transact(
                  List.of(
                      new WriteAction.Check(
                          KeyLayout.request(mark.account(), mark.requester()),
                          ItemCondition.not(RequestPlans.isRequest(mark))),
                      new WriteAction.Delete(
                          KeyLayout.requestMark(mark.requester(), mark.account()),
                          ItemCondition.EXISTS)),
                  meter);
      found.add(
          new AuditFinding(
              Kind.PRIVACY_LEFTOVER,
              "request mark " + mark.requester() + " -> " + mark.account(),
              "its request does not exist",
              fixed));
    }
    Set<String> blocks = new HashSet<>();
    for (Block block : tally.blocks) {
      blocks.add(block.blocker() + ">" + block.blocked());
    }
    for (Block mark : tally.blockMarks) {
      if (blocks.contains(mark.blocker() + ">" + mark.blocked())) {
        continue;
      }
      boolean fixed =
          fix
              && writes.transact(
                  List.of(
                      new WriteAction.Check(
                          KeyLayout.block(mark.blocker(), mark.blocked()), ItemCondition.ABSENT),
                      new WriteAction.Delete(
                          KeyLayout.blockMark(mark.blocked(), mark.blocker()),
                          ItemCondition.EXISTS)),
                  meter);
      found.add(
          new AuditFinding(
              Kind.PRIVACY_LEFTOVER,
              "block mark " + mark.blocker() + " x " + mark.blocked(),
              "its block does not exist",
              fixed));
    }
  }
}
