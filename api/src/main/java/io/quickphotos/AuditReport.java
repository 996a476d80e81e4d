package io.quickphotos;

import java.util.List;
import java.util.Objects;

/**
 * What {@link QuickPhotos#audit} read and found.
 *
 * @param itemsScanned how many items the Scan read
 * @param findings everything found wrong, in a stable order (by kind, then subject)
 */
public record AuditReport(long itemsScanned, List<AuditFinding> findings) {
  /**
   * Checks and copies the components.
   *
   * @throws NullPointerException if the list is null
   */
  public AuditReport {
    findings = List.copyOf(Objects.requireNonNull(findings, "findings"));
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
