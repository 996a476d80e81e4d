/**
 * The home feed served two ways on the in-memory engine, fan-out on read and fan-out on write:
 * the benchmark, each design's exact cost per page and per upload, and the report of both.
 */
package io.quickphotos.bench.feed;
