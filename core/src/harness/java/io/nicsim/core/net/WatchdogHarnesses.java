package io.nicsim.core.net;

import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u64;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.kernel.HarnessKernel;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code port-check --execute} harness for net/sched/sch_generic.c's dev_watchdog
 * ({@link DevWatchdog#devWatchdog}) on a running device of one to four TX queues, at HZ 250. The
 * C driver is {@code src/main/resources/nicsim/portexec/watchdog/dev_watchdog.c}.
 */
public final class WatchdogHarnesses implements PortHarnessProvider {
  private static final String SCH_GENERIC_C = "net/sched/sch_generic.c";
  static final int HZ = 250;
  static final int QUEUES = 4;
  private static final Pattern TIMED_OUT =
      Pattern.compile("transmit queue (\\d+) timed out (\\d+) ms$");

  /** jiffies, watchdog_timeo, this CPU, num_tx_queues, then per queue state and age. */
  static final List<InputField> FIELDS;

  static {
    List<InputField> f = new ArrayList<>();
    f.add(u64("jiffies").withEdges(HZ, 5L * HZ, (1L << 32) - 300 * HZ, -300L * HZ));
    f.add(range("watchdog_timeo", 1, Integer.MAX_VALUE).withEdges(1, HZ / 4, HZ, 5L * HZ,
        HZ - 1, HZ + 1));
    f.add(range("cpu", 0, 3));
    f.add(range("num_tx_queues", 1, QUEUES));
    for (int i = 0; i < QUEUES; i++) {
      f.add(range("txq[" + i + "].state (DRV_XOFF, STACK_XOFF, FROZEN)", 0, 7));
      f.add(u64("jiffies - txq[" + i + "].trans_start").withEdges(5L * HZ, 5L * HZ + 1,
          1L << 30, 1L << 62, Long.MIN_VALUE, 1L << 32, (1L << 32) / 4));
    }
    FIELDS = List.copyOf(f);
  }

  @Override
  public List<PortHarness> harnesses() {
    List<String> sources = new ArrayList<>(List.of(SCH_GENERIC_C, "include/net/sch_generic.h",
        "include/linux/netdevice.h", "kernel/time/timer.c", "kernel/time/time.c"));
    sources.addAll(KernelHeaders.ARITHMETIC);
    return List.of(PortHarness.of(SCH_GENERIC_C, "dev_watchdog")
        .sources(sources)
        .program(PortHarness.resource(WatchdogHarnesses.class,
            "nicsim/portexec/watchdog/dev_watchdog.c"))
        .inputs(FIELDS)
        .notes("a registered, present, running device with carrier and a real qdisc (the timer"
            + " never fires on a stopped device: dev_deactivate deletes it first), so the netdev"
            + " reference is never put; the timer has just fired (not pending); HZ 250;"
            + " netif_freeze_queues and netif_unfreeze_queues are recorded calls")
        .java(WatchdogHarnesses::java)
        .build());
  }

  private static JavaPort java(String kernel) {
    HarnessKernel hk = HarnessKernel.forRelease(kernel, HZ, null);
    KernelVersion v;
    try {
      v = KernelVersion.parse(kernel);
    } catch (RuntimeException e) {
      throw new NotRunnable(e.getMessage());
    }
    Out[] out = new Out[1];
    long[] freezes = new long[1];
    List<NetDevice> devs = new ArrayList<>();
    for (int n = 1; n <= QUEUES; n++) {
      NetDevice dev = new NetDevice(hk.kernel, "eth0", n, new SkbLedger());
      dev.setDriverName("nicsim");
      dev.setKernelVersion(v);
      dev.setOps(new NetDeviceOps() {
        @Override
        public void open() {}

        @Override
        public void stop() {}

        @Override
        public int startXmit(Skb skb, NetdevQueue txq) {
          throw new UnsupportedOperationException("the watchdog sends nothing");
        }

        @Override
        public void txTimeout(int queue) {
          // netdev_crit and netif_freeze_queues ran just before, as the port's log shows
          List<String> log = hk.kernel.dmesg();
          Matcher m = TIMED_OUT.matcher(log.get(log.size() - 1));
          if (!m.find()) {
            throw new IllegalStateException("no watchdog line before ndo_tx_timeout");
          }
          out[0].call("netdev_crit", Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
          out[0].call("netif_freeze_queues");
          out[0].call("ndo_tx_timeout", queue);
        }
      });
      hk.inTask(dev::open);
      // mod_timer: the C's recording stub (the harness kernel runs no tick to arm a timer_list);
      // netif_unfreeze_queues came between ndo_tx_timeout and it when the queues were frozen
      DevWatchdog w = dev.watchdog();
      w.modTimer = expires -> {
        if (w.freezes() != freezes[0]) {
          out[0].call("netif_unfreeze_queues");
        }
        out[0].call("mod_timer", expires);
      };
      devs.add(dev);
    }
    return r -> {
      NetDevice dev = devs.get((int) r[3] - 1);
      out[0] = new Out();
      set(dev, r, hk);
      DevWatchdog w = dev.watchdog();
      freezes[0] = w.freezes();
      hk.inTask(() -> w.devWatchdog(r[0], (int) r[2]));
      return put(out[0], dev).toString();
    };
  }

  /** Record → objects: watchdog_timeo, each queue's state and last transmit. */
  static void set(NetDevice dev, long[] r, HarnessKernel hk) {
    dev.setWatchdogTimeoNs(r[1] * hk.kernel.cpu().tickNs());
    for (int i = 0; i < dev.numTxQueues(); i++) {
      NetdevQueue txq = dev.queue(i);
      txq.state = (int) r[4 + 2 * i];
      txq.transStart = r[0] - r[5 + 2 * i];
      txq.transTimeout = 0;
    }
  }

  /** Objects → output: each queue's trans_timeout (the calls were recorded as made). */
  static Out put(Out o, NetDevice dev) {
    for (int i = 0; i < dev.numTxQueues(); i++) {
      o.put("trans_timeout", dev.queue(i).transTimeout);
    }
    return o;
  }
}
