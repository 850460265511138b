package io.nicsim.tcp;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.KernelPort;

/**
 * CUBIC with HyStart (net/ipv4/tcp_cubic.c), in the kernel's fixed point: time in 1/1024 s
 * ({@code BICTCP_HZ}), C = 410/1024 folded into {@code cube_rtt_scale}, K from a table-driven
 * cube root with one Newton-Raphson step. cwnd growth runs on jiffies; HyStart on the us clock.
 */
public final class Cubic implements CongestionOps {
  static final String SRC = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013";
  static final String VERSIONS = "v5.7..v6.18";

  static final int BICTCP_BETA_SCALE = 1024;
  static final int BICTCP_HZ = 10;
  static final int HYSTART_ACK_TRAIN = 0x1;
  static final int HYSTART_DELAY = 0x2;
  static final int HYSTART_MIN_SAMPLES = 8;
  static final int HYSTART_DELAY_MIN = 4000;
  static final int HYSTART_DELAY_MAX = 16000;

  /* module parameters, kernel defaults */
  int fastConvergence = 1;
  int beta = 717;
  int initialSsthresh = 0;
  int bicScale = 41;
  int tcpFriendliness = 1;
  int hystart = 1;
  int hystartDetect = HYSTART_ACK_TRAIN | HYSTART_DELAY;
  int hystartLowWindow = 16;
  int hystartAckDeltaUs = 2000;

  /* precomputed in cubictcp_register() */
  final int betaScale;
  final int cubeRttScale;
  final long cubeFactor;

  /* struct bictcp */
  int cnt;
  int lastMaxCwnd;
  int lastCwnd;
  int lastTime;
  int bicOriginPoint;
  int bicK;
  int delayMin;
  int epochStart;
  int ackCnt;
  int tcpCwnd;
  int sampleCnt;
  boolean found;
  int roundStart;
  int endSeq;
  int lastAck;
  int currRtt;
  /** Observer only (not in struct bictcp): the bic_target last computed by bictcp_update. */
  int lastBicTarget;
  /**
   * The tree's C of the entry points that run as C ({@code --ports c}), null in every other run:
   * each entry point tests it first. (lastBicTarget, an observer, is not kept up there.)
   */
  CubicNative c;

  @Override
  public void attachC(InLoopPorts ports) {
    c = CcBridges.cubic(ports);
  }

  /** CUBIC with the kernel's default module parameters. */
  public Cubic() {
    this(1);
  }

  /** @param hystart the {@code hystart} module parameter (0 disables HyStart) */
  public Cubic(int hystart) {
    this.hystart = hystart;
    // cubictcp_register(): scale factors
    betaScale = 8 * (BICTCP_BETA_SCALE + beta) / 3 / (BICTCP_BETA_SCALE - beta);
    cubeRttScale = bicScale * 10;
    cubeFactor = (1L << (10 + 3 * BICTCP_HZ)) / (bicScale * 10L);
  }

  @Override
  public String name() {
    return "cubic";
  }

  public int cnt() {
    return cnt;
  }

  public int lastMaxCwnd() {
    return lastMaxCwnd;
  }

  public int bicK() {
    return bicK;
  }

  public int delayMin() {
    return delayMin;
  }

  public boolean found() {
    return found;
  }

  /** The cubic target cwnd of the last bictcp_update (observer). */
  public int lastBicTarget() {
    return lastBicTarget;
  }

