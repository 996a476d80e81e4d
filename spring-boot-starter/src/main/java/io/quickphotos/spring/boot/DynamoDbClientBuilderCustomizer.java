package io.quickphotos.spring.boot;

import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * Adjusts the builder of the DynamoDB client the starter creates (when the application has no
 * {@code DynamoDbClient} bean of its own): its HTTP client, timeouts, retries or interceptors,
 * keeping {@code quickphotos.dynamodb.region} and {@code .endpoint}. Every bean of this type is
 * applied, in {@code @Order} order, after those properties. A customizer that sets another HTTP
 * client keeps {@code quickphotos.parallelism} at or below its connection pool (the default
 * {@code apache-client}'s is 50, the default parallelism on DynamoDB):
 *
 * <pre>{@code
 * @Bean
 * DynamoDbClientBuilderCustomizer timeouts() {
 *   return builder -> builder.overrideConfiguration(c -> c.apiCallTimeout(Duration.ofSeconds(2)));
 * }
 * }</pre>
 */
@FunctionalInterface
public interface DynamoDbClientBuilderCustomizer {
  /**
   * Adjusts the builder.
   *
   * @param builder the starter's client builder, with the region and endpoint already given
   */
  void customize(DynamoDbClientBuilder builder);
}
