package io.nicsim.tcp.stack;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.kernel.Tasklet;
import io.nicsim.core.net.Skb;
import io.nicsim.tcp.CongestionOps;
import io.nicsim.tcp.TcpBridges;
import io.nicsim.tcp.TcpInput;
import io.nicsim.tcp.TcpPatches;
import io.nicsim.tcp.TcpSysctl;
import io.nicsim.tcp.TsqWork;
import java.util.List;

/**
 * TCP on one simulated host: the per-CPU TSQ work lists and their BH work items, the receive
 * hook for ACKs coming back from the link, and the connections.
 */
public final class TcpStack {
  private final Host host;
  private final TcpSysctl sysctl;
  private final TsqWork[] tsq;
  private final Tasklet[] tsqWork;

  /**
   * @param sysctl TCP sysctls for this host; HZ is taken from the host's kernel
   * @throws io.nicsim.core.config.BadInputException if the host's SoC profile has no cost
   *     for a TCP operation ({@link TcpCosts})
   */
  public TcpStack(Host host, TcpSysctl sysctl) {
    this.host = host;
    this.sysctl = sysctl.copy();
    this.sysctl.hz = host.cpu().hz();
    host.cpu().costs().requireAll(TcpCosts.all());
    int n = host.cpu().cores();
    tsq = new TsqWork[n];
    tsqWork = new Tasklet[n];
    for (int i = 0; i < n; i++) {
      TsqWork w = new TsqWork();
      tsq[i] = w;
      tsqWork[i] = new Tasklet(host.kernel(), "tcp_tsq_workfn", () -> {
        host.kernel().thisCpu().charge(TcpCosts.TCP_TSQ_HANDLER);
        w.workfn();
      });
    }
    host.stack().register(TcpAckPacket.class, this::receiveAck);
    host.peer().register(TcpPacket.class,
        (payload, offset, payloadLen, len) -> {
          TcpPacket p = (TcpPacket) payload;
          p.flow.path.frame(p, offset, payloadLen, len);
        });
  }

  public Host host() {
    return host;
  }

  public TcpSysctl sysctl() {
    return sysctl;
  }

  /** The TCP patches of the host's kernel version, plus {@code +ID/-ID} edits. */
  public PatchSet patches(List<String> edits) {
    return patchesOf(host, edits);
  }

  /** The TCP patches of {@code host}'s kernel version, plus {@code +ID/-ID} edits. */
  static PatchSet patchesOf(Host host, List<String> edits) {
    return TcpPatches.CATALOG.select(versionOf(host), edits);
  }

  /** {@code host}'s kernel version: its {@code --kernel}, or its MAC's default. */
  static KernelVersion versionOf(Host host) {
    return host.config().kernel() == null
        ? host.mac().defaultKernel() : KernelVersion.parse(host.config().kernel());
  }

  TsqWork tsqWork(Core core) {
    return tsq[core.id()];
  }

  Tasklet tsqTasklet(TsqWork work) {
    for (int i = 0; i < tsq.length; i++) {
      if (tsq[i] == work) {
        return tsqWork[i];
      }
    }
    throw new IllegalArgumentException("not this host's TSQ work");
  }

  /** Opens a connection from this host through {@code path} (already established). */
  public TcpFlow connect(CongestionOps ca, PatchSet patches, TcpPath path) {
    TcpBridges.attach(ca, InLoopPorts.of(host)); // --ports c: the module's C, if any
    TcpFlow flow = new TcpFlow(this, ca, patches, path);
    TcpBridges.attach(flow.sk, InLoopPorts.of(host)); // and tcp_ack's
    return flow;
  }

  /** An ACK came up the stack (NET_RX softirq): tcp_v4_rcv → tcp_rcv_established → tcp_ack. */
  private void receiveAck(Skb skb, Core core) {
    TcpAckPacket p = (TcpAckPacket) skb.payload;
    core.charge(TcpCosts.TCP_ACK);
    TcpFlow flow = p.flow;
    TcpInput.rcvAck(flow.sk, p.seg);
    flow.releaseAck(p);
    skb.free();
  }
}
