package io.quickphotos;

import java.util.List;
import java.util.Objects;

/**
 * What {@link QuickPhotos#audit} read and found.
 *
 * @param itemsScanned how many items the Scan read
 * @param findings everything found wrong, in a stable order (by kind, then subject)
 * @param itemsSkipped how many of the items read are of a kind this version does not know (a
 *     later version's, sharing the table): skipped, neither checked nor mended
 */
public record AuditReport(long itemsScanned, List<AuditFinding> findings, long itemsSkipped) {
  /**
   * Checks and copies the components.
   *
   * @param itemsScanned the record component of that name, as described above
   * @param findings the record component of that name, as described above
   * @param itemsSkipped the record component of that name, as described above
   * @throws NullPointerException if the list is null
   */
  public AuditReport {
    findings = List.copyOf(Objects.requireNonNull(findings, "findings"));
  }

  /**
   * A report of a table holding no item of a kind this version does not know.
   *
   * @param itemsScanned how many items the Scan read
   * @param findings everything found wrong
   */
  public AuditReport(long itemsScanned, List<AuditFinding> findings) {
    this(itemsScanned, findings, 0);
  }

  /**
   * Whether nothing was found wrong.
   *
   * @return true if there are no findings
   */
  public boolean clean() {
    return findings.isEmpty();
  }

  /**
   * How many findings the audit mended.
   *
   * @return the count
   */
  public long fixed() {
    return findings.stream().filter(AuditFinding::fixed).count();
  }
}
