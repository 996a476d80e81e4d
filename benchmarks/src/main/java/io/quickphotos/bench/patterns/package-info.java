/**
 * One benchmark per access pattern of the repository on each backend and beside its floor, behind
 * one facade; the alternative request shapes of two patterns; how the reads scale with threads.
 */
package io.quickphotos.bench.patterns;
