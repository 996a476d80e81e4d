/**
 * Internal: the DynamoDB engine ({@link io.quickphotos.dynamo.internal.DynamoTable}), which turns
 * each single-table plan into one AWS SDK request and SDK exceptions into quickphotos' own. Not
 * part of the public API and not exported by the module.
 */
package io.quickphotos.dynamo.internal;
