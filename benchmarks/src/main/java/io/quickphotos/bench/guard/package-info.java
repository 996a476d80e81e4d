/**
 * The build's guard against a slower in-memory backend: a short JMH run of the hot path against a
 * checked-in baseline.
 */
package io.quickphotos.bench.guard;
