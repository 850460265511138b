package io.nicsim.stmmac;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.sim.Event;
import io.nicsim.hostkit.MacHosts;
import java.util.ArrayList;
import java.util.List;

/**
 * A stmmac host for driver-level tests: skbs are handed to ndo_start_xmit from process
 * context at chosen times with a chosen netdev_xmit_more(), as dev_hard_start_xmit would.
 */
final class Rig {
  static final long US = 1_000L;
  static final long MS = 1_000_000L;

  final Host host;
  final StmmacDriver drv;
  final StmmacPriv priv;
  final UdpSink sink;
  /** ndo_start_xmit return codes, in call order. */
  final List<Integer> rcs = new ArrayList<>();

  Rig(String soc, String kernel, List<String> patches, String coalesce) {
    HostConfig cfg = HostConfig.of("stmmac", soc).withKernel(kernel).withPatches(patches);
    if (coalesce != null) {
      cfg = cfg.withCoalesce(CoalesceArgs.parse(coalesce));
    }
    host = MacHosts.classPath().host(cfg);
    drv = (StmmacDriver) host.driver();
    priv = drv.priv();
    sink = new UdpSink(host.sim());
    host.peer().register(UdpDatagram.class, sink);
  }

  static Rig of(String soc, String kernel, String... patches) {
    return new Rig(soc, kernel, List.of(patches), null);
  }

  Skb skb(int nfrags) {
    Skb skb = host.skbs().alloc(106 + 512 * nfrags, 768 + 512 * nfrags);
    skb.payload = new UdpDatagram(0);
    skb.payloadLen = 64 + 512 * nfrags;
    skb.hdrLen = 42;
    skb.nrFrags = nfrags;
    return skb;
  }

  /** Runs {@code body} in process context on the application core at time {@code at}. */
  void at(long at, Runnable body) {
    Core core = host.appCore();
    Task t = new Task("rig") {
      @Override
      protected boolean run(Core k) {
        body.run();
        return false;
      }
    };
    core.attach(t);
    host.sim().schedule(Event.of(t::wake), at);
  }

  /** One ndo_start_xmit at {@code at}. */
  void xmitAt(long at, int nfrags, boolean xmitMore) {
    at(at, () -> xmitNow(nfrags, xmitMore));
  }

  /** ndo_start_xmit now (inside CPU work). */
  int xmitNow(int nfrags, boolean xmitMore) {
    return xmitNow(skb(nfrags), xmitMore);
  }

  /** ndo_start_xmit of a given skb now (inside CPU work). */
  int xmitNow(Skb skb, boolean xmitMore) {
    host.kernel().netdevXmitSetMore(xmitMore);
    int rc = drv.startXmit(skb, host.dev().queue(0));
    host.kernel().netdevXmitSetMore(false);
    rcs.add(rc);
    return rc;
  }

  boolean allOk() {
    return rcs.stream().allMatch(rc -> rc == NetdevTx.NETDEV_TX_OK);
  }

  void runUntil(long t) {
    host.sim().runUntil(t);
  }

  long counter(String name) {
    return drv.counters().get(name);
  }

  StmmacTxQueue txQ() {
    return priv.txQueue(0);
  }
}
