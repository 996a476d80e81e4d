/**
 * Wall-clock latency on DynamoDB Local under a fixed network delay a request: one call of every
 * access pattern and a home-feed page as the followed accounts grow.
 */
package io.quickphotos.bench.latency;
