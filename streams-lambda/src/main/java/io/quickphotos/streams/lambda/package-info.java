/**
 * The change feed on AWS Lambda: {@link io.quickphotos.streams.lambda.ChangeFeedHandler}, a
 * handler for the DynamoDB stream event. Its Lambda dependencies stay in this module.
 */
package io.quickphotos.streams.lambda;
