package io.quickphotos.micrometer;

import io.micrometer.observation.Observation;
import io.quickphotos.AccessPattern;
import io.quickphotos.OperationCost;
import io.quickphotos.QuickPhotosException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What an observation of one repository call holds: the access pattern and table, known when the
 * call starts, and the call's {@link OperationCost}, known when it ends. A {@link
 * QuickPhotosObservationConvention} turns it into the observation's name and key values; an
 * {@code ObservationHandler} may read it too. Written by the calling thread only.
 */
public final class QuickPhotosObservationContext extends Observation.Context {
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
   * the observation's {@linkplain #getError() error}, which the listener sets from the exception
   * itself; from the cost's exception class name when a listener of the application's between
   * the repository and this one passed the cost on but not the failure.
   *
   * @return the outcome, one of a few values
   */
  public String outcome() {
    if (cost == null) {
      return "UNKNOWN";
    }
    Throwable error = getError();
    if (error != null) {
      return error instanceof QuickPhotosException quickphotos
          ? quickphotos.kind().name()
          : QuickPhotosException.Kind.INTERNAL.name();
    }
    String exception = cost.exception();
    if (exception == null) {
      return cost.succeeded() ? "SUCCESS" : "INTERNAL";
    }
    return KINDS_BY_NAME.getOrDefault(exception, QuickPhotosException.Kind.INTERNAL).name();
  }

  /**
   * The kind of each of quickphotos' exception classes by simple name, for a cost that names its
   * exception only. A table rather than a look-up by name, so that nothing is loaded
   * reflectively (ahead-of-time compilation sees every class); an exception class missing here
   * reads as {@code INTERNAL} on that rare path only.
   */
  private static final Map<String, QuickPhotosException.Kind> KINDS_BY_NAME =
      kindsByName(
          io.quickphotos.AlreadyFollowingException.class,
          io.quickphotos.AlreadyReactedException.class,
          io.quickphotos.AlreadyRequestedException.class,
          io.quickphotos.ConflictException.class,
          io.quickphotos.FollowRequestNotFoundException.class,
          io.quickphotos.InvalidCursorException.class,
          io.quickphotos.InvalidInputException.class,
          io.quickphotos.NotFollowingException.class,
          io.quickphotos.NotFoundException.class,
          io.quickphotos.PhotoAlreadyExistsException.class,
          io.quickphotos.PhotoNotFoundException.class,
          io.quickphotos.ReactionNotFoundException.class,
          io.quickphotos.ServiceUnavailableException.class,
          io.quickphotos.TableConfigurationException.class,
          io.quickphotos.UserAlreadyExistsException.class,
          io.quickphotos.UserBlockedException.class,
          io.quickphotos.UserNotFoundException.class,
          io.quickphotos.VersionConflictException.class);

  @SafeVarargs
  private static Map<String, QuickPhotosException.Kind> kindsByName(
      Class<? extends QuickPhotosException>... types) {
    Map<String, QuickPhotosException.Kind> kinds = new HashMap<>();
    for (Class<? extends QuickPhotosException> type : types) {
      kinds.put(type.getSimpleName(), kindOf(type));
    }
    return Map.copyOf(kinds);
  }

  /** A class's kind, as {@link QuickPhotosException}'s table gives it. */
  private static QuickPhotosException.Kind kindOf(Class<?> type) {
    if (io.quickphotos.InvalidInputException.class.isAssignableFrom(type)) {
      return QuickPhotosException.Kind.INVALID_INPUT;
    }
    if (io.quickphotos.NotFoundException.class.isAssignableFrom(type)) {
      return QuickPhotosException.Kind.NOT_FOUND;
    }
    if (io.quickphotos.ConflictException.class.isAssignableFrom(type)) {
      return QuickPhotosException.Kind.CONFLICT;
    }
    if (io.quickphotos.ServiceUnavailableException.class.isAssignableFrom(type)) {
      return QuickPhotosException.Kind.UNAVAILABLE;
    }
    if (io.quickphotos.TableConfigurationException.class.isAssignableFrom(type)) {
      return QuickPhotosException.Kind.MISCONFIGURED;
    }
    return QuickPhotosException.Kind.INTERNAL;
  }
}
