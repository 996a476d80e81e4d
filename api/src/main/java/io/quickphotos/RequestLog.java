package io.quickphotos;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import java.util.function.Supplier;

/**
 * The requests one repository call made, described only when someone reads them: the list
 * {@link io.quickphotos.OperationCost#requestsMade()} returns. Most cost listeners only add up
 * requests and capacity, and the words of every request would otherwise be built on every call.
 * It holds the requests themselves (keys, plans, actions), which are immutable, so the words come
 * out as they would have when the request was made.
 *
 * <p>Immutable and thread-safe: the descriptions are built at most a few times (once, unless
 * threads race on the first read) and always alike; equal to, and hashing like, any list of the
 * same descriptions. {@link io.quickphotos.OperationCost} keeps it as it is instead of copying it.
 */
final class RequestLog extends AbstractList<DynamoRequest> implements RandomAccess {
  private final List<Supplier<DynamoRequest>> requests;
  private volatile List<DynamoRequest> described;

  /**
   * A log over the describers of one call's requests.
   *
   * @param requests one describer per request, in the order the requests were made; the list
   *     must not change afterwards
   */
  RequestLog(List<Supplier<DynamoRequest>> requests) {
    this.requests = requests;
  }

  /**
   * One request, in words.
   *
   * @param index its position, from 0
   * @return the request
   * @throws IndexOutOfBoundsException if there is no such request
   */
  @Override
  public DynamoRequest get(int index) {
    return described().get(index);
  }

  /**
   * How many requests the call made.
   *
   * @return the number of requests
   */
  @Override
  public int size() {
    return requests.size();
  }

  private List<DynamoRequest> described() {
    List<DynamoRequest> words = described;
    if (words == null) {
      DynamoRequest[] all = new DynamoRequest[requests.size()];
      for (int i = 0; i < all.length; i++) {
        all[i] = requests.get(i).get();
      }
      words = List.of(all);
      described = words;
    }
    return words;
  }
}
