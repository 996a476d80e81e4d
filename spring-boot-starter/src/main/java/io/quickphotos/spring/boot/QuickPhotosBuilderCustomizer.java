package io.quickphotos.spring.boot;

import io.quickphotos.QuickPhotosBuilder;

/**
 * Adjusts a repository builder before it is built, without replacing the bean: the properties'
 * settings, the cost listeners (metrics and observations included) and the health contributor
 * stay as the starter makes them. Every bean of this type is applied, in {@code @Order} (or
 * {@link org.springframework.core.Ordered}) order, last: after the {@code quickphotos.*}
 * properties and, on DynamoDB, the client and table name, so a customizer's setting wins. The
 * builder is {@code MemoryQuickPhotos.Builder} or {@code DynamoQuickPhotos.Builder}; a backend's
 * own option takes an {@code instanceof}:
 *
 * <pre>{@code
 * @Bean
 * QuickPhotosBuilderCustomizer slowLikeDynamoDb() {
 *   return builder -> {
 *     if (builder instanceof MemoryQuickPhotos.Builder memory) {
 *       memory.latency(Duration.ofMillis(5)).throughput(Throughput.onDemand());
 *     }
 *   };
 * }
 * }</pre>
 *
 * <p>The failure analyses, the health details and the meters' {@code table} tag name {@code
 * quickphotos.table-name}: change the table with that property rather than here. Customizers
 * also adjust an application's own repository built through {@link QuickPhotosBuilderConfigurer}.
 * Called once per build, on the thread building the context (again after a test's reset).
 */
@FunctionalInterface
public interface QuickPhotosBuilderCustomizer {
  /**
   * Adjusts the builder.
   *
   * @param builder the builder, with the properties' settings already given
   */
  void customize(QuickPhotosBuilder<?> builder);
}
