package io.nicsim.tcp;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;
import java.util.function.Function;

/**
 * tcp_output.c's callees of {@code tcp_write_xmit} that read the socket and the head of a queue,
 * as the tree's C on a live socket ({@code --ports c}): {@code tcp_tso_segs} (with
 * {@code tcp_tso_autosize} inside), {@code tcp_small_queue_check}, {@code tcp_cwnd_test},
 * {@code tcp_mss_split_point} and {@code tcp_tso_should_defer}. Each call is the
 * tcp-output harness inverted: the socket and the first skbs of both queues go in as
 * {@link HarnessSocket#capture} writes them, with the call's arguments after the socket; the
 * answer and what the function writes ({@code sk_tsq_flags}'s TSQ_THROTTLED, the two limited
 * flags of {@code tcp_tso_should_defer}) come back. A queue longer than the record's four slots
 * is cut there: these functions read the queues' heads, and compare an skb with the write
 * queue's tail, which for a longer queue is past the slots in the record as on the socket.
 *
 * <p>A call the record cannot hold runs the Java port, counted in the run header: an skb for
 * {@code tcp_small_queue_check} that is not the head of its queue (the record names the skb by
 * its slot, the retransmit path's skb may sit deeper), an skb for the send loop's other
 * functions that is not the send head, a socket whose {@code sk_wmem_alloc} is outside the
 * record's range. Reports read {@code tcp_tso_segs} through the Java port
 * ({@link TcpOutput#tsoSegsForReport}): they run between pieces of CPU work.
 */
final class TcpOutputNative implements TcpOutputHook {
  static final String TSO_SEGS = TcpOutputHarnesses.OUTPUT_C + " tcp_tso_segs";
  static final String SMALL_QUEUE_CHECK = TcpOutputHarnesses.OUTPUT_C + " tcp_small_queue_check";
  static final String CWND_TEST = TcpOutputHarnesses.OUTPUT_C + " tcp_cwnd_test";
  static final String MSS_SPLIT_POINT = TcpOutputHarnesses.OUTPUT_C + " tcp_mss_split_point";
  static final String TSO_SHOULD_DEFER = TcpOutputHarnesses.OUTPUT_C + " tcp_tso_should_defer";
  static final String WFREE = TcpOutputHarnesses.OUTPUT_C + " tcp_wfree";
  static final String MSTAMP_REFRESH = TcpOutputHarnesses.OUTPUT_C + " tcp_mstamp_refresh";

  private static final long RET = NativeOut.id("ret");
  private static final long TSQ_FLAGS = NativeOut.id("sk_tsq_flags");
  private static final long CWND_LIMITED = NativeOut.id("is_cwnd_limited_out");
  private static final long RWND_LIMITED = NativeOut.id("is_rwnd_limited_out");
  private static final long WMEM_ALLOC = NativeOut.id("sk_wmem_alloc");
  private static final long TSQ_WORK_QUEUE = NativeOut.id("tsq_work_queue");
  private static final long CLOCK_CACHE = NativeOut.id("tcp_clock_cache");
  private static final long MSTAMP = NativeOut.id("tcp_mstamp");

  private final NativePort tsoSegs;
  private final NativePort smallQueue;
  private final NativePort cwndTest;
  private final NativePort splitPoint;
  private final NativePort shouldDefer;
  private final NativePort wfree;
  private final NativePort mstamp;
  private final InLoopPorts ports;
  private final long[] tsoIn = new long[TcpOutputHarnesses.SK + 1];
  private final long[] sqIn = new long[TcpOutputHarnesses.SK + 2];
  private final long[] cwndIn = new long[TcpOutputHarnesses.SK];
  private final long[] splitIn = new long[TcpOutputHarnesses.SK + 3];
  private final long[] deferIn = new long[TcpOutputHarnesses.SK + 3];
  private final long[] wfreeIn = new long[TcpOutputHarnesses.SK + 1];
  /* the socket record empty but for the clock and the two fields, one word past it: the loop */
  private final long[] mstampIn = new long[TcpOutputHarnesses.SK + 1];

  /** The host's C of each function by label, null where the host has none. */
  TcpOutputNative(Function<String, NativePort> port, InLoopPorts ports) {
    this.tsoSegs = port.apply(TSO_SEGS);
    this.smallQueue = port.apply(SMALL_QUEUE_CHECK);
    this.cwndTest = port.apply(CWND_TEST);
    this.splitPoint = port.apply(MSS_SPLIT_POINT);
    this.shouldDefer = port.apply(TSO_SHOULD_DEFER);
    this.wfree = port.apply(WFREE);
    this.mstamp = port.apply(MSTAMP_REFRESH);
    this.ports = ports;
  }

  /** Labels of the functions this bridge runs. */
  static final List<String> LABELS = List.of(TSO_SEGS, SMALL_QUEUE_CHECK,
      CWND_TEST, MSS_SPLIT_POINT, TSO_SHOULD_DEFER, WFREE, MSTAMP_REFRESH);

