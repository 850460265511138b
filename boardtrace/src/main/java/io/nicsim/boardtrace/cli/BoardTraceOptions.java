package io.nicsim.boardtrace.cli;

import io.nicsim.boardtrace.BoardTrace;
import io.nicsim.boardtrace.event.Names;
import io.nicsim.boardtrace.parse.ParseOptions;
import io.nicsim.core.config.BadInputException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Option;

/** How to read a board's trace: {@code --trace FILE [--clock-hz HZ] [--from S --to S] [--map B=M]}. */
public final class BoardTraceOptions {
  @Option(names = "--trace", required = true, paramLabel = "FILE",
      description = "the board's trace: ftrace text (/sys/kernel/tracing/trace, trace_pipe,"
          + " trace-cmd report; .gz/.xz too) or trace-cmd's trace.dat")
  Path trace;

  @Option(names = "--clock-hz", paramLabel = "HZ",
      description = "ticks per second of a raw counter clock (trace_clock x86-tsc, counter)")
  Long clockHz;

  @Option(names = "--from", paramLabel = "SECS",
      description = "start of the window, seconds after the trace's first event")
  Double from;

  @Option(names = "--to", paramLabel = "SECS",
      description = "end of the window, seconds after the trace's first event")
  Double to;

  @Option(names = "--map", paramLabel = "BOARD=MODEL",
      description = "a board name as the model spells it: an IRQ line, device or timer callback"
          + " (--map end0=eth0 --map 30be0000.ethernet=eth0-int0); repeatable")
  List<String> map = List.of();

  ParseOptions parseOptions() {
    if (clockHz != null && (clockHz < 1 || clockHz > 100_000_000_000L)) {
      throw BadInputException.field("--clock-hz", clockHz + " is out of range",
          "1..100000000000 ticks per second");
    }
    return new ParseOptions(clockHz == null ? 0 : clockHz);
  }

  UnaryOperator<String> rename() {
    return Names.mapping(pairs());
  }

  /**
   * The names as the user mapped them, and where the trace transmits on one device only and
   * no {@code --map} names it or eth0, that device as the model's eth0 (a veth's {@code vs}, a
   * board's {@code end0}).
   */
  UnaryOperator<String> rename(BoardTrace t) {
    Map<String, String> m = pairs();
    String nic = t.soleNic();
    if (nic != null && !m.containsKey(nic) && !m.containsValue("eth0")) {
      m.put(nic, "eth0");
      autoMapped = nic;
    }
    return Names.mapping(m);
  }

  /**
   * The board's device that stands for the model's eth0: the one a {@code --map} names, the
   * trace's sole NIC, or eth0 itself; null when none transmits.
   */
  String nic(BoardTrace t) {
    for (Map.Entry<String, String> e : pairs().entrySet()) {
      if (e.getValue().equals("eth0")) {
        return e.getKey();
      }
    }
    String sole = t.soleNic();
    if (sole != null) {
      return sole;
    }
    return t.txDevices().containsKey("eth0") ? "eth0" : null;
  }

  /**
   * As {@link #rename(BoardTrace)}, and where the device mapped to eth0 by itself has no NAPI
   * of its own in the trace but the per-CPU backlog polls ({@code (no_device)}: a veth without
   * GRO hands its frames to the backlog, whose process_backlog is their NAPI poll), the backlog
   * as eth0's NAPI too, unless a {@code --map} names it.
   */
  UnaryOperator<String> renameWithBacklog(BoardTrace t) {
    Map<String, String> m = pairs();
    String nic = t.soleNic();
    if (nic != null && !m.containsKey(nic) && !m.containsValue("eth0")) {
      m.put(nic, "eth0");
      autoMapped = nic;
      if (!t.napiDevices().contains(nic) && t.napiDevices().contains(BACKLOG)
          && !m.containsKey(BACKLOG)) {
        m.put(BACKLOG, "eth0");
        autoBacklog = true;
      }
    }
    return Names.mapping(m);
  }

  /**
   * How the kernel's napi_poll event names the per-CPU backlog's poll (net/core/dev.c's
   * trace point prints {@code (no_device)} for a NAPI without a device), parentheses and all.
   */
  static final String BACKLOG = "(no_device)";

  /** Whether {@link #renameWithBacklog} took the backlog's polls as eth0's. */
  boolean autoBacklog;

  /** The device {@link #rename(BoardTrace)} mapped to eth0 by itself, or null. */
  String autoMapped;

  private Map<String, String> pairs() {
    Map<String, String> m = new LinkedHashMap<>();
    for (String s : map) {
      int eq = s.indexOf('=');
      if (eq <= 0 || eq == s.length() - 1) {
        throw BadInputException.field("--map", "'" + s + "' is not BOARD=MODEL",
            "a board name and the model's, e.g. --map end0=eth0");
      }
      String before = m.put(s.substring(0, eq), s.substring(eq + 1));
      if (before != null && !before.equals(s.substring(eq + 1))) {
        throw BadInputException.field("--map", "'" + s.substring(0, eq) + "' is mapped to both '"
            + before + "' and '" + s.substring(eq + 1) + "'", "one model name per board name");
      }
    }
    return m;
  }

  /** Opens the trace once every option is known to be well formed ({@code --map} too). */
  BoardTrace open() {
    rename();
    return BoardTrace.open(trace, parseOptions(), from, to);
  }
}
