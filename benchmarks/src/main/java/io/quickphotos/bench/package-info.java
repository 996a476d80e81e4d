/**
 * JMH benchmarks of the single-table access patterns and their alternative request shapes, on the
 * in-memory backend and on DynamoDB Local, beside baselines on bare JDK collections and on
 * hand-written SDK requests; and the report that turns JMH's JSON into a table and a chart.
 */
package io.quickphotos.bench;
