package io.nicsim.bcmgenet;

import static io.nicsim.core.port.exec.InputField.range;

import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for bcmgenet's ring set-up: {@code
 * bcmgenet_init_tx_ring} whole (the ring's fields, every TDMA ring register it writes, by the
 * enum's name, and the TX NAPI it adds). The C is {@code rings.c} (record layout at its top);
 * the Java side is the port on {@link GenetDataHarnesses.Rig}'s hardware with the writes
 * recorded as the C's accessor records them.
 */
public final class GenetRingHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/bcmgenet/";
  private static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(GenetSources.MAIN_C, GenetSources.MAIN_H));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  @Override
  public List<PortHarness> harnesses() {
    return List.of(initTxRing());
  }

  private static PortHarness initTxRing() {
    return PortHarness.of(GenetSources.MAIN_C, "bcmgenet_init_tx_ring")
        .sources(SOURCES)
        .program(PortHarness.resource(GenetRingHarnesses.class, DIR + "rings.c"))
        .inputs(List.of(range("index", 0, 4), range("size", 0, 256),
            range("start_ptr", 0, 255).withEdges(0, 32, 64, 96, 128, 255),
            range("end_ptr", 1, 256).withEdges(32, 64, 96, 128, 256),
            range("words_per_bd", 2, 3)))
        // bcmgenet_init_tx_queues passes each ring its BDs of the 256: start < end <= 256,
        // size = end - start
        .admit(r -> {
          if (r[3] <= r[2]) {
            return null;
          }
          r[1] = r[3] - r[2];
          return r;
        })
        .notes("the ring's BDs as bcmgenet_init_tx_queues hands them out (start < end <= 256,"
            + " size = end - start); words_per_bd 2 (GENET v1-v3) or 3")
        .java(kernel -> {
          GenetDataHarnesses.Rig rig = new GenetDataHarnesses.Rig(kernel);
          rig.hw.writes = (accessor, reg, index, value) -> rig.out.call(accessor + ":" + reg,
              Integer.toUnsignedLong(index), Integer.toUnsignedLong(value));
          return r -> rig.run(g -> {
            g.reset();
            BcmgenetPriv priv = g.priv;
            priv.wordsPerBd = (int) r[4];
            BcmgenetDriver.initTxRing(priv, (int) r[0], (int) r[1], (int) r[2], (int) r[3]);
            BcmgenetPriv.TxRing ring = priv.tx;
            return g.out.u("index", Integer.toUnsignedLong(ring.index))
                .put("cbs", Integer.toUnsignedLong(ring.cbs))
                .u("size", Integer.toUnsignedLong(ring.size))
                .u("clean_ptr", Integer.toUnsignedLong(ring.cleanPtr))
                .u("c_index", Integer.toUnsignedLong(ring.cIndex))
                .u("free_bds", Integer.toUnsignedLong(ring.freeBds))
                .u("write_ptr", Integer.toUnsignedLong(ring.writePtr))
                .u("cb_ptr", Integer.toUnsignedLong(ring.cbPtr))
                .u("end_ptr", Integer.toUnsignedLong(ring.endPtr))
                .u("prod_index", Integer.toUnsignedLong(ring.prodIndex))
                .toString();
          });
        })
        .build();
  }
}
