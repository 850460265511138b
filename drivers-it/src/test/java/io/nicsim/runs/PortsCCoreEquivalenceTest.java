package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.JavaKernelC;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.portcheck.HarnessCatalog;
import io.nicsim.portcheck.MutantPorts;
import io.nicsim.portcount.PortCounter;
import io.nicsim.portcount.PortEntries;
import io.nicsim.runs.options.RunArgs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --ports c} for core's and tcp-model's bridged families (tcp_ack among them), on Debian's 6.1 and 6.12
 * tarballs and the 6.18.19 tree: per family one run whose {@code --json} must be byte-identical
 * with the tree's C as with the Java (and the family's functions must have run as C), and one
 * broken Java port of the family ({@link Family#mutant}) through the same bridges that the check
 * must catch at its first diverging call. Skipped, saying so, where a tree is not there.
 */
class PortsCCoreEquivalenceTest {
  private static final RunEngine ENGINE = RunEnv.standard().engine();
  /**
   * The rows' checks share their runs: the families of one run (and a family's broken ports)
   * make its Java and its C run once per tree.
   */
  private static final Equivalence.Checks CHECKS = new Equivalence.Checks(ENGINE);

  /**
   * A family's run, the functions that must run as C in it (comma-separated), and broken Java
   * ports of it (comma-separated, each in place of the same place's {@code label}): a seeded
   * mutant of port-mutants.json, or, where it starts with {@code era:}, the harness's own Java
   * set up as that older release behaves (a wrong era switch).
   */
  record Family(String name, String[] args, String ranAsC, String mutant, String label,
      Map<String, String> notReached, Map<String, String> notCaught) {
    Family(String name, String[] args, String ranAsC, String mutant, String label) {
      this(name, args, ranAsC, mutant, label, Map.of(), Map.of());
    }

    /**
     * Where this run does not reach {@code ranAsC} on its own ({@code notReached}: asserted
     * so, and that its mutant, with every bridge in place, changes nothing) or the mutant
     * leaves its {@code --json} unchanged ({@code notCaught}: asserted so), by tree ("6.1",
     * "6.12", "6.18"; for {@code notCaught} also "tree mutant", for one mutant of several),
     * with why.
     */
    Family except(Map<String, String> reached, Map<String, String> caught) {
      return new Family(name, args, ranAsC, mutant, label, reached, caught);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * A CUBIC sender on a 200 Mbit/s path (1 BDP buffer): the TCP families' common run. The far
   * end's receiver runs the host's kernel (peer-kernel=host): under --ports c its ACK decisions
   * run as the tree's C too.
   */
  private static final String[] CUBIC_SENDER = {"--mac", "ideal", "--traffic", "iperf3 -t 1",
      "--path", "rtt=10ms,rate=200mbit,buffer=1bdp,peer-kernel=host", "--duration", "500ms"};
  /** BBR on rk3588-yt6801 (23 ms): a sender whose module reads the rate samples. */
  private static final String[] BBR_SENDER = {"--mac", "stmmac", "--soc", "rk3588-yt6801",
      "--traffic", "iperf3 -C bbr -t 1", "--path", "rtt=23ms", "--duration", "500ms"};

  /**
   * BBR held to 5 Mbit/s by the application: the app, not the path, is the bottleneck (held to
   * 20 Mbit/s, every write but the first finds data unsent, and the first write's app-limited
   * mark moves nothing).
   */
  private static final String[] BBR_APP_LIMITED = {"--mac", "stmmac", "--soc", "rk3588-yt6801",
      "--traffic", "iperf3 -C bbr -t 1 -b 5M", "--path", "rtt=23ms", "--duration", "500ms"};

  /**
   * A CUBIC sender on a lossy path (5 %): RACK reordering timeouts within the 500 ms window, and
   * an RTO after it (at 808 ms, in the run's drain: --json reports the window).
   */
  private static final String[] LOSSY_CUBIC = {"--mac", "ideal", "--traffic", "iperf3 -t 1",
      "--path", "rtt=10ms,rate=100mbit,loss=5%", "--duration", "500ms"};

  /**
   * Why no broken fec_enet_get_queue_num changes a whole run: the model's frames all arrive on
   * RX queue 0 (the other queues' rings stay unused: a fallback to 1 RX queue leaves the run's
   * --json unchanged, found so), and a TX count other than the profile's is refused while the
   * host is built (the driver checks it against the device's queues).
   */
  private static final String QUEUE_NUM = "the model's frames all arrive on RX queue 0: one RX"
      + " queue in place of the DT's 3 leaves the run unchanged (found so); a TX count other than"
      + " the profile's is refused while the host is built";

  /** A TCP receiver busy polling its socket (SO_BUSY_POLL 2000 µs) on fec: the busy-poller row. */
  private static final String[] BUSY_POLLER_FEC = {"--mac", "fec", "--soc", "imx8qxp",
      "--traffic", "iperf3 -t 0.2 -R --busy-poll 2000"};

  /** "6.1", "6.12" or "6.18": the release line of one of {@link #trees()}. */
  static String line(Path tree) {
    String t = tree.getFileName().toString();
    return t.contains("6.18") ? "6.18" : t.contains("6.12") ? "6.12" : "6.1";
  }

  static final List<Family> FAMILIES = List.of(
      new Family("cubic", CUBIC_SENDER, "cubictcp_cong_avoid", "cubic-epoch-or",
          "net/ipv4/tcp_cubic.c cubictcp_cong_avoid"),
      // tcp_ack with its whole callee tree (SACK, RACK, recovery, the rate sample, pacing) as
      // C; the broken port paces a slow-starting flow at the congestion-avoidance ratio. The
      // clock's tcp_mstamp_refresh before each ACK (the model's tcp_rcv_established) as C;
      // its broken port counts microseconds of 1024 ns
      new Family("tcp_ack", CUBIC_SENDER,
          "tcp_ack,tcp_mstamp_refresh", "pacing-ss-flipped,mstamp-us-1024",
          "net/ipv4/tcp_input.c tcp_ack,net/ipv4/tcp_output.c tcp_mstamp_refresh"),
      // tcp.c's tcp_xmit_size_goal at each write; the broken port never recomputes gso_segs
      new Family("tcp_xmit_size_goal", CUBIC_SENDER,
          "tcp_xmit_size_goal", "size-goal-and", "net/ipv4/tcp.c tcp_xmit_size_goal"),
      // tcp_check_space after each ACK and new data (tcp_new_space, tcp_sndbuf_expand inside);
      // the broken port never wakes the blocked writer (sk_write_space dropped)
      new Family("tcp_check_space", CUBIC_SENDER,
          "tcp_check_space", "new-space-no-wake", "net/ipv4/tcp_input.c tcp_check_space"),
      // the retransmit path as C: the fast retransmits the 1 BDP buffer's drops call for
      // (tcp_xmit_retransmit_queue, tcp_retransmit_skb and __tcp_retransmit_skb inside, the
      // model's transmit a stop), with the callees it shares with tcp_write_xmit (tcp_tso_segs,
      // tcp_small_queue_check, tcp_rate_skb_sent: bridged for its Java calls until it was
      // bridged); the broken ports leave recovery's retransmits out of PRR's prr_out (in
      // through tcp_xmit_retransmit_queue's Java) and autosize at half the pacing rate (in
      // through the push's)
      new Family("tcp_xmit_retransmit_queue", CUBIC_SENDER,
          "tcp_xmit_retransmit_queue", "rtx-prr-flipped,autosize-shift-plus1",
          "net/ipv4/tcp_output.c tcp_xmit_retransmit_queue,"
              + "net/ipv4/tcp_output.c __tcp_push_pending_frames"),
      // TSQ's tcp_wfree at each clone freed below TCP, on the same run (the broken port never
      // queues a throttled socket to the TSQ work: its sends wait for the next ACK),
      // tcp_small_queue_check inside the send loop (the broken port, in through the push's
      // Java, lets twice the bytes below TCP), and the TSQ work itself (tcp_tasklet_func,
      // tcp_tsq_workfn on 6.18; tcp_tsq_handler, tcp_tsq_write and their tcp_write_xmit
      // inside): the broken ports defer the write as if the user owned the socket
      // (tcp_tsq_handler's test flipped) and keep TSQ_QUEUED set (the work's clear dropped:
      // tcp_wfree never queues the socket again)
      new Family("tcp_small_queue_check", CUBIC_SENDER,
          "__tcp_push_pending_frames,tcp_wfree,tcp_tasklet_func|tcp_tsq_workfn",
          "tsq-factor,wfree-queued-flipped,tsq-handler-owned-flipped,tsq-work-queued-kept",
          "net/ipv4/tcp_output.c __tcp_push_pending_frames,net/ipv4/tcp_output.c tcp_wfree,"
              + "net/ipv4/tcp_output.c tcp_tasklet_func|net/ipv4/tcp_output.c tcp_tsq_workfn,"
              + "net/ipv4/tcp_output.c tcp_tasklet_func|net/ipv4/tcp_output.c tcp_tsq_workfn"),
      // the send loop as C, with its callees (tcp_mss_split_point, tcp_cwnd_test,
      // tcp_tso_should_defer, tso_fragment, __tcp_transmit_skb...) inside; ip_queue_xmit and
      // the module's hooks answered by the model. The broken ports go in through the writer's
      // push: the split point one segment late, and the TSO deferral of a cwnd-limited sender
      // taking srtt_us as srtt << 2 (the next ACK looks twice as far away). tcp_write_xmit
      // makes no call of its own: its Java callers, the push and TSQ's tcp_tsq_write, run as
      // C (the push's, and TSQ's work function's) with it inside
      new Family("tcp_write_xmit", CUBIC_SENDER,
          "__tcp_push_pending_frames,tcp_tasklet_func|tcp_tsq_workfn",
          "split-point-maxlen,defer-srtt-shift2",
          "net/ipv4/tcp_output.c __tcp_push_pending_frames,"
              + "net/ipv4/tcp_output.c __tcp_push_pending_frames"),
      // tcp_rate.c's snapshot at each send, which tcp_write_xmit's C runs (its own calls, the
      // retransmits', run as C on the lossy row), under BBR (whose model reads the rate
      // samples) held to 5 Mbit/s by the application: the broken port, in through the push's
      // Java, starts a sample's interval only with one packet in flight. tcp_rate.c's
      // tcp_rate_check_app_limited at each write on the same run: the broken port takes losses
      // as repaired only when more was retransmitted than lost, so it never marks a flow without
      // losses app-limited (the first write's mark, at delivered 0, is the run's only one; it
      // moves the run's mean cwnd, 32.096 against 32.1 without it)
      new Family("tcp_rate", BBR_APP_LIMITED,
          "__tcp_push_pending_frames,tcp_rate_check_app_limited",
          "rate-sent-packetsout,rate-applimited-lost-lt",
          "net/ipv4/tcp_output.c __tcp_push_pending_frames,"
              + "net/ipv4/tcp_rate.c tcp_rate_check_app_limited"),
      // tcp_timer.c's tcp_write_timer_handler on a lossy path: its RTO (tcp_retransmit_timer,
      // tcp_enter_loss) and RACK reordering timeouts (tcp_rack_reo_timeout) as C, the model's
      // retransmits where the C calls them; the broken port skips the RTO's rearm after a
      // reordering timeout (no seeded mutant of the RTO path changes this run's --json: its RTO
      // fires after the window; see tcp-model/README.md). The RTO's tcp_retransmit_skb and the
      // reordering timeouts' tcp_xmit_retransmit_queue as C where the timer's C calls them (the
      // broken port takes a sent retransmit for a failed one: not marked, retrans_out not
      // raised). The send loop on
      // the same run, where cwnd is small enough that
      // half of it bounds a TSO skb (tcp_cwnd_test inside tcp_write_xmit; its broken port: a
      // quarter)
      new Family("tcp_write_timer_handler", LOSSY_CUBIC,
          "tcp_write_timer_handler,__tcp_push_pending_frames,tcp_retransmit_skb,"
              + "tcp_xmit_retransmit_queue",
          "reo-timeout-rearm-flipped,cwnd-test-half-shift2,rtx-err-flipped",
          "net/ipv4/tcp_timer.c tcp_write_timer_handler,"
              + "net/ipv4/tcp_output.c __tcp_push_pending_frames,"
              + "net/ipv4/tcp_output.c tcp_retransmit_skb"),
      // the host's receiver: its delayed and quick ACK decisions as C; the broken port ACKs at
      // once when exactly one full segment is unacknowledged. fec's data path on the same run:
      // its rings' receive (the frames the default coalescing gathers fill the budget) and
      // reclaim and transmit (the ACKs); the broken ports take one frame past the budget, kick
      // TDAR after a reclaim when it reads busy rather than idle, stop the queue while it has
      // room, and (ERR007885) kick it after a submit only when it reads busy; the loops over
      // the rings (fec_enet_rx, fec_enet_tx) as C, whose broken ports skip queue 0; the
      // open's and the link-up's fec_restart as C (fec_ctrl_reset, fec_set_hw_mac_addr,
      // fec_enet_enable_ring, fec_enet_active_rxring and fec_enet_itr_coal_set inside), whose
      // broken port unmasks the events without link and masks them with it; phylib's link
      // callback fec_enet_adjust_link as C, whose broken port reads the PHY's link the wrong
      // way round (the link-up never restarts the MAC); the probe's fec_enet_get_queue_num
      // (and its first fec_restart) as C, their bridges installed before the driver is built,
      // whose broken port takes the DT's 3 RX queues as invalid and falls back to 1: that
      // leaves this run unchanged (found so), and no broken queue count can change a run
      // (below)
      new Family("receiver", new String[] {"--mac", "fec", "--soc", "imx8qxp", "--traffic",
          "iperf3 -R -t 1", "--duration", "200ms"},
          "__tcp_ack_snd_check,fec_enet_rx_queue,fec_enet_tx_queue,fec_enet_start_xmit,"
              + "fec_enet_txq_submit_skb,fec_enet_rx,fec_enet_tx,fec_restart,fec_enet_adjust_link,"
              + "fec_enet_get_queue_num",
          "ack-snd-full-frame-ge,fec-rx-budget-gt,fec-tx-kick-busy,fec-xmit-stop-ge,"
              + "fec-submit-kick-busy,fec-rx-loop-gt,fec-tx-loop-gt,"
              + "fec-restart-imask-link-flipped,fec-adjust-link-phy-flipped,fec-queue-num-rx-ge",
          "net/ipv4/tcp_input.c __tcp_ack_snd_check,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_enet_rx_queue,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_enet_tx_queue,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_enet_start_xmit,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_enet_txq_submit_skb,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_enet_rx,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_enet_tx,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_restart,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_enet_adjust_link,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_enet_get_queue_num")
          .except(Map.of(), Map.of("6.1 fec-queue-num-rx-ge", QUEUE_NUM,
              "6.12 fec-queue-num-rx-ge", QUEUE_NUM, "6.18 fec-queue-num-rx-ge", QUEUE_NUM)),
      // GRO on the same run (the host receives the TCP data): dev_gro_receive on every
      // segment (the model's TCP offload where the C calls inet_gro_receive) and the flush of
      // the held skbs at each full poll and completion, napi_gro_flush to 6.14 and gro_flush
      // from 6.15 (A|B: the tree's own); the broken ports never complete the held skb at slot 0
      // (the one a flow holds) and flush the bucket after the one that holds skbs
      new Family("gro", new String[] {"--mac", "fec", "--soc", "imx8qxp", "--traffic",
          "iperf3 -R -t 1", "--duration", "200ms"}, "dev_gro_receive,napi_gro_flush|gro_flush",
          "gro-pp-gt0,gro-ffs-order",
          "net/core/gro.c dev_gro_receive,net/core/gro.c napi_gro_flush|include/net/gro.h"
              + " gro_flush"),
      // the far end of the CUBIC sender's path on the host's kernel (peer-kernel=host): its
      // receiver's ACK decisions as the tree's C (built for the far end's HZ 1000;
      // tcp_send_delayed_ack inside __tcp_ack_snd_check's, its caller here). The broken
      // ports, in through the far end alone (the host receives no data here): quickack never
      // entered (the first segments are ACKed late), and an ACK at once when exactly one full
      // segment is unacknowledged
      new Family("far end receiver", CUBIC_SENDER,
          "far end's __tcp_ack_snd_check,far end's tcp_incr_quickack",
          "incr-quickack-flipped,ack-snd-full-frame-ge",
          "net/ipv4/tcp_input.c tcp_incr_quickack,net/ipv4/tcp_input.c __tcp_ack_snd_check"),
      // BBR paces (tcp_pace_kick as C, whose broken port never writes when the timer fires); the
      // send loop inside the push's, TSQ's and the pacing timer's C. rk3588's GMAC4, whose
      // per-direction vectors run as C with the tree's dwmac4_dma_interrupt inside; its broken
      // port reports no TX work on TI
      new Family("bbr", new String[] {"--mac", "stmmac", "--soc", "rk3588-yt6801", "--traffic",
          "iperf3 -C bbr -t 1", "--path", "rtt=23ms", "--duration", "500ms"},
          "bbr_main,__tcp_push_pending_frames,tcp_pace_kick,stmmac_msi_intr_tx",
          "bbr-quant-even,pace-kick-no-handler,dwmac4-ti-flipped",
          "net/ipv4/tcp_bbr.c bbr_main,net/ipv4/tcp_output.c tcp_pace_kick,"
              + "drivers/net/ethernet/stmicro/stmmac/stmmac_main.c stmmac_msi_intr_tx"),
      // no seeded dim mutant changes a decision these runs reach (DIM parks at its top
      // profile under a steady stream): net_dim of lib/dim's first era (v4.16, before the start
      // sample was re-taken) stands in
      new Family("dim", new String[] {"--mac", "bcmgenet", "--soc", "bcm2711", "--traffic",
          "iperf3 -u -b 400M -l 1400 -R -t 1", "-C", "adaptive-rx on", "--duration", "300ms"},
          "net_dim", "era:4.16.0", "lib/dim/net_dim.c net_dim"),
      // napi-defer-ge and napi-missed-kept change no decision this run reaches (its polls
      // always have work; no schedule is missed): napi_complete_done as before
      // napi_defer_hard_irqs (v5.10) stands in
      new Family("software coalescing", new String[] {"--mac", "fec", "--soc", "imx8qxp",
          "--traffic", "iperf3 -R -t 1", "--duration", "200ms", "-C", "rx-usecs 0 rx-frames 1",
          "--sysfs", "napi_defer_hard_irqs=2 gro_flush_timeout=200000"}, "napi_complete_done",
          "era:5.9.0", "net/core/dev.c napi_complete_done"),
      // the software coalescing's gro_flush_timeout watchdog (napi_watchdog, the NAPI's hrtimer)
      // that schedules the deferred NAPI: its run above never fires it (the TCP stream's polls
      // always find work before the timeout), a 10 Mbit/s UDP stream does (170 times in
      // 100 ms); the broken port schedules only a NAPI already scheduled (never a deferred one)
      new Family("napi watchdog", new String[] {"--mac", "fec", "--soc", "imx8qxp",
          "--traffic", "iperf3 -u -b 10M -R -t 1", "--duration", "100ms", "-C",
          "rx-usecs 0 rx-frames 1", "--sysfs", "napi_defer_hard_irqs=2 gro_flush_timeout=200000"},
          "napi_watchdog",
          "napi-watchdog-sched-flipped", "net/core/dev.c napi_watchdog"),
      // the poll loop: a small-packet receive flood fills the weight of most polls (the
      // repoll the broken port drops leaves the NAPI scheduled on no list); bcmgenet's receive
      // (bcmgenet_desc_rx) on the same run, whose broken port takes one frame past the budget,
      // and the open's bcmgenet_init_rx_ring (bcmgenet_alloc_rx_buffers inside), whose broken
      // port leaves the ring's last control block without a buffer (each pass of the walk
      // drops the frame there)
      new Family("napi poll", new String[] {"--mac", "bcmgenet", "--soc", "bcm2711",
          "--traffic", "iperf3 -u -b 0 -l 64 -R -t 1", "--duration", "200ms"},
          "napi_poll,bcmgenet_desc_rx,bcmgenet_init_rx_ring",
          "napi-poll-le,genet-rx-budget-le,genet-alloc-rx-one-short",
          "net/core/dev.c napi_poll,"
              + "drivers/net/ethernet/broadcom/genet/bcmgenet.c bcmgenet_desc_rx,"
              + "drivers/net/ethernet/broadcom/genet/bcmgenet.c bcmgenet_init_rx_ring"),
      // bcmgenet's TX poll (__bcmgenet_tx_reclaim inside) on a transmit flood whose driver
      // wakes the queue on every reclaim (netif_tx_wake_queue as C there too: no seeded mutant
      // of it changes this run, wake-stack-bit leaves its --json unchanged), and the open's
      // bcmgenet_init_tx_ring; the broken ports reclaim one BD more than the TDMA sent, wrap
      // the xmit's write pointer one early, and set the ring's end pointer one late (a ring
      // set up with one free BD too few leaves this run unchanged: its free BDs never run out).
      // The sender outruns the wire (1400-byte datagrams), so on every tree the ring stops the
      // queue and the qdisc holds what waits: its dequeue_skb as C (try_bulk_dequeue_skb
      // inside), whose broken port leaves the first skb's length out of the bulk's byte limit
      new Family("genet tx", new String[] {"--mac", "bcmgenet", "--soc", "bcm2711", "--traffic",
          "iperf3 -u -b 0 -l 1400 -t 1", "--duration", "200ms"},
          "bcmgenet_tx_poll,netif_tx_wake_queue,bcmgenet_get_txcb,bcmgenet_init_tx_ring,"
              + "dequeue_skb",
          "genet-reclaim-ready-le,genet-txcb-wrap-early,genet-init-endptr-late,"
              + "bulk-limit-first-kept",
          "drivers/net/ethernet/broadcom/genet/bcmgenet.c bcmgenet_tx_poll,"
              + "drivers/net/ethernet/broadcom/genet/bcmgenet.c bcmgenet_get_txcb,"
              + "drivers/net/ethernet/broadcom/genet/bcmgenet.c bcmgenet_init_tx_ring,"
              + "net/sched/sch_generic.c dequeue_skb"),
      // ravb's interrupt entry points (ravb_queue_interrupt inside) on a TCP sender, which
      // transmits the data and receives the ACKs: the single line's ravb_interrupt on RZ/G2L
      // (RIC0/TIC masking), R-Car's per-queue ravb_dma_interrupt on R-Car E3 (RID0/TID); the
      // broken ports leave the queue's TX interrupt unmasked while its NAPI runs. The NAPI poll
      // on the same runs (ravb_rx and ravb_tx_free inside, the RX function where the C calls
      // info->receive): its broken ports leave the queue's TX status set (RZ/G2L) and its TX
      // interrupt disabled after the poll (R-Car E3). The RX functions (ravb_rx_gbeth on
      // RZ/G2L, ravb_rx_rcar on R-Car E3; from v6.11 ravb_rx_ring_refill and
      // ravb_alloc_rx_buffer inside) on the ACKs: the broken refill never hands a refilled
      // descriptor back (DT_FEMPTY), so a lap of the 1,024-descriptor ring later the DMAC
      // misses the ACKs (6.1 has no ravb_rx_ring_refill: its RX functions refill inline, and
      // no seeded mutant of that era can be one port-check kills on 6.12). RZ/G2L's sender
      // crosses a path whose bottleneck is a tbf (a burst) that throttles it: its tbf_dequeue
      // as C, whose broken port never moves t_c (each dequeue credits the time since the first)
      new Family("ravb irq", new String[] {"--mac", "ravb", "--soc", "rzg2l", "--traffic",
          "iperf3 -t 1", "--duration", "200ms", "--path", "rate=300mbit,burst=16kb"},
          "ravb_interrupt,ravb_poll,tbf_dequeue,ravb_start_xmit,ravb_rx_gbeth",
          "ravb-qirq-tic-kept,ravb-poll-tis-kept,tbf-tc-kept,ravb-xmit-tsrq-dropped,"
              + "ravb-refill-fempty-dropped",
          "drivers/net/ethernet/renesas/ravb_main.c ravb_interrupt,"
              + "drivers/net/ethernet/renesas/ravb_main.c ravb_poll,"
              + "net/sched/sch_tbf.c tbf_dequeue,"
              + "drivers/net/ethernet/renesas/ravb_main.c ravb_start_xmit,"
              + "drivers/net/ethernet/renesas/ravb_main.c ravb_rx_gbeth")
          .except(Map.of(), Map.of("6.1 ravb-refill-fempty-dropped", "6.1.192's RX functions"
              + " refill inline (the quota era): the broken ravb_rx_ring_refill (v6.11+) is"
              + " never called")),
      // the probe's netdev_sw_irq_coalesce_default_on (RZ/G2L's ravb_probe from v6.11,
      // 7b39c1814ce3) as C on the same run, its bridge installed before the driver is built;
      // the broken port sets gro_flush_timeout to 2 us, not 20 us
      new Family("sw irq coalesce", new String[] {"--mac", "ravb", "--soc", "rzg2l",
          "--traffic", "iperf3 -t 1", "--duration", "200ms", "--path",
          "rate=300mbit,burst=16kb"}, "netdev_sw_irq_coalesce_default_on",
          "sw-irq-coalesce-gro-short", "net/core/dev.c netdev_sw_irq_coalesce_default_on")
          .except(Map.of("6.1", "6.1's ravb_probe does not turn software IRQ coalescing on"
              + " (7b39c1814ce3, v6.11), and 6.1 has no netdev_sw_irq_coalesce_default_on"
              + " (v6.2)"), Map.of()),
      // R-Car E3's xmit takes two descriptors a frame (the DPTR_ALIGN head copy); on both
      // runs the broken xmit leaves the TX start request out of its TCCR doorbell, so a
      // frame queued while the DMAC is idle waits for the next doorbell
      new Family("ravb dma irq", new String[] {"--mac", "ravb", "--soc", "r8a77990",
          "--traffic", "iperf3 -t 1", "--duration", "200ms"},
          "ravb_dma_interrupt,ravb_poll,ravb_start_xmit,ravb_rx_rcar",
          "ravb-qirq-tid-none,ravb-poll-tie-none,ravb-xmit-tsrq-dropped,"
              + "ravb-refill-fempty-dropped",
          "drivers/net/ethernet/renesas/ravb_main.c ravb_dma_interrupt,"
              + "drivers/net/ethernet/renesas/ravb_main.c ravb_poll,"
              + "drivers/net/ethernet/renesas/ravb_main.c ravb_start_xmit,"
              + "drivers/net/ethernet/renesas/ravb_main.c ravb_rx_rcar")
          .except(Map.of(), Map.of("6.1 ravb-refill-fempty-dropped", "6.1.192's RX functions"
              + " refill inline (the quota era): the broken ravb_rx_ring_refill (v6.11+) is"
              + " never called")),
      // BQL's wrappers on a transmit flood that BQL stops and restarts, the NET_TX softirq
      // the restarts raise (net_tx_action, the model's qdisc run where the C calls qdisc_run)
      // and the qdisc's run loop (__qdisc_run, the model's qdisc_restart where the C calls
      // it); the broken ports: the completion's stop bit, net_tx_action leaving the last
      // qdisc of its output queue unrun, __qdisc_run counting a bulk dequeue as one packet
      new Family("bql", new String[] {"--mac", "stmmac", "--soc", "cyclone5", "--traffic",
          "iperf3 -u -b 0 -l 64 -t 1", "--duration", "200ms"},
          "netdev_tx_sent_queue,net_tx_action,__qdisc_run",
          "bql-completed-drv-bit,net-tx-action-last-qdisc,qdisc-run-quota-one",
          "include/linux/netdevice.h netdev_tx_completed_queue,net/core/dev.c net_tx_action,"
              + "net/sched/sch_generic.c __qdisc_run")
          .except(Map.of(), Map.of("6.12 qdisc-run-quota-one", "6.12.118's stmmac raises a TX"
              + " completion interrupt a packet (IC at each burst's end, d21a374995df): the"
              + " queue never stops, the qdisc is bypassed while empty and its run loop sends"
              + " one packet at a time, so no bulk dequeue is miscounted")),
      // stmmac's ethtool -C as C (stmmac_set_coalesce with __stmmac_set_coalesce and the RIWT
      // conversion inside, the gets ethtool makes around it), called from the ethtool core's
      // ethtool_set_coalesce as C; tx-usecs at STMMAC_MAX_COAL_TX_TICK, which the first broken
      // port refuses; the second lets the driver's get overwrite the request before the set
      new Family("stmmac ethtool", new String[] {"--mac", "stmmac", "--soc", "cyclone5",
          "--traffic", "iperf3 -u -b 0 -l 64 -t 1", "--duration", "100ms", "-C",
          "rx-usecs 100 rx-frames 8 tx-usecs 100000 tx-frames 16"},
          "stmmac_set_coalesce,ethtool_set_coalesce",
          "stmmac-txusecs-ge,ethtool-get-into-request",
          "drivers/net/ethernet/stmicro/stmmac/stmmac_ethtool.c stmmac_set_coalesce,"
              + "net/ethtool/ioctl.c ethtool_set_coalesce"),
      // the open's coalescing defaults as C (no -C: the defaults stay); the broken port
      // gives every TX queue one frame more than STMMAC_TX_FRAMES. The same flood's
      // interrupts as C with dwmac1000's dwmac_dma_interrupt inside (its register reads from
      // the model's, its clear on them), whose broken port reports no TX work on TI
      new Family("stmmac open", new String[] {"--mac", "stmmac", "--soc", "cyclone5",
          "--traffic", "iperf3 -u -b 0 -l 64 -t 1", "--duration", "100ms"},
          "stmmac_init_coalesce,stmmac_interrupt", "stmmac-init-txframes,dwmac-ti-flipped",
          "drivers/net/ethernet/stmicro/stmmac/stmmac_main.c stmmac_init_coalesce,"
              + "drivers/net/ethernet/stmicro/stmmac/stmmac_main.c stmmac_interrupt"),
      // the --sysfs writes as C: netdev_store (kstrtoul and the change functions inside) and
      // bql_set; the broken port parses a number without a prefix as octal
      new Family("sysfs", new String[] {"--mac", "fec", "--soc", "imx8qxp", "--traffic",
          "iperf3 -R -t 1", "--duration", "100ms", "-C", "rx-usecs 0 rx-frames 1", "--sysfs",
          "napi_defer_hard_irqs=2 gro_flush_timeout=200000"
              + " queues/tx-0/byte_queue_limits/limit_max=30000"},
          "netdev_store,bql_set,ethtool_set_coalesce",
          "kstrtoull-octal", "net/core/net-sysfs.c netdev_store"),
      // the model's own NAPI schedules (the interrupt's) on the receive flood; the broken port
      // raises NET_RX as the tree would only inside net_rx_action, or never (from v6.8)
      new Family("napi schedule", new String[] {"--mac", "bcmgenet", "--soc", "bcm2711",
          "--traffic", "iperf3 -u -b 0 -l 64 -R -t 1", "--duration", "200ms"},
          "____napi_schedule", "napi-schedule-in-rx-or", "net/core/dev.c ____napi_schedule")
          .except(Map.of(), Map.of("6.1", "6.1 has no in_net_rx_action shortcut: the broken"
              + " port differs only for a schedule from inside net_rx_action, which this run's"
              + " own schedules never are")),
      // the qdisc rescheduled by its own run out of quota (dev_tx_weight): four senders fill
      // the ring (BQL's limit_min lets the ring, not BQL, stop the queue) and the qdisc holds
      // what waits; the broken port sets the scheduled bit of a qdisc it leaves off the output
      // queue
      new Family("qdisc schedule", new String[] {"--mac", "stmmac", "--soc", "cyclone5",
          "--traffic", "iperf3 -u -b 0 -l 64 -t 1 -P 4", "--duration", "200ms", "--sysfs",
          "queues/tx-0/byte_queue_limits/limit_min=100000"}, "__netif_schedule",
          "netif-schedule-flipped", "net/core/dev.c __netif_schedule")
          .except(Map.of("6.12", "6.12.118's stmmac raises a TX completion interrupt a"
              + " packet (IC at each burst's end, d21a374995df): the queue never stops, the"
              + " qdisc never holds a packet, and this run never calls the model's own"
              + " __netif_schedule; BQL's wrappers schedule the qdisc inside their C"),
              Map.of()),
      // the UDP sender's skbs freed on the same flood (its writer sleeps on sk_sndbuf); the
      // broken port wakes the writer only below a quarter of sk_sndbuf, not half
      // TX timeout recovery on a hung TX DMA (--fault): twelve 10 Mbit/s floods (fec has no BQL:
      // only a full ring stops the queue, and one default socket buffer holds ~90 datagrams)
      // whose DMA hangs at 10 ms; the ring fills by 80 ms, dev_watchdog (TX_TIMEOUT 2 s)
      // reports it at ~2.09 s and
      // fec_timeout's work restarts the controller (fec_restart as C inside the bridged work),
      // then the flood flows again within the 2.2 s. Mostly idle: the stalled queue makes
      // almost no events. The broken ports: the watchdog re-armed from now rather than from the
      // oldest stopped queue's last transmit (its timeout then falls after the run), the work
      // never scheduled, the queues never woken after the restart
      new Family("fec recovery", new String[] {"--mac", "fec", "--soc", "imx8qxp", "--traffic",
          "iperf3 -u -b 10M -l 1400 -t 3 -P 12", "--duration", "2.2", "--fault", "tx-hang at=10ms"},
          "dev_watchdog,fec_timeout,fec_enet_timeout_work,fec_restart",
          "watchdog-rearm-now,fec-timeout-no-work,fec-timeout-work-no-wake",
          "net/sched/sch_generic.c dev_watchdog,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_timeout,"
              + "drivers/net/ethernet/freescale/fec_main.c fec_enet_timeout_work"),
      // stmmac's recovery on rk3588 (HZ 250, the watchdog harness's) with the watchdog module
      // parameter at 100 ms: the hang at 10 ms is reported at ~120 ms, stmmac_tx_timeout
      // (stmmac_global_err and stmmac_service_event_schedule inside) queues the service work and
      // stmmac_service_task (stmmac_reset_subtask inside) closes and opens the interface. The
      // broken ports: the reset never requested, the reset skipped unless the device is down
      new Family("stmmac recovery", new String[] {"--mac", "stmmac", "--soc", "rk3588-yt6801",
          "--traffic", "iperf3 -u -b 50M -l 1400 -t 1", "--duration", "300ms",
          "--module-param", "stmmac.watchdog=100", "--fault", "tx-hang at=10ms"},
          "dev_watchdog,stmmac_tx_timeout,stmmac_service_task",
          "stmmac-global-err-no-reset,stmmac-reset-down-flipped",
          "drivers/net/ethernet/stmicro/stmmac/stmmac_main.c stmmac_tx_timeout,"
              + "drivers/net/ethernet/stmicro/stmmac/stmmac_main.c stmmac_service_task"),
      new Family("sock_wfree", new String[] {"--mac", "stmmac", "--soc", "cyclone5",
          "--traffic", "iperf3 -u -b 0 -l 64 -t 1", "--duration", "200ms"}, "sock_wfree",
          "sock-wfree-quarter", "net/core/sock.c sock_wfree")
          .except(Map.of(), Map.of("6.12", "found so: this run's --json is unchanged by it",
              "6.18", "found so: this run's --json is unchanged by it")),
      // a busy poller's end (busy_poll_stop, __busy_poll_stop inside) on the busy-poller row's
      // fec run; the broken port keeps MISSED for the stop's poll, so its completion polls
      // again
      new Family("busy_poll_stop", BUSY_POLLER_FEC, "busy_poll_stop", "busy-stop-missed-kept",
          "net/core/dev.c busy_poll_stop"));

  static List<Path> trees() {
    return List.of(Path.of("/usr/src/linux-source-6.1.tar.xz"),
        Path.of("/usr/src/linux-source-6.12.tar.xz"), Path.of("/work/trees/linux-6.18.19"));
  }

  /** {@link #trees()} that {@code -Dnicsim.trees=6.12,6.18} keeps (all without it). */
  static List<Path> keptTrees() {
    String lines = System.getProperty("nicsim.trees", "");
    Set<String> keep = lines.isBlank() ? Set.of() : Set.of(lines.split(","));
    return trees().stream().filter(t -> keep.isEmpty() || keep.contains(line(t))).toList();
  }

  /**
   * The cases: every family on every tree; {@code -Dnicsim.families=a,b} keeps the families so
   * named (a bridge's engineer reruns the rows of the families they touched), and
   * {@code -Dnicsim.trees=6.12,6.18} the trees of those release lines.
   */
  static Stream<Object[]> cases() {
    String only = System.getProperty("nicsim.families", "");
    Set<String> names = only.isBlank() ? Set.of() : Set.of(only.split(","));
    String lines = System.getProperty("nicsim.trees", "");
    Set<String> keep = lines.isBlank() ? Set.of() : Set.of(lines.split(","));
    List<Object[]> out = new ArrayList<>();
    for (Path t : trees()) {
      if (!keep.isEmpty() && !keep.contains(line(t))) {
        continue;
      }
      for (Family f : FAMILIES) {
        if (!names.isEmpty() && !names.contains(f.name())) {
          continue;
        }
        out.add(new Object[] {t, f});
      }
    }
    return out.stream();
  }

  /**
   * The requests by tree and arguments: one object for the families that share a run, so that
   * {@link #CHECKS} finds it (a request's {@code -C} arguments compare by identity).
   */
  private static final Map<String, RunRequest> REQUESTS = new HashMap<>();

  private static RunRequest request(Path tree, String... args) {
    return REQUESTS.computeIfAbsent(tree + "\n" + String.join("\n", args), k -> {
      List<String> a = new ArrayList<>(List.of(args));
      a.addAll(List.of("--ports", "c", "--kernel-tree", tree.toString()));
      return RunArgs.request(a);
    });
  }

  private static void assumeTree(Path tree) {
    assumeTrue(Files.exists(tree), tree + " is not there (apt-get install linux-source-N, or a"
        + " 6.18.19 checkout)");
  }

  @ParameterizedTest(name = "{1} on {0}")
  @MethodSource("cases")
  void theFamilyRunsAsItsJava(Path tree, Family f) {
    assumeTree(tree);
    RunRequest c = request(tree, f.args());
    KernelC kc = c.kernelC();
    Equivalence.Verdict v = CHECKS.check(c.withKernelC(null), kc);
    String what = f.name() + " " + String.join(" ", f.args());
    assertThat(v.identical()).as(what + ": " + v.divergence()).isTrue();
    String why = f.notReached().get(line(tree));
    if (why != null) {
      assertThat(v.ranAsC()).as(what + ": " + why)
          .noneMatch(r -> r.startsWith(f.ranAsC() + " "));
      return;
    }
    for (String fn : f.ranAsC().split(",")) {
      // a|b: the function of the tree's era (a renamed function), either
      assertThat(v.ranAsC()).as(what).anyMatch(r -> Stream.of(fn.split("\\|"))
          .anyMatch(alt -> r.startsWith(alt + " ")));
    }
  }

  /** The broken ports by mutant and label: compiled once, for every tree's row. */
  private static final Map<String, List<PortHarness>> BROKEN = new HashMap<>();

  private static List<PortHarness> broken(String mutant, String label) {
    return BROKEN.computeIfAbsent(mutant + "\n" + label, k -> compileBroken(mutant, label));
  }

  private static List<PortHarness> compileBroken(String mutant, String label) {
    if (!mutant.startsWith("era:")) {
      // the first harness of the label, as the in-loop build takes it (tcp_output.c's
      // tcp_tso_segs and tcp_small_queue_check have two: the tcp-output socket's and the
      // congestion modules' socket's)
      List<PortHarness> all = MutantPorts.harnesses(Path.of("..").toAbsolutePath().normalize(),
          mutant, Set.of(label));
      return all.isEmpty() ? all : List.of(all.get(0));
    }
    String release = mutant.substring(4);
    PortHarness real = HarnessCatalog.ofThisJvm().stream()
        .filter(h -> (h.file() + " " + h.function()).equals(label)).findFirst()
        .orElseThrow();
    return List.of(PortHarness.of(real.file(), real.function()).inputs(real.inputs())
        .admit(real::admit).java(kernel -> real.java(release)).build());
  }

  @ParameterizedTest(name = "{1} on {0}")
  @MethodSource("cases")
  void aMutantOfTheFamilyIsCaughtAtItsFirstWrongCall(Path tree, Family f) {
    assumeTree(tree);
    RunRequest c = request(tree, f.args());
    String[] mutants = f.mutant().split(",");
    String[] labels = f.label().split(",");
    assertThat(labels).as(f.name()).hasSameSizeAs(mutants);
    for (int i = 0; i < mutants.length; i++) {
      String mutant = mutants[i];
      // a label a|b: the one the tree compiles (a function renamed in its era)
      String label = Stream.of(labels[i].split("\\|"))
          .filter(l -> c.kernelC().ports().containsKey(l)).findFirst().orElse(labels[i]);
      List<PortHarness> broken = broken(mutant, label);
      assertThat(broken).as(mutant).hasSize(1);
      String unreached = f.notReached().get(line(tree));
      if (unreached != null) {
        // the function is not reached on its own where the C runs: with every bridge of the
        // run in place (the broken port in its own's), the broken port is never called and
        // the run is the C's. (The plain check, only this function bridged, does differ: there
        // its callers that run as C here are Java and call the broken port.)
        KernelC kc = c.kernelC();
        Equivalence.Verdict v = CHECKS.check(c.withKernelC(new JavaKernelC(
            kc.release(), new LinkedHashSet<>(kc.ports().keySet()), broken)), kc);
        assertThat(v.identical()).as(mutant + " with every bridge: " + v.divergence()
            + "; expected unchanged (" + unreached + ")").isTrue();
        continue;
      }
      Equivalence.Verdict v = CHECKS.check(c.withKernelC(null), c.kernelC(), broken);
      String why = f.notCaught().getOrDefault(line(tree) + " " + mutant,
          f.notCaught().get(line(tree)));
      if (why != null) {
        assertThat(v.identical()).as(mutant + " changes this run: " + v.divergence()
            + "; expected not (" + why + ")").isTrue();
        continue;
      }
      assertThat(v.identical()).as(mutant).isFalse();
      String fn = label.substring(label.indexOf(' ') + 1);
      assertThat(v.divergence()).as(mutant).matches("at \\d+ ns, call \\d+: " + fn
          + " on .* gives, as C: .*; as Java: .*");
    }
  }

  /**
   * A run's {@code --napi-set} as the tree's netdev_nl_napi_set_doit (v6.13+: the 6.18.19 tree
   * only; on 6.1 and 6.12 there is no napi-set, PortsCConfigRefusalTest checks the refusal),
   * with epoll's IRQ suspension (v6.13+): the receiver waits in epoll_wait with
   * prefer_busy_poll and irq-suspend-timeout set, so ep_try_send_events suspends the NAPI's
   * IRQs after each delivery (napi_suspend_irqs), a busy loop that finds nothing resumes them
   * (napi_resume_irqs), and each busy loop ends in busy_poll_stop, here preferring busy polling
   * with deferred IRQs (its watchdog armed, SCHED cleared). Byte-identical; the broken ports,
   * each caught at its first call: the doit's and ep_try_send_events' Java switched as 6.12 has
   * them (no napi-set; no IRQ suspension), napi_suspend_irqs never arming the timer and
   * napi_resume_irqs never scheduling the NAPI (the timeout read as 0). busy_poll_stop's
   * broken port (the busy_poll_stop family's busy-stop-missed-kept) leaves this run's --json
   * unchanged (found so). No seeded mutant of port-mutants.json can be the 6.13+ functions'
   * own: port-check's mutation check runs on 6.12, which has none of them.
   */
  @org.junit.jupiter.api.Test
  void theNapiSetRunsAsItsJava() {
    Path tree = trees().get(2);
    assumeTrue(keptTrees().contains(tree), "6.18 left out by -Dnicsim.trees");
    assumeTree(tree);
    RunRequest c = request(tree, "--mac", "fec", "--soc", "imx8qxp", "--traffic",
        "iperf3 -R -t 1 --epoll --prefer-busy-poll", "--duration", "100ms", "-C",
        "rx-usecs 0 rx-frames 1", "--napi-set",
        "defer-hard-irqs=2 gro-flush-timeout=200000 irq-suspend-timeout=20000000");
    Equivalence.Verdict v = CHECKS.check(c.withKernelC(null), c.kernelC());
    assertThat(v.identical()).as(v.divergence()).isTrue();
    for (String fn : List.of("netdev_nl_napi_set_doit", "ep_try_send_events",
        "napi_suspend_irqs", "napi_resume_irqs", "busy_poll_stop")) {
      assertThat(v.ranAsC()).as(fn).anyMatch(r -> r.startsWith(fn + " "));
    }
    Map<String, List<PortHarness>> broken = new LinkedHashMap<>();
    broken.put("netdev_nl_napi_set_doit",
        broken("era:6.12.0", "net/core/netdev-genl.c netdev_nl_napi_set_doit"));
    broken.put("ep_try_send_events", broken("era:6.12.0", "fs/eventpoll.c ep_try_send_events"));
    broken.put("napi_suspend_irqs", onRecord("net/core/dev.c napi_suspend_irqs",
        "irq_suspend_timeout", t -> 0));
    broken.put("napi_resume_irqs", onRecord("net/core/dev.c napi_resume_irqs",
        "irq_suspend_timeout", t -> 0));
    for (Map.Entry<String, List<PortHarness>> b : broken.entrySet()) {
      Equivalence.Verdict m = CHECKS.check(c.withKernelC(null), c.kernelC(), b.getValue());
      assertThat(m.identical()).as(b.getKey()).isFalse();
      assertThat(m.divergence()).as(b.getKey()).matches("at \\d+ ns, call \\d+: " + b.getKey()
          + " on .* gives, as C: .*; as Java: .*");
    }
  }

  /**
   * A broken port that is the harness's own Java run on a record with one field changed
   * ({@code field} of its inputs, as {@code f} maps it): the port reading a wrong value.
   */
  private static List<PortHarness> onRecord(String label, String field,
      LongUnaryOperator f) {
    PortHarness real = HarnessCatalog.ofThisJvm().stream()
        .filter(h -> (h.file() + " " + h.function()).equals(label)).findFirst().orElseThrow();
    int at = real.inputs().stream().map(InputField::name).toList()
        .indexOf(field);
    assertThat(at).as(field).isNotNegative();
    return List.of(PortHarness.of(real.file(), real.function()).inputs(real.inputs())
        .admit(real::admit).java(kernel -> {
          JavaPort p = real.java(kernel);
          return r -> {
            long[] w = r.clone();
            w[at] = f.applyAsLong(w[at]);
            return p.run(w);
          };
        }).build());
  }

  /**
   * The kthread's __napi_poll (threaded NAPI) as C: byte-identical. No seeded mutant of it
   * changes a whole run: the kthread polls a NAPI that stays scheduled whatever __napi_poll's
   * repoll answer, so napi-poll-le is caught only through napi_poll (above).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("keptTrees")
  void theThreadedPollRunsAsItsJava(Path tree) {
    assumeTree(tree);
    RunRequest c = request(tree, "--mac", "bcmgenet", "--soc", "bcm2711", "--traffic",
        "iperf3 -u -b 0 -l 64 -R -t 1", "--duration", "200ms", "--sysfs", "threaded=1");
    Equivalence.Verdict v = CHECKS.check(c.withKernelC(null), c.kernelC());
    assertThat(v.identical()).as(v.divergence()).isTrue();
    assertThat(v.ranAsC()).anyMatch(r -> r.startsWith("__napi_poll "));
  }

  /**
   * A busy poller beside napi_complete_done as C, and its end, busy_poll_stop (its broken port
   * is the busy_poll_stop family's), and on fec napi_disable's hrtimer_cancel as C (no broken
   * port of hrtimer_cancel can change a run: its callers ignore its answer, and its one branch,
   * waiting for a running callback, cannot be taken in nicsim): the C clears SCHED at once, but the model
   * publishes the completion to the other CPUs a little later, as the Java does; a busy poller
   * arriving meanwhile must find the NAPI still scheduled (it once claimed it, and the late
   * publication then cleared SCHED under it: "polled while not scheduled").
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("keptTrees")
  void aBusyPollerSeesTheCompletionWhenTheJavaDoes(Path tree) {
    assumeTree(tree);
    for (String[] macSoc : List.of(new String[] {"fec", "imx8qxp"},
        new String[] {"bcmgenet", "bcm2711"})) {
      String mac = macSoc[0];
      RunRequest c = request(tree, "--mac", mac, "--soc", macSoc[1], "--traffic",
          "iperf3 -t 0.2 -R --busy-poll 2000");
      Equivalence.Verdict v = CHECKS.check(c.withKernelC(null), c.kernelC());
      assertThat(v.identical()).as(mac + ": " + v.divergence()).isTrue();
      assertThat(v.ranAsC()).as(mac).anyMatch(r -> r.startsWith("napi_complete_done "))
          .anyMatch(r -> r.startsWith("busy_poll_stop "));
      if (mac.equals("fec")) {
        // napi_disable's, at the open's link-up (fec_enet_adjust_link)
        assertThat(v.ranAsC()).as(mac).anyMatch(r -> r.startsWith("hrtimer_cancel "));
      }
    }
  }

  /**
   * The sysfs family's run once more, only its C side, on 6.12, with the port-entry counter
   * attached: no function whose reason (core/README.md's "stays Java" table, from the bridge
   * providers) says it runs as the tree's C inside its only, bridged, callers has a Java entry,
   * so such a reason cannot go stale silently. The same counts with a reason claiming so for a
   * function that ran as Java in this run are caught (the check can fail).
   */
  @Test
  void noFunctionClaimedToRunInsideItsOnlyCallerRanAsJava() {
    Path tree = Path.of("/usr/src/linux-source-6.12.tar.xz");
    assumeTree(tree);
    Family f = FAMILIES.stream().filter(x -> x.name().equals("sysfs")).findFirst().orElseThrow();
    RunRequest c = request(tree, f.args());
    PortCounter.install();
    PortEntries.start();
    try {
      ENGINE.run(c);
    } finally {
      PortEntries.stop();
    }
    assertThat(PortCounter.errors()).isEmpty();
    Map<String, Long> java = PortEntries.java();
    Map<String, String> reasons = InLoopPorts.notBridged();
    assertThat(reasons.values()).filteredOn(PortEntries::claimsOnlyCaller).isNotEmpty();
    assertThat(PortEntries.contradicting(reasons, java))
        .as("functions whose reason says they run inside their only (bridged) caller, with"
            + " their Java entries in " + f.name() + "'s run")
        .isEmpty();
    // the fixture: a function this run ran as Java, said to run inside its only caller
    String ranJava = java.keySet().stream().filter(reasons::containsKey).findFirst()
        .orElseThrow();
    Map<String, String> stale = new TreeMap<>(reasons);
    stale.put(ranJava, "runs as the tree's C inside the bridged fixture_caller, its only caller");
    assertThat(PortEntries.contradicting(stale, java)).containsOnlyKeys(ranJava);
  }
}
