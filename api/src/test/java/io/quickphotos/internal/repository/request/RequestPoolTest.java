package io.quickphotos.internal.repository.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.internal.repository.RepositoryOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RequestPoolTest {

  private static List<Integer> numbers(int count) {
    return IntStream.range(0, count).boxed().toList();
  }

  @Test
  void answersInRequestOrder() {
    RequestPool pool = new RequestPool(8);
    assertThat(pool.sendAll(numbers(100), n -> n * 2))
        .isEqualTo(numbers(100).stream().map(n -> n * 2).toList());
  }

  @Test
  void anExecutorOfTheApplicationsRunsTheHelpersAndGetsThemOnTheCallingThread() {
    List<Thread> handedOverOn = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Thread> helpers = java.util.Collections.synchronizedList(new ArrayList<>());
    java.util.concurrent.Executor executor =
        task -> {
          handedOverOn.add(Thread.currentThread());
          Thread helper = new Thread(task, "application-helper");
          helpers.add(helper);
          helper.start();
        };
    RequestPool pool = new RequestPool(4, executor);
    Thread caller = Thread.currentThread();

    List<Thread> seen = pool.sendAll(numbers(40), n -> Thread.currentThread());

    assertThat(handedOverOn).hasSize(3).containsOnly(caller);
    assertThat(seen).isSubsetOf(concat(caller, helpers));
  }

  @Test
  void anExecutorThatRefusesLeavesTheRequestsToTheCallingThread() {
    RequestPool pool =
        new RequestPool(
            4,
            task -> {
              throw new java.util.concurrent.RejectedExecutionException("full");
            });
    Thread caller = Thread.currentThread();
    assertThat(pool.sendAll(numbers(10), n -> Thread.currentThread())).containsOnly(caller);
  }

  private static List<Thread> concat(Thread first, List<Thread> rest) {
    List<Thread> all = new ArrayList<>(rest);
    all.add(first);
    return all;
  }

  @Test
  void parallelismOneSendsOnTheCallingThread() {
    RequestPool pool = new RequestPool(1);
    Thread caller = Thread.currentThread();
    List<Thread> seen = pool.sendAll(numbers(10), n -> Thread.currentThread());
    assertThat(seen).containsOnly(caller);
  }

  @Test
  void reachesItsParallelismAndNeverPassesIt() throws InterruptedException {
    int parallelism = 6;
    RequestPool pool = new RequestPool(parallelism);
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    // Each of the first `parallelism` requests waits until all of them are in flight at once:
    // this ends only if the pool really sends that many side by side.
    CountDownLatch allIn = new CountDownLatch(parallelism);
    List<Boolean> metAll =
        pool.sendAll(
            numbers(40),
            n -> {
              int now = inFlight.incrementAndGet();
              most.accumulateAndGet(now, Math::max);
              allIn.countDown();
              try {
                return allIn.await(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              } finally {
                inFlight.decrementAndGet();
              }
            });
    assertThat(metAll).containsOnly(true);
    assertThat(most.get()).isEqualTo(parallelism);
  }

  @Test
  void rethrowsTheFirstFailureInRequestOrderAfterEveryRequestEnded() {
    RequestPool pool = new RequestPool(4);
    List<Integer> sent = java.util.Collections.synchronizedList(new ArrayList<>());
    assertThatThrownBy(
            () ->
                pool.sendAll(
                    numbers(20),
                    n -> {
                      sent.add(n);
                      if (n == 7 || n == 15) {
                        throw new IllegalStateException("request " + n);
                      }
                      return n;
                    }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("request 7");
    assertThat(sent).hasSize(20);
  }

  @Test
  void callsSharingAPoolAllFinishWhenItsHelpersAreBusy() throws InterruptedException {
    RequestPool pool = new RequestPool(2);
    List<Thread> callers = new ArrayList<>();
    AtomicInteger finished = new AtomicInteger();
    for (int c = 0; c < 8; c++) {
      Thread caller =
          new Thread(
              () -> {
                pool.sendAll(
                    numbers(50),
                    n -> {
                      Thread.onSpinWait();
                      return n;
                    });
                finished.incrementAndGet();
              });
      callers.add(caller);
      caller.start();
    }
    for (Thread caller : callers) {
      caller.join(TimeUnit.SECONDS.toMillis(30));
    }
    assertThat(finished.get()).isEqualTo(8);
  }

  @Test
  void refusesParallelismOutOfRange() {
    assertThatThrownBy(() -> new RequestPool(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("parallelism must be 1 to 256, was 0");
    assertThatThrownBy(() -> RepositoryOptions.defaults().withParallelism(257))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
