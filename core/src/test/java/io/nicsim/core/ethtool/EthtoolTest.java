package io.nicsim.core.ethtool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import org.junit.jupiter.api.Test;

class EthtoolTest {

  @Test
  void aNonZeroUnsupportedFieldIsRefusedBeforeTheDriverIsCalled() throws Exception {
    EthtoolOps ops = mock(EthtoolOps.class);
    when(ops.supportedCoalesceParams()).thenReturn(CoalesceParam.USECS | CoalesceParam.MAX_FRAMES);
    EthtoolCoalesce req = new EthtoolCoalesce().txCoalesceUsecs(100)
        .set(CoalesceParam.TX_USECS_IRQ, 5);
    assertThatThrownBy(() -> Ethtool.setCoalesce(ops, req))
        .isInstanceOfSatisfying(KernelException.class,
            e -> assertThat(e.errno()).isEqualTo(Errno.EOPNOTSUPP));
    verify(ops, never()).setCoalesce(any());
    // zero in an unsupported field is fine
    Ethtool.setCoalesce(ops, new EthtoolCoalesce().txCoalesceUsecs(100));
    verify(ops).setCoalesce(any());
  }

  @Test
  void ethtoolMinusCChangesOnlyTheNamedFields() throws Exception {
    FakeOps ops = new FakeOps();
    ops.current.txCoalesceUsecs(5000).txMaxCoalescedFrames(25).rxMaxCoalescedFrames(0);
    EthtoolCoalesce after = Ethtool.applyArgs(ops, CoalesceArgs.parse("tx-usecs 100 tx-frames 1"));
    assertThat(after.txCoalesceUsecs()).isEqualTo(100);
    assertThat(after.txMaxCoalescedFrames()).isEqualTo(1);
  }

  @Test
  void perQueueSetRollsBackTheQueuesAlreadyChanged() throws Exception {
    EthtoolOps ops = mock(EthtoolOps.class);
    when(ops.supportedCoalesceParams()).thenReturn(CoalesceParam.USECS);
    doThrow(new KernelException(Errno.EINVAL, "bad")).when(ops).setPerQueueCoalesce(anyInt(),
        org.mockito.ArgumentMatchers.argThat(c -> c != null && c.txCoalesceUsecs() == 7));
    // queue 0 and 1 accept, then... every queue refuses 7: the first refusal stops the loop
    assertThatThrownBy(() -> Ethtool.setPerQueueCoalesce(ops, 0b11,
        new EthtoolCoalesce().txCoalesceUsecs(7))).isInstanceOf(KernelException.class);
    verify(ops, never()).setPerQueueCoalesce(org.mockito.ArgumentMatchers.eq(1), any());
  }

  @Test
  void perQueueGetFailingRollsBackEveryQueueBelowIt() throws Exception {
    // ethtool_set_per_queue_coalesce: get_per_queue_coalesce failing on queue 2 sends every
    // set bit below 2 back to its backup (for_each_set_bit(i, queue_mask, bit))
    EthtoolOps ops = mock(EthtoolOps.class);
    when(ops.supportedCoalesceParams()).thenReturn(CoalesceParam.USECS);
    doThrow(new KernelException(Errno.EIO, "gone")).when(ops)
        .getPerQueueCoalesce(org.mockito.ArgumentMatchers.eq(2), any());
    EthtoolCoalesce req = new EthtoolCoalesce().txCoalesceUsecs(7);
    assertThatThrownBy(() -> Ethtool.setPerQueueCoalesce(ops, 0b111, req))
        .isInstanceOfSatisfying(KernelException.class,
            e -> assertThat(e.errno()).isEqualTo(Errno.EIO));
    org.mockito.InOrder order = org.mockito.Mockito.inOrder(ops);
    order.verify(ops).setPerQueueCoalesce(org.mockito.ArgumentMatchers.eq(0),
        org.mockito.ArgumentMatchers.same(req));
    order.verify(ops).setPerQueueCoalesce(org.mockito.ArgumentMatchers.eq(1),
        org.mockito.ArgumentMatchers.same(req));
    order.verify(ops).setPerQueueCoalesce(org.mockito.ArgumentMatchers.eq(0),
        org.mockito.ArgumentMatchers.argThat(c -> c != req));
    order.verify(ops).setPerQueueCoalesce(org.mockito.ArgumentMatchers.eq(1),
        org.mockito.ArgumentMatchers.argThat(c -> c != req));
  }

