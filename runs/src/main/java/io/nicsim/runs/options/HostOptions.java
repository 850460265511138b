package io.nicsim.runs.options;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.MacDiscovery;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.KernelCCompiler;
import io.nicsim.core.port.exec.KernelCException;
import io.nicsim.core.soc.SocProfile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Stack;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine;

/** Which host: {@code --mac M --soc S [--kernel vX.Y] [--patch +ID|-ID …]}. */
public final class HostOptions {
  @Option(names = "--mac", required = true, paramLabel = "MAC",
      description = "MAC model (nicsim list macs)")
  String mac;

  @Option(names = "--soc", paramLabel = "SOC",
      description = "SoC profile (nicsim list socs); a reference MAC such as ideal has its own"
          + " default")
  String soc;

  @Option(names = "--soc-file", paramLabel = "PATH",
      description = "a SoC profile of your own (YAML, every number with its source);"
          + " instead of --soc")
  Path socFile;

  @Option(names = "--kernel", paramLabel = "vX.Y",
      description = "kernel version (default: the MAC model's)")
  String kernel;

  @Option(names = "--patch", paramLabel = "+ID|-ID", parameterConsumer = PatchConsumer.class,
      description = "add (+) or remove (-) a patch by id or commit; repeatable, or comma-separated")
  List<String> patches = new ArrayList<>();

  @Option(names = "--ports", paramLabel = "java|c",
      description = "java: every ported kernel function runs as its Java port (default); c: those"
          + " with an executed harness and a bridge run as --kernel-tree's own C, compiled now")
  String ports;

  @Option(names = "--kernel-tree", paramLabel = "DIR|TARBALL",
      description = "the kernel tree --ports c compiles from: a checkout or a source tarball"
          + " (/usr/src/linux-source-6.12.tar.xz); --kernel defaults to its release")
  Path kernelTree;

  @Option(names = "--apply", paramLabel = "FILE",
      description = "with --ports c: a patch (git format-patch, or a netdev mail holding one)"
          + " applied to a scratch view of the tree before compiling; repeatable, in order")
  List<Path> apply = new ArrayList<>();

  /**
   * {@code --patch -ID} takes the next word whatever it starts with: a removal starts with a
   * dash, and {@code -hrtimer-active} would otherwise be read as {@code -h} (help) and more.
   */
  public static final class PatchConsumer implements IParameterConsumer {
    @Override
    public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
      if (args.isEmpty() || isOtherOption(args.peek(), commandSpec)) {
        throw new ParameterException(commandSpec.commandLine(),
            "Missing required parameter for option '--patch' (+ID|-ID)");
      }
      List<String> list = argSpec.getValue();
      list.add(args.pop());
    }

