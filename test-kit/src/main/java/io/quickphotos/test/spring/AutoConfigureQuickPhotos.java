package io.quickphotos.test.spring;

import io.quickphotos.test.Backend;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Imports the starter's auto-configuration into a Spring test context, as Spring Boot's own
 * {@code @AutoConfigure...} annotations do, and chooses the backend of its {@code QuickPhotos}
 * bean and whether it is emptied after each test method. On a slice that leaves auto-configuration
 * out ({@code @WebMvcTest}, {@code @WebFluxTest}, {@code @JsonTest}, ...) it adds the repository
 * and its customizers; on {@code @SpringBootTest} the starter is there already, and the annotation
 * is for the backend and the resets. The imported auto-configurations are listed in {@code
 * META-INF/spring/io.quickphotos.test.spring.AutoConfigureQuickPhotos.imports}. Without it, a
 * Spring test context with quickphotos-test on the test class path that has the starter gets the
 * memory backend when no configuration names {@code quickphotos.backend}, emptied after each test
 * method.
 *
 * <pre>{@code
 * @SpringBootTest
 * @AutoConfigureQuickPhotos(backend = Backend.DYNAMODB_LOCAL) // a table of DynamoDB Local's
 * class ProfileApiDynamoDbTest { ... }
 *
 * @SpringBootTest
 * @AutoConfigureQuickPhotos(resetAfterEachTest = false) // the methods build on each other
 * class SignUpJourneyTest { ... }
 *
 * @WebMvcTest(ProfileController.class)
 * @AutoConfigureQuickPhotos // the controller's repository, on memory
 * class ProfileControllerTest { ... }
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
 * <p>On memory each test class has a repository of its own, and so does each test method unless
 * {@link #resetAfterEachTest()} is false, also when classes sharing a cached context run in
 * parallel or are {@code @Nested}: the {@code quickPhotos} bean routes a call to the repository
 * of the test running on the calling thread. On DynamoDB Local the context's repositories share
 * its table, emptied before each class and after each method. The application's own {@code
 * Faults} bean, if any, is cleared after each method.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
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
