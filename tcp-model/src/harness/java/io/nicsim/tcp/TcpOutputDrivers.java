package io.nicsim.tcp;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;
import static io.nicsim.core.port.exec.InputField.u8;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.NotRunnable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One entry per ported tcp_output.c function: its arguments after the socket record, the
 * domain its callers guarantee ({@link Driver#admit}), and the Java call that mirrors
 * {@code run.c}'s driver of the same name.
 */
final class TcpOutputDrivers {
  private TcpOutputDrivers() {}

  /** Runs the Java port on the socket; {@code a} indexes the function's own arguments in r. */
  @FunctionalInterface
  interface Body {
    void run(HarnessSocket h, long[] r, int a);
  }

  /**
   * @param since first release whose tree has the function (null: every release the trees hold)
   * @param until last mainline release that has it (null: still there)
   */
  record Driver(String file, String function, List<InputField> args, UnaryOperator<long[]> admit,
      String notes, KernelVersion since, KernelVersion until, Body body) {

    void check(KernelVersion v) {
      if (since != null && v.before(since)) {
        throw new NotRunnable(function + " exists from " + since);
      }
      if (until != null && until.before(v.mainline())) {
        throw new NotRunnable(function + " exists until " + until);
      }
    }

    void run(HarnessSocket h, long[] r, int a) {
      body.run(h, r, a);
    }
  }

  private static final String C = TcpOutputHarnesses.OUTPUT_C;
  private static final int SK = TcpOutputHarnesses.SK;

  private static Driver d(String function, List<InputField> args, Body body) {
    return new Driver(C, function, args, UnaryOperator.identity(), "", null, null, body);
  }

  private static Driver d(String function, List<InputField> args, UnaryOperator<long[]> admit,
      String notes, Body body) {
    return new Driver(C, function, args, admit, notes, null, null, body);
  }

  /**
   * A TSQ entry (tcp_pace_kick, the TSQ work) on the loop's record ({@code --ports c}: the
   * queues and answers right after the socket record, {@code r[a..]}): run until it returns
   * ({@code last} 0, then the socket as state.c's nicsim_loop_put prints it) or stops at a call
   * the model answers next.
   *
   * @return false for port-check's record (nothing run)
   */
  private static boolean inLoop(HarnessSocket h, long[] r, int a, String last, Runnable call) {
    if (!h.loopBegin(r, a)) {
      return false;
    }
    try {
      call.run();
      h.out.put(last, 0);
      h.loopPut();
    } catch (TcpInputRecord.Stop stop) {
      // stopped at a call the model answers next: the socket is printed
    }
    return true;
  }

  private static InputField mss(String name) {
    return urange(name, 1, 65535).withEdges(1448, 1460, 536, 1447, 1449);
  }

  /**
   * A live socket's record: the queues in sequence order and the counters summed from them
   * (not the one record in eight {@link TcpOutputHarnesses#socketInvariants} leaves free), for
   * the functions that insert into the rtx queue or check the scoreboard.
   */
  static long[] live(long[] r) {
    r[TcpOutputHarnesses.NOW_NS] &= ~7L;
    return TcpOutputHarnesses.socketInvariants(r);
  }

  private static final String LIVE = "a live socket's queues and counters";

  /** The most segments of mss one write-queue skb holds for the functions that send. */
  static final int SEGS_PER_SKB = 16;

  /**
   * A live socket whose queues hold at most {@link #SEGS_PER_SKB} segments of the smaller of
   * mss_cache and the function's mss argument per skb (the C's skb pool is
   * bounded: every segment sent may take a split and a clone); longer skbs are cut to that.
   */
  static long[] liveSending(long[] r, int mssArg) {
    long mss = r[TcpOutputHarnesses.MSS_CACHE];
    if (mssArg >= 0 && r[mssArg] > 0) {
      mss = Math.min(mss, r[mssArg]);
    }
    long max = SEGS_PER_SKB * Math.max(1, mss);
    for (int i = 0; i < TcpOutputHarnesses.SLOTS; i++) {
      int b = TcpOutputHarnesses.WQ + 1 + i * TcpOutputHarnesses.WQ_F;
      if (r[b] > max) {
        r[b] = 1 + r[b] % max;
      }
      // the model never queues a FIN (6.1's tcp_cwnd_test lets a 1-segment FIN skb out)
      r[b + 3] &= ~TcpSkb.TCPHDR_FIN;
      b = TcpOutputHarnesses.RQ + 2 + i * TcpOutputHarnesses.RQ_F;
      if (r[b] > max) {
        r[b] = 1 + r[b] % max;
      }
    }
    return live(r);
  }

  private static final String SENDING = LIVE + "; no FIN queued (the model sends none); at"
      + " most " + SEGS_PER_SKB
      + " segments of the smaller of mss_cache and mss_now per skb of either queue (the C's"
      + " skb pool is bounded)";

  /** A live socket and one of its rtx skbs. */
  private static long[] rtxArg(long[] r) {
    oneRtx(r);
    live(r);
    r[SK] = Math.floorMod(r[SK], r[TcpOutputHarnesses.RQ]);
    return r;
  }

  /** At least one write-queue skb (the function's skb argument). */
  private static long[] oneWq(long[] r) {
    if (r[TcpOutputHarnesses.WQ] == 0) {
      r[TcpOutputHarnesses.WQ] = 1;
    }
    return r;
  }

  /** At least one rtx skb. */
  private static long[] oneRtx(long[] r) {
    if (r[TcpOutputHarnesses.RQ] == 0) {
      r[TcpOutputHarnesses.RQ] = 1;
    }
    return r;
  }

  /**
   * tcp_adjust_pcount's callers: a consistent scoreboard and a pcount change of a split skb
   * (decr between -pcount and pcount, no counter below zero).
   */
  private static long[] pcountChange(long[] r) {
    oneRtx(r);
    r[TcpOutputHarnesses.NOW_NS] &= ~7L; // the counters summed from the queue
    int n = (int) r[TcpOutputHarnesses.RQ];
    for (int i = 0; i < n; i++) {
      int b = TcpOutputHarnesses.RQ + 2 + i * TcpOutputHarnesses.RQ_F + 5;
      if ((r[b] & TcpSkb.TCPCB_SACKED_ACKED) != 0) {
        r[b] &= ~TcpSkb.TCPCB_LOST;
      }
    }
    TcpOutputHarnesses.socketInvariants(r);
    int k = (int) Math.floorMod(r[SK], n);
    r[SK] = k;
    int b = TcpOutputHarnesses.RQ + 2 + k * TcpOutputHarnesses.RQ_F;
    long pcount = r[b + 1];
    long decr = Math.floorMod(r[SK + 1], 2 * pcount + 1) - pcount;
    r[SK + 1] = decr;
    return r;
  }

  private static TcpSkb wq0(HarnessSocket h) {
    return h.wq[0];
  }

  static List<Driver> all() {
    List<Driver> out = new ArrayList<>();
    // tcp_cwnd_test: before 22555032c513 (v6.10) it took the skb and let a 1-segment FIN
    // skb out; the model never queues FIN, so the skb carries none
    out.add(d("tcp_cwnd_test", List.of(), r -> {
      oneWq(r);
      r[TcpOutputHarnesses.WQ + 4] &= ~TcpSkb.TCPHDR_FIN;
      return TcpOutputHarnesses.socketInvariants(r);
    }, "the skb 6.1 passes carries no FIN (the model never sends one)",
        (h, r, a) -> h.out.u32("ret", TcpOutput.cwndTest(h.sk))));
    out.add(d("tcp_snd_wnd_test", List.of(mss("cur_mss")), TcpOutputDrivers::oneWq, "",
        (h, r, a) -> h.out.put("ret", TcpOutput.sndWndTest(h.sk, wq0(h), (int) r[a]))));
    out.add(d("tcp_nagle_test", List.of(mss("cur_mss"), range("nonagle", 0, 7)),
        TcpOutputDrivers::oneWq, "",
        (h, r, a) -> h.out.put("ret", TcpOutput.nagleTest(h.sk, wq0(h), (int) r[a],
            (int) r[a + 1]))));
    out.add(d("tcp_nagle_check", List.of(bool("partial"), range("nonagle", 0, 7)),
        (h, r, a) -> h.out.put("ret", TcpOutput.nagleCheck(r[a] != 0, h.sk, (int) r[a + 1]))));
    out.add(d("tcp_minshall_check", List.of(),
        (h, r, a) -> h.out.put("ret", TcpOutput.minshallCheck(h.sk))));
    out.add(d("tcp_minshall_update", List.of(mss("mss_now")), TcpOutputDrivers::oneWq, "",
        (h, r, a) -> TcpOutput.minshallUpdate(h.sk, (int) r[a], wq0(h))));
    out.add(d("tcp_init_tso_segs", List.of(mss("mss_now")), r -> {
      // a TCP skb holds at most GSO_MAX_SEGS (65535) segments: before v6.10 the function
      // returned the u16 tcp_skb_pcount, since then tcp_set_skb_tso_segs's own count
      oneWq(r);
      long limit = 65535L * r[SK];
      if (r[TcpOutputHarnesses.WQ + 1] > limit) {
        r[TcpOutputHarnesses.WQ + 1] = limit;
      }
      return TcpOutputHarnesses.socketInvariants(r);
    }, "the skb holds at most 65535 segments of mss_now (GSO_MAX_SEGS)",
        (h, r, a) -> h.out.put("ret", TcpOutput.initTsoSegs(wq0(h), (int) r[a]))));
    out.add(d("tcp_set_skb_tso_segs", List.of(mss("mss_now")), TcpOutputDrivers::oneWq, "",
        (h, r, a) -> {
          int ret = TcpOutput.setSkbTsoSegs(wq0(h), (int) r[a]);
          // d5b38a71d333 (v6.10) made it return tso_segs
          if (!h.sk.patches.base().before(KernelVersion.of(6, 10))) {
            h.out.put("ret", ret);
          }
        }));
    out.add(d("tcp_adjust_pcount", List.of(range("rtx skb", 0, 3), range("decr", -65535, 65535)),
        TcpOutputDrivers::pcountChange,
        "a SACK socket (no Reno), no lost_skb_hint (the model keeps none); the scoreboard of a"
            + " live socket: counters summed from the rtx skbs, no skb both SACKed and lost"
            + " (tcp_sacktag_one clears LOST), and a change of at most the skb's pcount that"
            + " leaves no counter negative (tcp_fragment's and tcp_retransmit's diffs)",
        (h, r, a) -> TcpOutput.adjustPcount(h.sk, h.rq[(int) r[a]], (int) r[a + 1])));
    out.add(d("tcp_mss_split_point", List.of(mss("mss_now"), urange("max_segs", 1, 65535)
            .withEdges(1, 2, 45, 44), range("nonagle", 0, 7)), TcpOutputDrivers::oneWq, "",
        (h, r, a) -> h.out.u32("ret", TcpOutput.mssSplitPoint(h.sk, wq0(h), (int) r[a],
            (int) r[a + 1], (int) r[a + 2]))));
    out.add(d("tcp_cwnd_validate", List.of(bool("is_cwnd_limited")),
        (h, r, a) -> TcpOutput.cwndValidate(h.sk, r[a] != 0)));
    out.add(d("tcp_cwnd_application_limited", List.of(),
        (h, r, a) -> TcpOutput.cwndApplicationLimited(h.sk)));
    out.add(d("tcp_pacing_check", List.of(),
        (h, r, a) -> h.out.put("ret", TcpOutput.pacingCheck(h.sk))));
    out.add(d("tcp_small_queue_check", List.of(range("factor", 0, 1), bool("rtx skb")),
        r -> r[SK + 1] != 0 ? oneRtx(r) : oneWq(r), "",
        (h, r, a) -> h.out.put("ret", TcpOutput.smallQueueCheck(h.sk,
            r[a + 1] != 0 ? h.rq[0] : wq0(h), (int) r[a]))));
    out.add(d("tcp_tso_autosize", List.of(mss("mss_now"),
            range("min_tso_segs", Integer.MIN_VALUE, Integer.MAX_VALUE).withEdges(2, 1)),
        (h, r, a) -> h.out.u32("ret", TcpOutput.tsoAutosize(h.sk, (int) r[a], (int) r[a + 1]))));
    out.add(d("tcp_tso_segs", List.of(mss("mss_now")),
        (h, r, a) -> h.out.u32("ret", TcpOutput.tsoSegs(h.sk, (int) r[a]))));
    out.add(d("tcp_mstamp_refresh", List.of(), (h, r, a) -> {
      h.sk.mstampRefresh();
      if (r.length > a && h.loopOutput()) {
        // the loop's record (--ports c, one word past port-check's): the two fields it writes
        h.out.u("tcp_clock_cache", h.sk.tcpClockCache).u("tcp_mstamp", h.sk.tcpMstamp);
      }
    }));
    out.add(d("tcp_event_data_sent", List.of(), (h, r, a) -> TcpOutput.eventDataSent(h.sk)));
    out.add(d("tcp_update_skb_after_send", List.of(range("rtx skb", 0, 3),
            range("prior_wstamp", 0, Long.MAX_VALUE)),
        r -> {
          oneRtx(r);
          r[SK] = Math.floorMod(r[SK], r[TcpOutputHarnesses.RQ]);
          return r;
        }, "", (h, r, a) -> TcpOutput.updateSkbAfterSend(h.sk, h.rq[(int) r[a]], r[a + 1])));
    out.add(d("skb_still_in_host_queue", List.of(range("rtx skb", 0, 3)),
        r -> {
          oneRtx(r);
          r[SK] = Math.floorMod(r[SK], r[TcpOutputHarnesses.RQ]);
          return r;
        }, "", (h, r, a) -> h.out.put("ret", TcpOutput.skbStillInHostQueue(h.sk,
            h.rq[(int) r[a]]))));
    out.add(d("tcp_tso_should_defer", List.of(urange("max_segs", 1, 65535).withEdges(45, 2),
            bool("is_cwnd_limited in"), bool("is_rwnd_limited in")),
        r -> {
          // tcp_write_xmit calls it for a TSO skb with cwnd room (two BUG_ONs)
          oneWq(r);
          int b = TcpOutputHarnesses.WQ + 1;
          r[b + 1] = 2 + Math.floorMod(r[b + 1], 65534);
          TcpOutputHarnesses.socketInvariants(r);
          long inFlight = (r[TcpOutputHarnesses.PACKETS_OUT] - r[TcpOutputHarnesses.SACKED_OUT]
              - r[TcpOutputHarnesses.LOST_OUT] + r[TcpOutputHarnesses.RETRANS_OUT])
              & 0xFFFF_FFFFL;
          if (inFlight >= 0xFFFF_FF00L) {
            r[TcpOutputHarnesses.PACKETS_OUT] = (r[TcpOutputHarnesses.SACKED_OUT]
                + r[TcpOutputHarnesses.LOST_OUT]) & 0xFFFF_FFFFL;
            r[TcpOutputHarnesses.RETRANS_OUT] = 0;
            inFlight = 0;
          }
          if (Long.compareUnsigned(r[TcpOutputHarnesses.SND_CWND], inFlight) <= 0) {
            r[TcpOutputHarnesses.SND_CWND] = inFlight + 1 + (r[TcpOutputHarnesses.SND_CWND] & 63);
          }
          return r;
        }, "the skb has tcp_skb_pcount > 1 and cwnd > in_flight (tcp_write_xmit's conditions,"
            + " BUG_ON in the C)",
        (h, r, a) -> {
          boolean[] cwndLimited = {r[a + 1] != 0};
          boolean[] rwndLimited = {r[a + 2] != 0};
          h.out.put("ret", TcpOutput.tsoShouldDefer(h.sk, wq0(h), cwndLimited, rwndLimited,
              (int) r[a]));
          h.out.put("is_cwnd_limited_out", cwndLimited[0]).put("is_rwnd_limited_out",
              rwndLimited[0]);
        }));
    out.add(d("tso_fragment", List.of(urange("len", 1, 1 << 20), mss("mss_now")),
        r -> {
          // tcp_write_xmit splits only a longer skb: 0 < len < skb->len
          oneWq(r);
          int b = TcpOutputHarnesses.WQ + 1;
          if (r[b] < 2) {
            r[b] = 2 + (r[b + 6] & 0xFFFF);
          }
          r[SK] = 1 + Math.floorMod(r[SK], r[b] - 1);
          return TcpOutputHarnesses.socketInvariants(r);
        }, "0 < len < skb->len (tcp_write_xmit splits only a longer skb)",
        (h, r, a) -> h.out.put("ret", TcpOutput.tsoFragment(h.sk, wq0(h), (int) r[a],
            (int) r[a + 1]))));
    out.add(d("tcp_fragment", List.of(bool("in rtx queue"), range("skb", 0, 3),
            urange("len", 0, 1 << 20), mss("mss_now")),
        r -> {
          // the callers split an skb of the queue they name, at a length it holds
          boolean rtx = r[SK] != 0;
          int n;
          if (rtx) {
            oneRtx(r);
            n = (int) r[TcpOutputHarnesses.RQ];
          } else {
            oneWq(r);
            n = (int) r[TcpOutputHarnesses.WQ];
          }
          int k = Math.floorMod((int) r[SK + 1], n);
          r[SK + 1] = k;
          int b = rtx ? TcpOutputHarnesses.RQ + 2 + k * TcpOutputHarnesses.RQ_F
              : TcpOutputHarnesses.WQ + 1 + k * TcpOutputHarnesses.WQ_F;
          if (r[b] < 2) {
            r[b] = 2;
          }
          r[SK + 2] = 1 + Math.floorMod(r[SK + 2], r[b] - 1);
          return live(r);
        }, "a live socket's queues and counters; 0 < len < skb->len (every caller splits"
            + " inside the skb)",
        (h, r, a) -> {
          boolean rtx = r[a] != 0;
          TcpSkb skb = rtx ? h.rq[(int) r[a + 1]] : h.wq[(int) r[a + 1]];
          h.out.put("ret", TcpOutput.fragment(h.sk, rtx, skb, (int) r[a + 2], (int) r[a + 3]));
        }));
    out.add(d("tcp_trim_head", List.of(urange("len", 0, 1 << 20)),
        r -> {
          // __tcp_retransmit_skb trims what snd_una acked of the head: len <= skb->len; a
          // TSO skb (pcount > 1) has its gso_size set
          oneRtx(r);
          int b = TcpOutputHarnesses.RQ + 2;
          r[SK] = Math.floorMod(r[SK], r[b] + 1);
          if (r[b + 1] > 1 && r[b + 2] == 0) {
            r[b + 2] = 1448;
          }
          return TcpOutputHarnesses.socketInvariants(r);
        }, "len <= skb->len; an skb counting several segments has its tcp_gso_size",
        (h, r, a) -> h.out.put("ret", TcpOutput.trimHead(h.sk, h.rq[0], (int) r[a]))));
    out.add(new Driver(C, "tcp_grow_skb", List.of(range("amount", 1, Integer.MAX_VALUE)
            .withEdges(1448, 65_160)), r -> oneWq(r),
        "amount > 0 (tcp_write_xmit's missing bytes); skb_shift moves the paged bytes asked for",
        KernelVersion.of(6, 10), null,
        (h, r, a) -> TcpOutput.growSkb(h.sk, wq0(h), (int) r[a])));
    out.add(new Driver(C, "tcp_eat_one_skb", List.of(), r -> {
      if (r[TcpOutputHarnesses.WQ] < 2) {
        r[TcpOutputHarnesses.WQ] = 2;
      }
      return TcpOutputHarnesses.socketInvariants(r);
    }, "the first two write-queue skbs (tcp_grow_skb's skb and the next one)",
        KernelVersion.of(6, 10), null,
        (h, r, a) -> TcpOutput.eatOneSkb(h.sk, h.wq[0], h.wq[1])));
    out.add(d("tcp_queue_skb", List.of(urange("len", 0, 1 << 20), range("truesize", 0,
            Integer.MAX_VALUE).withEdges(2304), u8("tcp_flags").withEdges(0x10, 0x11)),
        (h, r, a) -> {
          TcpSkb skb = new TcpSkb();
          skb.seq = h.sk.writeSeq;
          skb.tcpFlags = (int) r[a + 2];
          skb.len = (int) r[a];
          skb.endSeq = skb.seq + skb.len + ((skb.tcpFlags & TcpSkb.TCPHDR_FIN) != 0 ? 1 : 0);
          skb.truesize = (int) r[a + 1];
          TcpOutput.queueSkb(h.sk, skb);
        }));
    out.add(d("tcp_event_new_data_sent", List.of(), r -> live(oneWq(r)),
        "a live socket's queues and counters; the send head goes out",
        (h, r, a) -> TcpOutput.eventNewDataSent(h.sk, wq0(h))));
    out.add(d("tcp_wfree", List.of(range("clone truesize", 1, Integer.MAX_VALUE)
            .withEdges(2304, 4608, 66_816)),
        r -> {
          // the clone's truesize is part of sk_wmem_alloc (skb_set_owner_w charged it)
          r[SK] = 1 + Math.floorMod(r[SK] - 1, r[TcpOutputHarnesses.WMEM_ALLOC]);
          return r;
        }, "the clone's truesize was charged to sk_wmem_alloc",
        (h, r, a) -> TcpOutput.wfree(h.sk, (int) r[a])));
    out.add(d("__tcp_transmit_skb", List.of(bool("rtx skb"), range("skb", 0, 3),
            bool("clone_it")),
        r -> {
          boolean rtx = r[SK] != 0;
          int n;
          int b;
          if (rtx) {
            oneRtx(r);
            n = (int) r[TcpOutputHarnesses.RQ];
          } else {
            oneWq(r);
            n = (int) r[TcpOutputHarnesses.WQ];
          }
          int k = Math.floorMod((int) r[SK + 1], n);
          r[SK + 1] = k;
          b = rtx ? TcpOutputHarnesses.RQ + 2 + k * TcpOutputHarnesses.RQ_F
              : TcpOutputHarnesses.WQ + 1 + k * TcpOutputHarnesses.WQ_F;
          // BUG_ON(!tcp_skb_pcount(skb)); data, not a SYN (the model sends no handshake)
          if (r[b + 1] == 0) {
            r[b + 1] = 1;
          }
          r[b + 3] &= ~TcpSkb.TCPHDR_SYN;
          r[SK + 2] = 1; // the model always transmits a clone
          return TcpOutputHarnesses.socketInvariants(r);
        }, "a clone of a data skb (no SYN, pcount >= 1) as tcp_write_xmit and the retransmit"
            + " path send it",
        (h, r, a) -> {
          TcpSkb skb = r[a] != 0 ? h.rq[(int) r[a + 1]] : h.wq[(int) r[a + 1]];
          h.out.put("ret", TcpOutput.transmitSkb(h.sk, skb, r[a + 2] != 0));
        }));
    out.add(d("tcp_write_xmit", List.of(mss("mss_now"), range("nonagle", 0, 7),
            range("push_one", 0, 2)), r -> liveSending(r, SK), SENDING,
        (h, r, a) -> {
          if (!h.loopBegin(r, a + 3)) {
            h.out.put("ret", TcpOutput.writeXmit(h.sk, (int) r[a], (int) r[a + 1],
                (int) r[a + 2]));
            return;
          }
          try {
            boolean ret = TcpOutput.writeXmit(h.sk, (int) r[a], (int) r[a + 1], (int) r[a + 2]);
            h.out.put("ret", ret);
            h.loopPut();
          } catch (TcpInputRecord.Stop stop) {
            // stopped at a call the model answers next: the socket is printed
          }
        }));
    out.add(d("__tcp_push_pending_frames", List.of(mss("cur_mss"), range("nonagle", 0, 7)),
        r -> liveSending(r, SK), SENDING,
        (h, r, a) -> {
          if (!h.loopBegin(r, a + 2)) {
            TcpOutput.pushPendingFrames(h.sk, (int) r[a], (int) r[a + 1]);
            return;
          }
          try {
            TcpOutput.pushPendingFrames(h.sk, (int) r[a], (int) r[a + 1]);
            h.out.put("end", 0);
            h.loopPut();
          } catch (TcpInputRecord.Stop stop) {
            // stopped at a call the model answers next: the socket is printed
          }
        }));
    out.add(d("tcp_tsq_write", List.of(), r -> liveSending(r, -1), SENDING,
        (h, r, a) -> TcpOutput.tsqWrite(h.sk)));
    out.add(d("tcp_tsq_handler", List.of(), r -> liveSending(r, -1), SENDING,
        (h, r, a) -> TcpOutput.tsqHandler(h.sk)));
    out.add(d("tcp_release_cb", List.of(), r -> liveSending(r, -1), SENDING
            + "; only the TSQ bits are ever set (the model defers no timer, ACK or MTU event)",
        (h, r, a) -> TcpOutput.releaseCb(h.sk)));
    out.add(d("tcp_pace_kick", List.of(), r -> liveSending(r, -1), SENDING,
        (h, r, a) -> {
          if (!inLoop(h, r, a, "ret", () -> TcpOutput.paceKick(h.sk))) {
            TcpOutput.paceKick(h.sk);
            h.out.put("ret", 0); // HRTIMER_NORESTART
          }
        }));
    for (String workfn : List.of("tcp_tasklet_func", "tcp_tsq_workfn")) {
      boolean work = workfn.equals("tcp_tsq_workfn");
      out.add(new Driver(C, workfn, List.of(), r -> {
        // tcp_wfree queued this socket alone: TSQ_QUEUED set, no other socket on the list
        liveSending(r, -1);
        r[TcpOutputHarnesses.TSQ_FLAGS] |= TcpSock.TSQF_QUEUED;
        r[TcpOutputHarnesses.TSQ_OTHERS] = 0;
        return r;
      }, SENDING + "; this socket alone on the list, queued by tcp_wfree (TSQ_QUEUED)",
          work ? KernelVersion.of(6, 17) : null, work ? null : KernelVersion.of(6, 16),
          (h, r, a) -> {
            h.tsqWork().add(h.sk);
            if (!inLoop(h, r, a, "end", h.tsqWork()::workfn)) {
              h.tsqWork().workfn();
            }
          }));
    }
    out.add(d("__tcp_retransmit_skb", List.of(range("rtx skb", 0, 3), urange("segs", 1, 65535)
            .withEdges(1, 2, 45)), r -> rtxArg(r), LIVE,
        (h, r, a) -> h.out.put("ret", TcpOutput.retransmitSkbInner(h.sk, h.rq[(int) r[a]],
            (int) r[a + 1]))));
    out.add(d("tcp_retransmit_skb", List.of(range("rtx skb", 0, 3), urange("segs", 1, 65535)
            .withEdges(1, 2, 45)), r -> rtxArg(r), LIVE,
        (h, r, a) -> {
          if (!h.loopBegin(r, a + 2)) {
            h.out.put("ret", TcpOutput.retransmitSkb(h.sk, h.rq[(int) r[a]], (int) r[a + 1]));
            return;
          }
          try {
            // in the loop the rtx skb is the loop's r[a]-th
            int ret = TcpOutput.retransmitSkb(h.sk, h.loopRtx[(int) r[a]], (int) r[a + 1]);
            h.out.put("ret", ret);
            h.loopPut();
          } catch (TcpInputRecord.Stop stop) {
            // stopped at a call the model answers next: the socket is printed
          }
        }));
    out.add(d("tcp_xmit_retransmit_queue", List.of(), r -> liveSending(r, -1), SENDING,
        (h, r, a) -> {
          if (!h.loopBegin(r, a)) {
            TcpOutput.xmitRetransmitQueue(h.sk);
            return;
          }
          try {
            TcpOutput.xmitRetransmitQueue(h.sk);
            h.out.put("end", 0);
            h.loopPut();
          } catch (TcpInputRecord.Stop stop) {
            // stopped at a call the model answers next: the socket is printed
          }
        }));
    out.add(d("tcp_mtu_probe", List.of(), r -> r, "MTU probing off (icsk_mtup.enabled 0,"
            + " tcp_mtu_probing's default): the model ports that exit only",
        (h, r, a) -> h.out.put("ret", TcpOutput.mtuProbe(h.sk))));
    out.add(new Driver(C, "tcp_rtx_queue_empty_or_single_skb", List.of(),
        UnaryOperator.identity(), "", KernelVersion.of(6, 1, 60), null,
        (h, r, a) -> h.out.put("ret", TcpOutput.rtxQueueEmptyOrSingleSkb(h.sk))));
    return out;
  }
}
