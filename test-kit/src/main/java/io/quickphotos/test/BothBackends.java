package io.quickphotos.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.ClassTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class twice, on the memory backend and on DynamoDB Local, with
 * {@link QuickPhotosExtension}'s injections in both: the same tests prove the application
 * behaves the same on either. DynamoDB Local starts once per JVM, in process; each test gets a
 * fresh table. Tests marked {@link MemoryOnly} (fault scripting) are skipped on DynamoDB Local.
 * Needs {@code quickphotos-dynamo-local} on the test class path, and JUnit 5.13 or later (a JUnit
 * class template; JUnit 6 too): without either, the class fails with one message that says what
 * to add or upgrade. A class whose tests all need the memory backend takes {@link MemoryBackend}
 * instead. To run the application's own sharding, fan-out, retry policy or cost listener on both
 * backends, register {@link QuickPhotosSettings} in a static field.
 *
 * <pre>{@code
 * @BothBackends
 * class PhotoServiceTest {
 *   @Test
 *   void uploads(QuickPhotos photos) { ... }   // runs as [memory] and [DynamoDB Local]
 * }
 * }</pre>
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ClassTemplate
// First: on a JUnit without class templates, or without quickphotos-dynamo-local, it fails the
// class with a message that names what to add, before BackendTemplates is loaded.
@ExtendWith(BothBackendsRequirements.class)
@ExtendWith(BackendTemplates.class)
public @interface BothBackends {}
