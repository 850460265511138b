package io.nicsim.bcmgenet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.check.HostAudit;
import io.nicsim.core.check.Liveness;
import io.nicsim.core.check.TxLiveness.Cleaner;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.hostkit.MacHosts;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The driver's liveness answers for TX ring 0: what will reclaim its BDs as a frame goes
 * through xmit, TDMA, the TX-done interrupt and the TX NAPI; TDMA's done threshold and its
 * ring-empty interrupt; and the what-if that leaves TX0 masked after the poll completes.
 */
class BcmgenetTxLivenessTest {
  private static final MacHosts HOSTS = MacHosts.classPath();
  static final long MS = MacHosts.MS;

  /** Every distinct answer in turn (repeats collapsed), read every {@code periodNs}. */
  static final class Answers extends Event {
    final Host host;
    final BcmgenetDriver driver;
    final long periodNs;
    final List<Cleaner> seen = new ArrayList<>();
    final List<String> states = new ArrayList<>();

    Answers(Host host, long periodNs) {
      this.host = host;
      this.driver = (BcmgenetDriver) host.driver();
      this.periodNs = periodNs;
      host.sim().scheduleIn(this, periodNs);
    }

    @Override
    protected void fire() {
      Cleaner c = driver.txCleaner(0);
      if (seen.isEmpty() || seen.get(seen.size() - 1) != c) {
        seen.add(c);
        states.add(driver.txRingState(0));
      }
      host.sim().scheduleIn(this, periodNs);
    }
  }

  /** A bcm2711 host whose audit records liveness spells, probed every microsecond. */
  private static Liveness recording(Host[] out, String... patches) {
    HostConfig c = HostConfig.of("bcmgenet", "bcm2711")
        .withKernelConfig(KernelConfig.defaults().withTick(false))
        .withPatches(List.of(patches));
    Host h = HOSTS.create(c).host();
    out[0] = h;
    return HostAudit.attach(h).liveness().mode(Liveness.Mode.RECORD).probeEvery(1000);
  }

  @Test
  void aPingsFrameIsOwnedByTdmaThenPolledThenReclaimed() {
    for (String coalesce : new String[] {null, "tx-frames 64"}) {
      Host h = HOSTS.host("bcmgenet", "bcm2711", coalesce, null);
      BcmgenetDriver d = (BcmgenetDriver) h.driver();
      assertThat(d.txLivenessQueues()).isEqualTo(1);
      assertThat(d.txRingName(0)).isEqualTo("bcmgenet eth0 tx0");
      assertThat(d.txCleaner(0)).isEqualTo(Cleaner.EMPTY);
      MacHosts.ping(h, 1, 10 * MS, MS);
      Answers a = new Answers(h, 20);
      h.run(3 * MS);
      // with tx-frames 64 the one frame is below the threshold: the ring running empty raises
      // TX0; either way the idle core takes the interrupt as TDMA latches it, the ISR masks
      // TX0 and schedules the TX NAPI, whose poll reclaims the BD and unmasks it again
      assertThat(a.seen).as(coalesce + ": " + a.states).containsExactly(Cleaner.EMPTY,
          Cleaner.IC_PENDING, Cleaner.NAPI_SCHEDULED, Cleaner.EMPTY);
      assertThat(a.states.get(1)).contains("1 BDs held (1 owned by TDMA)")
          .contains("TX0 clear unmasked");
      assertThat(a.states.get(2)).contains("1 BDs held (0 owned by TDMA)")
          .contains("TX0 clear masked").contains("eth0-tx0 scheduled");
      assertThat(d.txQueuedCount(0)).isEqualTo(1);
      assertThat(d.txCleanedCount(0)).isEqualTo(1);
      assertThat(d.txRingState(0)).contains("c_index 1 prod_index 1").contains("free_bds 128")
          .contains("eth0-tx0 not scheduled");
    }
  }

