package io.nicsim.runs.path;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelLines;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.soc.InputSample;
import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.UncertaintyClass;
import io.nicsim.runs.traffic.Units;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The network beyond the link partner: {@code --path 'rtt=23ms,rate=1gbit,buffer=1bdp,
 * loss=0.0001,peer=20us'}. Every key is optional.
 *
 * @param rttNs round-trip time the path adds (both directions together)
 * @param rateBps bottleneck rate toward the receiver, 0 = no bottleneck
 * @param bufferBytes bottleneck queue limit in bytes (tail drop), 0 = unlimited
 * @param bufferBdp the buffer as spelled in BDPs, or 0 when given in bytes/packets
 * @param loss random loss probability per frame toward the receiver, 0..1
 * @param peerNs the far host's time to answer (echo reply turn-around)
 * @param groNs the receiver's GRO: the idle gap that ends a batch of merged back-to-back
 *     segments of one sender skb (so it ACKs once per merged skb, as a receiver that gets
 *     whole GSO skbs over veth does); 0 = no GRO, an ACK per two full segments
 * @param burstBytes the bottleneck as a token bucket (sch_tbf's burst): frames pass at once
 *     while the bucket holds their length, then at the rate; 0 = a serialising link
 * @param ackStallPerS how often the ACKs' way back pauses (Poisson, per second); 0 = never
 * @param ackStallMeanNs a pause's mean length (exponential), with {@code ackStallPerS}
 * @param peerKernel the far end's kernel for TCP ({@code peer-kernel=}): null for nicsim's fixed
 *     peer (v6.17), {@link #PEER_HOST} for the host's own kernel, else a release as
 *     {@code --kernel} spells it ({@code v6.12.118}), checked against the releases nicsim knows
 */
public record PathSpec(long rttNs, long rateBps, long bufferBytes, double bufferBdp,
    double loss, long peerNs, long groNs, long burstBytes, double ackStallPerS,
    long ackStallMeanNs, String peerKernel) {
  static final String FIELD = "--path";
  static final String FORM =
      "comma-separated key=value: rtt=23ms, rate=1gbit, buffer=1bdp|256kb|100pkt,"
          + " loss=0.0001|0.01%, peer=20us, gro=20us (receiver GRO's flush gap),"
          + " burst=256kb (the rate as tbf's token bucket),"
          + " ackstall=4/s:1.9ms (the ACKs' way back pauses 4 times a second, 1.9 ms on average),"
          + " peer-kernel=host|v6.12.118 (the far end's TCP: the host's kernel or a release;"
          + " v6.17 when not given); a value may end in ~N% (its range)";
  /** {@code peer-kernel=host}: the far end runs the host's kernel (and, under --ports c, its tree's C). */
  public static final String PEER_HOST = "host";
  /**
   * The uncertainty of a path number not given a {@code ~N%} range (scenarios/FIDELITY.md "Input
   * ranges"): an RTT is measured (ping), a rate is a setting (a link or a shaper), a buffer is
   * an assumption (no seed states one), a loss rate is measured, a peer's turn-around is an
   * estimate.
   */
  public static final Map<String, UncertaintyClass> CLASSES = Map.of(
      "rtt", UncertaintyClass.MEASURED, "rate", UncertaintyClass.EXACT,
      "buffer", UncertaintyClass.ASSUMPTION, "loss", UncertaintyClass.MEASURED,
      "peer", UncertaintyClass.ESTIMATE, "ackstall", UncertaintyClass.TIMING);
  private static final Pattern RANGE =
      Pattern.compile("(.*)~([0-9]+(?:\\.[0-9]+)?)%");
  /** Echo turn-around of a Linux peer when none is given (interrupt, icmp_rcv, xmit). */
  public static final long DEFAULT_PEER_NS = 20_000L;
  private static final int MTU_FRAME = 1514;

  /**
   * Refuses {@code ackstall=} for traffic that has no ACK path of its own in the model (only
   * TCP sent by the host has one); {@code what} names the traffic.
   */
  public static void refuseAckStall(PathSpec p, String what) {
    if (p != null && p.ackStallPerS() > 0) {
      throw BadInputException.field(FIELD + " ackstall", "given with " + what,
          "TCP sent by the host (iperf3 without -R)");
    }
  }

  /**
   * Refuses {@code peer-kernel=} for traffic whose far end runs no TCP in the model (only
   * {@code iperf3} TCP, either way, has a far end's TCP); {@code what} names the traffic.
   */
  public static void refusePeerKernel(PathSpec p, String what) {
    if (p != null && p.peerKernel() != null) {
      throw BadInputException.field(FIELD + " peer-kernel", "given with " + what,
          "TCP traffic (iperf3 without -u, either way)");
    }
  }

  /** A path without receiver GRO. */
  public PathSpec(long rttNs, long rateBps, long bufferBytes, double bufferBdp, double loss,
      long peerNs) {
    this(rttNs, rateBps, bufferBytes, bufferBdp, loss, peerNs, 0, 0, 0, 0, null);
  }

  /** The same path with its rate as a token bucket of {@code bytes} (0: serialising). */
  public PathSpec withBurst(long bytes) {
    return new PathSpec(rttNs, rateBps, bufferBytes, bufferBdp, loss, peerNs, groNs, bytes,
        ackStallPerS, ackStallMeanNs, peerKernel);
  }

  /** The same path with the far end's TCP on {@code kernel} ({@link #peerKernel}). */
  public PathSpec withPeerKernel(String kernel) {
    return new PathSpec(rttNs, rateBps, bufferBytes, bufferBdp, loss, peerNs, groNs, burstBytes,
        ackStallPerS, ackStallMeanNs, kernel);
  }

  /** No path: the link partner is the far end. */
  public static PathSpec direct() {
    return new PathSpec(0, 0, 0, 0, 0, DEFAULT_PEER_NS);
  }

  public boolean isDirect() {
    return rttNs == 0 && rateBps == 0 && loss == 0 && ackStallPerS == 0;
  }

  /** One-way delay each direction adds. */
  public long oneWayNs() {
    return rttNs / 2;
  }

  /** {@code text} parsed with every number at its nominal value. */
  public static PathSpec parse(String text) {
    return parse(text, null);
  }

  /**
   * {@code text} parsed with uncertainty sample {@code sample}'s values for its uncertain
   * numbers (input ids {@code path:KEY}); nominal when {@code sample} is null.
   */
  public static PathSpec parse(String text, InputSample sample) {
    if (text == null || text.isBlank()) {
      throw BadInputException.field(FIELD, "empty", FORM);
    }
    long rtt = 0;
    long rate = 0;
    String buffer = null;
    double loss = 0;
    long peer = DEFAULT_PEER_NS;
    long gro = 0;
    String burst = null;
    double stallPerS = 0;
    long stallMeanNs = 0;
    String peerKernel = null;
    Map<String, String> seen = new LinkedHashMap<>();
    Map<String, Double> ranges = new LinkedHashMap<>();
    for (String part : text.split(",", -1)) {
      String p = part.trim();
      if (p.isEmpty()) {
        throw BadInputException.field(FIELD, "an empty entry in '" + text + "'", FORM);
      }
      int eq = p.indexOf('=');
      if (eq <= 0 || eq == p.length() - 1) {
        throw BadInputException.field(FIELD, "'" + p + "' is not key=value", FORM);
      }
      String key = p.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      String value = p.substring(eq + 1).trim();
      Matcher rm = RANGE.matcher(value);
      if (rm.matches()) {
        double r = Double.parseDouble(rm.group(2)) / 100.0;
        if (!(r < 1)) {
          throw BadInputException.field(FIELD + " " + key, "range ~" + rm.group(2)
              + "% is out of range", "~0%..~99%");
        }
        ranges.put(key, r);
        value = rm.group(1).trim();
      }
      if (seen.put(key, value) != null) {
        throw BadInputException.field(FIELD, key + " given twice", "each key once");
      }
      String f = FIELD + " " + key;
      switch (key) {
        case "rtt":
          rtt = Units.durationNs(f, value, null);
          break;
        case "rate":
          rate = Units.tcRate(f, value);
          break;
        case "buffer":
          buffer = value;
          break;
        case "loss":
          loss = loss(f, value);
          break;
        case "peer":
          peer = Units.durationNs(f, value, null);
          break;
        case "gro":
          gro = Units.durationNs(f, value, null);
          if (gro <= 0 || gro > 1_000_000_000L) {
            throw BadInputException.field(f, value, "1us..1s");
          }
          break;
        case "burst":
          burst = value;
          break;
        case "ackstall": {
          String accepted = "RATE/s:MEAN, a rate of pauses per second (0.01..1000) and their"
              + " mean length (1us..1s): 4/s:1.9ms";
          int colon = value.indexOf(':');
          if (colon < 0 || !value.substring(0, colon).endsWith("/s")) {
            throw BadInputException.field(f, "'" + value + "' is not RATE/s:MEAN", accepted);
          }
          String r = value.substring(0, colon - 2).trim();
          if (!r.matches("[0-9]+(\\.[0-9]+)?")) {
            throw BadInputException.field(f, "'" + r + "' is not a rate", accepted);
          }
          stallPerS = Double.parseDouble(r);
          stallMeanNs = Units.durationNs(f, value.substring(colon + 1).trim(), null);
          if (!(stallPerS >= 0.01 && stallPerS <= 1000) || stallMeanNs < 1_000
              || stallMeanNs > 1_000_000_000L) {
            throw BadInputException.field(f, value + " is out of range", accepted);
          }
          break;
        }
        case "peer-kernel":
          peerKernel = peerKernel(f, value);
          break;
        default:
          throw BadInputException.field(FIELD, "unknown key '" + key + "'", FORM);
      }
    }
    rtt = sampled(sample, "rtt", rtt, ranges);
    rate = sampled(sample, "rate", rate, ranges);
    loss = Math.min(0.999999, sampledFraction(sample, "loss", loss, ranges));
    peer = sampled(sample, "peer", peer, ranges);
    // a pause's rate and length are drawn apart, each over the value's range
    if (stallPerS > 0) {
      stallPerS = sampledFraction(sample, "ackstall", "ackstall.rate", stallPerS, ranges);
      stallMeanNs = Math.round(sampledFraction(sample, "ackstall", "ackstall.mean", stallMeanNs,
          ranges));
    }
    long bufferBytes = 0;
    double bdp = 0;
    if (buffer != null) {
      String f = FIELD + " buffer";
      String accepted = "Nbdp (needs rate and rtt), bytes as Nb/Nkb/Nmb (1024 based), or Npkt";
      String v = buffer.toLowerCase(Locale.ROOT);
      Matcher m =
          Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(bdp|b|k|kb|kib|m|mb|mib|pkt|pkts|p)")
              .matcher(v);
      if (!m.matches()) {
        throw BadInputException.field(f, "'" + buffer + "' is not a buffer size", accepted);
      }
      BigDecimal n = new BigDecimal(m.group(1));
      switch (m.group(2)) {
        case "bdp":
          if (rate == 0 || rtt == 0) {
            throw BadInputException.field(f, "'" + buffer + "' needs rate= and rtt=", accepted);
          }
          bdp = n.doubleValue();
          n = BigDecimal.valueOf(sampledFraction(sample, "buffer", bdp, ranges));
          bufferBytes = n.multiply(BigDecimal.valueOf(rate)).multiply(BigDecimal.valueOf(rtt))
              .divide(BigDecimal.valueOf(8_000_000_000L), 0, RoundingMode.HALF_EVEN)
              .longValueExact();
          break;
        case "pkt":
        case "pkts":
        case "p":
          bufferBytes = n.multiply(BigDecimal.valueOf(MTU_FRAME)).longValue();
          break;
        default:
          bufferBytes = n.multiply(BigDecimal.valueOf(byteUnit(m.group(2)))).longValue();
          break;
      }
      if (bdp == 0) {
        bufferBytes = sampled(sample, "buffer", bufferBytes, ranges);
      }
      if (bufferBytes < MTU_FRAME) {
        throw BadInputException.field(f, "'" + buffer + "' holds less than one full frame",
            "at least " + MTU_FRAME + " bytes");
      }
      if (rate == 0) {
        throw BadInputException.field(f, "a buffer needs a bottleneck rate=", "rate=N(k|m|g)bit");
      }
    }
    long burstBytes = 0;
    if (burst != null) {
      String f = FIELD + " burst";
      String accepted = "bytes as Nb/Nkb/Nmb (1024 based), at least one full frame ("
          + MTU_FRAME + " bytes), with a rate=";
      Matcher m = Pattern
          .compile("([0-9]{1,9})(b|k|kb|kib|m|mb|mib)").matcher(burst.toLowerCase(Locale.ROOT));
      if (!m.matches()) {
        throw BadInputException.field(f, "'" + burst + "' is not a size", accepted);
      }
      burstBytes = Long.parseLong(m.group(1)) * byteUnit(m.group(2));
      if (burstBytes < MTU_FRAME || burstBytes > (1L << 32)) {
        throw BadInputException.field(f, burst + " is out of range", accepted);
      }
      if (rate == 0) {
        throw BadInputException.field(f, "a burst needs a bottleneck rate=", accepted);
      }
    }
    return new PathSpec(rtt, rate, bufferBytes, bdp, loss, peer, gro, burstBytes, stallPerS,
        stallMeanNs, peerKernel);
  }

  /**
   * {@code peer-kernel=}'s value: {@code host}, or a release nicsim knows (the range
   * {@code --kernel} takes), spelled {@code vMAJOR.MINOR[.SUBLEVEL]}.
   */
  private static String peerKernel(String f, String value) {
    if (value.equalsIgnoreCase(PEER_HOST)) {
      return PEER_HOST;
    }
    KernelVersion v;
    try {
      v = KernelVersion.parse(value);
    } catch (BadInputException e) {
      // --kernel's own refusal, named as this field, with host beside its range
      String m = e.getMessage();
      int problem = m.indexOf(": ");
      int accepted = m.lastIndexOf(" (accepted: ");
      throw BadInputException.field(f, m.substring(problem + 2, accepted), "host, or "
          + KernelLines.accepted());
    }
    return v.toString();
  }

  /** Bytes per unit of a size: b, k/kb/kib (1024), m/mb/mib (1024 * 1024). */
  private static long byteUnit(String unit) {
    return switch (unit) {
      case "b" -> 1;
      case "k", "kb", "kib" -> 1024;
      case "m", "mb", "mib" -> 1 << 20;
      default -> throw new IllegalArgumentException(unit);
    };
  }

  /** A path number's range: its {@code ~N%}, or its key's class default. */
  public static double range(String key, Map<String, Double> ranges) {
    Double r = ranges.get(key);
    return r != null ? r : CLASSES.get(key).defaultRange();
  }

  private static Quantity quantity(String key, double v, Map<String, Double> ranges) {
    // a range given makes a number measured; a pause stays timing noise, whatever its range
    UncertaintyClass c = ranges.containsKey(key) && !key.equals("ackstall")
        ? UncertaintyClass.MEASURED : CLASSES.get(key);
    return new Quantity(v, "--path " + key, null, c, range(key, ranges), "path");
  }

  /** {@code v} as {@code sample} has it ({@code path:KEY}); nominal without a sample. */
  private static long sampled(InputSample sample, String key, long v,
      Map<String, Double> ranges) {
    return Math.round(sampledFraction(sample, key, v, ranges));
  }

  private static double sampledFraction(InputSample sample, String key, double v,
      Map<String, Double> ranges) {
    return sampledFraction(sample, key, key, v, ranges);
  }

  /** {@code key}'s range and class, drawn as input {@code path:ID}. */
  private static double sampledFraction(InputSample sample, String key, String id, double v,
      Map<String, Double> ranges) {
    if (sample == null) {
      return v;
    }
    return InputSample.apply(sample, "path:" + id, quantity(key, v, ranges)).value();
  }

  /** The uncertain numbers of {@code text} as a study sees them ({@code path:KEY}). */
  public static Map<String, Quantity> inputs(String text) {
    Map<String, Quantity> out = new LinkedHashMap<>();
    PathSpec p = parse(text);
    Map<String, Double> ranges = new LinkedHashMap<>();
    for (String part : text.split(",")) {
      int eq = part.indexOf('=');
      Matcher rm = RANGE.matcher(part.substring(eq + 1).trim());
      if (rm.matches()) {
        ranges.put(part.substring(0, eq).trim().toLowerCase(Locale.ROOT),
            Double.parseDouble(rm.group(2)) / 100.0);
      }
    }
    double[] v = {p.rttNs, p.rateBps, p.bufferBdp != 0 ? p.bufferBdp : p.bufferBytes, p.loss,
        p.peerNs};
    String[] k = {"rtt", "rate", "buffer", "loss", "peer"};
    for (int i = 0; i < k.length; i++) {
      Quantity q = quantity(k[i], v[i], ranges);
      if (q.uncertain()) {
        out.put("path:" + k[i], q);
      }
    }
    if (p.ackStallPerS > 0) {
      out.put("path:ackstall.rate", quantity("ackstall", p.ackStallPerS, ranges));
      out.put("path:ackstall.mean", quantity("ackstall", p.ackStallMeanNs, ranges));
    }
    return out;
  }

  private static double loss(String f, String value) {
    // 1 (every packet lost) is not a path a run could measure anything on
    String accepted = "a probability from 0 up to, not including, 1 (0.0001) or a percentage"
        + " below 100% (0.01%)";
    boolean pct = value.endsWith("%");
    String num = pct ? value.substring(0, value.length() - 1) : value;
    if (!num.matches("[0-9]+(\\.[0-9]+)?([eE]-?[0-9]+)?")) {
      throw BadInputException.field(f, "'" + value + "' is not a probability", accepted);
    }
    double v = Double.parseDouble(num) / (pct ? 100.0 : 1.0);
    if (!(v >= 0 && v < 1)) {
      throw BadInputException.field(f, value + " is out of range", accepted);
    }
    return v;
  }

  /** The canonical spelling, or {@code direct}. */
  public String spelling() {
    StringBuilder sb = new StringBuilder();
    if (rttNs != 0) {
      sb.append("rtt=").append(durationWord(rttNs));
    }
    if (rateBps != 0) {
      sb.append(sb.length() > 0 ? "," : "").append("rate=").append(rateWord(rateBps));
    }
    if (bufferBytes != 0) {
      sb.append(sb.length() > 0 ? "," : "").append("buffer=");
      if (bufferBdp != 0) {
        sb.append(BigDecimal.valueOf(bufferBdp).stripTrailingZeros().toPlainString()).append("bdp");
      } else {
        sb.append(bufferBytes).append('b');
      }
    }
    if (loss != 0) {
      sb.append(sb.length() > 0 ? "," : "").append("loss=")
          .append(BigDecimal.valueOf(loss).stripTrailingZeros().toPlainString());
    }
    if (peerNs != DEFAULT_PEER_NS) {
      sb.append(sb.length() > 0 ? "," : "").append("peer=").append(durationWord(peerNs));
    }
    if (groNs != 0) {
      sb.append(sb.length() > 0 ? "," : "").append("gro=").append(durationWord(groNs));
    }
    if (burstBytes != 0) {
      sb.append(sb.length() > 0 ? "," : "").append("burst=").append(
          burstBytes % (1 << 20) == 0 ? burstBytes / (1 << 20) + "mb"
              : burstBytes % 1024 == 0 ? burstBytes / 1024 + "kb" : burstBytes + "b");
    }
    if (ackStallPerS != 0) {
      sb.append(sb.length() > 0 ? "," : "").append("ackstall=")
          .append(BigDecimal.valueOf(ackStallPerS).stripTrailingZeros().toPlainString())
          .append("/s:").append(durationWord(ackStallMeanNs));
    }
    if (peerKernel != null) {
      sb.append(sb.length() > 0 ? "," : "").append("peer-kernel=").append(peerKernel);
    }
    return sb.length() == 0 ? "direct" : sb.toString();
  }

  /** A rate as tc spells it, in the largest unit that keeps it whole: 1gbit, 475mbit. */
  static String rateWord(long bps) {
    String[] units = {"tbit", "gbit", "mbit", "kbit"};
    long[] mult = {1_000_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L};
    for (int i = 0; i < units.length; i++) {
      if (bps % mult[i] == 0) {
        return bps / mult[i] + units[i];
      }
    }
    return bps + "bit";
  }

  static String durationWord(long ns) {
    if (ns % 1_000_000 == 0) {
      return ns / 1_000_000 + "ms";
    }
    if (ns % 1_000 == 0) {
      return ns / 1_000 + "us";
    }
    return ns + "ns";
  }
}
