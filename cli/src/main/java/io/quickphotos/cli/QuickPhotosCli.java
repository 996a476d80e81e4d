package io.quickphotos.cli;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.cli.data.AuditCommand;
import io.quickphotos.cli.data.ExportCommand;
import io.quickphotos.cli.data.FillTimelinesCommand;
import io.quickphotos.cli.data.LoadCommand;
import io.quickphotos.cli.data.SettingsCommand;
import io.quickphotos.cli.simulate.SimulateCommand;
import io.quickphotos.cli.tour.CompareCommand;
import io.quickphotos.cli.tour.TourCommand;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code quickphotos} command: {@code tour} (the default), {@code load}, {@code compare},
 * {@code export}, {@code audit} and {@code simulate}.
 * Usage errors exit with 2 and a one-line explanation; failures while running exit with 1 and
 * {@code error: <message>}; neither prints a stack trace.
 */
@Command(
    name = "quickphotos",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    subcommands = {
      TourCommand.class,
      LoadCommand.class,
      CompareCommand.class,
      ExportCommand.class,
      AuditCommand.class,
      FillTimelinesCommand.class,
      SettingsCommand.class,
      SimulateCommand.class,
      CommandLine.HelpCommand.class
    },
    description = {
      "Tours, loads and compares the quickphotos backends: a photo-sharing data "
          + "model (users, photos, reactions, follows) on the DynamoDB single-table design.",
      "",
      "Without a command, runs 'tour'."
    })
public final class QuickPhotosCli implements Callable<Integer> {
  private static final List<String> TOP_LEVEL_FLAGS = List.of("-h", "--help", "-V", "--version");

  @Spec CommandSpec spec;

  /**
   * Runs the command and exits with its exit code.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    System.exit(commandLine().execute(withDefaultCommand(args)));
  }

  /**
   * The command line with its error handling; tests run it in-process.
   *
   * @return a new command line
   */
  static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new QuickPhotosCli());
    commandLine.setParameterExceptionHandler(QuickPhotosCli::usageError);
    commandLine.setExecutionExceptionHandler(QuickPhotosCli::failure);
    return commandLine;
  }

  /**
   * Puts {@code tour} in front of a command line that starts with an option other than help or
   * version, so that {@code quickphotos --seed 7} means {@code quickphotos tour --seed 7}.
   *
   * @param args the command line as typed
   * @return the command line to parse
   */
  static String[] withDefaultCommand(String[] args) {
    if (args.length > 0 && args[0].startsWith("-") && !TOP_LEVEL_FLAGS.contains(args[0])) {
      String[] withTour = new String[args.length + 1];
      withTour[0] = "tour";
      System.arraycopy(args, 0, withTour, 1, args.length);
      return withTour;
    }
    return Arrays.copyOf(args, args.length);
  }

  /** With no command, tours with the defaults. */
  @Override
  public Integer call() {
    return spec.commandLine().getSubcommands().get("tour").execute();
  }

  private static int usageError(CommandLine.ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    err.println("error: " + e.getMessage());
    CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
    err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for usage.");
    err.flush();
    return command.getCommandSpec().exitCodeOnInvalidInput();
  }

  private static int failure(
      Exception e, CommandLine command, CommandLine.ParseResult parseResult) {
    PrintWriter err = command.getErr();
    if (e instanceof QuickPhotosException || e instanceof CliException) {
      err.println("error: " + ErrorMessages.withHint(e));
    } else {
      // Not expected: name the type, which says more than most messages of such errors.
      err.println("error: " + e.getClass().getSimpleName() + ": " + ErrorMessages.withHint(e));
    }
    err.flush();
    return command.getCommandSpec().exitCodeOnExecutionException();
  }

  /** Reads the version from the jar's manifest; "development" when run from classes. */
  public static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = QuickPhotosCli.class.getPackage().getImplementationVersion();
      return new String[] {"quickphotos " + (version == null ? "(development build)" : version)};
    }
  }
}
