package io.quickphotos.conformance;

import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import java.time.Instant;
import java.util.List;

/**
 * One operation of a concurrent or faulty history: what it does to a repository, and what the
 * sequential {@link HistoryModel} says it must answer. To add an operation (removeReaction,
 * deletePhoto, deleteUser, homeFeed, ...) write one record implementing this interface in
 * {@link HistoryOps} and add its generator to {@link HistoryOps#OPERATIONS}; the runners, the
 * linearizability search and the final-state check need no change.
 */
interface HistoryOp {

  /**
   * Runs the operation and returns what it answered, reduced to what the model predicts
   * (counts and handles rather than timestamps).
   *
   * @param repo the repository
   * @param world the run's handles
   * @return the reduced answer
   * @throws QuickPhotosException as the repository throws it
   */
  Object run(QuickPhotos repo, World world);

  /**
   * What the operation answers from {@code model}, and the model after it.
   *
   * @param model the state before
   * @return the answer and the state after
   */
  Transition apply(HistoryModel model);

  /** Whether the operation may change the repository (a failed write may have applied). */
  default boolean writes() {
    return true;
  }

  /**
   * Whether applying the operation again, as a new call after one whose outcome was unknown,
   * changes the state again with the same answer: an edit advances the version once more, an
   * addition counts once more. An application's retry of such a call leaves it applied once or
   * more, which only the items tell.
   */
  default boolean countsEachApplication() {
    return false;
  }

  /** An answer (a reduced value, or the class of a {@link QuickPhotosException}) and a state. */
  record Transition(Answer answer, HistoryModel next) {
    static Transition returns(Object value, HistoryModel next) {
      return new Transition(Answer.value(value), next);
    }

    static Transition fails(Class<? extends QuickPhotosException> error, HistoryModel unchanged) {
      return new Transition(Answer.error(error), unchanged);
    }
  }

  /**
   * What a call answered: a value or an exception class, and for an unavailable call what it said
   * was written. Messages are left out, since the model cannot predict them.
   *
   * @param value the reduced value, null if the call threw
   * @param error the exception class, null if the call returned
   * @param written what an unavailable call said it may have written; null otherwise, and for an
   *     answer that does not say (which promises nothing)
   */
  record Answer(
      Object value,
      Class<? extends QuickPhotosException> error,
      ServiceUnavailableException.Written written) {
    static Answer value(Object value) {
      return new Answer(value, null, null);
    }

    static Answer error(Class<? extends QuickPhotosException> error) {
      return new Answer(null, error, null);
    }

    /** Runs {@code op}; any exception but a {@link QuickPhotosException} propagates. */
    static Answer of(HistoryOp op, QuickPhotos repo, World world) {
      try {
        return value(op.run(repo, world));
      } catch (ServiceUnavailableException e) {
        return new Answer(null, e.getClass(), e.written());
      } catch (QuickPhotosException e) {
        return error(e.getClass());
      }
    }

    /** Whether the call may have written: it failed as unavailable without saying nothing. */
    boolean mayHaveWritten() {
      return error == ServiceUnavailableException.class
          && written != ServiceUnavailableException.Written.NOTHING;
    }

    @Override
    public String toString() {
      return error == null
          ? String.valueOf(value)
          : written == null ? error.getSimpleName() : error.getSimpleName() + "(" + written + ")";
    }
  }

  /**
   * The handles of one run: a prefix of its own keeps runs apart on a shared table.
   *
   * @param prefix the run's prefix
   */
  record World(String prefix) {
    /** Handles that sort differently in code-point and UTF-16 order, with shared prefixes. */
    static final List<String> USERS = List.of("ann", "anna", "\uD801\uDC00d");

    static final List<Instant> TIMES =
        List.of(
            Instant.parse("2018-05-30T15:42:38Z"), Instant.parse("2018-05-30T15:42:38.000000001Z"));

    String user(int i) {
      return prefix + USERS.get(i);
    }

    PhotoId photo(int owner, int time) {
      return new PhotoId(user(owner), TIMES.get(time));
    }

    int userIndex(String username) {
      return USERS.indexOf(username.substring(prefix.length()));
    }
  }
}
