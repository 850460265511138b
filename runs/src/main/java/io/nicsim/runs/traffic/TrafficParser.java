package io.nicsim.runs.traffic;

import io.nicsim.core.config.BadInputException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code --traffic} as iperf3 and ping spell their command lines:
 *
 * <ul>
 *   <li>{@code iperf3 -u -b 0 -l 64 -t 1 [-P N] [-O S] [-c HOST]}: UDP flood (iperf3's
 *       defaults: -b 1M, -l 1460, -t 10);
 *   <li>{@code iperf3 [-C bbr|cubic|…] -t 10 [-P N] [-l LEN] [-b RATE] [-O S]}: TCP bulk;
 *   <li>{@code ping [-c N] [-i S] [-s N] [-q] [HOST]} (ping's defaults: -i 1, -s 56; -c is
 *       required since a simulation must end).
 * </ul>
 *
 * {@code -R} turns iperf3 around (the link partner sends, the host receives: {@code udp-rx},
 * {@code tcp-rx}); the receiving process's socket options ({@link SockOpts}: {@code --busy-poll
 * USECS}, {@code --prefer-busy-poll}, {@code --busy-poll-budget N}, {@code --epoll}) go with
 * -R or ping.
 *
 * A short option's value may be attached ({@code -l64}); long options take {@code --name V} or
 * {@code --name=V}. Durations are seconds, fractions allowed, or carry a unit ({@code 500ms}).
 */
public final class TrafficParser {
  static final String FIELD = "--traffic";
  static final String FORMS =
      "'iperf3 -u -b RATE -l LEN -t SECS [-P N] [-O SECS] [-R]', 'iperf3 -C ALGO -t SECS [-P N]"
          + " [-R]' or 'ping -c N -i SECS -s SIZE'";
  /** iperf3's DEFAULT_UDP_BLKSIZE when the path MTU is not known. */
  static final int UDP_DEFAULT_LEN = 1460;
  /** iperf3's DEFAULT_TCP_BLKSIZE (128 KiB). */
  static final int TCP_DEFAULT_LEN = 128 * 1024;
  /** iperf3's default UDP bit rate (1 Mbit/s). */
  static final long UDP_DEFAULT_RATE = 1_000_000L;
  static final long SEC = 1_000_000_000L;

  private TrafficParser() {}

  public static TrafficSpec parse(String text) {
    List<String> words = split(text);
    if (words.isEmpty()) {
      throw BadInputException.field(FIELD, "empty", FORMS);
    }
    switch (words.get(0)) {
      case "iperf3":
      case "iperf":
        return iperf3(words);
      case "ping":
        return ping(words);
      default:
        throw BadInputException.field(FIELD, "unknown program '" + words.get(0) + "'", FORMS);
    }
  }

  private static List<String> split(String text) {
    List<String> out = new ArrayList<>();
    if (text != null) {
      for (String w : text.trim().split("\\s+")) {
        if (!w.isEmpty()) {
          out.add(w);
        }
      }
    }
    return out;
  }

  /** One option occurrence: its canonical short name and value (null for flags). */
  private record Opt(String name, String value, String spelled) {}

  private static final String[][] IPERF_OPTS = {
    // short, long, takes value
    {"u", "udp", "0"},
    {"b", "bitrate", "1"},
    {"b", "bandwidth", "1"},
    {"l", "length", "1"},
    {"t", "time", "1"},
    {"P", "parallel", "1"},
    {"C", "congestion", "1"},
    {"O", "omit", "1"},
    {"c", "client", "1"},
    {"R", "reverse", "0"},
    // nicsim's receive-socket options (SockOpts): long forms only
    {"1", "busy-poll", "1"},
    {"2", "prefer-busy-poll", "0"},
    {"3", "busy-poll-budget", "1"},
    {"4", "epoll", "0"},
  };

  private static final String[][] PING_OPTS = {
    {"c", "count", "1"},
    {"i", "interval", "1"},
    {"s", "size", "1"},
    {"q", "quiet", "0"},
    {"1", "busy-poll", "1"},
    {"2", "prefer-busy-poll", "0"},
    {"3", "busy-poll-budget", "1"},
    {"4", "epoll", "0"},
  };

  /** The receive-socket options, as accepted-form text. */
  static final String SOCK_FORMS = "--busy-poll USECS, --prefer-busy-poll, --busy-poll-budget N,"
      + " --epoll";

