/**
 * The data tools: load a generated data set, export a table as DynamoDB JSON, audit a table,
 * backfill the hybrid feed's timelines, and show or record a table's settings.
 */
package io.quickphotos.cli.data;
