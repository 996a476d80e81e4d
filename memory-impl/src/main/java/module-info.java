/**
 * The in-memory backend of quickphotos: {@link io.quickphotos.memory.MemoryQuickPhotos}. The
 * engine itself ({@code io.quickphotos.memory.internal}) is not exported.
 */
module io.quickphotos.memory {
  requires transitive io.quickphotos;

  exports io.quickphotos.memory;
}
