/**
 * The test kit in Spring tests: with quickphotos-test on the test class path, every Spring test
 * context of an application with quickphotos' starter gets the memory backend when no
 * configuration names one or the test points it at a server, and a repository of its own for each
 * test class and method; {@link io.quickphotos.test.spring.AutoConfigureQuickPhotos} imports the
 * starter into any slice, puts a class on DynamoDB Local or keeps its data between methods, and
 * {@link io.quickphotos.test.spring.QuickPhotosTest} is a slice of the repository alone. Loaded only by Spring's test framework ({@code
 * META-INF/spring.factories}), so the kit needs no Spring for tests without it.
 */
package io.quickphotos.test.spring;
