/**
 * The options that choose a backend and the open backend they give: the memory engine, DynamoDB
 * Local in this process, or any endpoint.
 */
package io.quickphotos.cli.backend;
