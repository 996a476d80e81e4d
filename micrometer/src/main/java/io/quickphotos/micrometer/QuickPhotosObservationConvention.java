package io.quickphotos.micrometer;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.quickphotos.OperationCost;
import java.util.Locale;

/**
 * The name, span name and key values of a repository call's observation. Every method has the
 * default {@link QuickPhotosObservations} uses; implement this interface and override one to
 * change it (Micrometer's convention pattern: the default is {@code new
 * QuickPhotosObservationConvention() {}}):
 *
 * <ul>
 *   <li>name {@value #NAME}; span name {@code quickphotos <pattern>}, e.g. {@code quickphotos
 *       get_user};
 *   <li>low-cardinality key values, which a meter handler turns into tags: {@code pattern} (the
 *       {@code AccessPattern} in lower case, as the meters' tag), {@code table}, {@code outcome}
 *       ({@code SUCCESS} or the exception's kind, see {@link
 *       QuickPhotosObservationContext#outcome()}) and {@code exception} (its simple class name,
 *       {@code none} if the call returned); and OpenTelemetry's database keys: {@code
 *       db.system.name} ({@code aws.dynamodb}, or {@code memory} where the table is {@code
 *       memory}), {@code db.collection.name} (the table) and {@code db.operation.name} (the
 *       access pattern: a call may make several DynamoDB requests of several operations, and
 *       the call is what the span stands for);
 *   <li>high-cardinality key values, for spans only: {@code requests}, {@code read.units}, {@code
 *       write.units} and {@code items.read}, the call's {@link OperationCost}.
 * </ul>
 *
 * <p>{@code outcome}, {@code exception} and the high-cardinality values are known only when the
 * call ends: a handler reading them at the observation's start finds {@code UNKNOWN} and no
 * high-cardinality values. Implementations must be thread-safe.
 */
public interface QuickPhotosObservationConvention
    extends ObservationConvention<QuickPhotosObservationContext> {
  /** The observations' name, and so the name of the timer Micrometer's meter handler records. */
  String NAME = "quickphotos.call";

  /**
   * Whether the context is a repository call's.
   *
   * @param context an observation's context
   * @return true for a {@link QuickPhotosObservationContext}
   */
  @Override
  default boolean supportsContext(Observation.Context context) {
    return context instanceof QuickPhotosObservationContext;
  }

  /**
   * The observation's name.
   *
   * @return {@value #NAME}
   */
  @Override
  default String getName() {
    return NAME;
  }

  /**
   * The span's name.
   *
   * @param context the call
   * @return {@code quickphotos} and the pattern in lower case, e.g. {@code quickphotos get_user}
   */
  @Override
  default String getContextualName(QuickPhotosObservationContext context) {
    return "quickphotos " + pattern(context);
  }

  /**
   * The key values with a few values each: pattern, table, outcome, exception and
   * OpenTelemetry's {@code db.system.name}, {@code db.collection.name} and {@code
   * db.operation.name}.
   *
   * @param context the call
   * @return the key values
   */
  @Override
  default KeyValues getLowCardinalityKeyValues(QuickPhotosObservationContext context) {
    OperationCost cost = context.cost();
    String exception = cost == null || cost.exception() == null ? "none" : cost.exception();
    return KeyValues.of(
        KeyValue.of("pattern", pattern(context)),
        KeyValue.of("table", context.table()),
        KeyValue.of("outcome", context.outcome()),
        KeyValue.of("exception", exception),
        KeyValue.of("db.system.name", "memory".equals(context.table()) ? "memory" : "aws.dynamodb"),
        KeyValue.of("db.collection.name", context.table()),
        KeyValue.of("db.operation.name", pattern(context)));
  }

  /**
   * The key values of the call's cost: requests, read and write units, items read.
   *
   * @param context the call
   * @return the key values; none while the call runs
   */
  @Override
  default KeyValues getHighCardinalityKeyValues(QuickPhotosObservationContext context) {
    OperationCost cost = context.cost();
    if (cost == null) {
      return KeyValues.empty();
    }
    return KeyValues.of(
        KeyValue.of("requests", Integer.toString(cost.requests())),
        KeyValue.of("read.units", units(cost.readCapacityUnits())),
        KeyValue.of("write.units", units(cost.writeCapacityUnits())),
        KeyValue.of("items.read", Integer.toString(cost.itemsRead())));
  }

  private static String pattern(QuickPhotosObservationContext context) {
    return context.pattern().name().toLowerCase(Locale.ROOT);
  }

  private static String units(double units) {
    return units == Math.rint(units) ? Long.toString((long) units) : Double.toString(units);
  }
}
