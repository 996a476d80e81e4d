package io.quickphotos.cli.simulate;

import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.simulate.celebrity.CelebrityCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Simulations of traffic on the in-memory engine under DynamoDB's throughput limits. */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    subcommands = {
      CelebrityCommand.class,
      MassUnfollowCommand.class,
      HotReadsCommand.class,
      ViralViewsCommand.class
    },
    description = {
      "Simulates traffic on the memory backend under DynamoDB's throughput limits.",
      "",
      "Runs on the in-memory engine with the on-demand throughput model (per-partition limits, "
          + "splits for heat) and a simulated clock, so a minute of traffic takes seconds."
    })
public final class SimulateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  /** A simulation must be named: without one, a usage error. */
  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "name a simulation: celebrity, unfollow, readers or views");
  }
}
