package io.quickphotos.memory;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.contract.QuickPhotosContract;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;

/**
 * The contract suite on the in-memory backend with an index that lags, as DynamoDB's global
 * secondary index does: every write's index changes land {@value #LAG} requests later. The
 * contract's tests read their own writes call after call, which DynamoDB promises of its index
 * only once it has caught up (a fraction of a second), so the index catches up before each call
 * of the repository; within a call, whose requests follow each other in microseconds, it lags.
 * What this runs is every call's own requests against a stale index: a cascade, a block, a page
 * of the home feed that reads the index after writing or while others write.
 */
class MemoryLaggingIndexContractTest extends QuickPhotosContract {
  /** More requests than most calls make, so an index change made in a call lands after it. */
  static final int LAG = 4;

  @Override
  protected QuickPhotos newRepository(CostListener costListener, Clock clock) {
    InMemoryTable table = InMemoryTable.create().indexLag(LAG);
    QuickPhotos repository =
        MemoryQuickPhotos.builder().table(table).costListener(costListener).clock(clock).build();
    return caughtUpBeforeEachCall(QuickPhotos.class, repository, table);
  }

  /**
   * The repository (or a read view it returns) with the index caught up before each call; views
   * it returns are wrapped alike.
   */
  static <T> T caughtUpBeforeEachCall(Class<T> type, T target, InMemoryTable table) {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getDeclaringClass() == Object.class) {
            return method.invoke(target, args);
          }
          table.catchUpIndex();
          Object result;
          try {
            result = method.invoke(target, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          Class<?> returned = method.getReturnType();
          return returned.isInterface()
                  && returned.getPackageName().equals(QuickPhotos.class.getPackageName())
                  && result != null
              ? caughtUpBeforeEachCall(cast(returned), result, table)
              : result;
        };
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
  }

  @SuppressWarnings("unchecked")
  private static <T> Class<T> cast(Class<?> type) {
    return (Class<T>) type;
  }
}
