package io.quickphotos.internal.singletable.hot;

import io.quickphotos.engine.Item;

/**
 * The answer of a plain profile update that would make a hot account private: the account has
 * shards, so the switch must seal them first ({@link ShardPlans#seal}); then the update is sent again.
 * Never leaves the repository.
 */
public final class SealFirst extends io.quickphotos.QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /** The profile as the update's condition found it; not serialized. */
  private final transient Item profile;

  /**
   * The answer for a profile found sharded.
   *
   * @param profile the profile as the update's condition found it
   */
  public SealFirst(Item profile) {
    super("a hot account's shards must be sealed before it goes private");
    this.profile = profile;
  }

  /**
   * The profile as the update's condition found it.
   *
   * @return the profile, sharded
   */
  public Item profile() {
    return profile;
  }
}
