package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.ServiceUnavailableException.Reason;
import io.quickphotos.ServiceUnavailableException.Written;
import io.quickphotos.UserStatus;
import io.quickphotos.conformance.HistoryOp.World;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.Request;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each situation that makes a call unavailable, forced on both backends: on memory with
 * {@link Faults}, on DynamoDB Local with faults between the AWS SDK and the server
 * ({@link FaultyHttpClient}, through the SDK's own retries). Both must report the same
 * {@link ServiceUnavailableException#reason()} and {@link ServiceUnavailableException#written()},
 * and those must be the ones {@code ServiceUnavailableException}'s Javadoc promises for the
 * situation. Both retry as often: the SDK makes 4 attempts a request, the memory engine's
 * simulated SDK retries and both repositories' retries 4 too.
 */
class UnavailableAgreementTest {
  private static final AtomicLong RUNS = new AtomicLong();
  private static final int ATTEMPTS = 4;
  private static final Instant T0 = Instant.parse("2024-05-01T12:00:00Z");

  /** Whose calls meet the situation: the users {@code 0} and {@code 1}, a photo of 0's. */
  private record Data(World world) {
    String user(int i) {
      return world.user(i);
    }

    PhotoId photo() {
      return new PhotoId(user(0), T0);
    }
  }

  /**
   * A situation: the call, the faults that force it on each backend, and the values both must
   * report.
   */
  enum Situation {
    /** Every attempt of a read throttled. */
    READ_THROTTLED(Reason.THROTTLED, Written.NOTHING) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.getUser(data.user(0));
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.GET_ITEM).always(Fault.throttling());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        return every(FaultyHttpClient.Fault.THROUGHPUT_EXCEEDED);
      }
    },
    /** Every attempt of a single write throttled: DynamoDB refuses before doing anything. */
    WRITE_THROTTLED(Reason.THROTTLED, Written.NOTHING) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.createUser(user(data.user(2)));
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.PUT_ITEM).always(Fault.throttling());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        return every(FaultyHttpClient.Fault.THROTTLING);
      }
    },
    /** Every attempt of a read met a server error: a read writes nothing. */
    READ_SERVER_ERROR(Reason.SERVER_ERROR, Written.NOTHING) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.getPhoto(data.photo());
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.GET_ITEM).always(Fault.internalServerError());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        return every(FaultyHttpClient.Fault.SERVER_ERROR);
      }
    },
    /** Every attempt of a write met a server error, which may follow an applied write. */
    WRITE_SERVER_ERROR(Reason.SERVER_ERROR, Written.UNKNOWN) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.createUser(user(data.user(2)));
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.PUT_ITEM).always(Fault.internalServerError());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        return every(FaultyHttpClient.Fault.SERVER_ERROR);
      }
    },
    /**
     * A write's first attempt met a server error, the others were throttled: the reason is the
     * last attempt's, the outcome the first's.
     */
    WRITE_THROTTLED_AFTER_A_SERVER_ERROR(Reason.THROTTLED, Written.UNKNOWN) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.createUser(user(data.user(2)));
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.PUT_ITEM).next(1, Fault.internalServerError());
        faults.on(Request.PUT_ITEM).always(Fault.throttling());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        List<FaultyHttpClient.Fault> script = new ArrayList<>();
        script.add(FaultyHttpClient.Fault.SERVER_ERROR);
        script.addAll(every(FaultyHttpClient.Fault.THROTTLING));
        return script;
      }
    },
    /** A read whose answer never came. */
    READ_UNANSWERED(Reason.UNREACHABLE, Written.NOTHING) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.getUser(data.user(0));
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.GET_ITEM).always(Fault.unknownOutcome());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        return every(FaultyHttpClient.Fault.RESPONSE_LOST);
      }
    },
    /** A write applied whose answer never came. */
    WRITE_UNANSWERED(Reason.UNREACHABLE, Written.UNKNOWN) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.follow(data.user(1), data.user(0));
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.unknownOutcome());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        return every(FaultyHttpClient.Fault.RESPONSE_LOST);
      }
    },
    /** Every attempt of a transaction cancelled by another transaction on its items. */
    TRANSACTION_CONFLICTS(Reason.CONTENTION, Written.NOTHING) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.follow(data.user(1), data.user(0));
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.transactionConflict());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        return every(FaultyHttpClient.Fault.CANCELLED_BY_CONFLICT);
      }
    },
    /** Every attempt of a transaction cancelled for throughput. */
    TRANSACTION_THROTTLED(Reason.THROTTLED, Written.NOTHING) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.reactTo(data.user(1), data.photo(), ReactionType.SMILEY);
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.transactionThrottled());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        return every(FaultyHttpClient.Fault.CANCELLED_BY_THROTTLING);
      }
    },
    /** A transaction's earlier attempt still in progress under its token on every retry. */
    TRANSACTION_IN_PROGRESS(Reason.IN_PROGRESS, Written.UNKNOWN) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.follow(data.user(1), data.user(0));
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.transactionInProgress());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        return every(FaultyHttpClient.Fault.IN_PROGRESS);
      }
    },
    /**
     * A cascade whose first write (the photo's mark) was applied, then whose read was throttled:
     * written partly, and calling again finishes it.
     */
    CASCADE_THROTTLED_AFTER_ITS_MARK(Reason.THROTTLED, Written.PARTLY) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.deletePhoto(data.photo());
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.QUERY).always(Fault.throttling());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        List<FaultyHttpClient.Fault> script = new ArrayList<>();
        script.add(FaultyHttpClient.Fault.NONE); // UpdateItem: the mark
        script.addAll(every(FaultyHttpClient.Fault.THROUGHPUT_EXCEEDED)); // Query
        return script;
      }
    },
    /** A cascade whose transaction met server errors after its mark and read. */
    CASCADE_SERVER_ERROR_ON_A_WRITE(Reason.SERVER_ERROR, Written.UNKNOWN) {
      @Override
      void call(QuickPhotos photos, Data data) {
        photos.deletePhoto(data.photo());
      }

      @Override
      void script(Faults faults) {
        faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.internalServerError());
      }

      @Override
      List<FaultyHttpClient.Fault> script() {
        List<FaultyHttpClient.Fault> script = new ArrayList<>();
        script.add(FaultyHttpClient.Fault.NONE); // UpdateItem: the mark
        script.add(FaultyHttpClient.Fault.NONE); // Query: the reactions
        script.addAll(every(FaultyHttpClient.Fault.SERVER_ERROR)); // TransactWriteItems
        return script;
      }
    };

    final Reason reason;
    final Written written;

    Situation(Reason reason, Written written) {
      this.reason = reason;
      this.written = written;
    }

    /** The call that meets the situation. */
    abstract void call(QuickPhotos photos, Data data);

    /** The situation on memory. */
    abstract void script(Faults faults);

    /** The situation on DynamoDB Local: the fault of each HTTP request, in order. */
    abstract List<FaultyHttpClient.Fault> script();

    /** Enough of one fault for every attempt of every retry. */
    static List<FaultyHttpClient.Fault> every(FaultyHttpClient.Fault fault) {
      return Collections.nCopies(ATTEMPTS * ATTEMPTS, fault);
    }
  }

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  /** Users 0 and 1, a photo of 0's with a heart from 1: what every situation's call needs. */
  private static void seed(QuickPhotos photos, Data data) {
    photos.createUser(user(data.user(0)));
    photos.createUser(user(data.user(1)));
    photos.uploadPhoto(data.user(0), T0, "https://photos.example.com/0.jpg");
    photos.reactTo(data.user(1), data.photo(), ReactionType.HEART);
  }

  private static ServiceUnavailableException unavailable(
      Situation situation, QuickPhotos photos, Data data) {
    Throwable thrown = catchThrowable(() -> situation.call(photos, data));
    assertThat(thrown).as(situation.name()).isInstanceOf(ServiceUnavailableException.class);
    return (ServiceUnavailableException) thrown;
  }

  private static ServiceUnavailableException onMemory(Situation situation) {
    Faults faults = Faults.create();
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .table(InMemoryTable.create())
            .faults(faults)
            .retryPolicy(RetryPolicy.noDelay(ATTEMPTS))
            .build();
    Data data = new Data(new World("m" + RUNS.incrementAndGet() + "-"));
    seed(photos, data);
    situation.script(faults);
    return unavailable(situation, photos, data);
  }

  private static ServiceUnavailableException onDynamoDbLocal(Situation situation) {
    Data data = new Data(new World("u" + RUNS.incrementAndGet() + "-"));
    seed(
        DynamoQuickPhotos.builder()
            .client(SharedDynamoDbLocal.client())
            .tableName(SharedDynamoDbLocal.TABLE)
            .build(),
        data);
    ServiceUnavailableException[] thrown = new ServiceUnavailableException[1];
    LostResponseTest.through(
        situation.script(),
        RetryPolicy.noDelay(ATTEMPTS),
        photos -> thrown[0] = unavailable(situation, photos, data));
    return thrown[0];
  }

  @ParameterizedTest
  @EnumSource(Situation.class)
  void bothBackendsSayWhyAndWhatWasWrittenAsTheJavadocPromises(Situation situation) {
    ServiceUnavailableException memory = onMemory(situation);
    ServiceUnavailableException dynamo = onDynamoDbLocal(situation);
    assertThat(List.of(memory.reason(), memory.written()))
        .as("memory: %s", memory.getMessage())
        .containsExactly(situation.reason, situation.written);
    assertThat(List.of(dynamo.reason(), dynamo.written()))
        .as("DynamoDB Local: %s", dynamo.getMessage())
        .containsExactly(situation.reason, situation.written);
    assertThat(memory.kind()).isEqualTo(dynamo.kind());
  }
}
