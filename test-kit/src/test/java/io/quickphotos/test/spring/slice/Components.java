package io.quickphotos.test.spring.slice;

import io.quickphotos.QuickPhotosBuilder;
import io.quickphotos.spring.boot.QuickPhotosBuilderCustomizer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Component;

/** The application's components, found by its component scan. */
final class Components {
  private Components() {}

  /** A service that needs what a slice of the repository does not have: it must be left out. */
  @Component
  static class MailingService {
    MailingService(javax.sql.DataSource mailQueue) {}
  }

  /** The repository's customizer: a slice of the repository keeps it. */
  @Component
  static class StalenessCustomizer implements QuickPhotosBuilderCustomizer {
    static final AtomicInteger CALLS = new AtomicInteger();

    @Override
    public void customize(QuickPhotosBuilder<?> builder) {
      CALLS.incrementAndGet();
      builder.hotReadStaleness(Duration.ZERO);
    }
  }
}
