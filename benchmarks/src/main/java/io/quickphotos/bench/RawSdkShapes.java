package io.quickphotos.bench;

import io.quickphotos.CostListener;
import io.quickphotos.Page;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;

/**
 * The query shapes as hand-written requests on DynamoDB Local ({@link RawSdk}). dynamo-impl keeps
 * its {@link io.quickphotos.singletable.Table} engine package-private, so the shapes cannot run
 * through it as they do through the in-memory engine; the requests are the same ones.
 */
final class RawSdkShapes implements QueryShapes {
  private final LocalTable table;
  private final RawSdk raw;
  private final CostRecorder costs;

  private RawSdkShapes(LocalTable table, RawSdk raw, CostRecorder costs) {
    this.table = table;
    this.raw = raw;
    this.costs = costs;
  }

  /**
   * Starts DynamoDB Local, loads the data set and adds the denormalized copies.
   *
   * @param data the data set
   * @return the shapes; closing them stops DynamoDB Local
   */
  static RawSdkShapes open(DataSet data) {
    LocalTable table = LocalTable.load(data, CostListener.NONE, true);
    CostRecorder costs = new CostRecorder();
    return new RawSdkShapes(table, new RawSdk(table.client(), costs), costs);
  }

  @Override
  public UserPhotos userAndPhotosInOneQuery(String username) {
    return raw.userWithPhotos(username);
  }

  @Override
  public UserPhotos userThenPhotos(String username) {
    return raw.userThenPhotos(username);
  }

  @Override
  public Page<User> followedByBatchGet(String username) {
    return raw.followedBy(username);
  }

  @Override
  public Page<User> followedByGetEach(String username) {
    return raw.followedByGetEach(username);
  }

  @Override
  public Page<User> followedByDenormalized(String username) {
    return raw.followedByDenormalized(username);
  }

  @Override
  public CostRecorder costs() {
    return costs;
  }

  @Override
  public void close() {
    table.close();
  }
}
