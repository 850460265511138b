package io.nicsim.portcount;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The counts the agent ({@link PortCounter}) keeps: every entry of a {@code @KernelPort} method,
 * split by whether the tree's C of one of its functions ran during that entry (a bridge's hook,
 * at the top of the ported method, ran the C and returned: the entry ran as C) or not (the
 * method's Java body ran: a Java entry). A C call is seen where it is made, at a
 * {@code NativePort}'s {@code call}, for the label ({@code file function}) it runs; only calls of
 * the entry's own functions count, so a Java {@code __napi_poll} that calls a bridged driver poll
 * is still a Java entry. Nothing here runs unless the agent was installed.
 */
public final class PortEntries {
  /** One instrumented method: its functions and its entries. */
  static final class Site {
    final String[] labels;
    final AtomicLong java = new AtomicLong();
    final AtomicLong asC = new AtomicLong();

    Site(String[] labels) {
      this.labels = labels;
    }
  }

  /** Per thread: the C calls made so far, by label (a sweep's points run on several threads). */
  private static final ThreadLocal<Map<String, long[]>> C_CALLS =
      ThreadLocal.withInitial(HashMap::new);
  private static final Map<String, Site> SITES = new ConcurrentHashMap<>();
  /** Counting (between {@link #start} and {@link #stop}); the advice returns at once if not. */
  private static volatile boolean counting;

  private PortEntries() { }

  /** Registers method {@code key} ({@code type.name(descriptor)}) as porting {@code labels}. */
  static void register(String key, String[] labels) {
    SITES.putIfAbsent(key, new Site(labels));
  }

  /** Advice: method {@code key} entered; the token is its functions' C calls so far. */
  public static long enter(String key) {
    if (!counting) {
      return -1;
    }
    Site s = SITES.get(key);
    return s == null ? 0 : cCalls(s);
  }

  /** Advice: method {@code key} left (returned or threw) with its entry's {@code token}. */
  public static void exit(String key, long token) {
    if (token < 0) {
      return;
    }
    Site s = SITES.get(key);
    if (s != null) {
      (cCalls(s) == token ? s.java : s.asC).incrementAndGet();
    }
  }

  /** Advice: constructor {@code key} entered (a constructor is never bridged: Java). */
  public static void constructed(String key) {
    if (!counting) {
      return;
    }
    Site s = SITES.get(key);
    if (s != null) {
      s.java.incrementAndGet();
    }
  }

  /** Advice: the tree's C of {@code label} called (once per run of the C, reruns included). */
  public static void cCall(String label) {
    if (!counting) {
      return;
    }
    C_CALLS.get().computeIfAbsent(label, k -> new long[1])[0]++;
  }

  private static long cCalls(Site s) {
    Map<String, long[]> m = C_CALLS.get();
    long n = 0;
    for (String l : s.labels) {
      long[] c = m.get(l);
      if (c != null) {
        n += c[0];
      }
    }
    return n;
  }

  /**
   * Zeroes every count and starts counting (the agent must be installed: {@link
   * PortCounter#install}); an entry already under way when counting starts is not counted.
   */
  public static void start() {
    reset();
    counting = true;
  }

  /** Stops counting; the counts stay until the next {@link #start}. */
  public static void stop() {
    counting = false;
  }

  /** Zeroes every count. */
  public static void reset() {
    for (Site s : SITES.values()) {
      s.java.set(0);
      s.asC.set(0);
    }
  }

  /** Entries whose Java body ran, by label (a function several methods port: their sum). */
  public static Map<String, Long> java() {
    return sum(true);
  }

  /** Entries that ran as the tree's C, by label. */
  public static Map<String, Long> asC() {
    return sum(false);
  }

  /**
   * Entries whose Java body ran, by label, then by method ({@code SimpleClass.method}): which
   * Java ran (a driver's port, or a read-only mirror of it such as a liveness check's).
   */
  public static Map<String, Map<String, Long>> javaByMethod() {
    Map<String, Map<String, Long>> out = new TreeMap<>();
    SITES.forEach((key, s) -> {
      long n = s.java.get();
      if (n > 0) {
        for (String l : s.labels) {
          out.computeIfAbsent(l, k -> new TreeMap<>()).merge(method(key), n, Long::sum);
        }
      }
    });
    return out;
  }

  /** {@code a.b.C$D.m(desc)} as {@code C$D.m}. */
  static String method(String key) {
    String noDesc = key.substring(0, key.indexOf('('));
    int dot = noDesc.lastIndexOf('.');
    String type = noDesc.substring(0, dot);
    return type.substring(type.lastIndexOf('.') + 1) + noDesc.substring(dot);
  }

  /** The labels of every instrumented method (the ports loaded so far). */
  public static List<String> labels() {
    List<String> out = new ArrayList<>();
    for (Site s : SITES.values()) {
      out.addAll(List.of(s.labels));
    }
    return out;
  }

  private static Map<String, Long> sum(boolean java) {
    Map<String, Long> out = new TreeMap<>();
    for (Site s : SITES.values()) {
      long n = (java ? s.java : s.asC).get();
      if (n > 0) {
        for (String l : s.labels) {
          out.merge(l, n, Long::sum);
        }
      }
    }
    return out;
  }

  /**
   * Whether {@code reason} (a bridge provider's why-not, {@code PortBridgeProvider.notBridged})
   * claims that the function runs as the tree's C inside bridged callers that are its only
   * callers: then it can have no Java entry under {@code --ports c}.
   */
  public static boolean claimsOnlyCaller(String reason) {
    return reason.startsWith("runs as the tree's C inside")
        && (reason.contains("its only caller") || reason.contains("the only caller"));
  }

  /**
   * The functions of {@code reasons} (label to why-not) that claim to run inside their only,
   * bridged, callers ({@link #claimsOnlyCaller}) and had Java entries in {@code java} (label to
   * entries), with their entries: each one's reason is wrong.
   */
  public static Map<String, Long> contradicting(Map<String, String> reasons,
      Map<String, Long> java) {
    Map<String, Long> out = new TreeMap<>();
    reasons.forEach((label, why) -> {
      long n = java.getOrDefault(label, 0L);
      if (n > 0 && claimsOnlyCaller(why)) {
        out.put(label, n);
      }
    });
    return out;
  }
}
