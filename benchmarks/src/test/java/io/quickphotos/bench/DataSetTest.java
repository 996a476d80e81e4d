package io.quickphotos.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.memory.InMemoryTable;
import org.junit.jupiter.api.Test;

/** The generated data set is deterministic, about the size asked for, and imports as it is. */
class DataSetTest {

  @Test
  void sameSizeSameData() {
    assertThat(DataSet.of(300).snapshot()).isEqualTo(DataSet.of(300).snapshot());
    assertThat(DataSet.of(1000).itemCount()).isBetween(950, 1050);
  }

  @Test
  void everyItemImportsAndTheRingsPointAtLoadedData() {
    DataSet data = DataSet.of(400);
    QuickPhotos photos = DataSet.memory(InMemoryTable.create(), CostListener.NONE);

    assertThat(photos.importSnapshot(data.snapshot(), written -> {})).isEqualTo(data.itemCount());
    for (int i = 0; i < DataSet.RING; i++) {
      assertThat(photos.getUser(data.userRing[i])).isPresent();
      assertThat(photos.getPhoto(data.photoRing[i])).isPresent();
      assertThat(photos.getUser(data.newUserRing[i].username())).isEmpty();
      assertThat(photos.getPhoto(data.newPhotoRing[i])).isEmpty();
    }
    assertThat(
            photos.followedBy(data.follower.username(), io.quickphotos.PageRequest.first()).items())
        .isEmpty();
  }
}
