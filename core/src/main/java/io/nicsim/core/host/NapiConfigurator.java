package io.nicsim.core.host;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.kernel.Strerror;
import io.nicsim.core.net.BqlSysfs;
import io.nicsim.core.net.NapiNetlink;
import io.nicsim.core.net.NetSysfs;

/**
 * Applies a host's {@link NapiWrites} as the kernel takes them; a refusal becomes one line
 * naming the write, the kernel's errno as the shell or ynl shows it, and the accepted values.
 */
final class NapiConfigurator {
  private NapiConfigurator() {}

  static NetSysfs sysfs(Host h) {
    int bits = (int) h.soc().param("unsigned_long_bits", 64, 32, 64);
    return new NetSysfs(h.dev().napiDevice(), h.kernel().netCore(), bits)
        .withC(h.kernel().inLoop(NetSysfs.StoreC.class));
  }

  /** A file under every TX queue's directory, as the shell's glob names them. */
  static final String EVERY_TX_QUEUE = "queues/tx-*/";

  /** {@code echo} to a BQL file; a refusal names {@code typed}, the write as it was asked. */
  private static void echoBql(Host h, NapiWrites.Sysfs s, NapiWrites.Sysfs typed) {
    try {
      BqlSysfs.echo(h.dev(), s.file(), s.value());
    } catch (KernelException e) {
      String path = "/sys/class/net/" + h.dev().name() + "/" + s.file();
      throw BadInputException.field("--sysfs " + typed, "echo " + s.value() + " > " + path
          + ": " + (e.errno() == Errno.ENOENT ? "" : "write error: ")
          + Strerror.of(e.errno()) + " (-" + e.errno().name() + ")",
          BqlSysfs.accepted(h.dev()));
    }
  }

  static void apply(Host h, NapiWrites w) {
    NetSysfs sysfs = sysfs(h);
    String dev = h.dev().name();
    for (NapiWrites.Sysfs s : w.sysfs()) {
      if (s.file().startsWith(EVERY_TX_QUEUE)) {
        // the shell's queues/tx-*/…: the same write to each TX queue in turn
        String attr = s.file().substring(EVERY_TX_QUEUE.length());
        for (int q = 0; q < h.dev().numTxQueues(); q++) {
          echoBql(h, new NapiWrites.Sysfs("queues/tx-" + q + "/" + attr, s.value()), s);
        }
        continue;
      }
      String path = "/sys/class/net/" + dev + "/" + s.file();
      if (BqlSysfs.isBqlFile(s.file())) {
        echoBql(h, s, s);
        continue;
      }
      try {
        sysfs.echo(s.file(), s.value());
      } catch (KernelException e) {
        String problem = e.errno() == Errno.EACCES
            ? "echo " + s.value() + " > " + path + ": " + Strerror.of(e.errno()) + " (-"
                + e.errno().name() + "): " + (NetSysfs.since(s.file()) == null
                    ? "no such file" : "kernel " + h.driver().patchSet().base()
                        + " has no such file (added in " + NetSysfs.since(s.file()) + ")")
            : "echo " + s.value() + " > " + path + ": write error: " + Strerror.of(e.errno())
                + " (-" + e.errno().name() + ")";
        String accepted = NetSysfs.FILES.contains(s.file()) && sysfs.exists(s.file())
            ? sysfs.accepted(s.file())
            : availableFiles(sysfs);
        throw BadInputException.field("--sysfs " + s, problem, accepted);
      }
    }
    requireCosts(h);
    NapiNetlink nl =
        new NapiNetlink(h.kernel()).withC(h.kernel().inLoop(NapiNetlink.SetC.class));
    for (NapiWrites.NapiSet n : w.napiSets()) {
      try {
        if (n.id() != null) {
          nl.napiSet(n.id(), n.deferHardIrqs(), n.groFlushTimeout(), n.irqSuspendTimeout());
        } else {
          for (Napi napi : h.dev().napiDevice().napis()) {
            nl.napiSet(napi.napiId(), n.deferHardIrqs(), n.groFlushTimeout(),
                n.irqSuspendTimeout());
          }
        }
      } catch (KernelException e) {
        throw BadInputException.field("--napi-set " + n, "napi-set: " + Strerror.of(e.errno())
            + " (-" + e.errno().name() + ")" + (e.kernelMessage() == null ? ""
                : ": " + e.kernelMessage()), napiSetAccepted(h));
      }
    }
  }

  private static String availableFiles(NetSysfs sysfs) {
    StringBuilder sb = new StringBuilder();
    for (String f : NetSysfs.FILES) {
      if (sysfs.exists(f)) {
        sb.append(sb.length() == 0 ? "" : ", ").append(f);
      }
    }
    return sb.toString();
  }

  private static String napiSetAccepted(Host h) {
    StringBuilder ids = new StringBuilder();
    for (Napi n : h.dev().napiDevice().napis()) {
      ids.append(ids.length() == 0 ? "" : ", ").append(n.napiId());
    }
    return "id " + ids + "; defer-hard-irqs " + NapiNetlink.accepted("defer-hard-irqs")
        + ", gro-flush-timeout and irq-suspend-timeout in ns (kernel v6.13 or later)";
  }

  /** A threaded NAPI charges its kthread's loop: the profile must give its cost now. */
  private static void requireCosts(Host h) {
    if (h.dev().napiDevice().threaded() != 0) {
      h.cpu().costs().requireAll(new CostOp[] {KernelOps.NAPI_THREAD_LOOP});
    }
  }
}
