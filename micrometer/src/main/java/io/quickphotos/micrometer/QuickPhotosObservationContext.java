package io.quickphotos.micrometer;

import io.micrometer.observation.Observation;
import io.quickphotos.AccessPattern;
import io.quickphotos.OperationCost;
import io.quickphotos.QuickPhotosException;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * What an observation of one repository call holds: the access pattern and table, known when the
 * call starts, and the call's {@link OperationCost}, known when it ends. A {@link
 * QuickPhotosObservationConvention} turns it into the observation's name and key values; an
 * {@code ObservationHandler} may read it too. Written by the calling thread only.
 */
public final class QuickPhotosObservationContext extends Observation.Context {
  /** The kind of each exception class name met, so that each name is looked up once. */
  private static final ConcurrentMap<String, String> OUTCOMES = new ConcurrentHashMap<>();

  private final AccessPattern pattern;
  private final String table;
  private OperationCost cost;

  /**
   * A context of a call that is starting.
   *
   * @param pattern the access pattern the call serves
   * @param table the table's name, or {@code memory}; what the {@code table} key value says
   * @throws NullPointerException if an argument is null
   */
  public QuickPhotosObservationContext(AccessPattern pattern, String table) {
    this.pattern = Objects.requireNonNull(pattern, "pattern");
    this.table = Objects.requireNonNull(table, "table");
  }

  /**
   * The access pattern the call serves.
   *
   * @return the pattern
   */
  public AccessPattern pattern() {
    return pattern;
  }

  /**
   * The table the call reads and writes, as the listener was told ({@code memory} on the memory
   * backend).
   *
   * @return the table's name
   */
  public String table() {
    return table;
  }

  /**
   * What the call cost: its requests, capacity units, items and outcome.
   *
   * @return the cost once the call has ended; null while it runs
   */
  public OperationCost cost() {
    return cost;
  }

  /**
   * Records the call's cost, before the observation stops.
   *
   * @param cost what the call cost
   * @throws NullPointerException if null
   */
  public void setCost(OperationCost cost) {
    this.cost = Objects.requireNonNull(cost, "cost");
  }

  /**
   * How the call ended: {@code SUCCESS}, or the {@link QuickPhotosException.Kind} of what it
   * threw ({@code NOT_FOUND}, {@code CONFLICT}, {@code UNAVAILABLE}, ...), {@code INTERNAL} for
   * an exception that is not quickphotos' (a bug); {@code UNKNOWN} while the call runs. Read from
   * the cost's exception class name, since a kind is its class's ({@link QuickPhotosException}).
   *
   * @return the outcome, one of a few values
   */
  public String outcome() {
    if (cost == null) {
      return "UNKNOWN";
    }
    String exception = cost.exception();
    if (exception == null) {
      return cost.succeeded() ? "SUCCESS" : "INTERNAL";
    }
    return OUTCOMES.computeIfAbsent(exception, QuickPhotosObservationContext::kindOf);
  }

  /** The kind of quickphotos' exception of that simple name, else {@code INTERNAL}. */
  private static String kindOf(String simpleName) {
    try {
      Class<?> type =
          Class.forName(
              QuickPhotosException.class.getPackageName() + "." + simpleName,
              false,
              QuickPhotosException.class.getClassLoader());
      for (Kinds kind : Kinds.values()) {
        if (kind.type.isAssignableFrom(type)) {
          return kind.name();
        }
      }
    } catch (ClassNotFoundException e) {
      // Not one of quickphotos' exceptions: a bug, of whatever class.
    }
    return QuickPhotosException.Kind.INTERNAL.name();
  }

  /** Each kind's type, as {@link QuickPhotosException}'s table gives it. */
  private enum Kinds {
    INVALID_INPUT(io.quickphotos.InvalidInputException.class),
    NOT_FOUND(io.quickphotos.NotFoundException.class),
    CONFLICT(io.quickphotos.ConflictException.class),
    UNAVAILABLE(io.quickphotos.ServiceUnavailableException.class),
    MISCONFIGURED(io.quickphotos.TableConfigurationException.class);

    final Class<?> type;

    Kinds(Class<?> type) {
      this.type = type;
    }
  }
}
