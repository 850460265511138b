package io.nicsim.boardtrace.spans;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.boardtrace.parse.FtraceTextParser;
import io.nicsim.boardtrace.parse.ParseOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An hrtimer callback whose exit the trace lacks (its exit event was enabled after it entered)
 * must not take the CPU's time from the syscalls that follow: a syscall runs in task context,
 * so whatever is still open on the interrupt stack at its entry lost its exit.
 */
class SpanBuilderStaleFrameTest {
  private static List<Span> spans(String... lines) {
    List<Span> out = new ArrayList<>();
    SpanBuilder b = new SpanBuilder(out::add);
    FtraceTextParser p = new FtraceTextParser("test", b, ParseOptions.DEFAULT);
    for (String l : lines) {
      p.line(l);
    }
    p.finish(true);
    assertThat(b.droppedSpans()).isEqualTo(1);
    return out;
  }

  @Test
  void aCallbackWithoutItsExitDoesNotTakeTheNextSyscallsTime() {
    List<Span> s = spans(
        "            java-26 [001] 100.000000000: hrtimer_expire_entry: hrtimer=0xffffc90005487be8 now=99990000000 function=hrtimer_wakeup/0x0",
        "           flood-77 [001] 100.000050000: sys_enter_sendto:     fd: 0x3, buff: 0x1, len: 0x40",
        "           flood-77 [001] 100.000051000: softirq_entry:        vec=3 [action=NET_RX]",
        "           flood-77 [001] 100.000051400: softirq_exit:         vec=3 [action=NET_RX]",
        "           flood-77 [001] 100.000052000: sys_exit_sendto:      0x40");
    Span send = s.stream().filter(x -> x.kind == SpanKind.SYSCALL).findFirst().orElseThrow();
    assertThat(send.selfNs).isEqualTo(1_600); // 2 us less the nested 0.4 us softirq
    Span rx = s.stream().filter(x -> x.kind == SpanKind.SOFTIRQ).findFirst().orElseThrow();
    assertThat(rx.selfNs).isEqualTo(400);
  }
}
