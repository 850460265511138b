package io.nicsim.tcp;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code --ports c} for tcp-model's socket: tcp_input.c's {@code tcp_ack} and tcp_timer.c's
 * {@code tcp_write_timer_handler} ({@link TcpAckNative}), tcp.c's {@code tcp_xmit_size_goal}
 * ({@link TcpSizeGoalNative}), tcp_output.c's send loop, retransmit path and TSQ's work
 * ({@link TcpWriteXmitNative}) and {@code tcp_wfree} ({@link TcpOutputNative}), hooked into a new
 * connection's socket by {@link #attach(TcpSock, InLoopPorts)}, the other
 * harnessed functions (each with why they stay Java), and the hook that gives a new
 * connection's congestion module the host's C (through the module's own
 * {@link CongestionOps#attachC}; tcp-cc's {@code CcBridges} builds CUBIC's and BBR's).
 */
public final class TcpBridges implements PortBridgeProvider {
  static final String CHECK_SPACE = TcpInputHarnesses.INPUT_C + " tcp_check_space";
  static final String SNDBUF_EXPAND = TcpInputHarnesses.INPUT_C + " tcp_sndbuf_expand";
  static final String WRITE_TIMER = TcpInputHarnesses.TIMER_C + " tcp_write_timer_handler";

  /**
   * The socket's own entry points bridged: tcp_input.c's tcp_ack, tcp_check_space and
   * tcp_sndbuf_expand and tcp_timer.c's tcp_write_timer_handler (the last three through the
   * tcp_ack bridge's record, without an ACK), tcp.c's tcp_xmit_size_goal, tcp_output.c's
   * tcp_write_xmit and __tcp_push_pending_frames, the retransmit path's
   * tcp_xmit_retransmit_queue and tcp_retransmit_skb, TSQ's work function (tcp_tasklet_func,
   * tcp_tsq_workfn from v6.17) and tcp_pace_kick ({@link TcpWriteXmitNative}, their callees
   * inside: tcp_tsq_handler and tcp_tsq_write beneath the last two), TSQ's tcp_wfree
   * ({@link TcpOutputNative}, where the model frees a clone below TCP) and tcp_mstamp_refresh
   * (the same bridge, where the model calls it: before each ACK, the write timer's C).
   * TcpOutputNative's tcp_tso_segs, tcp_small_queue_check, tcp_mss_split_point,
   * tcp_cwnd_test and tcp_tso_should_defer and TcpRateNative's tcp_rate_skb_sent are not
   * admitted: only tcp_write_xmit and the retransmit path call them, so they run as their C
   * (the first two and tcp_rate_skb_sent were admitted for the retransmit path's Java calls
   * until it was bridged). tcp_rate.c's tcp_rate_check_app_limited ({@link TcpRateNative}, at
   * each write) is admitted: within 500 ms a sender held to 20 Mbit/s by the application finds
   * data unsent at every write but its first, so it marks the flow only there, at delivered 0,
   * where the run reads it nowhere; held to 5 Mbit/s that one mark moves the run (its mean
   * cwnd), and its seeded mutant is caught there.
   */
  static final List<String> SOCKET_ENTRIES = List.of(TcpAckNative.LABEL,
      TcpSizeGoalNative.LABEL, CHECK_SPACE, SNDBUF_EXPAND, TcpOutputNative.WFREE,
      TcpRateNative.APP_LIMITED, WRITE_TIMER, TcpWriteXmitNative.WRITE_XMIT,
      TcpWriteXmitNative.PUSH_PENDING, TcpWriteXmitNative.RETRANSMIT_SKB,
      TcpWriteXmitNative.XMIT_RETRANSMIT_QUEUE, TcpWriteXmitNative.TASKLET,
      TcpWriteXmitNative.TSQ_WORKFN, TcpWriteXmitNative.PACE_KICK,
      TcpOutputNative.MSTAMP_REFRESH);

  @Override
  public List<PortBridge> bridges() {
    List<PortBridge> out = new ArrayList<>();
    for (String label : SOCKET_ENTRIES) {
      int sp = label.indexOf(' ');
      out.add(bridge(label.substring(0, sp), label.substring(sp + 1)));
    }
    return out;
  }

  @Override
  public Map<String, String> notBridged() {
    Map<String, String> m = new TreeMap<>();
    String queues = "not bridged yet: it runs on the live socket's write and retransmit queues,"
        + " which its record holds as bounded lists; a bridge must capture the queues and apply"
        + " the C's edits to them";
    String helper = "a helper: runs as the tree's C inside its callers' C on the host's sockets"
        + " (the congestion modules' bridged entry points, tcp_ack, the send loop, the"
        + " retransmit path, TSQ's work and tcp_pace_kick, the write timer: bridged); as Java"
        + " where a caller runs its Java port (a far end's sender, iperf3 -R) and where model"
        + " code calls it: the run's report sampling (TcpOutput.tsoSegsForReport's"
        + " tcp_min_rtt) and the connection's set-up (TcpSendmsg.establish, before the bridges"
        + " attach: the minmax and jiffies helpers); bench java-left counts those";
    String xmitOnly = "runs as the tree's C inside tcp_write_xmit (bridged) on the host's"
        + " sockets; a far end's sender (iperf3 -R) keeps the Java tcp_write_xmit, so there it"
        + " runs as Java (bench java-left counts it)";
    String bothInside = "runs as the tree's C inside tcp_ack, tcp_write_xmit and"
        + " tcp_retransmit_skb (bridged); as Java where those run their Java port: a far end's"
        + " sender (iperf3 -R), a socket their records cannot hold (counted in the run header)";
    String sendInside = "runs as the tree's C inside tcp_write_xmit and the retransmit path's"
        + " tcp_xmit_retransmit_queue and tcp_retransmit_skb (bridged), its callers on the"
        + " host's sockets; as Java where those run their Java port: a far end's sender"
        + " (iperf3 -R), a socket the loop's record cannot hold (counted in the run header)";
    for (PortHarnessProvider p : List.of(new TcpHarnesses(),
        new TcpHelperHarnesses(), new TcpInputHarnesses(), new TcpOutputHarnesses(),
        new TcpSendmsgHarnesses())) {
      for (PortHarness h : p.harnesses()) {
        String f = h.file();
        boolean sock = f.equals("net/ipv4/tcp_output.c") || f.equals("net/ipv4/tcp_input.c")
            || f.equals("net/ipv4/tcp_recovery.c") || f.equals("net/ipv4/tcp_timer.c")
            || f.equals("net/ipv4/tcp.c") || f.equals("net/ipv4/tcp_rate.c");
        String label = f + " " + h.function();
        if (h.function().equals("tcp_new_space")
            || h.function().equals("tcp_should_expand_sndbuf")) {
          m.put(label, "runs as the tree's C inside tcp_check_space (bridged) on the host's"
              + " sockets; a far end's sender (iperf3 -R) keeps the Java tcp_check_space, so"
              + " there it runs as Java (bench java-left counts it)");
        } else if (RETRANSMIT_INSIDE.contains(h.function())) {
          m.put(label, "runs as the tree's C inside tcp_retransmit_skb (bridged), its only"
              + " caller");
        } else if (TIMER_INSIDE.contains(h.function())) {
          m.put(label, "runs as the tree's C inside tcp_write_timer_handler (bridged), its only"
              + " caller");
        } else if (f.equals(TcpOutputHarnesses.OUTPUT_C) && TSQ_INSIDE.contains(h.function())) {
          m.put(label, "runs as the tree's C inside TSQ's bridged entries on the host's sockets"
              + " (the work function, tcp_tasklet_func or from v6.17 tcp_tsq_workfn, and the"
              + " pacing timer's tcp_pace_kick); a far end's sender (iperf3 -R) keeps their"
              + " Java, so there it runs as Java (bench java-left counts it)");
        } else if (f.equals(TcpOutputHarnesses.OUTPUT_C)
            && h.function().equals("tcp_release_cb")) {
          m.put(label, "not reached: release_sock's callback, which nothing in the model calls:"
              + " an application's write is one event, so TSQ's work never finds the socket"
              + " owned by the user, TSQ_DEFERRED is never set and the kernel's call would"
              + " return at its first test (no mutant of it can change a run)");
        } else if (f.equals(TcpOutputHarnesses.OUTPUT_C)
            && h.function().equals("tcp_queue_skb")) {
          m.put(label, "not reached: its one caller on 6.1, 6.12 and 6.18.19 is tcp_send_fin"
              + " (a FIN that cannot ride on the last queued skb; the SYN goes through"
              + " tcp_connect_queue_skb), and the model's connections send no FIN: they start"
              + " established and last the run. No model path stands in for it: the"
              + " application's data is queued by tcp_sendmsg_locked's tcp_skb_entail"
              + " (TcpSendmsg.sendmsgLocked, model code with neither function harnessed)");
        } else if (h.function().equals("tcp_set_ca_state")) {
          m.put(label, ackInside(h.function()));
        } else if (h.function().equals("tcp_tso_autosize")) {
          m.put(label, "runs as the tree's C inside tcp_tso_segs, which runs inside the"
              + " bridged tcp_write_xmit and tcp_xmit_retransmit_queue; as Java where"
              + " tcp_tso_segs runs its Java port: a far end's sender (iperf3 -R) and the run's"
              + " report (TcpOutput.tsoSegsForReport, between pieces of CPU work; bench"
              + " java-left counts it)");
        } else if (h.function().equals("tcp_tso_segs")) {
          m.put(label, sendInside + "; the run's report reads it through the Java port"
              + " (TcpOutput.tsoSegsForReport, between pieces of CPU work; bench java-left"
              + " counts it)");
        } else if (h.function().equals("usecs_to_jiffies")
            || h.function().equals("__usecs_to_jiffies")
            || h.function().equals("jiffies_to_usecs")) {
          m.put(label, "a helper: runs as the tree's C inside the congestion modules', tcp_ack's"
              + " and tcp_write_xmit's bridged entry points that call it; as Java once a"
              + " connection, in the handshake's RTT sample (TcpInput.synRttSample, model code"
              + " standing for the SYN-ACK's tcp_ack, which calls the Java tcp_ack_update_rtt and"
              + " tcp_set_rto: usecs_to_jiffies, its __usecs_to_jiffies and that one's"
              + " jiffies_to_usecs; bench java-left counts them); stmmac's timer_list eras,"
              + " NetRxAction's time limit and the receiver's ACK timer convert with the model's"
              + " own Cpu.usecsToJiffies, not the port");
        } else if (SEND_INSIDE.contains(h.function())) {
          m.put(label, sendInside);
        } else if (f.equals(TcpOutputHarnesses.OUTPUT_C)
            && XMIT_ONLY.contains(h.function())) {
          m.put(label, xmitOnly);
        } else if (!SOCKET_ENTRIES.contains(label)) {
          boolean ack = ACK_INSIDE.contains(h.function());
          boolean xmit = f.equals(TcpOutputHarnesses.OUTPUT_C)
              && XMIT_INSIDE.contains(h.function());
          m.putIfAbsent(label, ack && xmit ? bothInside : ack ? ackInside(h.function())
              : sock ? queues : helper);
        }
      }
    }
    return m;
  }

  /**
   * Where a function the tree's tcp_ack compiles beneath it runs on the host: its callers in
   * the model (the Java ports that call its Java port, up to their entry points) are all
   * bridged entries, tcp_ack and those {@link #ACK_ALSO} names, so it runs as C inside them;
   * {@link #ACK_SETUP}'s also run once per connection at its set-up, before the bridges attach.
   */
  static String ackInside(String function) {
    String also = ACK_ALSO.get(function);
    String why = "runs as the tree's C inside tcp_ack" + (also == null ? "" : ", " + also)
        + " (bridged), its callers on the host's sockets; as Java where those run their Java"
        + " port: a far end's sender (iperf3 -R), a socket their records cannot hold (counted"
        + " in the run header)";
    if (ACK_SETUP.contains(function)) {
      why += "; and once per connection at its set-up, as Java: TcpSendmsg.establish (model"
          + " code for the SYN-ACK's processing, which runs before the bridges attach) takes"
          + " the SYN's RTT sample and sets the pacing rate through the Java ports";
    }
    return why;
  }

  /**
   * The bridged entries beside tcp_ack whose C runs a function of {@link #ACK_INSIDE} (or
   * tcp_cong.c's tcp_set_ca_state) on the host: the callers of its Java port in the model, up
   * to their entry points (the write timer's C through tcp_rack_reo_timeout, tcp_enter_loss
   * and tcp_retransmit_timer; the send loop's through __tcp_transmit_skb's tcp_enter_cwr and
   * tcp_event_new_data_sent; the retransmit path's through __tcp_retransmit_skb and
   * __tcp_transmit_skb). The rest have no caller but tcp_ack's own callees. tcp_release_cb,
   * which would call some of them through tcp_tsq_write, is never called.
   */
  static final Map<String, String> ACK_ALSO = Map.ofEntries(
      Map.entry("tcp_any_retrans_done", "tcp_write_timer_handler"),
      Map.entry("tcp_cwnd_reduction", "tcp_write_timer_handler"),
      Map.entry("tcp_enter_recovery", "tcp_write_timer_handler"),
      Map.entry("tcp_mark_skb_lost", "tcp_write_timer_handler"),
      Map.entry("tcp_rack_detect_loss", "tcp_write_timer_handler"),
      Map.entry("tcp_rack_reo_wnd", "tcp_write_timer_handler"),
      Map.entry("tcp_rack_skb_timeout", "tcp_write_timer_handler"),
      Map.entry("tcp_retrans_stamp_cleanup", "tcp_write_timer_handler"),
      Map.entry("tcp_adjust_pcount", "tcp_retransmit_skb (__tcp_retransmit_skb)"),
      Map.entry("tcp_fragment", "tcp_retransmit_skb (__tcp_retransmit_skb)"),
      Map.entry("tcp_trim_head", "tcp_retransmit_skb (__tcp_retransmit_skb)"),
      Map.entry("tcp_enter_cwr", "the send loop, the retransmit path and TSQ's work and"
          + " tcp_pace_kick (__tcp_transmit_skb, on NET_XMIT_CN)"),
      Map.entry("tcp_init_cwnd_reduction", "tcp_write_timer_handler, the send loop, the"
          + " retransmit path and TSQ's work and tcp_pace_kick (tcp_enter_cwr)"),
      Map.entry("tcp_set_ca_state", "tcp_write_timer_handler (tcp_enter_loss), the send loop,"
          + " the retransmit path and TSQ's work and tcp_pace_kick (tcp_enter_cwr)"),
      Map.entry("tcp_rearm_rto", "tcp_write_timer_handler (tcp_rack_reo_timeout), the send"
          + " loop and TSQ's work and tcp_pace_kick (tcp_event_new_data_sent)"));

  /**
   * The functions of {@link #ACK_INSIDE} that the connection's set-up runs as Java, once
   * (bench java-left counts it): TcpSendmsg.establish's SYN RTT sample and pacing rate.
   */
  static final Set<String> ACK_SETUP = Set.of("tcp_ack_update_rtt", "tcp_rtt_estimator",
      "tcp_set_rto", "tcp_update_rtt_min", "tcp_update_pacing_rate");

  /**
   * tcp_output.c's harnessed functions that only tcp_retransmit_skb calls: with it bridged they
   * run as its C (inside tcp_xmit_retransmit_queue's too).
   */
  static final Set<String> RETRANSMIT_INSIDE = Set.of("__tcp_retransmit_skb",
      "skb_still_in_host_queue");

  /**
   * tcp_output.c's TSQ functions beneath the bridged work function and tcp_pace_kick (and
   * tcp_release_cb, which nothing calls): on the host's sockets they run as that C.
   */
  static final Set<String> TSQ_INSIDE = Set.of("tcp_tsq_handler", "tcp_tsq_write");

  /**
   * The harnessed functions the tree's tcp_write_timer_handler compiles beneath it whose only
   * Java caller is beneath the Java handler: under {@code --ports c} they run as C inside it.
   */
  static final Set<String> TIMER_INSIDE = Set.of("tcp_retransmit_timer",
      "tcp_rack_reo_timeout", "tcp_enter_loss", "tcp_timeout_mark_lost");

  /**
   * tcp_output.c's harnessed functions that only tcp_write_xmit calls (some through another of
   * them: tcp_nagle_check, tcp_minshall_check, tcp_cwnd_application_limited): with
   * tcp_write_xmit bridged they run as its C whenever they run (on the trees that have them:
   * tcp_grow_skb and tcp_eat_one_skb from v6.10).
   */
  static final Set<String> XMIT_ONLY = Set.of("tcp_init_tso_segs",
      "tcp_mtu_probe", "tcp_cwnd_test", "tcp_snd_wnd_test", "tcp_nagle_test", "tcp_nagle_check",
      "tcp_minshall_check", "tcp_minshall_update", "tcp_tso_should_defer",
      "tcp_mss_split_point", "tso_fragment", "tcp_grow_skb", "tcp_eat_one_skb",
      "tcp_event_new_data_sent", "tcp_cwnd_validate", "tcp_cwnd_application_limited");

  /**
   * The harnessed functions (tcp_output.c's, tcp_rate.c's tcp_rate_skb_sent) that only
   * tcp_write_xmit and the retransmit path (tcp_xmit_retransmit_queue, tcp_retransmit_skb) call
   * on the host's sockets: with those bridged they run as their C. (Until the retransmit path
   * was bridged, tcp_tso_segs, tcp_small_queue_check and tcp_rate_skb_sent were bridged for
   * its Java calls.)
   */
  static final Set<String> SEND_INSIDE = Set.of("tcp_tso_segs", "tcp_small_queue_check",
      "tcp_rate_skb_sent", "tcp_pacing_check", "__tcp_transmit_skb", "tcp_event_data_sent",
      "tcp_update_skb_after_send", "tcp_rtx_queue_empty_or_single_skb");

  /**
   * tcp_output.c's harnessed functions that the tree's tcp_write_xmit and retransmit path
   * compile beneath them and that tcp_ack's C runs too (its callers beside those: as C inside
   * each, as Java where a caller runs its Java port).
   */
  static final Set<String> XMIT_INSIDE = Set.of("tcp_set_skb_tso_segs");

  /**
   * The harnessed functions of TCP's own files that the tree's tcp_ack compiles beneath it (its
   * program's functions inside, as the run header lists them on 6.12.118): under
   * {@code --ports c} they run as C inside each bridged tcp_ack call; called from elsewhere (the
   * output path, the timers) their Java ports run.
   */
  static final Set<String> ACK_INSIDE = Set.of(
      "tcp_ack_is_dubious", "tcp_ack_probe", "tcp_ack_update_rtt", "tcp_ack_update_window",
      "tcp_adjust_pcount", "tcp_any_retrans_done", "tcp_check_dsack", "tcp_check_sack_reneging",
      "tcp_check_sack_reordering", "tcp_clean_rtx_queue", "tcp_cong_avoid", "tcp_cong_control",
      "tcp_cwnd_reduction", "tcp_cwnd_restart", "tcp_dsack_seen", "tcp_end_cwnd_reduction",
      "tcp_enter_cwr", "tcp_enter_recovery", "tcp_fastretrans_alert", "tcp_fragment",
      "tcp_identify_packet_loss", "tcp_init_cwnd_reduction", "tcp_is_sackblock_valid",
      "tcp_mark_skb_lost", "tcp_match_skb_to_sack", "tcp_may_raise_cwnd", "tcp_may_update_window",
      "tcp_packet_delayed", "tcp_process_loss", "tcp_rack_advance", "tcp_rack_detect_loss",
      "tcp_rack_mark_lost", "tcp_rack_reo_wnd", "tcp_rack_skb_timeout", "tcp_rack_update_reo_wnd",
      "tcp_rate_gen", "tcp_rate_skb_delivered", "tcp_rearm_rto", "tcp_retrans_stamp_cleanup",
      "tcp_rtt_estimator", "tcp_sacktag_one", "tcp_sacktag_walk", "tcp_sacktag_write_queue",
      "tcp_set_rto", "tcp_set_skb_tso_segs", "tcp_snd_una_update", "tcp_time_to_recover",
      "tcp_trim_head", "tcp_try_keep_open", "tcp_try_to_open", "tcp_try_undo_dsack",
      "tcp_try_undo_loss", "tcp_try_undo_partial", "tcp_try_undo_recovery", "tcp_tso_acked",
      "tcp_undo_cwnd_reduction", "tcp_update_pacing_rate", "tcp_update_rtt_min",
      "tcp_xmit_recovery");


  /** A bridge that admits {@code function} of {@code file} on the host being built. */
  static PortBridge bridge(String file, String function) {
    return new PortBridge() {
      @Override
      public String file() {
        return file;
      }

      @Override
      public String function() {
        return function;
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        // the harness C fixes HZ (tcp common.c); the host's C is built at the host's CONFIG_HZ
        // (KernelC.ports(hz)), the rate TcpStack's sockets tick at
        return true;
      }
    };
  }

  /**
   * Hooks the host's C into a new connection's socket: tcp_ack runs as the tree's C on it from
   * now on (where its state fits the harness's record). Nothing changes without
   * {@code --ports c}.
   */
  public static void attach(TcpSock sk, InLoopPorts ports) {
    if (!ports.active()) {
      return;
    }
    NativePort ack = ports.port(TcpAckNative.LABEL);
    sk.ackC = ack == null ? null : new TcpAckNative(ack, ports);
    NativePort space = ports.port(CHECK_SPACE);
    sk.checkSpaceC = space == null ? null : new TcpAckNative(space, ports);
    NativePort expand = ports.port(SNDBUF_EXPAND);
    sk.sndbufExpandC = expand == null ? null : new TcpAckNative(expand, ports);
    NativePort timer = ports.port(WRITE_TIMER);
    sk.writeTimerC = timer == null ? null : new TcpAckNative(timer, ports);
    sk.outputC = TcpOutputNative.LABELS.stream().allMatch(l -> ports.port(l) == null) ? null
        : new TcpOutputNative(ports::port, ports);
    NativePort sent = ports.port(TcpRateNative.SKB_SENT);
    NativePort appLimited = ports.port(TcpRateNative.APP_LIMITED);
    sk.rateC = sent == null && appLimited == null ? null
        : new TcpRateNative(sent, appLimited, ports);
    NativePort xmit = ports.port(TcpWriteXmitNative.WRITE_XMIT);
    NativePort push = ports.port(TcpWriteXmitNative.PUSH_PENDING);
    NativePort rtx = ports.port(TcpWriteXmitNative.RETRANSMIT_SKB);
    NativePort rtxQueue = ports.port(TcpWriteXmitNative.XMIT_RETRANSMIT_QUEUE);
    NativePort tasklet = ports.port(TcpWriteXmitNative.TASKLET);
    NativePort tsq = tasklet != null ? tasklet : ports.port(TcpWriteXmitNative.TSQ_WORKFN);
    NativePort pace = ports.port(TcpWriteXmitNative.PACE_KICK);
    sk.writeXmitC = xmit == null && push == null && rtx == null && rtxQueue == null
        && tsq == null && pace == null ? null
        : new TcpWriteXmitNative(xmit, push, rtx, rtxQueue, tsq, pace, ports);
    NativePort goal = ports.port(TcpSizeGoalNative.LABEL);
    sk.sizeGoalC = goal == null ? null : new TcpSizeGoalNative(goal, ports);
  }

  /**
   * Hooks the host's C into a new connection's congestion module: each entry point the host
   * installed runs as C on this module from now on (the module's own
   * {@link CongestionOps#attachC}). Nothing changes in a run without {@code --ports c}.
   */
  public static void attach(CongestionOps ca, InLoopPorts ports) {
    if (ports.active()) {
      ca.attachC(ports);
    }
  }
}
