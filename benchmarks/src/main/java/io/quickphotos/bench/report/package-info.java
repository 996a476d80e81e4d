/**
 * JMH's JSON results turned into a markdown report and PNG charts, and the chart of a simulated
 * celebrity launch.
 */
package io.quickphotos.bench.report;
