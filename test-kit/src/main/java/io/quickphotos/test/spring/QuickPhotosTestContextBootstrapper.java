package io.quickphotos.test.spring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.springframework.boot.test.context.SpringBootTestContextBootstrapper;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Bootstraps a {@link QuickPhotosTest}: Spring Boot's test bootstrapper with auto-configuration
 * off (the starter's comes from {@link AutoConfigureQuickPhotos}), no web application, and the
 * annotation's properties. Created by Spring's test framework; stateless.
 */
class QuickPhotosTestContextBootstrapper extends SpringBootTestContextBootstrapper {

  @Override
  protected String[] getProperties(Class<?> testClass) {
    List<String> properties = new ArrayList<>();
    properties.add("spring.boot.enableautoconfiguration=false");
    properties.add("spring.main.web-application-type=none");
    QuickPhotosTest slice =
        TestContextAnnotationUtils.findMergedAnnotation(testClass, QuickPhotosTest.class);
    if (slice != null) {
      properties.addAll(Arrays.asList(slice.properties()));
    }
    return properties.toArray(String[]::new);
  }
}
