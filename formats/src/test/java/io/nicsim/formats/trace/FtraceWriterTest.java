package io.nicsim.formats.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One golden file per event type (src/test/resources/golden/trace/EVENT.txt): the header and
 * two events of that type as the kernel's trace file prints them. Regenerate with
 * {@code -Dgolden.update=true} after checking the format against a kernel's
 * /sys/kernel/tracing/trace.
 */
public class FtraceWriterTest {
  /**
   * The regular expression of Perfetto's systrace text importer, character for character as
   * google/perfetto's src/trace_processor/importers/systrace/systrace_line_tokenizer.cc builds
   * its std::regex (the two raw-string halves joined): the task is everything before
   * {@code -PID}, then an optional {@code (TGID)}, {@code [CPU]}, up to five latency-flag
   * characters, {@code SECONDS.MICROS:}, {@code EVENT:}. Groups as Perfetto reads them: 1 pid,
   * 2 tgid, 3 cpu, 4 timestamp, 5 event name; the match's prefix is the task, its suffix the
   * event's text.
   */
  public static final Pattern PERFETTO = Pattern.compile(
      "-(\\d+)\\s+\\(?\\s*(\\d+|-+)?\\)?\\s?\\[(\\d+)\\]\\s*"
          + "[a-zA-Z0-9.]{0,5}\\s*(\\d+\\.\\d+):\\s+(\\S+):");

  /**
   * The latency flags within a line Perfetto matched (Perfetto skips them): ftrace's five
   * columns after the CPU, irqs-off/BH-disabled, need-resched, hardirq/softirq, preempt depth,
   * migrate-disable.
   */
  static final Pattern FLAGS = Pattern.compile("\\] ([a-zA-Z0-9.]{5}) +\\d+\\.\\d{6}: ");

  /** Perfetto tells ftrace text from other formats by this first line. */
  public static final String TRACER_LINE = "# tracer: nop";

  /**
   * Asserts every line of an ftrace text file: the {@code # tracer:} line first, comment lines
   * only before the events, and every event line tokenised by {@link #PERFETTO} with the task
   * name before it, the flags in ftrace's five columns and times in order; returns the events.
   */
  public static java.util.List<java.util.regex.MatchResult> parseLikePerfetto(String text) {
    String[] lines = text.split("\n");
    assertThat(lines[0]).isEqualTo(TRACER_LINE);
    java.util.List<java.util.regex.MatchResult> events = new java.util.ArrayList<>();
    boolean inEvents = false;
    double last = -1;
    for (String line : lines) {
      if (line.startsWith("#")) {
        assertThat(inEvents).as("comment after the events: " + line).isFalse();
        continue;
      }
      inEvents = true;
      var m = PERFETTO.matcher(line);
      assertThat(m.find()).as(line).isTrue();
      assertThat(line.substring(0, m.start()).strip()).as("task of " + line).isNotEmpty();
      var flags = FLAGS.matcher(line.substring(m.start(), m.end()));
      assertThat(flags.find()).as("five flag columns in " + line).isTrue();
      assertThat(flags.group(1)).as("flags of " + line)
          .matches("[dDbX.][Nnp.][ZzHhs.][0-9a-f.][0-9.]");
      double ts = Double.parseDouble(m.group(4));
      assertThat(ts).as("time order at " + line).isGreaterThanOrEqualTo(last);
      last = ts;
      events.add(m.toMatchResult());
    }
    return events;
  }

