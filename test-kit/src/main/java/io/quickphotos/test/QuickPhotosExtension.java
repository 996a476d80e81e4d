package io.quickphotos.test;

import io.quickphotos.QuickPhotos;
import io.quickphotos.memory.Faults;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension that gives every test a fresh, empty quickphotos table on one backend —
 * the memory backend unless constructed otherwise — and injects, as test-method (or
 * {@code @BeforeEach}/{@code @AfterEach}) parameters or into non-static fields marked
 * {@link Injected}: the {@link QuickPhotos} repository, the test's {@link QuickPhotosFixture}
 * (fixture files, costs), its {@link ManualClock}, its {@link Faults} script (memory only) and
 * the {@link Backend}. Test classes register it through an annotation: {@link MemoryBackend} runs
 * a class on memory, {@link BothBackends} on memory and on DynamoDB Local.
 *
 * <pre>{@code
 * @MemoryBackend
 * class FollowServiceTest {
 *   @Injected QuickPhotos photos;
 *
 *   @Test
 *   void survivesConflicts(Faults faults) {
 *     faults.on(Request.TRANSACT_WRITE_ITEMS).next(2, Fault.transactionConflict());
 *     ...
 *   }
 * }
 * }</pre>
 *
 * <p>The repository retries with {@link io.quickphotos.RetryPolicy#noDelay()}, its clock starts
 * at {@link ManualClock#DEFAULT_START}, and its faults script is empty: each test begins the
 * same. A class runs the application's own sharding, fan-out, retry policy, throughput model and
 * cost listener by registering {@link QuickPhotosSettings} in a static field. On DynamoDB Local one server is started for the whole JVM on first use and each test
 * gets a table of its own, deleted afterwards. Thread-safe: tests may run in parallel.
 *
 * <p>Each test's fixture lives in the test's {@link ExtensionContext.Store}, and JUnit disposes
 * of it when the test ends, after its {@code @AfterEach} methods and every extension's
 * {@code afterEach}: JUnit 5.13 and later close the {@link AutoCloseable} values of a test's
 * store. Where nothing closes them (an older JUnit, or
 * {@code junit.jupiter.extensions.store.close.autocloseable.enabled=false}) memory fixtures lose
 * nothing, and DynamoDB Local tables stay until the server stops at the end of the run.
 */
public final class QuickPhotosExtension
    implements BeforeEachCallback, ParameterResolver, ExecutionCondition {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(QuickPhotosExtension.class);
  private static final Set<Class<?>> INJECTED =
      Set.of(
          QuickPhotos.class,
          QuickPhotosFixture.class,
          ManualClock.class,
          Faults.class,
          Backend.class);

  private final Backend backend;

  /**
   * The extension on the memory backend; JUnit uses this for {@link MemoryBackend} and
   * {@code @ExtendWith}.
   */
  public QuickPhotosExtension() {
    this(Backend.MEMORY);
  }

  /**
   * The extension on a backend; register it with {@code @RegisterExtension}.
   *
   * @param backend where each test's table lives
   */
  public QuickPhotosExtension(Backend backend) {
    this.backend = java.util.Objects.requireNonNull(backend, "backend");
  }

  /**
   * The backend this extension gives tests.
   *
   * @return the backend
   */
  public Backend backend() {
    return backend;
  }

  /** Disables {@link MemoryOnly} tests and classes on DynamoDB Local. */
  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    if (backend == Backend.MEMORY) {
      return ConditionEvaluationResult.enabled("memory runs every test");
    }
    Optional<MemoryOnly> memoryOnly =
        context.getElement().map(element -> element.getAnnotation(MemoryOnly.class));
    return memoryOnly
        .map(m -> ConditionEvaluationResult.disabled("memory only: " + m.value()))
        .orElseGet(() -> ConditionEvaluationResult.enabled("runs on " + backend.displayName()));
  }

  /**
   * Opens this test's fixture, leaves it in the test's store for JUnit to close when the test
   * ends, and fills the test's {@link Injected} fields.
   */
  @Override
  public void beforeEach(ExtensionContext context) throws IllegalAccessException {
    if (context.getStore(NAMESPACE).get(OpenFixture.class) != null) {
      throw new ExtensionConfigurationException(
          "quickphotos' extension is registered twice for "
              + context.getDisplayName()
              + ": @BothBackends and @MemoryBackend (or"
              + " @ExtendWith(QuickPhotosExtension.class)) each choose a class's backends; use one");
    }
    ManualClock clock = ManualClock.create();
    QuickPhotosSettings settings = QuickPhotosSettings.inForce(context);
    QuickPhotosFixture fixture =
        backend == Backend.MEMORY
            ? MemoryTables.open(clock, settings)
            : DynamoLocalTables.open(context, clock, settings);
    context.getStore(NAMESPACE).put(OpenFixture.class, new OpenFixture(fixture));
    for (Object instance : context.getRequiredTestInstances().getAllInstances()) {
      for (Class<?> type = instance.getClass(); type != Object.class; type = type.getSuperclass()) {
        for (Field field : type.getDeclaredFields()) {
          if (field.isAnnotationPresent(Injected.class)) {
            inject(instance, field, fixture);
          }
        }
      }
    }
  }

  private void inject(Object instance, Field field, QuickPhotosFixture fixture)
      throws IllegalAccessException {
    if (Modifier.isStatic(field.getModifiers())
        || Modifier.isFinal(field.getModifiers())
        || !INJECTED.contains(field.getType())) {
      throw new ExtensionConfigurationException(
          "@Injected field "
              + field
              + " must be"
              + " non-static, non-final and of a type in "
              + INJECTED);
    }
    field.setAccessible(true);
    field.set(instance, value(field.getType(), fixture));
  }

  /** Whether the parameter is one of the types this extension injects. */
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return INJECTED.contains(parameter.getParameter().getType())
        && context.getTestMethod().isPresent();
  }

  /** The repository, fixture, clock, faults or backend of the running test. */
  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    OpenFixture open = context.getStore(NAMESPACE).get(OpenFixture.class, OpenFixture.class);
    if (open == null) {
      throw new ParameterResolutionException("no quickphotos fixture for this test yet");
    }
    try {
      return value(parameter.getParameter().getType(), open.fixture());
    } catch (IllegalStateException e) {
      throw new ParameterResolutionException(e.getMessage(), e);
    }
  }

  private static Object value(Class<?> type, QuickPhotosFixture fixture) {
    if (type == QuickPhotos.class) {
      return fixture.repository();
    }
    if (type == ManualClock.class) {
      return fixture.clock();
    }
    if (type == Faults.class) {
      return fixture.faults();
    }
    if (type == Backend.class) {
      return fixture.backend();
    }
    return fixture;
  }

  /**
   * A test's fixture as its store holds it. JUnit closes it when the test ends, which deletes the
   * table on DynamoDB Local. The fixture itself is not {@link AutoCloseable}: the wrapper keeps
   * {@code close()} out of the kit's API, so a test cannot delete its table from under itself.
   */
  private record OpenFixture(QuickPhotosFixture fixture) implements AutoCloseable {
    @Override
    public void close() {
      fixture.close();
    }
  }
}
