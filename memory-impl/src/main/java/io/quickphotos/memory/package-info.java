/**
 * The in-memory backend: {@link io.quickphotos.memory.MemoryQuickPhotos} builds repositories on
 * {@link io.quickphotos.memory.MemoryTable}, a sorted-map engine that reproduces DynamoDB's key
 * order, key conditions, paging, conditional writes, transactions, limits and capacity units.
 */
package io.quickphotos.memory;
