package io.quickphotos.test.spring;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Which test a repository call belongs to, so that each test class (and, when it resets after
 * each method, each test method) has a memory repository of its own in a context it shares with
 * other classes: two classes running in parallel on one cached context, or an outer class and
 * its {@code @Nested} classes, do not see or wipe each other's data.
 *
 * <p>Why owners rather than one repository reset between tests: a reset empties what every class
 * sharing the context wrote, which is wrong as soon as two run at once. The owner is the test
 * thread's: a stack per thread (a class, then its method, then a nested class's), which the reset
 * listener pushes and pops. A thread that runs no test (a web server's, answering a test's HTTP
 * request) gets the owner most recently pushed on any thread: right when tests run one at a time,
 * and the one limit when they run in parallel and call through a server. Thread-safe.
 */
final class TestOwners {
  /** The owner of calls made outside every test: the context's start, for one. */
  static final String CONTEXT = "context";

  private static final ThreadLocal<Deque<String>> OWNERS = ThreadLocal.withInitial(ArrayDeque::new);
  private static volatile String latest = CONTEXT;

  private TestOwners() {}

  /** Makes {@code owner} the current thread's until {@link #pop}. */
  static void push(String owner) {
    OWNERS.get().push(owner);
    latest = owner;
  }

  /** Ends the current thread's innermost owner. */
  static void pop() {
    Deque<String> owners = OWNERS.get();
    owners.poll();
    if (owners.isEmpty()) {
      OWNERS.remove();
    }
  }

  /** The owner of a call made now on this thread. */
  static String current() {
    String owner = OWNERS.get().peek();
    return owner != null ? owner : latest;
  }
}
