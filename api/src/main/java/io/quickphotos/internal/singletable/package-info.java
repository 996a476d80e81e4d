/**
 * Internal: the single-table design, written once. Not part of quickphotos' public API; it may
 * change in any release, and the {@code io.quickphotos} module exports it only to the two
 * backends.
 *
 * <p>What is here: the key layout ({@link io.quickphotos.internal.singletable.KeyLayout}), the
 * item codecs, the access-pattern plans ({@link io.quickphotos.internal.singletable.Plans}), the
 * {@link io.quickphotos.engine.Table} SPI every engine implements, and the one
 * repository implementation over it
 * ({@link io.quickphotos.internal.repository.SingleTableQuickPhotos}). A backend is an engine that
 * executes plans, so the only thing that can differ between backends is engine semantics.
 * Tooling that compares engines (the conformance tests, the benchmarks) uses these types directly
 * on the class path.
 */
package io.quickphotos.internal.singletable;
