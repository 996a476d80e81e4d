/**
 * Internal: the one repository implementation, over any engine. Not part of quickphotos' public
 * API; exported only to the backends and the test kit.
 *
 * <p>{@link io.quickphotos.internal.repository.Repositories#create} is the only way in. Behind
 * it, package-private classes with one job each: the facade (validation, then one access
 * pattern's plan per method), {@code Execution} (metering, the call wrapper that maps engine
 * failures to the API's exceptions, every request), {@code Retrier} (the configured
 * {@link io.quickphotos.RetryPolicy}, for every loop that tries again), {@code PhotoCascade} (remove
 * a reaction, delete a photo) and {@code AccountCascade} (close an account), each fenced to what
 * it marked, on the steps they share in {@code CascadeSteps}, {@code HomeFeed},
 * {@code SnapshotItems} (bulk import), {@code TableAudit}, plus {@code Validation},
 * {@code Cursors} and the lazy {@code RequestDescriptions} of each call's requests.
 */
package io.quickphotos.internal.repository;