  static Stream<Arguments> events() {
    return Stream.of(
        ev("hrtimer_start", t -> {
          t.hrtimerStart(1_234_567, 0, "stmmac_tx_timer", "stmmac_tx_timer", 2_234_567, 2_234_567);
          t.hrtimerStart(2_500_000_123L, 1, "other_timer", "other_timer", 2_501_000_123L,
              2_501_000_123L);
        }),
        ev("hrtimer_cancel", t -> {
          t.hrtimerCancel(10_000, 0, "stmmac_tx_timer");
          t.hrtimerCancel(20_000, 0, "stmmac_tx_timer");
        }),
        ev("hrtimer_expire_entry", t -> {
          t.hrtimerExpireEntry(1_000_499, 1, "stmmac_tx_timer", "stmmac_tx_timer", 1_000_499);
          t.hrtimerExpireEntry(1_000_500, 1, "stmmac_tx_timer", "stmmac_tx_timer", 1_000_500);
        }),
        ev("hrtimer_expire_exit", t -> {
          t.hrtimerExpireExit(5_000, 0, "a");
          t.hrtimerExpireExit(6_000, 0, "b");
        }),
        ev("timer_start", t -> {
          t.timerStart(3_000_000, 0, "stmmac_tx_timer", "stmmac_tx_timer", 5, 1);
          t.timerStart(4_000_000, 1, "fec_timer", "fec_timer", 105, 100);
        }),
        ev("timer_expire_entry", t -> {
          t.timerExpireEntry(50_000_000, 0, "stmmac_tx_timer", "stmmac_tx_timer", 5);
          t.timerExpireEntry(60_000_000, 0, "stmmac_tx_timer", "stmmac_tx_timer", 6);
        }),
        ev("irq_handler_entry", t -> {
          t.irqHandlerEntry(7_000, 0, 40, "eth0");
          t.irqHandlerEntry(9_000, 1, 41, "eth0:rx");
        }),
        ev("irq_handler_exit", t -> {
          t.irqHandlerExit(7_700, 0, 40, true);
          t.irqHandlerExit(9_700, 1, 41, false);
        }),
        ev("softirq_raise", t -> {
          t.softirqRaise(100, 0, 3);
          t.softirqRaise(200, 0, 2);
        }),
        ev("softirq_entry", t -> {
          t.softirqEntry(100, 0, 3);
          t.softirqEntry(200, 1, 1);
        }),
        ev("softirq_exit", t -> {
          t.softirqExit(100, 0, 3);
          t.softirqExit(200, 0, 6);
        }),
        ev("napi_poll", t -> {
          t.napiPoll(11_000, 0, "eth0-tx", "eth0", 0, 64);
          t.napiPoll(12_000, 0, "eth0-rx", "eth0", 17, 64);
        }),
        ev("net_dev_queue", t -> {
          t.netDevQueue(1_000, 1, "eth0", 1, 106);
          t.netDevQueue(2_000, 1, "eth0", 2, 106);
        }),
        ev("net_dev_start_xmit", t -> {
          t.netDevStartXmit(1_100, 1, "eth0", 1, 106, true);
          t.netDevStartXmit(2_100, 1, "eth0", 2, 106, false);
        }),
        ev("net_dev_xmit", t -> {
          t.netDevXmit(1_200, 1, "eth0", 1, 106, 0);
          t.netDevXmit(2_200, 1, "eth0", 2, 106, 16);
        }),
        ev("netif_receive_skb", t -> {
          t.netifReceiveSkb(30_000, 0, "eth0", 7, 98);
          t.netifReceiveSkb(31_000, 0, "eth0", 8, 1514);
        }),
        ev("consume_skb", t -> {
          t.consumeSkb(40_000, 0, 1);
          t.consumeSkb(41_000, 0, 2);
        }));
  }

  private static Arguments ev(String name, Consumer<FtraceWriter> emit) {
    return Arguments.of(name, emit);
  }

  static String render(Consumer<FtraceWriter> emit) {
    StringWriter sw = new StringWriter();
    FtraceWriter w = new FtraceWriter(sw);
    w.header(2);
    emit.accept(w);
    w.finish();
    return sw.toString();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("events")
  void eventMatchesItsGoldenFile(String name, Consumer<FtraceWriter> emit) throws IOException {
    String got = render(emit);
    String res = "/golden/trace/" + name + ".txt";
    if (Boolean.getBoolean("golden.update")) {
      Path p = Path.of("src/test/resources" + res);
      Files.createDirectories(p.getParent());
      Files.writeString(p, got, StandardCharsets.UTF_8);
    }
    try (InputStream in = FtraceWriterTest.class.getResourceAsStream(res)) {
      assertThat(in).as("golden file " + res).isNotNull();
      assertThat(got).isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("events")
  void everyEventLineHasTheShapePerfettoReads(String name, Consumer<FtraceWriter> emit) {
    var events = parseLikePerfetto(render(emit));
    assertThat(events).hasSize(2);
    for (var m : events) {
      assertThat(m.group(5)).isEqualTo(name);
    }
  }

  @org.junit.jupiter.api.Test
  void eventsFromSeveralCpusComeOutInTimeOrder() {
    String out = render(t -> {
      t.irqHandlerEntry(3_000, 0, 40, "eth0");
      t.irqHandlerEntry(1_000, 1, 41, "x");
      t.irqHandlerEntry(2_000, 0, 40, "eth0");
      t.irqHandlerEntry(2_000, 1, 41, "x");
    });
    String[] lines = out.lines().filter(l -> !l.startsWith("#")).toArray(String[]::new);
    assertThat(lines).hasSize(4);
    assertThat(lines[0]).contains("0.000001:").contains("[001]");
    assertThat(lines[1]).contains("0.000002:").contains("[000]");
    assertThat(lines[2]).contains("0.000002:").contains("[001]");
    assertThat(lines[3]).contains("0.000003:");
  }

  @org.junit.jupiter.api.Test
  void timesRoundToTheMicrosecond() {
    String out = render(t -> {
      t.softirqEntry(1_499, 0, 3);
      t.softirqEntry(1_500, 0, 3);
      t.softirqEntry(12_345_678_901L, 0, 3);
    });
    assertThat(out).contains("    0.000001: softirq_entry:")
        .contains("    0.000002: softirq_entry:")
        .contains("   12.345679: softirq_entry:");
  }
}
