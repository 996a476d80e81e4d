package io.quickphotos.internal.repository.request;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.WriteAction;
import java.util.List;

/**
 * Told of every write request the request layer sends, answered or not, after it ended: so that
 * whatever a repository keeps of an item (its hot reads) stops being served once the item may
 * have changed. Implementations must be thread-safe and quick: they run on the calling thread
 * of every write.
 */
public interface WriteWatcher {
  /** Watches nothing. */
  WriteWatcher NONE =
      new WriteWatcher() {
        @Override
        public void written(Key key) {}

        @Override
        public void written(List<WriteAction> actions) {}

        @Override
        public void writtenItems(List<Item> items) {}
      };

  /**
   * After a single write request.
   *
   * @param key the item's key
   */
  void written(Key key);

  /**
   * After a transaction (committed, cancelled or failed); condition checks write nothing.
   *
   * @param actions the transaction's actions
   */
  void written(List<WriteAction> actions);

  /**
   * After a batch of puts.
   *
   * @param items the items put
   */
  void writtenItems(List<Item> items);
}
