package io.nicsim.runs;

import io.nicsim.core.host.Host;
import io.nicsim.core.host.TxHang;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.nic.FrameTap;
import io.nicsim.core.sim.Event;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run's report of its {@code --fault tx-hang}s: when the watchdog reported the hung queue
 * (dev_watchdog's line and the time from the hang), what waited then (the qdisc's packets and
 * the skbs the driver held), the driver's recovery (its timeout and reset counters), when the
 * first frame left again and the time to recover (hang to that frame), and the packets the qdisc
 * dropped meanwhile. Everything is read from the model (the tap, the watchdog's observer, the
 * driver's counters), so a run's {@code --json} carries it and the C run must give the same.
 */
final class FaultMeter implements FrameTap {
  private static final Pattern TIMED_OUT = Pattern.compile("timed out (\\d+) ms$");
  private static final List<String> RESETS = List.of("adapter_reset", "timeout_restart");

  private final Host host;
  private final List<Entry> entries = new ArrayList<>();

  /** One fault's figures, -1 until known. */
  private static final class Entry {
    final TxHang fault;
    long countersAtHang = -1;
    long dropsAtHang = -1;
    long timeoutNs = -1;
    long timedOutMs = -1;
    long qdiscAtTimeout = -1;
    long heldAtTimeout = -1;
    long resumedNs = -1;
    long dropsAtResume = -1;
    long resetsAtResume = -1;

    Entry(TxHang fault) {
      this.fault = fault;
    }
  }

  FaultMeter(Host host) {
    this.host = host;
    for (TxHang f : host.config().faults()) {
      Entry e = new Entry(f);
      entries.add(e);
      // after the host's own event of the same time (the hang): read-only
      host.sim().schedule(Event.of(() -> {
        e.countersAtHang = resets();
        e.dropsAtHang = drops();
      }), f.atNs());
    }
    NetDevice dev = host.dev();
    dev.setTxTimeoutObserver(q -> {
      for (Entry e : entries) {
        if (e.fault.queue() == q && e.countersAtHang >= 0 && e.timeoutNs < 0) {
          e.timeoutNs = host.kernel().now(); // the NETDEV WATCHDOG line's time
          List<String> log = host.kernel().dmesg();
          Matcher m = TIMED_OUT.matcher(log.isEmpty() ? "" : log.get(log.size() - 1));
          e.timedOutMs = m.find() ? Long.parseLong(m.group(1)) : -1;
          e.qdiscAtTimeout = dev.queue(q).qdisc().qlen();
          e.heldAtTimeout = host.driver().skbsHeld();
          return;
        }
      }
    });
  }

  @Override
  public void frame(long time, boolean toPeer, Object payload, long offset, int payloadLen,
      int len) {
    if (!toPeer) {
      return;
    }
    for (Entry e : entries) {
      if (e.countersAtHang < 0 || e.resumedNs >= 0) {
        continue;
      }
      long from = e.timeoutNs >= 0 ? e.timeoutNs
          : e.fault.forNs() > 0 ? e.fault.atNs() + e.fault.forNs() : Long.MAX_VALUE;
      if (time >= from) {
        e.resumedNs = time;
        e.dropsAtResume = drops();
        e.resetsAtResume = resets();
      }
    }
  }

  private long resets() {
    Map<String, Long> c = host.driver().counters();
    long n = 0;
    for (String k : RESETS) {
      n += c.getOrDefault(k, 0L);
    }
    return n;
  }

  private long drops() {
    long n = 0;
    for (int q = 0; q < host.dev().numTxQueues(); q++) {
      n += host.dev().queue(q).qdisc().dropCount();
    }
    return n;
  }

  /** The report: one map per fault, in the order given. */
  List<LinkedHashMap<String, Object>> report() {
    List<LinkedHashMap<String, Object>> out = new ArrayList<>();
    for (Entry e : entries) {
      LinkedHashMap<String, Object> m = new LinkedHashMap<>();
      m.put("fault", e.fault.toString());
      m.put("watchdog_timeo_ms", host.dev().watchdogTimeoNs() / 1_000_000L);
      m.put("hang_s", seconds(e.fault.atNs()));
      m.put("timeout_s", e.timeoutNs < 0 ? null : seconds(e.timeoutNs));
      m.put("timed_out_ms", e.timedOutMs < 0 ? null : e.timedOutMs);
      m.put("detect_ms", e.timeoutNs < 0 ? null : ms(e.timeoutNs - e.fault.atNs()));
      m.put("qdisc_at_timeout", e.qdiscAtTimeout < 0 ? null : e.qdiscAtTimeout);
      m.put("driver_skbs_at_timeout", e.heldAtTimeout < 0 ? null : e.heldAtTimeout);
      m.put("resets", e.resetsAtResume < 0 || e.countersAtHang < 0 ? null
          : e.resetsAtResume - e.countersAtHang);
      m.put("resumed_s", e.resumedNs < 0 ? null : seconds(e.resumedNs));
      m.put("recover_ms", e.resumedNs < 0 ? null : ms(e.resumedNs - e.fault.atNs()));
      m.put("qdisc_drops", e.dropsAtResume < 0 ? null : e.dropsAtResume - e.dropsAtHang);
      out.add(m);
    }
    return out;
  }

  private static BigDecimal seconds(long ns) {
    return new BigDecimal(ns).movePointLeft(9).stripTrailingZeros();
  }

  private static BigDecimal ms(long ns) {
    return new BigDecimal(ns).movePointLeft(6).stripTrailingZeros();
  }
}
