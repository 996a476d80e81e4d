/**
 * quickphotos' storage-agnostic API: the {@link io.quickphotos.QuickPhotos} repository, its
 * records, exceptions and cost listener.
 *
 * <p>Exported only to the backends and the test kit: the engine seam
 * ({@code io.quickphotos.engine}: the {@code Table} SPI, its data, {@code Operation},
 * {@code Limits}), the single-table layout and plans ({@code io.quickphotos.internal.singletable})
 * and the repository over any engine ({@code io.quickphotos.internal.repository}).
 */
@SuppressWarnings("module") // the test kit and the streams module are built after this module
module io.quickphotos {
  exports io.quickphotos;
  exports io.quickphotos.engine to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
  exports io.quickphotos.internal.repository to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable.codec to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable.edit to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable.feed to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable.files to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable.hot to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable.layout to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable.photo to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable.plan to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable.privacy to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
  exports io.quickphotos.internal.singletable.user to
      io.quickphotos.memory,
      io.quickphotos.dynamo,
      io.quickphotos.streams,
      io.quickphotos.test;
}
