/**
 * Internal: the in-memory engine ({@link io.quickphotos.memory.internal.MemoryTable}), which
 * executes the single-table plans on sorted maps with DynamoDB's semantics. Not part of the public
 * API and not exported by the module; applications build repositories with
 * {@link io.quickphotos.memory.MemoryQuickPhotos}.
 */
package io.quickphotos.memory.internal;