  /** Whether {@code skb} is the send head (the record's write-queue slot 0), else counted. */
  private boolean sendHead(TcpSock sk, TcpSkb skb, String label) {
    if (skb == sk.writeQueue.head()) {
      return true;
    }
    ports.ranAsJava(label, "the skb is not the send head, the record's write-queue slot 0");
    return false;
  }

  /** The socket captured into {@code in}, or false (counted) where the record cannot hold it. */
  private boolean capture(TcpSock sk, long[] in, String label) {
    String why = HarnessSocket.capture(sk, in);
    if (why != null) {
      ports.ranAsJava(label, why);
      return false;
    }
    return true;
  }

  @Override
  public int cwndTest(TcpSock sk) {
    // before v6.10 it takes the send head too (the write queue's slot 0)
    if (cwndTest == null || sk.writeQueue.head() == null || !capture(sk, cwndIn, CWND_TEST)) {
      return JAVA;
    }
    return (int) answer(cwndTest, cwndIn, sk, false);
  }

  @Override
  public int mssSplitPoint(TcpSock sk, TcpSkb skb, int mssNow, int maxSegs, int nonagle) {
    if (splitPoint == null || !sendHead(sk, skb, MSS_SPLIT_POINT)
        || !capture(sk, splitIn, MSS_SPLIT_POINT)) {
      return JAVA;
    }
    splitIn[TcpOutputHarnesses.SK] = Seq.u32(mssNow);
    splitIn[TcpOutputHarnesses.SK + 1] = Seq.u32(maxSegs);
    splitIn[TcpOutputHarnesses.SK + 2] = nonagle;
    return (int) answer(splitPoint, splitIn, sk, false);
  }

  @Override
  public int tsoShouldDefer(TcpSock sk, TcpSkb skb, boolean[] isCwndLimited,
      boolean[] isRwndLimited, int maxSegs) {
    if (shouldDefer == null || !sendHead(sk, skb, TSO_SHOULD_DEFER)
        || !capture(sk, deferIn, TSO_SHOULD_DEFER)) {
      return JAVA;
    }
    deferIn[TcpOutputHarnesses.SK] = Seq.u32(maxSegs);
    deferIn[TcpOutputHarnesses.SK + 1] = isCwndLimited[0] ? 1 : 0;
    deferIn[TcpOutputHarnesses.SK + 2] = isRwndLimited[0] ? 1 : 0;
    NativePort c = shouldDefer;
    long ret = answer(c, deferIn, sk, false);
    NativeOut o = lastOut;
    isCwndLimited[0] = field(c, deferIn, o, CWND_LIMITED) != 0;
    isRwndLimited[0] = field(c, deferIn, o, RWND_LIMITED) != 0;
    return (int) ret;
  }

  private static long field(NativePort c, long[] in, NativeOut o, long id) {
    try {
      return o.field(id);
    } catch (IllegalStateException e) {
      throw new NativeFailure(c.function() + "'s C (" + c.file() + ") printed no such field ("
          + e.getMessage() + ") on " + NativeFailure.record(c, in));
    }
  }

  @Override
  public int tsoSegs(TcpSock sk, int mssNow) {
    if (tsoSegs == null) {
      return JAVA;
    }
    String why = HarnessSocket.capture(sk, tsoIn);
    if (why != null) {
      ports.ranAsJava(TSO_SEGS, why);
      return JAVA;
    }
    // the module's .min_tso_segs answers before the call, as the C would ask it (once)
    if (sk.ca.hasMinTsoSegs()) {
      tsoIn[67] = Seq.u32(sk.ca.minTsoSegs(sk));
    }
    tsoIn[TcpOutputHarnesses.SK] = Seq.u32(mssNow);
    return (int) answer(tsoSegs, tsoIn, sk, false);
  }

  @Override
  public int smallQueueCheck(TcpSock sk, TcpSkb skb, int factor) {
    if (smallQueue == null) {
      return JAVA;
    }
    boolean rtx = skb != sk.writeQueue.head();
    if (rtx && skb != sk.rtxQueue.head()) {
      ports.ranAsJava(SMALL_QUEUE_CHECK, "the skb is neither queue's head: the record names it"
          + " by its slot, the heads'");
      return JAVA;
    }
    String why = HarnessSocket.capture(sk, sqIn);
    if (why != null) {
      ports.ranAsJava(SMALL_QUEUE_CHECK, why);
      return JAVA;
    }
    sqIn[TcpOutputHarnesses.SK] = factor;
    sqIn[TcpOutputHarnesses.SK + 1] = rtx ? 1 : 0;
    return (int) answer(smallQueue, sqIn, sk, true);
  }

