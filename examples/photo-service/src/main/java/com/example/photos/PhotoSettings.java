package com.example.photos;

import io.quickphotos.FanOut;
import io.quickphotos.Sharding;

/**
 * The repository settings the service runs with, written once: the production bean
 * ({@link QuickPhotosConfiguration}) and the tests' {@code QuickPhotosSettings} both read them,
 * so the tests exercise what production runs.
 */
public final class PhotoSettings {
  /**
   * The hybrid feed: an upload is written into its author's followers' timelines, so a home-feed
   * page costs a few requests however many accounts the reader follows.
   */
  public static final FanOut FAN_OUT = FanOut.hybrid();

  /** Hot users and photos spread their counters over 8 items from 1,000 followers or reactions. */
  public static final Sharding SHARDING = Sharding.defaults();

  private PhotoSettings() {}
}
