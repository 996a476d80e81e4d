package io.quickphotos.cli.sample;

import io.quickphotos.cli.output.Format;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options that choose the generated data set: its seed; each command sets its own size. */
public final class SampleOptions {
  /** The most users a data set may have: 4 photos each must still fit in memory and a list. */
  static final int MAX_USERS = 5_000_000;

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--seed",
      paramLabel = "<n>",
      defaultValue = "" + SampleData.DEFAULT_SEED,
      description =
          "Seed of the generated data; the same seed gives the same data on every "
              + "backend (default: ${DEFAULT-VALUE}).")
  long seed = SampleData.DEFAULT_SEED;

  /**
   * Generates the data set.
   *
   * @param users how many users; photos, follows and reactions scale with it
   * @return the data set
   * @throws CommandLine.ParameterException if {@code users} is out of range
   */
  public SampleData generate(int users) {
    if (users < 1 || users > MAX_USERS) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--users must be 1 to " + Format.count(MAX_USERS) + ", was " + users);
    }
    return SampleData.generate(seed, users);
  }
}
