package io.nicsim.validate;

import io.nicsim.core.soc.SocProfile;
import io.nicsim.tcp.CongestionControls;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One experiment run on the host's kernel and in the model: a congestion control, TSO on or
 * off, a TX-completion hold (mode and delay), and the path (RTT and bottleneck rate).
 *
 * @param name the case's name in tables and {@code --case}
 * @param cc {@code bbr} or {@code cubic}
 * @param tso whether the sender's device offloads segmentation (off: software GSO after the
 *     qdisc, on the real veth and in the model's {@code ideal-notso-xmit})
 * @param hold how TX completions are held back
 * @param delayUs the hold's delay, period or timer (µs; 0 with {@link Hold#NONE})
 * @param rttUs the path's round trip without the hold (µs)
 * @param rateMbit the bottleneck rate (Mbit/s)
 * @param modelDelayUs the delay the model is given: {@code delayUs}, plus the holder's measured
 *     lateness once the real runs are in ({@link #withMeasuredLateness}), or what
 *     {@code --model-delay} forces (checking that a wrong delay is caught)
 * @param modelDelayForced whether {@code modelDelayUs} was forced (no lateness is added then)
 * @param ackStalls the model path's {@code ackstall=RATE/s:MEAN} as the real runs measured it
 *     ({@link #withMeasuredAckPauses}), or null: {@link #DEFAULT_ACK_STALLS}
 * @param modelSocYaml a profile the model runs on instead of {@link #modelSoc()} (YAML that
 *     inherits it: the holder's measured wake-ups, {@link #withModelSoc}), or null
 */
public record ValidateCase(String name, String cc, boolean tso, Hold hold, long delayUs,
    long rttUs, long rateMbit, long modelDelayUs, boolean modelDelayForced, String ackStalls,
    String modelSocYaml) {

  /** The TX-completion hold: what the NFQUEUE holder does on the real side. */
  public enum Hold {
    /** no hold: completions as fast as the kernel frees the skb. */
    NONE("none"),
    /** each skb released a fixed delay after it was queued (ideal: tx-frames 1). */
    FIXED("fixed"),
    /** every period, all skbs held (ideal: tx-frames 0). */
    PERIOD("period"),
    /** a timer every new skb restarts; on expiry all skbs held (stmmac v6.7's arm). */
    SLIDING("sliding");

    private final String word;

    Hold(String word) {
      this.word = word;
    }

    public String word() {
      return word;
    }
  }

  public ValidateCase {
    if (!CongestionControls.exists(cc)) {
      throw new IllegalArgumentException("cc " + cc);
    }
    if (rateMbit != 1000) {
      // the model's -xmit and -veth profiles carry the testbed's tbf (1 Gbit/s, 256 KB)
      throw new IllegalArgumentException("rate " + rateMbit + " Mbit/s: the profiles' tbf is 1000");
    }
    if ((hold == Hold.NONE) != (delayUs == 0)) {
      throw new IllegalArgumentException("hold " + hold + " with delay " + delayUs);
    }
  }

  public static ValidateCase of(String cc, boolean tso, Hold hold, long delayUs) {
    return of(cc, tso, hold, delayUs, 23_000, 1000);
  }

  public static ValidateCase of(String cc, boolean tso, Hold hold, long delayUs, long rttUs,
      long rateMbit) {
    String d = delayUs == 0 ? "" : "-" + delayWord(delayUs);
    String name = cc + "-" + hold.word() + d + (tso ? "" : "-notso");
    return new ValidateCase(name, cc, tso, hold, delayUs, rttUs, rateMbit, delayUs, false, null,
        null);
  }

  /** The same case with the model given another completion delay (checking the checker). */
  public ValidateCase withModelDelay(long us) {
    return new ValidateCase(name, cc, tso, hold, delayUs, rttUs, rateMbit, us, true, ackStalls,
        modelSocYaml);
  }

  /**
   * The same case with the model's delay the one the real skbs had: the nominal delay plus the
   * holder's mean lateness (µs, measured by the real runs: its wake-up and recv work after a
   * due time). Fixed and sliding holds only: a periodic release late by the same amount every
   * period keeps its period. Unchanged when the delay was forced, nothing was measured, or the
   * model's profile draws the lateness itself ({@link #modelWakesLate}).
   */
  public ValidateCase withMeasuredLateness(double lateUs) {
    if (modelDelayForced || !(hold == Hold.FIXED || hold == Hold.SLIDING)
        || !(lateUs >= 0)) {
      return this;
    }
    if (modelWakesLate()) {
      return this; // the model draws the holder's whole lateness itself
    }
    long constant = Math.max(0, Math.round(lateUs));
    return new ValidateCase(name, cc, tso, hold, delayUs, rttUs, rateMbit,
        delayUs + constant, false, ackStalls, modelSocYaml);
  }

  /**
   * The same case with the model's ACK-path pauses as the real runs' tcp_probe events showed
   * them (pooled over the runs); unchanged when none were recorded (no tracefs) or none seen.
   */
  public ValidateCase withMeasuredAckPauses(AckPauses p) {
    String v = p == null ? null : p.pathValue();
    if (v == null) {
      return this;
    }
    return new ValidateCase(name, cc, tso, hold, delayUs, rttUs, rateMbit, modelDelayUs,
        modelDelayForced, v, modelSocYaml);
  }

  /**
   * The same case with the model on the profile {@code yaml} (one that inherits
   * {@link #modelSoc()}: the holder's measured wake-ups, {@link WakeLateness}).
   */
  public ValidateCase withModelSoc(String yaml) {
    return new ValidateCase(name, cc, tso, hold, delayUs, rttUs, rateMbit, modelDelayUs,
        modelDelayForced, ackStalls, yaml);
  }

  /** The pauses the model's path gets: the measured ones, else {@link #DEFAULT_ACK_STALLS}. */
  public String modelAckStalls() {
    return ackStalls != null ? ackStalls : DEFAULT_ACK_STALLS;
  }

  /** The SoC profile of the model run. */
  public String modelSoc() {
    if (hold == Hold.SLIDING) {
      return "rk3588-yt6801-veth";
    }
    return tso ? "ideal-xmit" : "ideal-notso-xmit";
  }

  /**
   * Whether the model's profile draws the holder's lateness itself for this case: a fixed hold
   * on a profile with the ideal MAC's release wake-up lateness
   * ({@code ideal_tx_wake_late_p50_ns}).
   */
  public boolean modelWakesLate() {
    return hold == Hold.FIXED
        && SocProfile.load(modelSoc()).param("ideal_tx_wake_late_p50_ns", 0.0) > 0;
  }

  /**
   * The mean time an skb spends in the holder, which the real path adds to the round trip
   * (the hold is before the wire there, after it in the model): the return-path delay is the
   * RTT less this, so both sides see the same RTT from xmit to ACK. Fixed and sliding: the
   * delay (a sliding timer restarted by the burst's last skb holds every skb about one delay
   * when TSQ keeps bursts short); period: half of it on average.
   */
  public long meanHoldUs() {
    return switch (hold) {
      case NONE -> 0;
      case FIXED, SLIDING -> delayUs;
      case PERIOD -> delayUs / 2;
    };
  }

  /** The return path's delay on the real side (µs). */
  public long ackDelayUs() {
    return Math.max(0, rttUs - meanHoldUs());
  }

  /**
   * The {@code nicsim run} arguments of this case's model run (no seed). The host's wire is the
   * testbed's veth behind tbf (the profiles' link_tbf_burst_bytes: no line rate, tbf's bucket),
   * with no BQL (veth has none); the path adds only the rest of the RTT. With TSO the real
   * receiver gets each 64 KB skb whole from the veth and ACKs it once, which the model's
   * receiver does with GRO; without, it gets segments and ACKs every two.
   */
  public List<String> modelArgs(long durationS, long omitS) {
    return modelArgs(durationS, omitS, null);
  }

  /**
   * The same with the profile read from {@code socFile} (where the caller wrote
   * {@link #modelSocYaml} for the run), when given.
   */
  public List<String> modelArgs(long durationS, long omitS, String socFile) {
    List<String> a = new ArrayList<>();
    if (hold == Hold.SLIDING) {
      // stmmac v6.7: the TX timer's hrtimer_start on every xmit (a window each skb restarts);
      // tx-frames 0 so only the timer signals completions, as the holder's timer alone releases
      // (tx-frames counts descriptors: with 256, every 256th descriptor's IC bit completed a
      // TSO skb at its write-back, which on the tbf wire is at once)
      a.addAll(List.of("--mac", "stmmac", "--soc", modelSoc(), "--kernel", "v6.7",
          "-C", "tx-usecs " + modelDelayUs + " tx-frames 0",
          "--sysfs", "queues/tx-0/byte_queue_limits/limit_min=max"));
    } else {
      // the fixed delay after tbf's dequeue (ideal-xmit: the testbed's order, shifted)
      a.add("--mac");
      a.add("ideal");
      a.addAll(socFile != null ? List.of("--soc-file", socFile) : List.of("--soc", modelSoc()));
      a.addAll(List.of("-C", switch (hold) {
        case NONE -> "tx-usecs 0 tx-frames 1";
        case FIXED -> "tx-usecs " + modelDelayUs + " tx-frames 1";
        case PERIOD -> "tx-usecs " + modelDelayUs + " tx-frames 0";
        case SLIDING -> throw new AssertionError();
      }));
    }
    a.addAll(List.of("--traffic", "iperf3 -C " + cc + " -t " + durationS + " -O " + omitS));
    a.addAll(List.of("--path", "rtt=" + delayWord(rttUs) + (tso ? ",gro=" + RECEIVER_GRO : "")
        + ",ackstall=" + modelAckStalls() + ACK_STALL_RANGE));
    return a;
  }

  /**
   * The testbed's ACK-clock pauses when the real runs could not measure them (no tracefs):
   * RTT samples a few milliseconds over the rest, on which the kernel's CUBIC grows its cwnd
   * while TSQ holds it (more is in flight when the ACKs resume). Measured on this kind of
   * machine (2 vCPUs, SCHED_FIFO holders) with tcp:tcp_probe over three cubic-fixed-5ms runs:
   * samples over the run's base by more than 1 ms in 2.5-5.7 bouts a second, by more than 2 ms
   * in 0.5-1.8, by more than 3 ms in 0.2-0.9, the largest 3.9-8.3 ms; 4 a second of
   * exponential length, mean 1.9 ms, gives 2.4, 1.4 and 0.8 a second.
   */
  static final String DEFAULT_ACK_STALLS = "4/s:1.9ms";
  /** The pauses' range (class timing): the runs' spread of their rate (2.5-5.7 a second). */
  static final String ACK_STALL_RANGE = "~50%";

  /** The model receiver's GRO flush gap: longer than a skb's frames' spread, shorter than a hold. */
  static final String RECEIVER_GRO = "20us";

  static String delayWord(long us) {
    if (us % 1000 == 0) {
      return us / 1000 + "ms";
    }
    if (us >= 1000 && us % 100 == 0) {
      return String.format(Locale.ROOT, "%.1fms", us / 1000.0);
    }
    return us + "us";
  }
}
