/**
 * The report of the hybrid home feed beside fan-out on read: pages, uploads, storage and fan-out
 * completion, as markdown, CSV and a chart.
 */
package io.quickphotos.bench.hybrid.report;
