package io.nicsim.boardtrace.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.boardtrace.event.EventKind;
import io.nicsim.boardtrace.event.TraceEvent;
import io.nicsim.core.config.BadInputException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real-kernel fixtures (src/test/resources/fixtures, recorded on this machine's kernel by
 * record.sh): every line is accounted for, every event line is kept or skipped by name exactly
 * as an independent reading of the file (a regular expression per line) says, and the kept
 * events' fields carry the values the lines print.
 */
class ImportFixturesTest {
  static final Path DIR = fixtures();
  static final long TSC_HZ = 2_596_148_000L;

  static Path fixtures() {
    try {
      return Path.of(ImportFixturesTest.class.getResource("/fixtures/README.md").toURI())
          .getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static Stream<String> textFixtures() throws IOException {
    try (Stream<Path> s = Files.list(DIR)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".trace.txt") || n.endsWith(".report.txt")
              || n.endsWith(".report-ns.txt") || n.endsWith(".pipe.txt"))
          .sorted().toList().stream();
    }
  }

  /** Each event line's name as an independent pattern reads it (not the parser's code). */
  private static final Pattern EVENT = Pattern.compile(
      "\\[\\d{3}\\]\\s+(?:[.a-zA-Z0-9]{4,5}\\s+)?\\d+(?:\\.\\d+)?:\\s+"
          + "(?:(sys_\\w+?)(\\(| -> )|([a-z_0-9]+):)");

  private static final Pattern LOST = Pattern.compile(
      "(\\S+: )?CPU:\\d+ \\[(?:LOST (\\d+) EVENTS|(\\d+) EVENTS DROPPED)\\]");

  private static final List<String> NICSIM_EVENTS = List.of("irq_handler_entry",
      "irq_handler_exit", "softirq_raise", "softirq_entry", "softirq_exit", "hrtimer_start",
      "hrtimer_cancel", "hrtimer_expire_entry", "hrtimer_expire_exit", "napi_poll",
      "net_dev_queue", "net_dev_start_xmit", "net_dev_xmit", "netif_receive_skb", "consume_skb",
      "kfree_skb", "sched_switch");

  @ParameterizedTest
  @MethodSource("textFixtures")
  void everyLineIsAccountedForAndEveryEventLineKeptOrSkippedByName(String name)
      throws IOException {
    Path f = DIR.resolve(name);
    List<TraceEvent> kept = new ArrayList<>();
    ImportStats s = TraceReader.read(f, e -> kept.add(e.copy()), options(name));

    Map<String, Long> wantKept = new TreeMap<>();
    Map<String, Long> wantSkipped = new TreeMap<>();
    long eventLines = 0;
    long markers = 0;
    long lostEvents = 0;
    List<String> lines = Files.readAllLines(f);
    for (String line : lines) {
      if (line.startsWith("#") || line.startsWith("cpus=") || line.isBlank()) {
        continue;
      }
      Matcher lost = LOST.matcher(line);
      if (lost.matches()) {
        markers++;
        lostEvents += Long.parseLong(lost.group(2) != null ? lost.group(2) : lost.group(3));
        continue;
      }
      Matcher m = EVENT.matcher(line);
      assertThat(m.find()).as("an event line: %s", line).isTrue();
      eventLines++;
      String ev = m.group(1) != null
          ? (m.group(2).equals("(") ? "sys_enter_" : "sys_exit_") + m.group(1).substring(4)
          : m.group(3);
      boolean nicsim = NICSIM_EVENTS.contains(ev) || ev.startsWith("sys_enter_")
          || ev.startsWith("sys_exit_");
      (nicsim ? wantKept : wantSkipped).merge(ev, 1L, Long::sum);
    }
    assertThat(s.lines).isEqualTo(lines.size());
    assertThat(s.commentLines + s.blankLines + s.events).isEqualTo(s.lines);
    assertThat(s.events).isEqualTo(eventLines);
    assertThat(s.keptByEvent).isEqualTo(wantKept);
    assertThat(s.skippedByEvent).isEqualTo(wantSkipped);
    assertThat(s.kept).isEqualTo(kept.size()).isPositive();
    assertThat(s.lostMarkers).isEqualTo(markers);
    assertThat(s.lost()).isEqualTo(lostEvents);
    assertThat(s.cpusSeen).containsExactly(0, 1);
    assertThat(s.backwards).isZero();
    for (TraceEvent e : kept) {
      assertThat(e.kind).isNotNull();
      assertThat(e.cpu).isBetween(0, 1);
      assertThat(e.ts).isBetween(s.firstTs, s.lastTs);
      switch (e.kind) {
        case NAPI_POLL -> {
          assertThat(e.budget).isEqualTo(64);
          assertThat(e.work).isBetween(0, 64);
        }
        case SOFTIRQ_ENTRY, SOFTIRQ_EXIT, SOFTIRQ_RAISE -> assertThat(e.vec).isBetween(0, 9);
        case IRQ_HANDLER_ENTRY -> assertThat(e.name).isNotBlank();
        case HRTIMER_START, HRTIMER_EXPIRE_ENTRY ->
            assertThat(e.name).doesNotContain("/").doesNotContain("+").isNotBlank();
        case NET_DEV_XMIT -> assertThat(e.ret).isZero();
        case NET_DEV_QUEUE, NETIF_RECEIVE_SKB, NET_DEV_START_XMIT -> {
          assertThat(e.name).startsWith("nsb-v");
          assertThat(e.len).isPositive();
        }
        case SCHED_SWITCH -> {
          assertThat(e.prevPid).isNotNegative();
          assertThat(e.nextPid).isNotNegative();
          assertThat(e.prevComm).isNotNull();
          assertThat(e.nextComm).isNotNull();
        }
        default -> { }
      }
    }
  }