  @Test
  void setCoalesceAsksTheDriverFirstAndNotifiesASet() throws Exception {
    // ethtool_set_coalesce: get_coalesce's error is the answer, before any check
    EthtoolOps ops = mock(EthtoolOps.class);
    when(ops.supportedCoalesceParams()).thenReturn(CoalesceParam.USECS);
    doThrow(new KernelException(Errno.EIO, "gone")).when(ops).getCoalesce(any());
    assertThatThrownBy(() -> Ethtool.setCoalesce(ops,
        new EthtoolCoalesce().set(CoalesceParam.TX_USECS_IRQ, 5)))
        .isInstanceOfSatisfying(KernelException.class,
            e -> assertThat(e.errno()).isEqualTo(Errno.EIO));
    EthtoolOps ok = mock(EthtoolOps.class);
    when(ok.supportedCoalesceParams()).thenReturn(CoalesceParam.USECS);
    Ethtool.setCoalesce(ok, new EthtoolCoalesce().txCoalesceUsecs(1));
    org.mockito.InOrder order = org.mockito.Mockito.inOrder(ok);
    order.verify(ok).getCoalesce(any());
    order.verify(ok).setCoalesce(any());
    order.verify(ok).coalesceNotify();
  }

  @Test
  void coalesceArgsParseEthtoolSpellings() {
    CoalesceArgs a = CoalesceArgs.parse("tx-usecs 5000 tx-frames 0x19 rx-usecs +100 adaptive-rx off");
    assertThat(a.values()).containsEntry(CoalesceParam.TX_USECS, 5000L)
        .containsEntry(CoalesceParam.TX_MAX_FRAMES, 25L)
        .containsEntry(CoalesceParam.RX_USECS, 100L)
        .containsEntry(CoalesceParam.USE_ADAPTIVE_RX, 0L);
    assertThat(a.toString()).isEqualTo("rx-usecs 100 tx-usecs 5000 tx-frames 25 adaptive-rx off");
  }

  @Test
  void coalesceArgsRefuseBadSpellingsNamingTheField() {
    assertThatThrownBy(() -> CoalesceArgs.parse("tx-usec 5"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("unknown parameter 'tx-usec'");
    assertThatThrownBy(() -> CoalesceArgs.parse("tx-usecs"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("tx-usecs: missing value");
    assertThatThrownBy(() -> CoalesceArgs.parse("tx-frames 5ms"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("tx-frames");
    assertThatThrownBy(() -> CoalesceArgs.parse("tx-usecs 4294967296"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("out of range");
    assertThatThrownBy(() -> CoalesceArgs.parse("tx-usecs 0x100000000"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("out of range");
    assertThatThrownBy(() -> CoalesceArgs.parse("tx-usecs -1"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("invalid value '-1'");
    assertThatThrownBy(() -> CoalesceArgs.parse("tx-usecs 0x"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("invalid value '0x'");
  }

  @Test
  void valuesArePlainIntegersAsEthtoolParsesThemNoUnits() {
    // ethtool's parse_u32 takes decimal or 0x hex and nothing else: "1ms" is its invalid value
    for (String w : new String[] {"1ms", "250us", "1s", "500ns", "1.5", "1e3", "-5"}) {
      assertThatThrownBy(() -> CoalesceArgs.parse("tx-usecs " + w))
          .isInstanceOf(BadInputException.class)
          .hasMessageStartingWith("tx-usecs: invalid value")
          .hasMessageContaining("no unit");
    }
    assertThat(CoalesceArgs.parse("tx-usecs 0010").values()).containsEntry(CoalesceParam.TX_USECS, 10L);
    assertThat(CoalesceArgs.parse("tx-usecs 4294967295").values())
        .containsEntry(CoalesceParam.TX_USECS, 4294967295L);
    assertThatThrownBy(() -> CoalesceArgs.parse("tx-usecs 1 tx-usecs 2"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("given twice");
  }

  private static final class FakeOps implements EthtoolOps {
    final EthtoolCoalesce current = new EthtoolCoalesce();

    @Override
    public int supportedCoalesceParams() {
      return CoalesceParam.USECS | CoalesceParam.MAX_FRAMES;
    }

    @Override
    public void getCoalesce(EthtoolCoalesce out) {
      for (CoalesceParam p : CoalesceParam.values()) {
        out.set(p, current.get(p));
      }
    }

    @Override
    public void setCoalesce(EthtoolCoalesce in) {
      for (CoalesceParam p : CoalesceParam.values()) {
        current.set(p, in.get(p));
      }
    }
  }
}
