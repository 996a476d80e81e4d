/**
 * JMH benchmarks of the single-table access patterns and the reports made from them, a package per
 * subject: {@code patterns} (every access pattern on each backend and beside its floor, the
 * alternative query shapes, read scaling), {@code floors} (the same work on bare JDK collections
 * and on hand-written SDK requests), {@code sdk} (dynamo-impl over a stubbed SDK client),
 * {@code feed} (fan-out on read against fan-out on write), {@code hybrid} (the hybrid feed's data,
 * throughput and fleet costs, and its report), {@code latency} (wall-clock latency under a network
 * delay), {@code hot} (hot keys), {@code edits} (single-attribute edits and captions),
 * {@code streams} (the change feed), {@code footprint} (the memory engine's heap), {@code report}
 * (the JMH results as markdown and charts) and {@code guard} (the build's performance guard). This
 * package holds what they share: the data set, the cost counters and the engines under the
 * repositories.
 */
package io.quickphotos.bench;
