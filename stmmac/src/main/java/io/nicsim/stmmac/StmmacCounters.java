package io.nicsim.stmmac;

import java.util.SortedMap;
import java.util.TreeMap;

/** The driver's own counters: plain fields bumped on the hot path, read for reports. */
public final class StmmacCounters {
  long xmit;
  long txBusy;
  long txIcSet;
  long txTimerArm;
  long hrtimerActiveChecks;
  long txTimerFire;
  long txIrq;
  long rxIrq;
  long isr;
  long napiPollTx;
  long napiPollRx;
  long txCleanCalls;
  long txCleanDesc;
  long txCleanPkts;
  long rxFrames;
  long rxIcDesc;

  public long xmit() {
    return xmit;
  }

  public long txIcSet() {
    return txIcSet;
  }

  public long txTimerFire() {
    return txTimerFire;
  }

  public long txIrq() {
    return txIrq;
  }

  public long rxIrq() {
    return rxIrq;
  }

  public long napiPollTx() {
    return napiPollTx;
  }

  public long napiPollRx() {
    return napiPollRx;
  }

  public long txCleanDesc() {
    return txCleanDesc;
  }

  public long txCleanCalls() {
    return txCleanCalls;
  }

  /** Descriptors cleaned per stmmac_tx_clean call. */
  public double txCleanDescPerPoll() {
    return txCleanCalls == 0 ? 0 : (double) txCleanDesc / txCleanCalls;
  }

  void putInto(SortedMap<String, Long> m) {
    m.put("xmit", xmit);
    m.put("tx_busy", txBusy);
    m.put("tx_ic_set", txIcSet);
    m.put("tx_timer_arm", txTimerArm);
    m.put("hrtimer_active_checks", hrtimerActiveChecks);
    m.put("tx_timer_fire", txTimerFire);
    m.put("tx_irq", txIrq);
    m.put("rx_irq", rxIrq);
    m.put("isr", isr);
    m.put("napi_poll_tx", napiPollTx);
    m.put("napi_poll_rx", napiPollRx);
    m.put("tx_clean_calls", txCleanCalls);
    m.put("tx_clean_desc", txCleanDesc);
    m.put("tx_clean_pkts", txCleanPkts);
    m.put("rx_frames", rxFrames);
    m.put("rx_ic_desc", rxIcDesc);
  }

  SortedMap<String, Long> asMap() {
    SortedMap<String, Long> m = new TreeMap<>();
    putInto(m);
    return m;
  }
}
