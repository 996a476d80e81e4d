package io.quickphotos.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a test method (or class) of a {@link BothBackends} class that runs on the memory backend
 * only — typically because it scripts {@link io.quickphotos.memory.Faults}, which DynamoDB Local
 * cannot produce. On DynamoDB Local the test is reported as disabled, with the reason given.
 * To run a whole class on memory alone, annotate it {@link MemoryBackend} instead of
 * {@code @BothBackends}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface MemoryOnly {
  /**
   * Why, for the report.
   *
   * @return the reason
   */
  String value() default "scripted faults and throughput limits exist on the memory backend only";
}
