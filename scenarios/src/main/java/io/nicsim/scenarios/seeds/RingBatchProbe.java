package io.nicsim.scenarios.seeds;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.net.Ethernet;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.sim.Event;
import io.nicsim.runs.host.HostFactory;
import java.util.List;
import java.util.SortedMap;

/**
 * The ring-bound argument of seed 003's reply: one dev_hard_start_xmit batch larger than the
 * TX ring (every skb but the last has xmit_more), as qdisc bulk dequeue produces it. The driver
 * stops the queue before the batch's tail, so the tail that would have carried the burst-end IC
 * never reaches it. Measures how many descriptors of the full ring got IC and how long the queue
 * stays stopped after the ring has drained.
 */
final class RingBatchProbe {
  static final long START_NS = 1_000_000L;
  private static final int FRAME_LEN = 60;

  /** What one batch did. */
  record Result(int sent, long icSet, long drainedNs, long wokenNs) {
    /** From the last frame leaving the wire to the queue restarting. */
    double stallMs() {
      return Math.max(0, wokenNs - drainedNs) / 1e6;
    }
  }

  private RingBatchProbe() {}

  static Result run(HostFactory hosts, String soc, String kernel, List<String> patches,
      int batch, long seed) {
    Host h = hosts.create(HostConfig.of("stmmac", soc).withKernel(kernel).withPatches(patches)
        .withSeed(seed)).host();
    h.peer().register(UdpDatagram.class, new UdpSink(h.sim()));
    NetdevQueue txq = h.dev().queue(0);
    long icBefore = counter(h, "tx_ic_set");
    int[] sent = {0};
    Task batcher = new Task("batch") {
      @Override
      protected boolean run(Core core) {
        // dev_hard_start_xmit over a list of `batch` skbs
        for (int i = 0; i < batch; i++) {
          Skb skb = h.dev().skbs().alloc(FRAME_LEN, 768);
          skb.payload = new UdpDatagram(0);
          skb.payloadLen = FRAME_LEN - Ethernet.ETH_HLEN - Ethernet.IP_HLEN - Ethernet.UDP_HLEN;
          skb.hdrLen = FRAME_LEN - skb.payloadLen;
          boolean more = i < batch - 1;
          h.kernel().netdevXmitSetMore(more);
          int rc = h.dev().ops().startXmit(skb, txq);
          h.kernel().netdevXmitSetMore(false);
          if (rc != NetdevTx.NETDEV_TX_OK) {
            skb.free();
            break;
          }
          sent[0]++;
          if (txq.stopped() && more) {
            break; // the rest of the list is requeued to the qdisc
          }
        }
        return false;
      }
    };
    h.appCore().attach(batcher);
    h.sim().schedule(Event.of(batcher::wake), START_NS);
    h.run(START_NS + 1);
    long icSet = counter(h, "tx_ic_set") - icBefore;
    long drained = -1;
    long woken = -1;
    long step = 10_000L;
    for (long t = START_NS + step; t < START_NS + 50_000_000L && woken < 0; t += step) {
      h.sim().runUntil(t);
      if (drained < 0 && h.link().txBusyUntil() <= t) {
        drained = h.link().txBusyUntil();
      }
      if (!txq.stopped()) {
        woken = t;
      }
    }
    return new Result(sent[0], icSet, drained, woken);
  }

  private static long counter(Host h, String name) {
    SortedMap<String, Long> c = h.driver().counters();
    return c.getOrDefault(name, 0L);
  }
}
