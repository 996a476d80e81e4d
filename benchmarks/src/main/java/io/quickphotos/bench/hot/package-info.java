/**
 * Hot keys: a hot count read while it churns through two instances, and the heap of the snapshots
 * hot reads keep.
 */
package io.quickphotos.bench.hot;
