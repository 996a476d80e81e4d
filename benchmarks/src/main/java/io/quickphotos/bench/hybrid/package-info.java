/**
 * The hybrid home feed's data built through the repository, its throughput under the memory
 * engine's partition limits, and what the fleet-safe hybrid costs each call.
 */
package io.quickphotos.bench.hybrid;