  @Test
  void ownedBdsInterruptAtTheDoneThresholdOrWhenTheRingRunsEmpty() {
    Host h = HOSTS.host("bcmgenet", "bcm2711", null, null);
    GenetHw hw = ((BcmgenetDriver) h.driver()).hw();
    hw.tdmaDoneThresh = 4;
    hw.tdmaConsIndex = 10;
    hw.tdmaProdIndex = 10;
    assertThat(hw.tdmaDoneWillRaise(0)).isFalse();
    assertThat(hw.tdmaDoneWillRaise(3)).isFalse(); // BDs past the producer index, 3 < 4
    assertThat(hw.tdmaDoneWillRaise(4)).isTrue(); // the threshold
    hw.tdmaProdIndex = 13;
    assertThat(hw.tdmaDoneWillRaise(2)).isFalse(); // two done, the ring not yet empty
    assertThat(hw.tdmaDoneWillRaise(3)).isTrue(); // the third leaves the ring empty
    hw.tdmaConsIndex = 0xFFFE; // the 16-bit indices wrap
    hw.tdmaProdIndex = 1;
    assertThat(hw.tdmaDoneWillRaise(3)).isTrue();
    assertThat(hw.tdmaDoneWillRaise(2)).isFalse();
  }

  @Test
  void withoutTheTxIrqReenableNothingReclaimsTheRingAndTheAuditStopsTheRun() {
    Host h = HOSTS.host("bcmgenet", "bcm2711", null, null, "+lost-tx-irq-reenable");
    BcmgenetDriver d = (BcmgenetDriver) h.driver();
    MacHosts.ping(h, 100, 10 * MS, MS);
    Answers a = new Answers(h, 20);
    h.run(15 * MS);
    // the first frame is reclaimed; the poll that finds nothing left completes and leaves TX0
    // masked, so the second frame's done status latches unseen
    assertThat(a.seen).containsExactly(Cleaner.EMPTY, Cleaner.IC_PENDING,
        Cleaner.NAPI_SCHEDULED, Cleaner.EMPTY, Cleaner.NOTHING);
    assertThat(d.txRingState(0)).contains("1 BDs held (0 owned by TDMA)")
        .contains("TX0 latched masked").contains("eth0-tx0 not scheduled");
    assertThat(d.txQueuedCount(0)).isEqualTo(2);
    assertThat(d.txCleanedCount(0)).isEqualTo(1);

    // the missing INTRL2_CPU_MASK_CLEAR, written by hand: the latched status is now one the
    // ISR will read, and it gets the ring reclaimed
    GenetHw hw = d.hw();
    hw.intrl2.setEnable(hw.intrl2.enable() | GenetHw.TX0_BIT);
    assertThat(d.txCleaner(0)).isEqualTo(Cleaner.STATUS_LATCHED);
    assertThat(d.txRingState(0)).contains("TX0 latched unmasked");
    h.run(MS);
    assertThat(d.txCleaner(0)).isEqualTo(Cleaner.EMPTY);
    assertThat(d.txCleanedCount(0)).isEqualTo(2);
    // BQL stops the queue once the unreclaimed frames exceed its limit: no transmit follows
    assertThatThrownBy(() -> h.run(300 * MS)).isInstanceOfSatisfying(InvariantViolation.class,
        v -> {
          assertThat(v.component()).isEqualTo("liveness bcmgenet eth0 tx0");
          assertThat(v.state()).contains("nothing will clean them")
              .contains("TX0 latched masked").contains("queue stopped by BQL");
        });
  }

  @Test
  void theRealDriverIsNeverStrandedAndTheVariantIsFoundDead() {
    Host[] h = new Host[1];
    Liveness real = recording(h);
    MacHosts.ping(h[0], 200, MS / 2, MS);
    h[0].run(150 * MS);
    assertThat(real.driverTakesPart()).isTrue();
    assertThat(real.episodes()).isEmpty();
    assertThat(((BcmgenetDriver) h[0].driver()).txCleanedCount(0)).isEqualTo(200);

    Liveness broken = recording(h, "+lost-tx-irq-reenable");
    MacHosts.ping(h[0], 200, MS / 2, MS);
    h[0].run(150 * MS);
    assertThat(broken.episodes()).hasSize(1);
    Liveness.Episode e = broken.episodes().get(0);
    assertThat(e.component()).isEqualTo("bcmgenet eth0 tx0");
    assertThat(e.dead()).isTrue();
    assertThat(e.rescuedNs()).isEqualTo(-1);
    assertThat(e.state()).contains("TX0 clear masked");
  }
}