  /** epoch_start, jiffies (0 = no epoch). */
  public int epochStart() {
    return epochStart;
  }

  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "bictcp_reset",
      versions = VERSIONS, source = SRC)
  void reset() {
    // memset up to 'unused': sample_cnt and the HyStart round fields are left alone
    cnt = 0;
    lastMaxCwnd = 0;
    lastCwnd = 0;
    lastTime = 0;
    bicOriginPoint = 0;
    bicK = 0;
    delayMin = 0;
    epochStart = 0;
    ackCnt = 0;
    tcpCwnd = 0;
    found = false;
  }

  /** bictcp_clock_us(): the socket's us clock truncated to u32. */
  static int clockUs(TcpSock sk) {
    return (int) sk.tcpMstamp;
  }

  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "bictcp_hystart_reset",
      versions = VERSIONS, source = SRC)
  void hystartReset(TcpSock tp) {
    roundStart = lastAck = clockUs(tp);
    endSeq = tp.sndNxt;
    currRtt = ~0;
    sampleCnt = 0;
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "cubictcp_init",
      versions = VERSIONS, source = SRC)
  public void init(TcpSock sk) {
    if (c != null && c.runs(CubicNative.INIT)) {
      c.call(CubicNative.INIT, this, sk, 0, 0, 0, 0);
      return;
    }
    reset();

    if (hystart != 0) {
      hystartReset(sk);
    }

    if (hystart == 0 && initialSsthresh != 0) {
      sk.sndSsthresh = initialSsthresh;
    }
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "cubictcp_cwnd_event",
      versions = VERSIONS, source = SRC)
  public void cwndEvent(TcpSock sk, int event) {
    if (c != null && c.runs(CubicNative.CWND_EVENT)) {
      c.call(CubicNative.CWND_EVENT, this, sk, 0, event & 0xFF, 0, 0);
      return;
    }
    if (event == TcpSock.CA_EVENT_TX_START) {
      int now = sk.tcpJiffies32();
      int delta = now - sk.lsndtime;

      // idle (app-limited) for a while: shift the epoch so cwnd stays on the curve
      if (epochStart != 0 && delta > 0) {
        epochStart += delta;
        if (Seq.after(epochStart, now)) {
          epochStart = now;
        }
      }
    }
  }

  private static final int[] V = {
    0, 54, 54, 54, 118, 118, 118, 118,
    123, 129, 134, 138, 143, 147, 151, 156,
    157, 161, 164, 168, 170, 173, 176, 179,
    181, 185, 187, 190, 192, 194, 197, 199,
    200, 202, 204, 206, 209, 211, 213, 215,
    217, 219, 221, 222, 224, 225, 227, 229,
    231, 232, 234, 236, 237, 239, 240, 242,
    244, 245, 246, 248, 250, 251, 252, 254,
  };

  /** Cube root of a u64: table lookup on the top bits, then one Newton-Raphson step. */
  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "cubic_root",
      versions = "v2.6.29..v6.18", source = SRC,
      notes = "the 64-entry table is the kernel's cbrt(x<<18)-1 table, needed for bit-exact K")
  static int cubicRoot(long a) {
    int x;
    int b;
    int shift;

    b = 64 - Long.numberOfLeadingZeros(a); // fls64
    if (b < 7) {
      // a in [0..63]
      return (V[(int) a] + 35) >>> 6;
    }

    b = ((b * 84) >> 8) - 1;
    shift = (int) (a >>> (b * 3));

    x = ((V[shift] + 10) << b) >>> 6;

    // x_{k+1} = (2 * x_k + a / x_k^2) / 3, with /3 as *341 >> 10
    x = 2 * x + (int) Long.divideUnsigned(a, Seq.u32(x) * Seq.u32(x - 1));
    x = (x * 341) >>> 10;
    return x;
  }

  /** Compute cnt: how many ACKed packets per cwnd increment, from the cubic curve. */
  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "bictcp_update",
      versions = VERSIONS, source = SRC)
  void update(TcpSock sk, int cwnd, int acked) {
    int delta;
    int bicTarget;
    int maxCnt;
    long offs;
    long t;
    int jiffies = sk.tcpJiffies32();
    int hz = sk.sysctl.hz;

    ackCnt += acked;

    if (lastCwnd == cwnd && jiffies - lastTime <= hz / 32) {
      return;
    }

    // cnt is recomputed at most once per jiffy; cwnd reductions zero epoch_start to force it
    boolean friendlinessOnly = epochStart != 0 && jiffies == lastTime;
    if (!friendlinessOnly) {
      lastCwnd = cwnd;
      lastTime = jiffies;

      if (epochStart == 0) {
        epochStart = jiffies;
        ackCnt = acked;
        tcpCwnd = cwnd;

        if (Integer.compareUnsigned(lastMaxCwnd, cwnd) <= 0) {
          bicK = 0;
          bicOriginPoint = cwnd;
        } else {
          // K = cbrt((Wmax - cwnd) / C) in 1/1024 s
          bicK = cubicRoot(cubeFactor * Seq.u32(lastMaxCwnd - cwnd));
          bicOriginPoint = lastMaxCwnd;
        }
      }

      // t = time since epoch start plus one delay_min, in 1/1024 s (u64 from an s32)
      t = (long) (jiffies - epochStart);
      t += sk.jiffies.usecsToJiffies(delayMin); // unsigned long: MAX_JIFFY_OFFSET past ~4295 s
      t <<= BICTCP_HZ;
      t = Long.divideUnsigned(t, hz);

      if (Long.compareUnsigned(t, Seq.u32(bicK)) < 0) {
        offs = Seq.u32(bicK) - t;
      } else {
        offs = t - Seq.u32(bicK);
      }

      // C/rtt * (t - K)^3, in packets
      delta = (int) ((Seq.u32(cubeRttScale) * offs * offs * offs) >>> (10 + 3 * BICTCP_HZ));
      if (Long.compareUnsigned(t, Seq.u32(bicK)) < 0) {
        bicTarget = bicOriginPoint - delta;
      } else {
        bicTarget = bicOriginPoint + delta;
      }

      lastBicTarget = bicTarget;
      if (Integer.compareUnsigned(bicTarget, cwnd) > 0) {
        cnt = Integer.divideUnsigned(cwnd, bicTarget - cwnd);
      } else {
        cnt = 100 * cwnd; // very small increment
      }

      // before the first loss, grow at least 5% per RTT
      if (lastMaxCwnd == 0 && Integer.compareUnsigned(cnt, 20) > 0) {
        cnt = 20;
      }
    }

    // tcp_friendliness: never grow slower than an emulated Reno flow
    if (tcpFriendliness != 0) {
      int scale = betaScale;

      delta = (cwnd * scale) >>> 3;
      while (Integer.compareUnsigned(ackCnt, delta) > 0) {
        ackCnt -= delta;
        tcpCwnd++;
      }

      if (Integer.compareUnsigned(tcpCwnd, cwnd) > 0) {
        delta = tcpCwnd - cwnd;
        maxCnt = Integer.divideUnsigned(cwnd, delta);
        if (Integer.compareUnsigned(cnt, maxCnt) > 0) {
          cnt = maxCnt;
        }
      }
    }

    // at most one packet of growth per two ACKed (1.5x per RTT)
    cnt = Seq.umax(cnt, 2);
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "cubictcp_cong_avoid",
      versions = VERSIONS, source = SRC)
  public void congAvoid(TcpSock sk, int ack, int acked) {
    if (c != null && c.runs(CubicNative.CONG_AVOID)) {
      c.call(CubicNative.CONG_AVOID, this, sk, Integer.toUnsignedLong(acked), 0, 0, 0);
      return;
    }
    if (!sk.isCwndLimited()) {
      return;
    }

    if (sk.inSlowStart()) {
      acked = TcpCong.slowStart(sk, acked);
      if (acked == 0) {
        return;
      }
    }
    update(sk, sk.sndCwnd(), acked);
    TcpCong.congAvoidAi(sk, cnt, acked);
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "cubictcp_recalc_ssthresh",
      versions = VERSIONS, source = SRC)
  public int ssthresh(TcpSock sk) {
    if (c != null && c.runs(CubicNative.SSTHRESH)) {
      return (int) c.call(CubicNative.SSTHRESH, this, sk, 0, 0, 0, 0);
    }
    epochStart = 0; // end of epoch

    // Wmax and fast convergence
    if (Integer.compareUnsigned(sk.sndCwnd(), lastMaxCwnd) < 0 && fastConvergence != 0) {
      lastMaxCwnd = Integer.divideUnsigned(sk.sndCwnd() * (BICTCP_BETA_SCALE + beta),
          2 * BICTCP_BETA_SCALE);
    } else {
      lastMaxCwnd = sk.sndCwnd();
    }

    return Seq.umax(Integer.divideUnsigned(sk.sndCwnd() * beta, BICTCP_BETA_SCALE), 2);
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "cubictcp_state",
      versions = VERSIONS, source = SRC)
  public void setState(TcpSock sk, int newState) {
    if (c != null && c.runs(CubicNative.STATE)) {
      c.call(CubicNative.STATE, this, sk, 0, newState & 0xFF, 0, 0);
      return;
    }
    if (newState == TcpSock.TCP_CA_LOSS) {
      reset();
      hystartReset(sk);
    }
  }

  @Override
  public int undoCwnd(TcpSock sk) {
    return TcpCong.renoUndoCwnd(sk);
  }

  /** Cushion for TSO/GRO aggregation in the ACK-train threshold, capped at 1 ms. */
  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "hystart_ack_delay",
      versions = VERSIONS, source = SRC)
  static int hystartAckDelay(TcpSock sk) {
    long rate = sk.skPacingRate;

    if (rate == 0) {
      return 0;
    }
    return (int) TcpSock.umin64(1000L,
        Long.divideUnsigned(Seq.u32(sk.skGsoMaxSize) * 4L * 1_000_000L, rate));
  }

  /** HyStart: leave slow start on a long ACK train or a delay increase. */
  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "hystart_update",
      versions = VERSIONS, source = SRC)
  void hystartUpdate(TcpSock sk, int delay) {
    int threshold;

    if (Seq.after(sk.sndUna, endSeq)) {
      hystartReset(sk);
    }

    // only above a minimum window
    if (Integer.compareUnsigned(sk.sndCwnd(), hystartLowWindow) < 0) {
      return;
    }

    if ((hystartDetect & HYSTART_ACK_TRAIN) != 0) {
      int now = clockUs(sk);

      // ACK-train detection: closely spaced ACKs spanning more than ~delay_min/2
      if (now - lastAck <= hystartAckDeltaUs) {
        lastAck = now;

        threshold = delayMin + hystartAckDelay(sk);

        // pacing may have spread the round over up to RTT/2
        if (sk.skPacingStatus == TcpSock.SK_PACING_NONE) {
          threshold >>>= 1;
        }

        // (s32)(now - round_start) > threshold: threshold is a u32, so the comparison is
        // unsigned and a round_start after now counts as a long train
        if (Integer.compareUnsigned(now - roundStart, threshold) > 0) {
          found = true;
          sk.sndSsthresh = sk.sndCwnd();
        }
      }
    }

    if ((hystartDetect & HYSTART_DELAY) != 0) {
      // minimum delay over the round's first samples
      if (Integer.compareUnsigned(currRtt, delay) > 0) {
        currRtt = delay;
      }
      if (sampleCnt < HYSTART_MIN_SAMPLES) {
        sampleCnt++;
      } else {
        if (Integer.compareUnsigned(currRtt, delayMin + delayThresh(delayMin >>> 3)) > 0) {
          found = true;
          sk.sndSsthresh = sk.sndCwnd();
        }
      }
    }
  }

  /** HYSTART_DELAY_THRESH(x) = clamp(x, 4 ms, 16 ms). */
  static int delayThresh(int x) {
    if (Integer.compareUnsigned(x, HYSTART_DELAY_MIN) < 0) {
      return HYSTART_DELAY_MIN;
    }
    return Integer.compareUnsigned(x, HYSTART_DELAY_MAX) > 0 ? HYSTART_DELAY_MAX : x;
  }

  @Override
  public boolean hasPktsAcked() {
    return true;
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_cubic.c", function = "cubictcp_acked",
      versions = VERSIONS, source = SRC)
  public void pktsAcked(TcpSock sk, int pktsAcked, long rttUs) {
    if (c != null && c.runs(CubicNative.ACKED)) {
      c.call(CubicNative.ACKED, this, sk, 0, 0, Integer.toUnsignedLong(pktsAcked), (int) rttUs);
      return;
    }
    int sampleRttUs = (int) rttUs; // struct ack_sample's rtt_us is an s32
    int delay;

    // duplicates without timestamps
    if (sampleRttUs < 0) {
      return;
    }

    // discard delay samples right after fast recovery
    if (epochStart != 0 && sk.tcpJiffies32() - epochStart < sk.sysctl.hz) {
      return;
    }

    delay = sampleRttUs;
    if (delay == 0) {
      delay = 1;
    }

    // first sample, or the path got faster
    if (delayMin == 0 || Integer.compareUnsigned(delayMin, delay) > 0) {
      delayMin = delay;
    }

    if (!found && sk.inSlowStart() && hystart != 0) {
      hystartUpdate(sk, delay);
    }
  }
}
