/**
 * Hot keys: what a hot user's and a viral photo's calls cost, a hot count read while it churns,
 * and the heap of the snapshots hot reads keep.
 */
package io.quickphotos.bench.hot;