  /** Folds one receive-socket option into {@code s}; false if {@code name} is not one. */
  private static SockOpts sockOpt(SockOpts s, Opt opt, String f) {
    switch (opt.name()) {
      case "1":
        return new SockOpts(Units.integer(f, opt.value(), 0, Integer.MAX_VALUE),
            s.preferBusyPoll(), s.busyPollBudget(), s.epoll());
      case "2":
        return new SockOpts(s.busyPollUsecs(), true, s.busyPollBudget(), s.epoll());
      case "3":
        // SO_BUSY_POLL_BUDGET: -EINVAL above U16_MAX (root may exceed NAPI_POLL_WEIGHT)
        return new SockOpts(s.busyPollUsecs(), s.preferBusyPoll(),
            (int) Units.integer(f, opt.value(), 0, 65535), s.epoll());
      case "4":
        return new SockOpts(s.busyPollUsecs(), s.preferBusyPoll(), s.busyPollBudget(), true);
      default:
        return null;
    }
  }

  /** Refuses socket options that would do nothing or that need each other. */
  private static void checkSock(SockOpts s, String program) {
    if (s.epoll() && s.busyPollUsecs() == 0 && !s.preferBusyPoll()) {
      throw BadInputException.field(FIELD + " " + program + " --epoll", "nothing to busy poll",
          "--epoll with --busy-poll USECS (EPIOCSPARAMS busy_poll_usecs) or"
              + " --prefer-busy-poll (v6.13)");
    }
    if (!s.epoll() && s.busyPollUsecs() == 0 && (s.preferBusyPoll() || s.busyPollBudget() != 0)) {
      throw BadInputException.field(FIELD + " " + program, "--prefer-busy-poll and"
          + " --busy-poll-budget change a busy poll, and none is asked for",
          "with --busy-poll USECS or --epoll");
    }
  }

  private static List<Object> options(List<String> words, String[][] table, String program,
      String accepted) {
    List<Object> out = new ArrayList<>();
    for (int i = 1; i < words.size(); i++) {
      String w = words.get(i);
      if (!w.startsWith("-") || w.equals("-")) {
        out.add(w); // positional (a host name)
        continue;
      }
      String name;
      String value = null;
      String[] spec = null;
      if (w.startsWith("--")) {
        String body = w.substring(2);
        int eq = body.indexOf('=');
        String longName = eq < 0 ? body : body.substring(0, eq);
        for (String[] s : table) {
          if (s[1].equals(longName)) {
            spec = s;
          }
        }
        if (spec == null) {
          throw BadInputException.field(FIELD, program + ": unknown option '" + w + "'", accepted);
        }
        if (eq >= 0) {
          value = body.substring(eq + 1);
        }
      } else {
        String letter = w.substring(1, 2);
        for (String[] s : table) {
          if (s[0].equals(letter) && !Character.isDigit(s[0].charAt(0))) { // digits: long-only
            spec = s;
            break;
          }
        }
        if (spec == null) {
          throw BadInputException.field(FIELD, program + ": unknown option '" + w + "'", accepted);
        }
        if (w.length() > 2) {
          if (spec[2].equals("0")) {
            throw BadInputException.field(FIELD, program + ": unknown option '" + w + "'", accepted);
          }
          value = w.substring(2);
        }
      }
      name = spec[0];
      if (spec[2].equals("1") && value == null) {
        if (i + 1 >= words.size()) {
          throw BadInputException.field(FIELD, program + " " + w + ": missing value", accepted);
        }
        value = words.get(++i);
      }
      if (spec[2].equals("0") && value != null) {
        throw BadInputException.field(FIELD, program + " " + w + ": takes no value", accepted);
      }
      out.add(new Opt(name, value, w));
    }
    return out;
  }

