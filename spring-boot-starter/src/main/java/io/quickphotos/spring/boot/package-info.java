/**
 * Spring Boot auto-configuration for quickphotos: {@link
 * io.quickphotos.spring.boot.QuickPhotosAutoConfiguration} builds a {@link
 * io.quickphotos.QuickPhotos} bean from {@link io.quickphotos.spring.boot.QuickPhotosProperties}
 * ({@code quickphotos.*}), records its costs in the application's Micrometer registry and reports
 * the table's health to Actuator. Works on Spring Boot 3.5 and 4.
 */
package io.quickphotos.spring.boot;
