package io.nicsim.scenarios.seeds;

import io.nicsim.scenarios.ReproContext;
import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import io.nicsim.scenarios.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reply in seed 003: why the frame counter must stay when the IC bit is set at the end of
 * every xmit burst. A batch larger than the ring, with IC only at the burst end and no counter,
 * fills the ring without a single completion point and stalls until the coalesce timer; with the
 * counter (d21a374995df as merged) a full ring holds about ring/tx-frames completion points.
 */
public final class StmmacRingBound implements Scenario {
  static final String VARIANT = "+ic-burst-end-only";
  static final String PATCH = "+burst-end-ic";

  @Override
  public String name() {
    return "stmmac-ring-bound";
  }

  @Override
  public String title() {
    return "stmmac: the frame counter bounds the IC distance (reply in 003)";
  }

  @Override
  public List<String> seeds() {
    return List.of("003_55d7a8cd0e725948.txt");
  }

  @Override
  public LinkedHashMap<String, String> assumptions() {
    LinkedHashMap<String, String> a = new LinkedHashMap<>();
    a.put("batch", "one dev_hard_start_xmit list of 600 (512 ring) or 100 (64 ring) 60-byte"
        + " skbs with xmit_more on all but the last, as qdisc bulk dequeue makes when BQL"
        + " allows; one descriptor per skb");
    a.put("kernel", "v6.18 plus d21a374995df (IC at burst end, frame counter kept), or plus"
        + " the variant the reply argues against (IC at burst end only, no counter)");
    a.put("hardware", "cyclone5 (dwmac1000, 512-descriptor ring, 5 ms tx-usecs, 25"
        + " tx-frames); cyclone5-ring64 for DMA_MIN_TX_SIZE");
    a.put("published", "none measured: the reply's own arithmetic, dma_tx_size / tx_coal_frames"
        + " completion points in a full ring (512/25 -> 20; 'even the minimum 64-descriptor"
        + " ring still holds two'), is kept as claim rows");
    a.put("stall", "from the last frame leaving the wire to the queue being woken");
    return a;
  }

  @Override
  public List<Row> run(ReproContext ctx) {
    RingBatchProbe.Result variant = RingBatchProbe.run(ctx.hosts(), "cyclone5", "v6.18",
        List.of(VARIANT), 600, ctx.seed());
    RingBatchProbe.Result counter = RingBatchProbe.run(ctx.hosts(), "cyclone5", "v6.18",
        List.of(PATCH), 600, ctx.seed());
    RingBatchProbe.Result small = RingBatchProbe.run(ctx.hosts(), "cyclone5-ring64", "v6.18",
        List.of(PATCH), 100, ctx.seed());
    List<Row> rows = new ArrayList<>();
    rows.add(row("no counter, 512", "cyclone5", VARIANT, "ic_per_full_ring", "desc", 0.0,
        variant.icSet(), Role.PREDICTION));
    rows.add(row("no counter, 512", "cyclone5", VARIANT, "stall_ms", "ms", null,
        variant.stallMs(), Role.EXTRA));
    // the reply's 20 and 2 are its author's arithmetic (dma_tx_size / tx_coal_frames), not
    // measurements: claim rows, judged by the IC descriptors the port sets in a full ring
    rows.add(Row.claim(row("counter, 512", "cyclone5", PATCH, "ic_per_full_ring", "desc", null,
        counter.icSet(), Role.EXTRA), "with the frame counter a full 512-descriptor ring still"
        + " holds completion points: 512/25 -> 20 (reply in 003, the author's arithmetic)",
        counter.icSet() >= 1 ? Row.Verdict.SUPPORTED : Row.Verdict.REFUTED));
    rows.add(row("counter, 512", "cyclone5", PATCH, "stall_ms", "ms", null,
        counter.stallMs(), Role.EXTRA));
    rows.add(Row.claim(row("counter, 64", "cyclone5-ring64", PATCH, "ic_per_full_ring", "desc",
        null, small.icSet(), Role.EXTRA), "'even the minimum 64-descriptor ring still holds"
        + " two' completion points: 64/25 (reply in 003, the author's arithmetic)",
        small.icSet() >= 2 ? Row.Verdict.SUPPORTED : Row.Verdict.REFUTED));
    rows.add(row("counter, 64", "cyclone5-ring64", PATCH, "stall_ms", "ms", null,
        small.stallMs(), Role.EXTRA));
    rows.add(row("no counter, 512", "cyclone5", VARIANT, "skbs_in_ring", "skb", null,
        variant.sent(), Role.EXTRA));
    Map<String, double[][]> series = new LinkedHashMap<>();
    series.put("no counter", new double[][] {{512, variant.stallMs()}});
    series.put("counter", new double[][] {{64, small.stallMs()}, {512, counter.stallMs()}});
    ctx.plotKnob("queue stall after a ring-sized batch", "TX ring size", "stall (ms)", series);
    return rows;
  }

  private static Row row(String c, String soc, String patch, String metric, String unit,
      Double published, double simulated, Role role) {
    Map<String, Long> coalesce = new LinkedHashMap<>();
    coalesce.put("tx-usecs", 5000L);
    coalesce.put("tx-frames", 25L);
    return new Row(c, soc, "v6.18", List.of(patch), coalesce, metric, unit, published, simulated,
        role);
  }
}
