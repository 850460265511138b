package io.nicsim.tcp.stack;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.tcp.TcpPatches;
import java.util.List;

/**
 * The kernel of the far end of a path, the machine whose TCP talks to the host's: the path's
 * receiver ({@link TcpReceiver}) and {@code iperf3 -R}'s sender ({@link PeerSender}). By
 * default nicsim's fixed peer, a current server kernel (v6.17) in Java, whatever the host runs
 * (the seeds' peers were PCs on current kernels). {@code --path peer-kernel=V} makes it release
 * V (its TCP patches), {@code peer-kernel=host} the host's own release; under
 * {@code --ports c} a far end on the release of the host's tree runs that tree's C (its
 * functions built for the far end's CONFIG_HZ, {@link InLoopPorts#farEnd(int)}), so a far end on
 * another release stays Java. The run header says which ({@link InLoopPorts#farEnd()}).
 */
public final class FarEnd {
  /** nicsim's fixed peer: a current server kernel. */
  public static final KernelVersion FIXED = KernelVersion.of(6, 17);
  /** The far end's functions a tree must compile for the far end to run it. */
  private static final List<String> NEEDED = List.of(ReceiverNative.ACK_SND_CHECK,
      ReceiverNative.SEND_DELAYED_ACK, ReceiverNative.DELACK_TIMER,
      "net/ipv4/tcp_input.c tcp_ack", "net/ipv4/tcp_output.c tcp_write_xmit");

  final KernelVersion version;
  final PatchSet patches;
  /** The tree's C the far end runs, or {@link InLoopPorts#NONE} (Java). */
  final InLoopPorts c;

  private FarEnd(KernelVersion version, InLoopPorts c) {
    this.version = version;
    this.patches = TcpPatches.CATALOG.forKernel(version);
    this.c = c;
  }

  /** nicsim's fixed peer (v6.17, Java), as a path has it without a host. */
  public static FarEnd fixed() {
    return new FarEnd(FIXED, InLoopPorts.NONE);
  }

  /**
   * The far end of {@code host}'s paths.
   *
   * @param kernel {@code --path peer-kernel}: null (the fixed peer), {@code host}, or a release
   *     nicsim knows ({@code v6.12.118}; the path's parser checked it)
   * @param hz the far end's CONFIG_HZ (the path's receiver HZ)
   */
  public static FarEnd of(Host host, String kernel, int hz) {
    KernelVersion v = kernel == null ? FIXED
        : kernel.equals("host") ? TcpStack.versionOf(host) : KernelVersion.parse(kernel);
    InLoopPorts ports = InLoopPorts.of(host);
    if (!ports.active()) {
      return new FarEnd(v, InLoopPorts.NONE);
    }
    KernelC tree = ports.kernelC();
    if (kernel == null) {
      ports.farEnd(v + " TCP as Java (nicsim's fixed peer; --path peer-kernel=host runs it as"
          + " this tree's C)");
      return new FarEnd(v, InLoopPorts.NONE);
    }
    if (!v.equals(release(tree))) {
      ports.farEnd(v + " TCP as Java (not the tree's release, " + tree.release() + ")");
      return new FarEnd(v, InLoopPorts.NONE);
    }
    for (String label : NEEDED) {
      String why = tree.notCompiled().get(label);
      if (why != null) {
        throw BadInputException.field("--path peer-kernel", kernel + " runs the far end as "
            + tree.describe() + ", whose " + label.substring(label.indexOf(' ') + 1)
            + " does not build: " + why, "a tree holding net/ipv4's tcp_input.c, tcp_output.c"
            + " and tcp_timer.c, or another release (the far end in Java)");
      }
    }
    ports.farEnd(v + " TCP as this tree's C (CONFIG_HZ " + hz + ")");
    return new FarEnd(v, ports.farEnd(hz));
  }

  /** The tree's release as a version, or null when its Makefile's text is not one. */
  private static KernelVersion release(KernelC tree) {
    try {
      return KernelVersion.parseUnchecked(tree.release(), "--kernel-tree");
    } catch (BadInputException e) {
      return null;
    }
  }

  /** The release the far end runs. */
  public KernelVersion version() {
    return version;
  }

  /** Whether the far end runs a tree's C. */
  public boolean asC() {
    return c.active();
  }
}
