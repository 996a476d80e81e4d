/**
 * The Amazon DynamoDB backend: {@link io.quickphotos.dynamo.DynamoQuickPhotos} builds a
 * {@link io.quickphotos.QuickPhotos} repository on a table reached through the application's own
 * {@code DynamoDbClient}, and {@link io.quickphotos.dynamo.QuickPhotosTable} describes and
 * provisions that table. The engine that translates the single-table plans into DynamoDB
 * requests lives in {@code io.quickphotos.dynamo.internal}, which the module does not export.
 */
package io.quickphotos.dynamo;