    /**
     * Whether the next word is another of the command's options ({@code --patch --traffic …}
     * forgot the patch): help's and version's short names excepted, a removal may look like
     * them.
     */
    static boolean isOtherOption(String word, CommandSpec spec) {
      if (word.equals("-h") || word.equals("-V")) {
        return false;
      }
      for (CommandLine.Model.OptionSpec o : spec.options()) {
        for (String n : o.names()) {
          if (n.equals(word)) {
            return true;
          }
        }
      }
      return false;
    }
  }

  /** {@code --mac}. */
  public String mac() {
    return mac;
  }

  /** {@code --ports} as typed, or null. */
  public String ports() {
    return ports;
  }

  /** {@code --kernel} as typed, or null. */
  public String kernel() {
    return kernel;
  }

  /** {@code MAC on SOC (KERNEL)}, as typed (tune's header). */
  public String describe() {
    return mac + " on " + (soc != null ? soc : socFile) + (kernel != null ? " (" + kernel + ")" : "");
  }

  /** These options as command-line arguments (for a plan's points). */
  public List<String> args() {
    List<String> a = new ArrayList<>(List.of("--mac", mac));
    if (soc != null) {
      a.addAll(List.of("--soc", soc));
    }
    if (socFile != null) {
      a.addAll(List.of("--soc-file", socFile.toAbsolutePath().normalize().toString()));
    }
    if (kernel != null) {
      a.addAll(List.of("--kernel", kernel));
    }
    for (String p : patches) {
      a.addAll(List.of("--patch", p));
    }
    if (ports != null) {
      a.addAll(List.of("--ports", ports));
    }
    if (kernelTree != null) {
      a.addAll(List.of("--kernel-tree", kernelTree.toAbsolutePath().normalize().toString()));
    }
    for (Path p : apply) {
      a.addAll(List.of("--apply", p.toAbsolutePath().normalize().toString()));
    }
    return a;
  }

  /**
   * The tree's C the host runs in place of the bridged Java ports ({@code --ports c}), compiled
   * on first use (a sweep's points share it), or null; the option combinations refused in one
   * line.
   */
  public KernelC kernelC() {
    boolean c = portsC();
    if (!c) {
      if (kernelTree != null) {
        throw BadInputException.field("--kernel-tree", "is what --ports c compiles from, and"
            + " --ports c was not given", "--ports c --kernel-tree DIR|TARBALL");
      }
      if (!apply.isEmpty()) {
        throw BadInputException.field("--apply", "patches the C of --ports c, and --ports c was"
            + " not given", "--ports c --kernel-tree DIR|TARBALL --apply FILE");
      }
      return null;
    }
    if (kernelTree == null) {
      throw BadInputException.field("--ports c", "needs the kernel tree to compile",
          "--kernel-tree DIR|TARBALL (a checkout or /usr/src/linux-source-6.12.tar.xz)");
    }
    if (!patches.isEmpty()) {
      throw BadInputException.field("--patch", "edits the Java ports, and with --ports c the"
          + " tree's C runs in their place", "a patch's C with --apply FILE");
    }
    try {
      return KernelCCompiler.find().compile(kernelTree, apply,
          new LinkedHashSet<>(InLoopPorts.bridgedLabels()));
    } catch (KernelCException e) {
      throw new BadInputException(e.getMessage());
    }
  }

  private boolean portsC() {
    if (ports == null || ports.equals("java")) {
      return false;
    }
    if (ports.equals("c")) {
      return true;
    }
    throw BadInputException.field("--ports", "'" + ports + "' is not a kind of port",
        "java (the Java ports, the default) or c (the tree's C where it has a bridge)");
  }

  /** The profile to build: a name, or {@code file:PATH} for --soc-file (checked here). */
  public String socName() {
    if (soc != null && socFile != null) {
      throw BadInputException.field("--soc-file", "given with --soc", "one of --soc NAME or"
          + " --soc-file PATH");
    }
    if (socFile != null) {
      SocProfile.loadFile(socFile); // refuses an unreadable or malformed file before anything
      return SocProfile.FILE_PREFIX + socFile.toAbsolutePath().normalize();
    }
    if (soc == null) {
      MacModel m = MacDiscovery.classPath().byName()
          .get(mac);
      if (m != null && m.defaultSoc() != null) {
        return m.defaultSoc();
      }
      throw BadInputException.field("--soc", "missing", "a profile name (nicsim list socs) or"
          + " --soc-file PATH");
    }
    return soc;
  }

  /** The kernel version as nicsim spells it, or null; refused with --kernel's form. */
  public String kernelVersion() {
    return kernel == null ? null : KernelVersion.parse(kernel).toString();
  }

  /**
   * The kernel version of a host running {@code c} ({@code --ports c}): the tree's release
   * unless --kernel names the same one; another release is refused (the Java around the C
   * must be of the tree's era).
   */
  public String kernelVersion(KernelC c) {
    if (c == null) {
      return kernelVersion();
    }
    String tree = c.release().replaceAll("-.*$", "");
    KernelVersion treeVersion = KernelVersion.parseUnchecked(tree, "--kernel-tree");
    if (kernel != null && !KernelVersion.parse(kernel).equals(treeVersion)) {
      throw BadInputException.field("--kernel", kernel + " is not the tree's release "
          + c.release(), "the tree's own release (or leave --kernel out)");
    }
    return KernelVersion.parse(treeVersion.toString()).toString();
  }

  public List<String> patchEdits() {
    List<String> out = new ArrayList<>();
    for (String p : patches) {
      for (String e : p.split(",", -1)) { // keep empty names: select() refuses them
        out.add(e.trim());
      }
    }
    return out;
  }
}
