package io.nicsim.runs.options;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.host.TxHang;
import io.nicsim.runs.traffic.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --fault 'tx-hang at=20ms[,queue=N][,for=DURATION]'}: faults a run injects, each
 * refused in one line naming the field and what it accepts.
 */
public final class FaultArgs {
  static final String FORM = "tx-hang at=DURATION[,queue=N][,for=DURATION], e.g."
      + " 'tx-hang at=10ms' or 'tx-hang at=20ms,queue=1,for=500ms'";
  /** No run is longer than a day of simulated time. */
  static final long MAX_NS = 86_400L * 1_000_000_000L;

  private FaultArgs() {}

  /** The faults of {@code --fault} words (repeatable; null or empty: none). */
  public static List<TxHang> parse(List<String> words) {
    List<TxHang> out = new ArrayList<>();
    for (String w : words == null ? List.<String>of() : words) {
      out.add(parseOne(w.trim()));
    }
    return out;
  }

  static TxHang parseOne(String w) {
    String[] kindAndArgs = w.split("\\s+", 2);
    if (!kindAndArgs[0].equals("tx-hang")) {
      throw BadInputException.field("--fault", "'" + kindAndArgs[0] + "' is not a fault nicsim"
          + " injects", FORM);
    }
    if (kindAndArgs.length < 2) {
      throw BadInputException.field("--fault", "tx-hang needs at=", FORM);
    }
    long at = -1;
    long forNs = 0;
    int queue = 0;
    for (String kv : kindAndArgs[1].split("[,\\s]+")) {
      int eq = kv.indexOf('=');
      String k = eq < 0 ? kv : kv.substring(0, eq);
      String v = eq < 0 ? "" : kv.substring(eq + 1);
      switch (k) {
        case "at" -> at = duration("--fault tx-hang at", v, 0);
        case "for" -> forNs = duration("--fault tx-hang for", v, 1);
        case "queue" -> {
          if (!v.matches("[0-9]{1,2}")) {
            throw BadInputException.field("--fault tx-hang queue", "'" + v + "' is not a queue"
                + " number", "queue=0..N-1, the host's TX queues");
          }
          queue = Integer.parseInt(v);
        }
        default -> throw BadInputException.field("--fault", "tx-hang has no '" + k + "'", FORM);
      }
    }
    if (at < 0) {
      throw BadInputException.field("--fault", "tx-hang needs at=", FORM);
    }
    return new TxHang(at, queue, forNs);
  }

  private static long duration(String field, String v, long min) {
    long ns = Units.durationNs(field, v, null);
    if (ns < min || ns > MAX_NS) {
      throw BadInputException.field(field, "'" + v + "' is out of range",
          (min == 0 ? "0" : "1ns") + "..86400s");
    }
    return ns;
  }
}
