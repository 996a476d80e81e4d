package com.example.photos;

import io.quickphotos.QuickPhotos;
import io.quickphotos.memory.MemoryQuickPhotos;

class MemoryPhotoFeedTest extends PhotoFeedContract {

  @Override
  QuickPhotos repository() {
    return MemoryQuickPhotos.create();
  }
}
