package io.quickphotos.test.spring;

import io.quickphotos.test.Backend;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Chooses the backend of a Spring test's {@code QuickPhotos} bean (the starter's), and whether it
 * is emptied after each test method. Without it, a Spring test context with quickphotos-test on
 * the test class path already gets the memory backend when no configuration names
 * {@code quickphotos.backend}, emptied after each test method: the annotation is for the two
 * other choices.
 *
 * <pre>{@code
 * @SpringBootTest
 * @AutoConfigureQuickPhotos(backend = Backend.DYNAMODB_LOCAL) // a table of DynamoDB Local's
 * class ProfileApiDynamoDbTest { ... }
 *
 * @SpringBootTest
 * @AutoConfigureQuickPhotos(resetAfterEachTest = false) // the methods build on each other
 * class SignUpJourneyTest { ... }
 * }</pre>
 *
 * <p>On {@link Backend#DYNAMODB_LOCAL} the context runs on DynamoDB Local in the test JVM (one
 * server for the whole run, started on first use; no Docker, no credentials, no system
 * properties): the starter's repository gets a client of its own for it, marked primary, and a
 * table of its own, created when the context starts; {@code quickphotos.backend}, {@code
 * .table-name} and {@code .create-table-if-missing} are set for it over the application's
 * configuration. It needs {@code io.quickphotos:quickphotos-dynamo-local} in test scope; without
 * it the class fails with one message naming that dependency.
 *
 * <p>Either backend starts each test class on an empty repository (a context Spring cached for
 * an earlier class is emptied first), and each test method unless {@link #resetAfterEachTest()}
 * is false: on memory the repository is built again, on DynamoDB Local the table's items are
 * deleted and the repository built again. The application's own {@code Faults} bean, if any, is
 * cleared with it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface AutoConfigureQuickPhotos {
  /**
   * Where the repository keeps its data in this test context.
   *
   * @return memory unless set
   */
  Backend backend() default Backend.MEMORY;

  /**
   * Whether the repository is emptied after each test method, as Spring Boot resets its mocks.
   *
   * @return true unless set
   */
  boolean resetAfterEachTest() default true;
}
