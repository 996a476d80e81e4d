package io.quickphotos.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the command in-process with captured output, as the launcher would run it. */
public final class Cli {
  private Cli() {}

  /**
   * The outcome of one run.
   *
   * @param exitCode what the process would exit with
   * @param out standard output
   * @param err standard error
   */
  public record Run(int exitCode, String out, String err) {}

  public static Run run(String... args) {
    CommandLine commandLine = QuickPhotosCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int exitCode = commandLine.execute(QuickPhotosCli.withDefaultCommand(args));
    return new Run(exitCode, out.toString(), err.toString());
  }

  /** Output with elapsed times and latencies masked, for comparing two runs. */
  public static String withoutTimes(String output) {
    // Column widths follow the times, so runs of spaces are one space here.
    return output.replaceAll("\\d+(\\.\\d+)? (s|ms|µs)\\b", "<time>").replaceAll(" +", " ");
  }
}
