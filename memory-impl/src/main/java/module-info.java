/**
 * The in-memory backend of quickphotos: {@link io.quickphotos.memory.MemoryQuickPhotos}. The
 * engine itself ({@code io.quickphotos.memory.internal}) is exported to the test kit alone.
 */
@SuppressWarnings("module") // io.quickphotos.test (the test kit) is built after this module
module io.quickphotos.memory {
  requires transitive io.quickphotos;
  // Optional: only MemoryStreams, the stream in the SDK's shape, needs the AWS SDK.
  requires static software.amazon.awssdk.services.dynamodb;
  requires static software.amazon.awssdk.awscore;
  requires static software.amazon.awssdk.core;
  requires static software.amazon.awssdk.http;
  requires static software.amazon.awssdk.utils;

  exports io.quickphotos.memory;
  exports io.quickphotos.memory.internal to
      io.quickphotos.test;
}
