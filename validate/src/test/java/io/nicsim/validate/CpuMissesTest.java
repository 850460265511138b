package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A cause traced on a busy machine is given only when the case ran on one: on a quiet machine
 * the threaded kthread's poll rate and the send's tail are not explained by other tasks, and
 * the miss is reported as not root-caused.
 */
class CpuMissesTest {
  private static final CpuCase THREADED = CpuCase.udp("t", 64, 20_000, true, true, 0);
  private static final CpuCase BACKLOG = CpuCase.udp("b", 64, 20_000, false, false, 0);

  @Test
  void theKthreadBehindOtherTasksOnlyWhereOtherTasksKeptACpuBusy() {
    assertThat(CpuMisses.cause(THREADED, "NAPI polls/s", 10_130, 20_000, 95))
        .isEqualTo(CpuMisses.KTHREAD);
    assertThat(CpuMisses.cause(THREADED, "NAPI polls/s", 10_130, 20_000, 12)).isNull();
    // the model's 0 packets a poll has its own cause, busy or not
    assertThat(CpuMisses.cause(THREADED, "packets/poll", 1.975, 0, 12))
        .isEqualTo(CpuMisses.POLL_WORK);
  }

  @Test
  void theSendTailOnlyOnABusyMachine() {
    assertThat(CpuMisses.cause(BACKLOG, "cpu1 %sys", 4.9, 3.9, 97))
        .isEqualTo(CpuMisses.SEND_TAIL);
    assertThat(CpuMisses.cause(BACKLOG, "cpu1 %sys", 4.9, 3.9, 1)).isNull();
  }

  @Test
  void causesThatDoNotRestOnLoadHoldOnAQuietMachine() {
    assertThat(CpuMisses.cause(BACKLOG, "cpu0 %sys", 2.4, 0, 0))
        .isEqualTo(CpuMisses.RECEIVER);
    assertThat(CpuMisses.cause(BACKLOG, "cpu1 %irq", 0.9, 0.2, 0))
        .isEqualTo(CpuMisses.PACING_TIMER);
  }
}
