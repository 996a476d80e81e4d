/**
 * The change feed of quickphotos: {@link io.quickphotos.streams.StreamPoller} reads a table's
 * DynamoDB stream through any {@code DynamoDbStreamsClient} (the memory engine's {@code
 * MemoryStreams.client()} or DynamoDB's) and hands an application's {@link
 * io.quickphotos.streams.ChangeHandler} the repository's own events ({@link
 * io.quickphotos.streams.ChangeEvent}), exactly once in effect with {@link
 * io.quickphotos.streams.AppliedMarks}.
 */
package io.quickphotos.streams;
