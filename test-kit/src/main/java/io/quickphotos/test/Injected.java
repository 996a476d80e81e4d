package io.quickphotos.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a non-static field that {@link QuickPhotosExtension} sets before each test: of type
 * {@link io.quickphotos.QuickPhotos}, {@link QuickPhotosFixture}, {@link ManualClock},
 * {@link io.quickphotos.memory.Faults} or {@link Backend}. The same values are available as
 * test-method parameters without any annotation.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Injected {}
