package io.quickphotos.test.spring;

import io.quickphotos.test.Backend;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * A test slice of the repository, as {@code @DataJpaTest} is of JPA: the context holds the
 * starter's {@code QuickPhotos} bean and what configures it (the {@code quickphotos.*}
 * properties, and the application's {@code QuickPhotosBuilderCustomizer} and {@code
 * DynamoDbClientBuilderCustomizer} components that component scanning finds), and nothing else of
 * the application: no other auto-configuration, no controllers, services or other components
 * (a test's own {@code @Import} or nested configuration adds what it needs). Like any test context
 * with the kit, it runs on memory unless the test says otherwise, and each test method starts on
 * an empty repository.
 *
 * <pre>{@code
 * @QuickPhotosTest
 * class FollowRulesTest {
 *   @Autowired QuickPhotos photos;
 *   ...
 * }
 * }</pre>
 *
 * <p>Built as Spring Boot's slices are, on classes both Boot 3.5 and 4 have: bootstrapped by
 * {@code SpringBootTestContextBootstrapper} with auto-configuration switched off ({@code
 * spring.boot.enableautoconfiguration=false}) and no web application, {@link
 * AutoConfigureQuickPhotos} importing the starter's, and a {@code TypeExcludeFilter} the kit
 * registers keeping component scanning to the customizers.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(QuickPhotosTestContextBootstrapper.class)
@ExtendWith(SpringExtension.class)
@AutoConfigureQuickPhotos
public @interface QuickPhotosTest {
  /**
   * Where the repository keeps its data.
   *
   * @return memory unless set
   */
  @AliasFor(annotation = AutoConfigureQuickPhotos.class)
  Backend backend() default Backend.MEMORY;

  /**
   * Whether the repository is emptied after each test method.
   *
   * @return true unless set
   */
  @AliasFor(annotation = AutoConfigureQuickPhotos.class)
  boolean resetAfterEachTest() default true;

  /**
   * Properties of the test's context, {@code key=value}, as {@code @SpringBootTest}'s.
   *
   * @return the properties; none unless set
   */
  String[] properties() default {};
}
