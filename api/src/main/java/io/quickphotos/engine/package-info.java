/**
 * The engine seam: the {@link io.quickphotos.engine.Table} SPI, one method per DynamoDB request,
 * and the data it speaks (items, keys, values, query and write plans, conditions, capacity). A
 * backend implements {@code Table}; the repository executes plans against it. {@link
 * io.quickphotos.engine.Operation} names each request as DynamoDB does and {@link
 * io.quickphotos.engine.Limits} holds the service's limits, so no other code spells either.
 *
 * <p>Exported to the backends and the test kit only: not part of the application API.
 */
package io.quickphotos.engine;
