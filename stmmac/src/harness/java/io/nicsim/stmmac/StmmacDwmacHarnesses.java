package io.nicsim.stmmac;

import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s32;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * {@code port-check --execute} harnesses for the dwmac register-level ops the model reaches:
 * the TX doorbells ({@code dwmac_enable_dma_transmission}, {@code dwmac4_set_tx_tail_ptr}), the
 * DMA interrupt decoders ({@code dwmac_dma_interrupt}, {@code dwmac4_dma_interrupt}) and the RX
 * descriptor ops of the enhanced (dwmac1000) and GMAC4 descriptors. The C is {@code dwmac.c}
 * (record layouts at its top); the Java side runs the static ports on {@link HarnessDwmacIo}
 * and {@link DmaDesc}.
 */
public final class StmmacDwmacHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/stmmac/";
  private static final String ST = "drivers/net/ethernet/stmicro/stmmac/";
  private static final String LIB = ST + "dwmac_lib.c";
  private static final String LIB4 = ST + "dwmac4_lib.c";
  private static final String ENH = ST + "enh_desc.c";
  private static final String DESC4 = ST + "dwmac4_descs.c";

  /** Each bit of a status word on its own, and the summaries with a cause. */
  private static final long[] STATUS_EDGES = statusEdges();

  private static long[] statusEdges() {
    long[] e = new long[40];
    for (int b = 0; b < 32; b++) {
      e[b] = 1L << b;
    }
    e[32] = 0x10000 | 0x40;
    e[33] = 0x10000 | 0x1;
    e[34] = 0x8000 | 0x20;
    e[35] = 0x8000 | 0x2000;
    e[36] = 0x8000 | 0x40 | 0x1;
    e[37] = 0x8000 | 0x200;
    e[38] = 0x4000 | 0x1 | 0x40;
    e[39] = 0xFFFF_FFFFL;
    return e;
  }

  private static final List<InputField> DESC_FIELDS = List.of(u32("des0"), u32("des1"),
      u32("des2"), u32("des3"), s32("disable_rx_ic").withEdges(0, 1, -1, 2),
      s32("mode").withEdges(0, 1, 2, -1),
      s32("end").withEdges(0, 1, -1),
      s32("bfsize").withEdges(1536, 2048, 4096, 8187, 8188, 8189, 8192, 16367, 16368, 16369,
          0x1FFF, 0x2000, -1));

  private static final List<InputField> OWNER_FIELDS = DESC_FIELDS.subList(0, 5);

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    out.add(base(LIB, "dwmac_enable_dma_transmission", 0, sources(LIB, "dwmac_dma.h"))
        .input(u32("chan").withEdges(0, 1, 7, 8))
        .notes("before the multi-channel change (dma-tx-chan-arg) the op has no channel")
        .java(kernel -> {
          boolean chanArg = patches(kernel).has(StmmacPatches.DMA_TX_CHAN_ARG);
          Out o = new Out();
          HarnessDwmacIo io = new HarnessDwmacIo(o);
          return r -> {
            o.reset();
            io.reset();
            Dwmac1000Hw.enableDmaTransmission(io, (int) r[0], chanArg);
            return o.toString();
          };
        })
        .build());
    out.add(base(LIB4, "dwmac4_set_tx_tail_ptr", 1, sources(LIB4, "dwmac4_dma.h"))
        .inputs(List.of(u32("tail_ptr"), u32("chan").withEdges(0, 1, 7, 8),
            range("addrs present", 0, 1), u32("addrs->dma_chan").withEdges(0x1100, 0x3100),
            u32("addrs->dma_chan_offset").withEdges(0x80, 0x100)))
        .java(kernel -> {
          Out o = new Out();
          HarnessDwmacIo io = new HarnessDwmacIo(o);
          return r -> {
            o.reset();
            io.reset();
            Dwmac4Hw.setTxTailPtr(io, addrs(r[2], r[3], r[4]), (int) r[0], (int) r[1]);
            return o.toString();
          };
        })
        .build());
    out.add(base(LIB, "dwmac_dma_interrupt", 2, sources(LIB, "dwmac_dma.h"))
        .inputs(List.of(range("chan", 0, 7), u32("dir").withEdges(0, 1, 2, 3, 4),
            u32("DMA_STATUS").withEdges(STATUS_EDGES),
            u32("DMA_INTR_ENA").withEdges(0, 0x40, 0x1, 0x41, 0x10041)))
        .notes("chan below MTL_MAX_TX_QUEUES (8): the caller's channel indexes the per-CPU"
            + " counts; the status word is at DMA_STATUS and at the channel's DMA_STATUS"
            + " (before and after the multi-channel change); DWMAC_DMA_DEBUG off")
        .java(kernel -> {
          boolean chanStatus = patches(kernel).has(StmmacPatches.DMA_TX_CHAN_ARG);
          Out o = new Out();
          HarnessDwmacIo io = new HarnessDwmacIo(o);
          return r -> {
            o.reset();
            io.reset();
            int chan = (int) r[0];
            io.set(0x1014, (int) r[2]);
            io.set(0x1014 + chan * 0x100, (int) r[2]);
            io.set(0x101c, (int) r[3]);
            StmmacXstats x = new StmmacXstats();
            int ret = Dwmac1000Hw.dmaInterrupt(io, x, chan, (int) r[1], chanStatus,
                w -> o.message("pr_warn", w));
            o.put("ret", ret);
            putXstats(o, x);
            return o.toString();
          };
        })
        .build());
    out.add(base(LIB4, "dwmac4_dma_interrupt", 3, sources(LIB4, "dwmac4_dma.h"))
        .inputs(List.of(range("chan", 0, 7), u32("dir").withEdges(0, 1, 2, 3, 4),
            u32("DMA_CHAN_STATUS").withEdges(STATUS_EDGES),
            u32("DMA_CHAN_INTR_ENA").withEdges(0, 0x40, 0x1, 0x41, 0xFFFF_FFFFL),
            range("addrs present", 0, 1), u32("addrs->dma_chan").withEdges(0x1100, 0x3100),
            u32("addrs->dma_chan_offset").withEdges(0x80, 0x100)))
        .notes("chan below MTL_MAX_TX_QUEUES (8): the caller's channel indexes the per-CPU"
            + " counts")
        .java(kernel -> {
          boolean rwtOutside = patches(kernel).has(StmmacPatches.DWMAC4_RWT_OUTSIDE_AIS);
          Out o = new Out();
          HarnessDwmacIo io = new HarnessDwmacIo(o);
          return r -> {
            o.reset();
            io.reset();
            int chan = (int) r[0];
            int base = r[4] != 0 ? (int) r[5] + chan * (int) r[6] : 0x1100 + chan * 0x80;
            io.set(base + 0x34, (int) r[3]);
            io.set(base + 0x60, (int) r[2]);
            StmmacXstats x = new StmmacXstats();
            int ret = Dwmac4Hw.dmaInterrupt(io, addrs(r[4], r[5], r[6]), x, chan, (int) r[1],
                rwtOutside);
            o.put("ret", ret);
            putXstats(o, x);
            return o.toString();
          };
        })
        .build());
    out.add(desc(ENH, "enh_desc_init_rx_desc", 4, DESC_FIELDS,
        sources(ENH, "descs_com.h", "descs.h"),
        (p, r) -> Dwmac1000Hw.initRxDesc(p, (int) r[4], (int) r[5], (int) r[6], (int) r[7])));
    out.add(desc(ENH, "enh_desc_set_rx_owner", 5, OWNER_FIELDS,
        sources(ENH, "descs_com.h", "descs.h"),
        (p, r) -> Dwmac1000Hw.setRxOwner(p, (int) r[4])));
    out.add(desc(DESC4, "dwmac4_rd_init_rx_desc", 6, DESC_FIELDS,
        sources(DESC4, "dwmac4_descs.h"),
        (p, r) -> Dwmac4Hw.initRxDesc(p, (int) r[4], (int) r[5], (int) r[6], (int) r[7])));
    out.add(desc(DESC4, "dwmac4_set_rx_owner", 7, OWNER_FIELDS,
        sources(DESC4, "dwmac4_descs.h"),
        (p, r) -> Dwmac4Hw.setRxOwner(p, (int) r[4])));
    return out;
  }

  private static PortHarness.Builder base(String file, String function, int which,
      List<String> sources) {
    return PortHarness.of(file, function)
        .sources(sources)
        .program(PortHarness.resource(StmmacDwmacHarnesses.class, DIR + "dwmac.c")
            + "\n//@ prelude\n#define NICSIM_DWMAC " + which + "\n");
  }

  private static List<String> sources(String file, String... headers) {
    List<String> s = new ArrayList<>();
    s.add(file);
    for (String h : headers) {
      s.add(ST + h);
    }
    s.add(ST + "common.h");
    s.addAll(KernelHeaders.ARITHMETIC);
    return s;
  }

  private static PortHarness desc(String file, String function, int which,
      List<InputField> fields, List<String> sources,
      BiConsumer<DmaDesc, long[]> port) {
    return base(file, function, which, sources)
        .inputs(fields)
        .java(kernel -> {
          patches(kernel);
          Out o = new Out();
          return r -> {
            o.reset();
            DmaDesc p = new DmaDesc((int) r[0], (int) r[1], (int) r[2], (int) r[3]);
            port.accept(p, r);
            return o.u32("des0", p.des0).u32("des1", p.des1).u32("des2", p.des2)
                .u32("des3", p.des3).toString();
          };
        })
        .build();
  }

  private static Dwmac4Addrs addrs(long present, long chan, long offset) {
    return present != 0 ? new Dwmac4Addrs((int) chan, (int) offset) : null;
  }

  private static void putXstats(Out o, StmmacXstats x) {
    o.u("tx_undeflow_irq", x.txUndeflowIrq).u("tx_jabber_irq", x.txJabberIrq)
        .u("rx_overflow_irq", x.rxOverflowIrq).u("rx_buf_unav_irq", x.rxBufUnavIrq)
        .u("rx_process_stopped_irq", x.rxProcessStoppedIrq)
        .u("rx_watchdog_irq", x.rxWatchdogIrq).u("tx_early_irq", x.txEarlyIrq)
        .u("tx_process_stopped_irq", x.txProcessStoppedIrq)
        .u("fatal_bus_error_irq", x.fatalBusErrorIrq).u("rx_early_irq", x.rxEarlyIrq);
    for (int q = 0; q < 8; q++) {
      o.u("rx_normal_irq_n", x.rxNormalIrqN[q]).u("tx_normal_irq_n", x.txNormalIrqN[q]);
    }
  }

  private static PatchSet patches(String kernel) {
    return StmmacHarnesses.patches(kernel);
  }
}
