package io.quickphotos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HelpTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--help            | Usage: quickphotos [-hV] [COMMAND]",
        "help              | Usage: quickphotos [-hV] [COMMAND]",
        "tour --help       | Usage: quickphotos tour",
        "load --help       | Usage: quickphotos load",
        "compare --help    | Usage: quickphotos compare",
        "export --help     | Usage: quickphotos export",
        "simulate --help   | Usage: quickphotos simulate",
        "simulate celebrity --help | Usage: quickphotos simulate celebrity",
        "help load         | Usage: quickphotos load"
      })
  void everyCommandHasHelp(String args, String usage) {
    Cli.Run run = Cli.run(args.split(" "));

    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(run.out()).startsWith(usage);
  }

  @ParameterizedTest
  @ValueSource(strings = {"tour", "load", "compare", "export"})
  void helpNamesTheOptionsOfEachCommand(String command) {
    String help = Cli.run(command, "--help").out();

    assertThat(help).contains("--seed=<n>").contains("--users=<n>");
    if (!command.equals("compare")) {
      assertThat(help)
          .contains("--backend=<backend>")
          .contains("memory, dynamodb-local,")
          .contains("--endpoint=<url>")
          .contains("--region=<region>")
          .contains("--table=<name>");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"--version", "-V"})
  void printsTheVersion(String flag) {
    Cli.Run run = Cli.run(flag);

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith("quickphotos ");
  }
}
