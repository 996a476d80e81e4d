package io.quickphotos.test.spring;

import java.io.IOException;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * Keeps a {@link QuickPhotosTest}'s component scanning to the repository's customizers: every
 * other scanned class is excluded, as Spring Boot's slices exclude what they are not about.
 * Registered as a bean of the slice's context, where Spring Boot's {@code TypeExcludeFilter} on
 * {@code @SpringBootApplication} finds it. Immutable; all instances are equal, so that contexts
 * of slices are cached as one.
 */
final class QuickPhotosTypeExcludeFilter extends TypeExcludeFilter {
  static final String BEAN = "quickPhotosTestTypeExcludeFilter";

  /** The starter's customizer types, by name: the kit compiles without the starter. */
  private static final String[] KEPT = {
    "io.quickphotos.spring.boot.QuickPhotosBuilderCustomizer",
    "io.quickphotos.spring.boot.DynamoDbClientBuilderCustomizer"
  };

  private final AssignableTypeFilter[] kept;

  QuickPhotosTypeExcludeFilter(ClassLoader loader) {
    kept = new AssignableTypeFilter[KEPT.length];
    for (int i = 0; i < KEPT.length; i++) {
      kept[i] = new AssignableTypeFilter(ClassUtils.resolveClassName(KEPT[i], loader));
    }
  }

  @Override
  public boolean match(MetadataReader metadataReader, MetadataReaderFactory metadataReaderFactory)
      throws IOException {
    for (AssignableTypeFilter kept : kept) {
      if (kept.match(metadataReader, metadataReaderFactory)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof QuickPhotosTypeExcludeFilter;
  }

  @Override
  public int hashCode() {
    return QuickPhotosTypeExcludeFilter.class.hashCode();
  }
}
