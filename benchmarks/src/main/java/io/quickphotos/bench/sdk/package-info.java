/**
 * dynamo-impl's overhead over hand-written SDK calls without a server: a real client on a stubbed
 * HTTP client, as a JMH benchmark and as an interleaved comparison.
 */
package io.quickphotos.bench.sdk;
