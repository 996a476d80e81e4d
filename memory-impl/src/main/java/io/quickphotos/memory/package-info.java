/**
 * The in-memory backend: {@link io.quickphotos.memory.MemoryQuickPhotos} builds repositories on a
 * sorted-map engine that reproduces DynamoDB's key order, key conditions, paging, conditional
 * writes, transactions, limits and capacity units. The engine itself lives in
 * {@code io.quickphotos.memory.internal}, which the module does not export.
 */
package io.quickphotos.memory;
