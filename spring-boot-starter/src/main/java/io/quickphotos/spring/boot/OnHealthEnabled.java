package io.quickphotos.spring.boot;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Boot's rule for a health contributor, as its own {@code @ConditionalOnEnabledHealthIndicator}
 * applies it (whose package differs between Boot 3.5 and 4): {@code
 * management.health.quickphotos.enabled} when set, else {@code management.health.defaults.enabled}
 * when set, else on.
 */
final class OnHealthEnabled extends SpringBootCondition {
  static final String PROPERTY = "management.health.quickphotos.enabled";
  static final String DEFAULTS = "management.health.defaults.enabled";

  @Override
  public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata m) {
    Environment environment = context.getEnvironment();
    if (environment.containsProperty(PROPERTY)) {
      boolean on = environment.getProperty(PROPERTY, Boolean.class, true);
      return new ConditionOutcome(on, PROPERTY + " is " + on);
    }
    boolean on = environment.getProperty(DEFAULTS, Boolean.class, true);
    return new ConditionOutcome(on, DEFAULTS + " is " + on + " and " + PROPERTY + " is unset");
  }
}
