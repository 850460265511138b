package io.nicsim.core.kernel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The NAPI-related fields of one struct net_device: its sysfs defaults (gro_flush_timeout,
 * napi_defer_hard_irqs, threaded) and its NAPIs (dev->napi_list). Until v6.12 napi_complete_done
 * reads the device's values; from v6.13 each NAPI has its own copy, which the sysfs files set
 * for every NAPI of the device and netlink's napi-set for one. Both are kept: every NAPI's copy
 * follows the device's sysfs writes, so either era reads the same values unless napi-set is
 * used, which only v6.13 and later accept.
 */
public final class NapiDevice {
  final String name;
  /** dev->gro_flush_timeout (unsigned long), ns. */
  long groFlushTimeout;
  /** dev->napi_defer_hard_irqs (int before 08062af0a521, u32 after). */
  int napiDeferHardIrqs;
  /** dev->threaded: 0, 1, or 2 (threaded busy poll, v6.18). */
  int threaded;
  final List<Napi> napis = new ArrayList<>();

  NapiDevice(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  public long groFlushTimeout() {
    return groFlushTimeout;
  }

  public int napiDeferHardIrqs() {
    return napiDeferHardIrqs;
  }

  public int threaded() {
    return threaded;
  }

  /** dev->napi_list, in netif_napi_add order. */
  public List<Napi> napis() {
    return Collections.unmodifiableList(napis);
  }

  /** netdev_set_gro_flush_timeout: the device and each of its NAPIs. */
  public void setGroFlushTimeout(long ns) {
    groFlushTimeout = ns;
    for (Napi n : napis) {
      n.groFlushTimeout = ns;
    }
  }

  /** netdev_set_defer_hard_irqs: the device and each of its NAPIs. */
  public void setDeferHardIrqs(int defer) {
    napiDeferHardIrqs = defer;
    for (Napi n : napis) {
      n.deferHardIrqs = defer;
    }
  }

  /**
   * dev_set_threaded / netif_set_threaded: every NAPI gets a kthread (napi_kthread_create) and
   * its THREADED bit; a poll already running finishes in the mode it started in.
   */
  public void setThreaded(int mode) {
    threaded = mode;
    for (Napi n : napis) {
      n.makeThreaded(mode);
    }
  }
}
