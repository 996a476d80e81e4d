package io.quickphotos.memory.internal;

import io.quickphotos.engine.Operation;
import io.quickphotos.memory.Faults;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The engine's way to ask a {@link Faults} script for the fault of one attempt, which the script
 * does not offer publicly: {@code Faults} registers the one {@link Access} when its class is
 * initialized (the shared-secrets pattern), and {@link FaultInjectingTable} asks through it.
 * Thread-safe; the access is set once.
 */
public final class FaultScripts {
  private static final AtomicReference<Access> ACCESS = new AtomicReference<>();

  private FaultScripts() {}

  /** What {@code Faults} lends the engine. Implementations must be thread-safe. */
  @FunctionalInterface
  public interface Access {
    /**
     * Counts one attempt of a request and decides its fault.
     *
     * @param script the script
     * @param operation the request: GetItem, Query, BatchGetItem, BatchWriteItem, PutItem,
     *     UpdateItem, DeleteItem or TransactWriteItems
     * @return the fault, or null to carry the attempt out normally
     * @throws IllegalArgumentException for an operation faults cannot be scripted for (Scan,
     *     ConditionCheck)
     */
    ScriptedFault decide(Faults script, Operation operation);
  }

  /**
   * Registers the access; called once, by {@code Faults}'s static initializer. Thread-safe.
   *
   * @param access the access
   * @throws IllegalStateException if an access is registered already
   * @throws NullPointerException if the access is null
   */
  public static void register(Access access) {
    Objects.requireNonNull(access, "access");
    if (!ACCESS.compareAndSet(null, access)) {
      throw new IllegalStateException("the access to fault scripts is registered already");
    }
  }

  /** Counts one attempt and decides its fault: null to carry it out normally. */
  static ScriptedFault decide(Faults script, Operation operation) {
    // A script exists, so its class is initialized, so the access is registered.
    return ACCESS.get().decide(script, operation);
  }
}
