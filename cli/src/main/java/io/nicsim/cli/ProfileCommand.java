package io.nicsim.cli;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.config.InputKind;
import io.nicsim.core.soc.ProfileUpgrade;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.formats.output.Outputs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code nicsim profile upgrade FILE}: a SoC profile of an older schema as the current one. */
@Command(
    name = "profile",
    addMethodSubcommands = false,
    mixinStandardHelpOptions = true,
    subcommands = ProfileCommand.Upgrade.class,
    description = "SoC profile files: 'upgrade FILE' rewrites one of an older schema.")
public final class ProfileCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a subcommand is required (upgrade)");
  }

  /** The upgrade itself. */
  @Command(
      name = "upgrade",
      addMethodSubcommands = false,
      mixinStandardHelpOptions = true,
      description = "Rewrite a SoC profile of schema 1 (numbers without an uncertainty class)"
          + " as schema " + SocProfile.SCHEMA + ": every number without a class gets the one"
          + " it was read with (costs estimate, the rest exact) and 'schema: "
          + SocProfile.SCHEMA + "' is stated; comments and layout stay. The file is replaced"
          + " only when the result reads as a profile.")
  public static final class Upgrade implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "the profile (YAML)")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
        description = "write the upgraded profile here instead of replacing FILE ('-': stdout)")
    String output;

    @Override
    public Integer call() throws IOException {
      String label = file.toString();
      String kind = InputKind.notARegularFile(file);
      if (kind != null) {
        throw new BadInputException("soc profile " + label + ": " + kind + " (accepted: a YAML"
            + " file)");
      }
      String text;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (MalformedInputException e) {
        throw new BadInputException("soc profile " + label + ": not UTF-8 text");
      }
      ProfileUpgrade.Result r = ProfileUpgrade.upgrade(label, text);
      // the result must read as a profile of the current schema: check before writing
      Consumer<String> prev = SocProfile.setWarningSink(w -> {});
      try {
        SocProfile.parse(label, r.text());
      } finally {
        SocProfile.setWarningSink(prev);
      }
      PrintWriter out = spec.commandLine().getOut();
      if ("-".equals(output)) {
        out.print(r.text());
        out.flush();
        return 0;
      }
      Path target;
      try {
        target = output == null ? file : Path.of(output);
      } catch (InvalidPathException e) {
        throw BadInputException.field("--output", "'" + output + "' is not a path", "a file name");
      }
      if (!r.changed() && output == null) {
        out.println(label + ": already schema " + SocProfile.SCHEMA + ", unchanged");
        out.flush();
        return 0;
      }
      // formats' Outputs: a regular file or a new path only (never renamed over a device,
      // FIFO or symbolic link), put in place in one step, nothing left behind on failure
      try (Outputs outs = Outputs.begin()) {
        outs.writeText(target, output == null ? "FILE" : "--output", r.text());
        outs.commit();
      }
      out.println(target + ": schema " + SocProfile.SCHEMA + ", " + r.classesAdded()
          + (r.classesAdded() == 1 ? " number" : " numbers") + " given a class (costs "
          + SocProfile.schema1Class("costs.x").spelling() + ", the rest "
          + SocProfile.schema1Class("params.x").spelling() + "): review them (a measured"
          + " number is 'measured', a datasheet's 'datasheet')");
      out.flush();
      return 0;
    }
  }
}