  static ParseOptions options(String name) {
    return new ParseOptions(name.contains("x86-tsc") ? TSC_HZ : 0);
  }

  @Test
  void headerFactsOfEachLayout() {
    ImportStats ping = read("ping-veth.trace.txt");
    assertThat(ping.layout).isEqualTo("tracefs (irq-info)");
    assertThat(ping.tracer).isEqualTo("nop");
    assertThat(ping.cpusDeclared).isEqualTo(2);
    assertThat(ping.resolutionNs).isEqualTo(1000);
    assertThat(read("ping-veth.noirqinfo.trace.txt").layout).isEqualTo("tracefs (no irq-info)");
    assertThat(read("ping-veth.tgid.trace.txt").layout).isEqualTo("tracefs (irq-info) (tgid)");
    ImportStats report = read("udp-veth.report.txt");
    assertThat(report.layout).isEqualTo("trace-cmd report");
    assertThat(report.cpusDeclared).isEqualTo(2);
    assertThat(report.instances).containsExactly("nsb-rec");
    assertThat(read("udp-veth.report-ns.txt").resolutionNs).isEqualTo(1);
    ImportStats lost = read("udp-veth.lost.trace.txt");
    assertThat(lost.bufferStarted).containsExactly(1);
    // "# entries-in-buffer/entries-written: 306/120000   #P:2": the ring kept 306
    assertThat(lost.entriesInBuffer).isEqualTo(lost.events);
    assertThat(lost.entriesWritten).isGreaterThan(100 * lost.entriesInBuffer);
    assertThat(read("udp-veth.lost.pipe.txt").layout).isEqualTo("no header (trace_pipe)");
    assertThat(read("udp-veth.lost.pipe.txt").lost()).isPositive();
    assertThat(read("udp-veth.dropped.report.txt").lostByCpu).containsEntry(1, 69791L);
  }

  @Test
  void microsecondsAndNanosecondsOfOneTraceAgreeEventForEvent() {
    List<TraceEvent> us = events("udp-veth.report.txt");
    List<TraceEvent> ns = events("udp-veth.report-ns.txt");
    assertThat(us).hasSameSizeAs(ns);
    for (int i = 0; i < us.size(); i++) {
      TraceEvent a = us.get(i);
      TraceEvent b = ns.get(i);
      assertThat(a.kind).isEqualTo(b.kind);
      assertThat(a.cpu).isEqualTo(b.cpu);
      assertThat(a.pid).isEqualTo(b.pid);
      assertThat(a.addr).isEqualTo(b.addr);
      assertThat(a.ts).isEqualTo((b.ts + 500) / 1000 * 1000); // trace-cmd rounds to 6 places
    }
  }

  @Test
  void traceDatThroughTraceCmdGivesTheReportsEvents() {
    assumeTrue(TraceReader.traceCmdInstalled(), "trace-cmd is not installed: trace.dat unread");
    List<TraceEvent> dat = new ArrayList<>();
    ImportStats s = TraceReader.read(DIR.resolve("udp-veth.dat"), e -> dat.add(e.copy()),
        ParseOptions.DEFAULT);
    assertThat(s.via).startsWith("trace-cmd report -t");
    assertThat(s.kernel).isEqualTo("6.18.44-fc-v1098 (x86_64)");
    assertThat(s.sha256).hasSize(64);
    List<TraceEvent> text = events("udp-veth.report-ns.txt");
    assertThat(dat).hasSameSizeAs(text);
    for (int i = 0; i < dat.size(); i++) {
      assertThat(dat.get(i).ts).isEqualTo(text.get(i).ts);
      assertThat(dat.get(i).kind).isEqualTo(text.get(i).kind);
    }
  }

  @Test
  void rawClockCountsNeedTheirFrequency() {
    Path f = DIR.resolve("ping-veth.x86-tsc.trace.txt");
    assertThatThrownBy(() -> TraceReader.read(f, e -> { }, ParseOptions.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("line 13: the timestamp '")
        .hasMessageContaining("--clock-hz");
    ImportStats s = read("ping-veth.x86-tsc.trace.txt");
    assertThat(s.rawClock).isTrue();
    // two pings 20 ms apart: about 50 ms of trace at the TSC's rate
    assertThat(s.spanSec()).isBetween(0.02, 0.2);
  }

  @Test
  void syscallValuesOfTheTraceFilesOwnFormat() {
    List<TraceEvent> ev = events("ping-veth.trace.txt");
    TraceEvent exit = ev.stream().filter(e -> e.kind == EventKind.SYS_EXIT
        && e.name.equals("sendto")).findFirst().orElseThrow();
    assertThat(exit.ret).isEqualTo(0x40); // sys_sendto -> 0x40: 64 bytes of ICMP
    TraceEvent enter = ev.stream().filter(e -> e.kind == EventKind.SYS_ENTER
        && e.name.equals("sendto")).findFirst().orElseThrow();
    assertThat(enter.count).isEqualTo(0x40); // len: 0x40
    assertThat(enter.comm).isEqualTo("ping");
  }

  private static ImportStats read(String name) {
    return TraceReader.read(DIR.resolve(name), e -> { }, options(name));
  }

  private static List<TraceEvent> events(String name) {
    List<TraceEvent> out = new ArrayList<>();
    TraceReader.read(DIR.resolve(name), e -> out.add(e.copy()), options(name));
    return out;
  }
}