  /**
   * tcp_wfree as the tree's C, where the model frees a clone below TCP (the driver's TX
   * completion, GSO's segments): the socket as the record (whether this CPU runs ksoftirqd,
   * whether other sockets wait on its TSQ work list), the clone's truesize; sk_wmem_alloc and
   * sk_tsq_flags back, and where the C queued the socket (TSQ_QUEUED newly set) the socket added
   * to the live TSQ work list, the work queued where the C queued it (the list was empty). A
   * queueing the model's list contradicts fails the run.
   */
  @Override
  public boolean wfree(TcpSock sk, int truesize) {
    if (wfree == null || !capture(sk, wfreeIn, WFREE)) {
      return false;
    }
    wfreeIn[TcpOutputHarnesses.SK] = Seq.u32(truesize);
    NativeOut o = wfree.call(wfreeIn);
    boolean kick = false;
    long alloc = -1;
    long flags = -1;
    while (o.next()) {
      if (o.kind() == NativeOut.CALL) {
        if (o.name() != TSQ_WORK_QUEUE || kick) {
          throw NativeFailure.cannotApply(wfree, wfreeIn, o);
        }
        kick = true;
      } else if (o.isField(WMEM_ALLOC)) {
        alloc = o.value();
      } else if (o.isField(TSQ_FLAGS)) {
        flags = o.value();
      }
    }
    if (alloc < 0 || flags < 0) {
      throw new NativeFailure(wfree.function() + "'s C (" + wfree.file() + ") printed no"
          + " sk_wmem_alloc or sk_tsq_flags on " + NativeFailure.record(wfree, wfreeIn));
    }
    boolean queued = (flags & TcpSock.TSQF_QUEUED) != 0
        && (sk.skTsqFlags & TcpSock.TSQF_QUEUED) == 0;
    sk.skWmemAlloc = alloc;
    sk.skTsqFlags = (int) flags;
    if (queued) {
      TsqWork tsq = sk.host.tsqWork();
      boolean empty = tsq.isEmpty();
      tsq.add(sk);
      if (empty != kick) {
        throw new NativeFailure(wfree.function() + "'s C " + (kick ? "queued" : "did not queue")
            + " the TSQ work, whose list the model " + (empty ? "had empty" : "held sockets on")
            + "; input " + NativeFailure.record(wfree, wfreeIn));
      }
      if (kick) {
        sk.host.queueTsqWork(tsq);
      }
    } else if (kick) {
      throw new NativeFailure(wfree.function() + "'s C queued the TSQ work without queueing"
          + " the socket; input " + NativeFailure.record(wfree, wfreeIn));
    }
    return true;
  }

  /**
   * tcp_mstamp_refresh as the tree's C: it reads the clock and writes tcp_clock_cache and
   * tcp_mstamp, so only those cross (the record's other socket fields 0, no skbs), and the
   * loop's word past port-check's record says to print only them.
   */
  @Override
  public boolean mstampRefresh(TcpSock sk) {
    if (mstamp == null) {
      return false;
    }
    mstampIn[TcpOutputHarnesses.NOW_NS] = sk.host.nowNs();
    mstampIn[TcpOutputHarnesses.JIFFIES] = Seq.u32(sk.tcpJiffies32());
    mstampIn[7] = 1; // sk_wmem_alloc: the record's range starts at 1
    mstampIn[39] = sk.tcpMstamp;
    mstampIn[TcpOutputHarnesses.TCP_CLOCK_CACHE] = sk.tcpClockCache;
    NativeOut o = mstamp.call(mstampIn);
    long cache = -1;
    long stamp = -1;
    while (o.next()) {
      if (o.isField(CLOCK_CACHE)) {
        cache = o.value();
      } else if (o.isField(MSTAMP)) {
        stamp = o.value();
      } else {
        throw NativeFailure.cannotApply(mstamp, mstampIn, o);
      }
    }
    if (cache < 0 || stamp < 0) {
      throw new NativeFailure(mstamp.function() + "'s C (" + mstamp.file() + ") printed no"
          + " tcp_clock_cache or tcp_mstamp on " + NativeFailure.record(mstamp, mstampIn));
    }
    sk.tcpClockCache = cache;
    sk.tcpMstamp = stamp;
    return true;
  }

  /**
   * Runs {@code c} on {@code in}: its return value; with {@code tsq}, the TSQ flags it left
   * applied to the socket. The C of these functions calls nothing below TCP.
   */
  private NativeOut lastOut;

  private long answer(NativePort c, long[] in, TcpSock sk, boolean tsq) {
    NativeOut o = c.call(in);
    lastOut = o;
    long ret = 0;
    boolean returned = false;
    long flags = -1;
    while (o.next()) {
      if (o.kind() == NativeOut.CALL) {
        throw NativeFailure.cannotApply(c, in, o);
      } else if (o.isField(RET) && !returned) {
        ret = o.value();
        returned = true;
      } else if (o.isField(TSQ_FLAGS)) {
        flags = o.value();
      }
    }
    if (!returned) {
      throw new NativeFailure(c.function() + "'s C (" + c.file() + ") returned nothing on "
          + NativeFailure.record(c, in));
    }
    if (tsq) {
      if (flags < 0) {
        throw new NativeFailure(c.function() + "'s C (" + c.file() + ") printed no sk_tsq_flags"
            + " on " + NativeFailure.record(c, in));
      }
      sk.skTsqFlags = (int) flags;
    }
    return ret;
  }
}
