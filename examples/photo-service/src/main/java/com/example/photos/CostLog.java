package com.example.photos;

import io.quickphotos.CostListener;
import io.quickphotos.OperationCost;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The service's cost listener: each repository call's requests and capacity, at DEBUG
 * ({@code logging.level.com.example.photos.CostLog=debug} to see them). A bean: the starter
 * gives the repository every {@link CostListener} bean, beside its own metrics listener.
 * Stateless, so thread-safe.
 */
@Component
public final class CostLog implements CostListener {
  private static final Logger LOG = LoggerFactory.getLogger(CostLog.class);

  /** Logs the cost when DEBUG is on; formats nothing otherwise. */
  @Override
  public void onCost(OperationCost cost) {
    if (LOG.isDebugEnabled()) {
      LOG.debug("{}", cost);
    }
  }

  /** The log line has no latency in it: the repository need not time calls for it. */
  @Override
  public boolean timesCalls() {
    return false;
  }

  /** Nor the SDK's attempts, which would switch the SDK's metric collection on. */
  @Override
  public boolean countsSdkAttempts() {
    return false;
  }
}
