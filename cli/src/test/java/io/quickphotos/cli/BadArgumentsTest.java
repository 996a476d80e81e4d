package io.quickphotos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BadArgumentsTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "frobnicate                          | Unmatched argument at index 0: 'frobnicate'",
        "tour --bogus                        | Unknown option: '--bogus'",
        "tour --users                        | Missing required parameter for option '--users'",
        "tour --users abc                    | '--users': 'abc' is not an int",
        "tour --users 0                      | --users must be 1 to 5,000,000, was 0",
        "load --users -5                     | --users must be 1 to 5,000,000, was -5",
        "tour --seed x                       | '--seed': 'x' is not a long",
        "tour --backend cassandra            | unknown backend 'cassandra' (expected one of "
            + "memory, dynamodb-local, dynamodb)",
        "tour --endpoint http://localhost:1  | --endpoint applies only to --backend dynamodb",
        "load --region eu-west-1             | --region applies only to --backend dynamodb",
        "tour --table t1                     | --table applies only to --backend dynamodb",
        "tour --backend dynamodb --endpoint localhost | --endpoint must be an http or https URL",
        "tour --backend dynamodb --table a   | --table must be 3 to 255 letters",
        "compare --backend memory            | Unknown options: '--backend', 'memory'"
      })
  void areRejectedWithAMessageAndExitCode2(String args, String message) {
    Cli.Run run = Cli.run(args.split(" +"));

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .startsWith("error: ")
        .contains(message)
        .contains("--help' for usage")
        .doesNotContain("Exception")
        .doesNotContain("\tat ");
  }
}
