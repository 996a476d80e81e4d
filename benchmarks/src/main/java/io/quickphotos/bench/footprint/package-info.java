/**
 * The in-memory backend's heap per stored item, beside the item's size by DynamoDB's formula.
 */
package io.quickphotos.bench.footprint;
