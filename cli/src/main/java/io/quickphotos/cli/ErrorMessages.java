package io.quickphotos.cli;

/**
 * One concise line per failure: the message once, the underlying cause's text once (only if the
 * message does not already quote it), the AWS SDK's long dumps cut short, and one hint where the
 * command knows what to do. Stateless.
 */
public final class ErrorMessages {
  /** Longest text kept of one exception's message; the cause is kept for a debugger. */
  static final int MAX_MESSAGE = 400;

  /** Where the SDK begins listing every credentials provider it tried, with each one's error. */
  private static final String PROVIDER_DUMP = " AwsCredentialsProviderChain(";

  /** What to do when the AWS SDK finds no credentials. */
  static final String CREDENTIALS_HINT =
      "credentials come from the AWS default chain:"
          + " AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, ~/.aws/credentials (AWS_PROFILE picks the"
          + " profile), or an instance or container role";

  private ErrorMessages() {}

  /**
   * A failure in one line: its message and, if it does not quote it already, its root cause's.
   *
   * @param e the failure
   * @return the line, without a hint
   */
  public static String concise(Throwable e) {
    String message = shorten(messageOf(e));
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root != e) {
      String rootMessage = shorten(messageOf(root));
      if (!message.contains(rootMessage)) {
        message = message + ": " + rootMessage;
      }
    }
    return message;
  }

  /**
   * A failure in one line with the hint for it, if any, once.
   *
   * @param e the failure
   * @return the line
   */
  public static String withHint(Throwable e) {
    String message = concise(e);
    String hint = hint(e);
    return hint.isEmpty() || message.contains(hint) ? message : message + " (" + hint + ")";
  }

  /**
   * What to do about a failure, if the command knows.
   *
   * @param e the failure
   * @return the hint, or empty
   */
  static String hint(Throwable e) {
    for (Throwable cause = e;
        cause != null;
        cause = cause.getCause() == cause ? null : cause.getCause()) {
      String message = cause.getMessage();
      if (message != null && message.contains("Unable to load credentials")) {
        return CREDENTIALS_HINT;
      }
    }
    return "";
  }

  private static String messageOf(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** Cuts the SDK's provider-by-provider dump, and anything else beyond one screen line or so. */
  private static String shorten(String message) {
    String text = message.strip();
    int dump = text.indexOf(PROVIDER_DUMP);
    if (dump >= 0) {
      text = text.substring(0, dump);
    }
    return text.length() <= MAX_MESSAGE ? text : text.substring(0, MAX_MESSAGE - 1) + "…";
  }
}
