package io.quickphotos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.UserNotFoundException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

class FailureTest {

  @Test
  void aRepositoryErrorIsOneLineAndExitCode1() {
    Run run =
        run(
            () -> {
              throw UserNotFoundException.of("ghost");
            });

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).isEqualTo("error: user ghost does not exist\n");
  }

  @Test
  void anUnexpectedErrorIsNamedWithoutAStackTrace() {
    Run run =
        run(
            () -> {
              throw new IllegalStateException("broken");
            });

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).isEqualTo("error: IllegalStateException: broken\n");
  }

  @Test
  void missingCredentialsAreOneShortLineWithOneHint() {
    Run run =
        run(
            () -> {
              throw new CliException(
                  "cannot open DynamoDB table quick-photos in eu-west-1: "
                      + ErrorMessages.withHint(ErrorMessagesTest.noCredentials()),
                  ErrorMessagesTest.noCredentials());
            });

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "error: cannot open DynamoDB table quick-photos in eu-west-1:"
                + " no AWS credentials for DescribeTable on DynamoDB table quick-photos: Unable to load"
                + " credentials from any of the providers in the chain ("
                + ErrorMessages.CREDENTIALS_HINT
                + ")\n");
  }

  @Test
  void aRepositoryErrorThatQuotesItsCauseSaysItOnce() {
    Run run =
        run(
            () -> {
              throw ErrorMessagesTest.noCredentials();
            });

    assertThat(run.err())
        .containsOnlyOnce("Unable to load credentials")
        .containsOnlyOnce(ErrorMessages.CREDENTIALS_HINT)
        .hasSizeLessThan(400);
  }

  private record Run(int exitCode, String err) {}

  @Command(name = "fail")
  private static final class Failing implements Callable<Integer> {
    private final Callable<Integer> body;

    Failing(Callable<Integer> body) {
      this.body = body;
    }

    @Override
    public Integer call() throws Exception {
      return body.call();
    }
  }

  private static Run run(Callable<Integer> body) {
    CommandLine commandLine = QuickPhotosCli.commandLine();
    commandLine.addSubcommand("fail", new Failing(body));
    StringWriter err = new StringWriter();
    commandLine.setErr(new PrintWriter(err, true));
    commandLine.setOut(new PrintWriter(new StringWriter(), true));
    int exitCode = commandLine.execute("fail");
    return new Run(exitCode, err.toString().replace(System.lineSeparator(), "\n"));
  }
}
