/**
 * quickphotos' storage-agnostic API: the {@link io.quickphotos.QuickPhotos} repository, its
 * records, exceptions and cost listener.
 *
 * <p>The single-table layer (key layout, plans, the engine SPI and the shared repository) lives
 * in {@code io.quickphotos.internal.singletable}, exported only to the two backends and the test
 * kit.
 */
@SuppressWarnings("module") // io.quickphotos.test (the test kit) is built after this module
module io.quickphotos {
  exports io.quickphotos;
  exports io.quickphotos.engine to io.quickphotos.memory, io.quickphotos.dynamo,
      io.quickphotos.test;
  exports io.quickphotos.internal.repository to io.quickphotos.memory, io.quickphotos.dynamo,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable to io.quickphotos.memory, io.quickphotos.dynamo,
      io.quickphotos.test;
}
