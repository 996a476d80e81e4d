package io.quickphotos.spring.boot;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a {@link QuickPhotosStartupException} anywhere in a failed start's causes into Spring
 * Boot's failure analysis: its description and its action, printed instead of the stack trace.
 * Registered in {@code META-INF/spring.factories}, as Spring Boot 3.5 and 4 read analyzers.
 * Stateless, thread-safe.
 */
public class QuickPhotosFailureAnalyzer
    extends AbstractFailureAnalyzer<QuickPhotosStartupException> {

  /** Created by Spring Boot. */
  public QuickPhotosFailureAnalyzer() {}

  /**
   * The analysis of a start that quickphotos stopped.
   *
   * @param rootFailure the failure as Spring reported it
   * @param cause the quickphotos exception among its causes
   * @return its description and action
   */
  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, QuickPhotosStartupException cause) {
    return new FailureAnalysis(cause.description(), cause.action(), cause);
  }
}