  private static TrafficSpec iperf3(List<String> words) {
    String accepted = "-u, -b RATE, -l LEN, -t SECS, -P N, -C ALGO, -O SECS, -c HOST, -R, "
        + SOCK_FORMS;
    boolean reverse = false;
    SockOpts sock = SockOpts.NONE;
    boolean udp = false;
    Long rate = null;
    Long length = null;
    long durationNs = 10 * SEC;
    long omitNs = 0;
    int parallel = 1;
    String congestion = null;
    boolean[] seen = new boolean[128];
    for (Object o : options(words, IPERF_OPTS, "iperf3", accepted)) {
      if (o instanceof String s) {
        throw BadInputException.field(FIELD, "iperf3: unexpected argument '" + s + "'", accepted);
      }
      Opt opt = (Opt) o;
      char key = opt.name().charAt(0);
      if (seen[key]) {
        throw BadInputException.field(FIELD, "iperf3 " + opt.spelled() + " given twice", "each option once");
      }
      seen[key] = true;
      String f = FIELD + " iperf3 " + opt.spelled();
      SockOpts so = sockOpt(sock, opt, f);
      if (so != null) {
        sock = so;
        continue;
      }
      switch (opt.name()) {
        case "u":
          udp = true;
          break;
        case "b":
          rate = Units.iperfRate(f, opt.value());
          break;
        case "l":
          length = Units.iperfBytes(f, opt.value());
          break;
        case "t":
          durationNs = Units.durationNs(f, opt.value(), "s");
          if (durationNs <= 0) {
            throw BadInputException.field(f, "must be positive", "seconds > 0, e.g. 1 or 0.5 or 200ms");
          }
          break;
        case "O":
          omitNs = Units.durationNs(f, opt.value(), "s");
          break;
        case "P":
          parallel = (int) Units.integer(f, opt.value(), 1, 128);
          break;
        case "C":
          if (!opt.value().matches("[a-z][a-z0-9_]{0,15}")) {
            throw BadInputException.field(f, "'" + opt.value() + "' is not a congestion control name",
                "a TCP congestion control such as bbr, cubic, reno");
          }
          congestion = opt.value();
          break;
        case "c":
          break; // the server address: the link partner is the server
        case "R":
          reverse = true;
          break;
        default:
          throw new AssertionError(opt.name());
      }
    }
    checkSock(sock, "iperf3");
    if (!sock.isNone() && !reverse) {
      throw BadInputException.field(FIELD + " iperf3", "the busy-poll options are for the"
          + " receiving socket, and without -R the host sends", "-R with " + SOCK_FORMS);
    }
    if (udp) {
      if (congestion != null) {
        throw BadInputException.field(FIELD, "iperf3 -C with -u: UDP has no congestion control",
            "-C for TCP only");
      }
      long len = length == null ? UDP_DEFAULT_LEN : length;
      if (len < 16 || len > 65507) {
        // iperf3 needs room for its own 16-byte UDP header (timestamp, sequence)
        throw BadInputException.field(FIELD + " iperf3 -l", len + " is out of range for UDP",
            "16..65507 bytes");
      }
      return new UdpFloodSpec(rate == null ? UDP_DEFAULT_RATE : rate, (int) len, durationNs,
          omitNs, parallel, reverse, sock);
    }
    long len = length == null ? TCP_DEFAULT_LEN : length;
    if (len < 1 || len > (1 << 30)) {
      throw BadInputException.field(FIELD + " iperf3 -l", len + " is out of range for TCP",
          "1..1G bytes");
    }
    return new TcpBulkSpec(congestion, (int) len, rate == null ? 0 : rate, durationNs, omitNs,
        parallel, reverse, sock);
  }

  private static TrafficSpec ping(List<String> words) {
    String accepted = "-c COUNT, -i SECS, -s SIZE, -q, HOST, " + SOCK_FORMS;
    SockOpts sock = SockOpts.NONE;
    Integer count = null;
    long intervalNs = SEC;
    int size = 56;
    int hosts = 0;
    boolean[] seen = new boolean[128];
    for (Object o : options(words, PING_OPTS, "ping", accepted)) {
      if (o instanceof String) {
        if (++hosts > 1) {
          throw BadInputException.field(FIELD, "ping: more than one destination", "one HOST");
        }
        continue;
      }
      Opt opt = (Opt) o;
      char key = opt.name().charAt(0);
      if (seen[key]) {
        throw BadInputException.field(FIELD, "ping " + opt.spelled() + " given twice", "each option once");
      }
      seen[key] = true;
      String f = FIELD + " ping " + opt.spelled();
      SockOpts so = sockOpt(sock, opt, f);
      if (so != null) {
        sock = so;
        continue;
      }
      switch (opt.name()) {
        case "c":
          count = (int) Units.integer(f, opt.value(), 1, 10_000_000);
          break;
        case "i":
          intervalNs = Units.durationNs(f, opt.value(), "s");
          if (intervalNs < 1_000) {
            throw BadInputException.field(f, opt.value() + " is too short", "at least 1us");
          }
          break;
        case "s":
          size = (int) Units.integer(f, opt.value(), 0, 65507);
          break;
        case "q":
          break;
        default:
          throw new AssertionError(opt.name());
      }
    }
    if (count == null) {
      throw BadInputException.field(FIELD, "ping needs -c COUNT (a simulation must end)", FORMS);
    }
    checkSock(sock, "ping");
    return new PingSpec(count, intervalNs, size, sock);
  }

  /** iperf3's spelling of a rate: 0, or the shortest exact K/M/G form. */
  static String rateWord(long bps) {
    if (bps == 0) {
      return "0";
    }
    String[] suffix = {"G", "M", "K"};
    long[] mult = {1_000_000_000L, 1_000_000L, 1_000L};
    for (int i = 0; i < mult.length; i++) {
      if (bps % mult[i] == 0) {
        return (bps / mult[i]) + suffix[i];
      }
    }
    return Long.toString(bps);
  }

  /** Seconds without trailing zeros: {@code 1}, {@code 0.5}, {@code 0.0002}. */
  static String secondsWord(long ns) {
    return new BigDecimal(ns).movePointLeft(9).stripTrailingZeros().toPlainString();
  }
}
