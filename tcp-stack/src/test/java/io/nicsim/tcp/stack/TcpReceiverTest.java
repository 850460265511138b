package io.nicsim.tcp.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TcpReceiverTest {
  private static final long MS = 1_000_000L;
  private static final int MSS = 1448;

  private record Ack(long at, long rcvNxt, int nsacks, long firstSackStart) {}

  private final Simulator sim = new Simulator(1);
  private final List<Ack> acks = new ArrayList<>();

  private TcpReceiver receiver(PathConfig cfg) {
    return new TcpReceiver(sim, (rcvNxt, w, s, e, n) ->
        acks.add(new Ack(sim.now(), rcvNxt, n, n > 0 ? s[0] : -1)), cfg);
  }

  private static PathConfig cfg() {
    return PathConfig.of(20 * MS, 0, 0);
  }

  private void segmentAt(TcpReceiver r, long at, long offset, boolean psh) {
    sim.schedule(Event.of(() -> r.segment(offset, MSS, psh)), at);
  }

  @Test
  void quickacksEverySegmentAtFirstThenEverySecondFullSegment() {
    TcpReceiver r = receiver(cfg());
    for (int i = 0; i < 40; i++) {
      segmentAt(r, 1_000_000L + i * 10_000L, (long) i * MSS, false);
    }
    sim.runUntil(2 * MS);

    // 16 quick ACKs (TCP_MAX_QUICKACKS), one per segment
    for (int i = 0; i < 16; i++) {
      assertThat(acks.get(i).rcvNxt()).isEqualTo((long) (i + 1) * MSS);
    }
    // then one ACK per two full segments
    for (int i = 16; i < acks.size(); i++) {
      assertThat(acks.get(i).rcvNxt() - acks.get(i - 1).rcvNxt()).isEqualTo(2L * MSS);
    }
    assertThat(acks).hasSize(16 + (40 - 16) / 2);
  }

  @Test
  void aLoneSegmentIsAckedByTheDelayedAckTimer() {
    TcpReceiver r = receiver(cfg());
    for (int i = 0; i < 17; i++) {
      segmentAt(r, 1_000_000L + i * 10_000L, (long) i * MSS, false);
    }
    sim.runUntil(100 * MS);
    Ack last = acks.get(acks.size() - 1);
    assertThat(last.rcvNxt()).isEqualTo(17L * MSS);
    // quickack over: ato = TCP_ATO_MIN (HZ/25 = 40 ms), timer on the jiffy grid
    long lastSegmentAt = 1_000_000L + 16 * 10_000L;
    assertThat(last.at() - lastSegmentAt).isBetween(39 * MS, 41 * MS);
  }

  @Test
  void outOfOrderDataGetsThreeImmediateSackedDupacksThenCompressedOnes() {
    TcpReceiver r = receiver(cfg());
    for (int i = 0; i < 20; i++) {
      segmentAt(r, 1_000_000L + i * 10_000L, (long) i * MSS, false);
    }
    sim.runUntil(2 * MS);
    int before = acks.size();
    long hole = 20L * MSS;
    // segment 20 is lost; 21..30 arrive 10 us apart
    for (int i = 21; i <= 30; i++) {
      segmentAt(r, 3 * MS + (i - 21) * 10_000L, (long) i * MSS, false);
    }
    sim.runUntil(3 * MS + 95_000L);
    List<Ack> dup = acks.subList(before, acks.size());
    assertThat(dup).hasSize(3);
    for (Ack a : dup) {
      assertThat(a.rcvNxt()).isEqualTo(hole);
      assertThat(a.nsacks()).isEqualTo(1);
      assertThat(a.firstSackStart()).isEqualTo(hole + MSS);
    }
    // the compressed SACK follows after min(1 ms, srtt / 20)
    sim.runUntil(5 * MS);
    assertThat(acks.size()).isEqualTo(before + 4);
    assertThat(acks.get(before + 3).at() - (3 * MS + 30_000L)).isLessThanOrEqualTo(1 * MS);

    // the retransmission fills the hole: ACK at once, everything covered, no SACK left
    segmentAt(r, 6 * MS, hole, false);
    sim.runUntil(6 * MS);
    Ack fill = acks.get(acks.size() - 1);
    assertThat(fill.at()).isEqualTo(6 * MS);
    assertThat(fill.rcvNxt()).isEqualTo(31L * MSS);
    assertThat(fill.nsacks()).isZero();
  }

  @Test
  void groMergesOneSenderSkbIntoOneStretchAck() {
    TcpReceiver r = receiver(cfg().withGro(50_000));
    // quickack phase first
    for (int i = 0; i < 16; i++) {
      segmentAt(r, 1_000_000L + i * 100_000L, (long) i * MSS, true);
    }
    sim.runUntil(3 * MS);
    int before = acks.size();
    // a 10-segment TSO burst, 12 us apart, PSH on the last segment
    for (int i = 0; i < 10; i++) {
      segmentAt(r, 4 * MS + i * 12_000L, (long) (16 + i) * MSS, i == 9);
    }
    sim.runUntil(5 * MS);
    assertThat(acks).hasSize(before + 1);
    assertThat(acks.get(acks.size() - 1).rcvNxt()).isEqualTo(26L * MSS);
  }
}
