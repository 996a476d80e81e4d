/**
 * The change feed: how fast the poller reads the memory engine's stream.
 */
package io.quickphotos.bench.streams;
