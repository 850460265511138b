package io.nicsim.fec;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s32;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u8;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for fec's bring-up: the MAC reset, the address, the BD
 * rings' reset, the ring base registers, RX buffers, fec_restart whole (every register it writes,
 * for each PHY mode, speed, pause and jumbo setting) and phylib's link callback. The C drivers are
 * {@code src/main/resources/nicsim/portexec/fec/} on {@code data.c}.
 */
public final class FecSetupHarnesses implements PortHarnessProvider {

  @Override
  public List<PortHarness> harnesses() {
    return List.of(ctrlReset(), setHwMacAddr(), activeRxring(), enableRing(), bdInit(),
        restart(), allocRxqBuffers(), adjustLink(), getQueueNum(), allocQueue());
  }

  // ---------------------------------------------------------------- queue allocation

  private static PortHarness allocQueue() {
    return harness("fec_enet_alloc_queue")
        .inputs(List.of(range("num_tx_queues", 1, 3), range("num_rx_queues", 1, 3),
            range("kzalloc fails at", 0, 7), range("tso area fails at", 0, 4)))
        .notes("num_tx_queues and num_rx_queues as fec_enet_get_queue_num leaves them (1..3);"
            + " kzalloc and the TSO header area answer from the record")
        .java(kernel -> r -> {
          FecDataHarnesses.Rig rig = rig(kernel, 0, true);
          rig.fep.numTxQueues = (int) r[0];
          rig.fep.numRxQueues = (int) r[1];
          rig.k.resetAllocs((int) r[2], (int) r[3]);
          int ret = setup(rig).allocQueue();
          Out out = rig.out().put("ret", ret);
          for (int i = 0; i < FecConsts.FEC_ENET_MAX_TX_QS; i++) {
            FecTxq q = rig.fep.txQueue[i];
            if (q != null) {
              out.put("tx.ring_size", q.ringSize).put("tx_stop_threshold", q.txStopThreshold)
                  .put("tx_wake_threshold", q.txWakeThreshold).u("tso_hdrs_dma", q.tsoHdrsDma);
            }
          }
          for (int i = 0; i < FecConsts.FEC_ENET_MAX_RX_QS; i++) {
            FecRxq q = rig.fep.rxQueue[i];
            if (q != null) {
              out.put("rx.ring_size", q.ringSize);
            }
          }
          return out.u("total_tx_ring_size", Integer.toUnsignedLong(rig.fep.totalTxRingSize))
              .u("total_rx_ring_size", Integer.toUnsignedLong(rig.fep.totalRxRingSize))
              .toString();
        })
        .build();
  }

  // ---------------------------------------------------------------- the DT's queue counts

  private static PortHarness getQueueNum() {
    return PortHarness.of(FecSources.MAIN_C, "fec_enet_get_queue_num")
        .sources(FecDataHarnesses.SOURCES)
        .program(PortHarness.resource(FecSetupHarnesses.class,
            "nicsim/portexec/fec/fec_enet_get_queue_num.c"))
        .inputs(List.of(bool("of_node"), bool("of_device_is_available"),
            bool("num-tx-queues readable"),
            u32("num_tx").withEdges(0, 1, 2, 3, 4, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFFL),
            bool("num-rx-queues readable"),
            u32("num_rx").withEdges(0, 1, 2, 3, 4, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFFL)))
        .notes("of_device_is_available and of_property_read_u32 answer from the record (a failed"
            + " read leaves the count as it was)")
        .java(kernel -> {
          Out out = new Out();
          return r -> {
            out.reset();
            FecOfNode np = r[0] == 0 ? null : new FecOfNode() {
              @Override
              public boolean available() {
                return r[1] != 0;
              }

              @Override
              public Integer readU32(String name) {
                boolean tx = name.equals("fsl,num-tx-queues");
                if ((tx ? r[2] : r[4]) == 0) {
                  return null;
                }
                return (int) (tx ? r[3] : r[5]);
              }

              @Override
              public void devWarn(String text) {
                out.message("dev_warn", text);
              }
            };
            int[] q = FecSetup.getQueueNum(np);
            return out.put("num_tx", q[0]).put("num_rx", q[1]).toString();
          };
        })
        .build();
  }

  private static PortHarness.Builder harness(String function) {
    return PortHarness.of(FecSources.MAIN_C, function).sources(FecDataHarnesses.SOURCES)
        .program(FecDataHarnesses.program(function + ".c"));
  }

  private static FecDataHarnesses.Rig rig(String kernel, int quirks, boolean ex) {
    return new FecDataHarnesses.Rig(kernel, quirks, ex);
  }

  private static FecSetup setup(FecDataHarnesses.Rig rig) {
    return new FecSetup(rig.fep, new FecCoalesce(rig.fep));
  }

  private static InputField[] devAddr(String p) {
    InputField[] f = new InputField[6];
    for (int i = 0; i < 6; i++) {
      f[i] = u8(p + "dev_addr[" + i + "]");
    }
    return f;
  }

  // ---------------------------------------------------------------- registers

  private static PortHarness ctrlReset() {
    return harness("fec_ctrl_reset")
        .inputs(List.of(u32("quirks").withEdges(FecQuirk.HAS_MULTI_QUEUES,
            FecQuirk.NO_HARD_RESET, FecQuirk.HAS_MULTI_QUEUES | FecQuirk.NO_HARD_RESET),
            range("link", 0, 1), bool("allow_wol"),
            range("wol_flag", 0, 7).withEdges(FecSetup.FEC_WOL_FLAG_SLEEP_ON), u32("ECNTRL")))
        .java(kernel -> r -> {
          FecDataHarnesses.Rig rig = rig(kernel, (int) r[0], true);
          rig.fep.link = (int) r[1];
          rig.fep.wolFlag = (int) r[3];
          rig.mmio.set(FecRegisters.FEC_ECNTRL, (int) r[4]);
          setup(rig).ctrlReset(r[2] != 0);
          return rig.out().toString();
        })
        .build();
  }

  private static PortHarness setHwMacAddr() {
    return harness("fec_set_hw_mac_addr")
        .inputs(List.of(devAddr("")))
        .java(kernel -> r -> {
          FecDataHarnesses.Rig rig = rig(kernel, 0, true);
          for (int i = 0; i < 6; i++) {
            rig.k.devAddr[i] = (int) r[i];
          }
          setup(rig).setHwMacAddr();
          return rig.out().toString();
        })
        .build();
  }

  private static PortHarness activeRxring() {
    return harness("fec_enet_active_rxring")
        .input(range("num_rx_queues", 0, 3))
        .java(kernel -> r -> {
          FecDataHarnesses.Rig rig = rig(kernel, 0, true);
          rig.fep.numRxQueues = (int) r[0];
          setup(rig).activeRxring();
          return rig.out().toString();
        })
        .build();
  }

  private static PortHarness enableRing() {
    List<InputField> in = new ArrayList<>(List.of(range("num_rx_queues", 0, 3),
        range("num_tx_queues", 0, 3), u32("max_buf_size").withEdges(1984, 15744)));
    for (String d : List.of("rx", "tx")) {
      for (int q = 0; q < 3; q++) {
        in.add(u32(d + "_queue[" + q + "].bd.dma"));
      }
    }
    return harness("fec_enet_enable_ring")
        .inputs(in)
        .java(kernel -> r -> {
          FecDataHarnesses.Rig rig = rig(kernel, 0, true);
          FecEnetPrivate fep = rig.fep;
          fep.numRxQueues = (int) r[0];
          fep.numTxQueues = (int) r[1];
          fep.maxBufSize = (int) r[2];
          for (int q = 0; q < 3; q++) {
            fep.rxQueue[q] = new FecRxq(q);
            fep.rxQueue[q].bdDma = (int) r[3 + q];
            fep.txQueue[q] = new FecTxq(q);
            fep.txQueue[q].bdDma = (int) r[6 + q];
          }
          setup(rig).enableRing();
          return rig.out().toString();
        })
        .build();
  }

  // ---------------------------------------------------------------- the BD rings

  private static final int BDI_HEAD = 5;

  private static PortHarness bdInit() {
    List<InputField> in = new ArrayList<>(List.of(bool("bufdesc_ex"),
        range("num_rx_queues", 1, 3), range("num_tx_queues", 1, 3), range("ring_log2", 2, 3),
        u32("tso_hdrs_dma").withEdges(0x1000)));
    for (int i = 0; i < 8; i++) {
      in.add(u32("rx.bd[" + i + "].cbd_bufaddr").withEdges(0));
    }
    for (int i = 0; i < 8; i++) {
      in.add(u16("tx.bd[" + i + "].cbd_sc").withEdges(0x8000, 0x9c00, 0x2000));
      in.add(u32("tx.bd[" + i + "].cbd_bufaddr").withEdges(0, 0x1000, 0x1100, 0x1800));
      in.add(u16("tx.bd[" + i + "].cbd_datlen"));
      in.add(bool("tx.bd[" + i + "].skb"));
    }
    return harness("fec_enet_bd_init")
        .inputs(in)
        .notes("every ring 4 or 8 BDs with the same words; TX buffers are skbs (XDP needs a"
            + " program)")
        .java(kernel -> r -> runBdInit(kernel, r))
        .build();
  }

  private static String runBdInit(String kernel, long[] r) {
    FecDataHarnesses.Rig rig = rig(kernel, 0, r[0] != 0);
    FecEnetPrivate fep = rig.fep;
    fep.numRxQueues = (int) r[1];
    fep.numTxQueues = (int) r[2];
    int size = 1 << r[3];
    for (int q = 0; q < 3; q++) {
      FecRxq rxq = new FecRxq(q);
      rxq.ring(size);
      rxq.bd.cur = size - 1;
      FecTxq txq = new FecTxq(q);
      txq.ring(size);
      txq.bd.cur = size - 1;
      txq.dirtyTx = 0;
      txq.tsoHdrsDma = r[4];
      fep.rxQueue[q] = rxq;
      fep.txQueue[q] = txq;
      for (int i = 0; i < size; i++) {
        rxq.bds.setStatus(i, 0x1234);
        rxq.bds.bufaddr[i] = (int) r[BDI_HEAD + i];
        int t = BDI_HEAD + 8 + i * 4;
        txq.bds.setStatus(i, (int) r[t]);
        txq.bds.bufaddr[i] = (int) r[t + 1];
        txq.bd.setBufLen(i, (int) r[t + 2]);
        if (r[t + 3] != 0) {
          txq.bd.setSkb(i, rig.k.skb(0, 0));
        }
      }
    }
    setup(rig).bdInit();
    Out out = rig.out();
    for (int q = 0; q < 3; q++) {
      FecRxq rxq = fep.rxQueue[q];
      FecTxq txq = fep.txQueue[q];
      out.put("rx.cur", rxq.bd.cur).put("tx.cur", txq.bd.cur).put("dirty_tx", txq.dirtyTx);
      for (int i = 0; i < size; i++) {
        out.put("rx.sc", rxq.bds.status(i)).put("tx.sc", txq.bds.status(i))
            .u32("tx.bufaddr", txq.bds.bufaddr[i]).put("tx.buf", txq.bd.skb(i) != null)
            .put("tx.type", txq.txBufType[i]);
      }
    }
    return out.toString();
  }

  private static PortHarness allocRxqBuffers() {
    List<InputField> in = new ArrayList<>(List.of(bool("bufdesc_ex"), range("queue", 0, 2),
        range("ring_log2", 2, 4), range("fec_enet_create_page_pool", -12, 0)));
    for (int k = 0; k < 6; k++) {
      in.add(bool("page_pool_dev_alloc_pages[" + k + "].ok"));
    }
    return harness("fec_enet_alloc_rxq_buffers")
        .inputs(in)
        .notes("fec_enet_create_page_pool and fec_enet_free_buffers are recording stubs; page"
            + " allocations from the seventh on succeed")
        .java(kernel -> r -> {
          FecDataHarnesses.Rig rig = rig(kernel, 0, r[0] != 0);
          FecEnetPrivate fep = rig.fep;
          int q = (int) r[1];
          int size = 1 << r[2];
          rig.k.ansCreatePagePool = (int) r[3];
          for (int k = 0; k < 6; k++) {
            rig.k.allocOk[k] = r[4 + k] != 0;
          }
          FecRxq rxq = new FecRxq(q);
          rxq.ring(size);
          rxq.bds.ex = fep.bufdescEx;
          fep.numRxQueues = FecConsts.FEC_ENET_MAX_RX_QS;
          fep.rxQueue[q] = rxq;
          Out out = rig.out();
          out.put("ret", setup(rig).allocRxqBuffers(q));
          for (int i = 0; i < size; i++) {
            out.put("sc", rxq.bds.status(i)).u32("bufaddr", rxq.bds.bufaddr[i]);
            if (fep.bufdescEx) {
              out.u32("esc", rxq.bds.esc[i]);
            }
            out.put("page", rxq.page[i]).put("offset", rxq.pageOffset[i]);
          }
          return out.toString();
        })
        .build();
  }

  // ---------------------------------------------------------------- restart and link

  /** phy_interface_t values: MII, RMII, the four RGMII modes and their neighbours. */
  private static final long[] PHY_MODES = {2, 6, 7, 8, 9, 10, 11, 12, 13};

  private static PortHarness restart() {
    List<InputField> in = new ArrayList<>(List.of(
        u32("quirks").withEdges(FecDataHarnesses.QUIRK_EDGES).withEdges(FecQuirk.ENET_MAC,
            FecQuirk.USE_GASKET, FecQuirk.ENET_MAC | FecQuirk.JUMBO_FRAME,
            FecQuirk.ENET_MAC | FecQuirk.HAS_RACC | FecQuirk.DELAYED_CLKS_SUPPORT,
            FecDevinfo.IMX25.quirks()),
        bool("bufdesc_ex"), range("link", 0, 1), range("mtu", 0, 16000).withEdges(1500, 1956,
            1957, 1958, 1962, 9000),
        range("full_duplex", 0, 1), u32("phy_speed"), u32("RACC").withEdges(0x86, 0x80, 0x6),
        bool("csum_flags&FLAG_RX_CSUM_ENABLED"),
        range("phy_interface", 0, 31).withEdges(PHY_MODES), bool("phydev"),
        s32("phydev.speed").withEdges(10, 100, 1000, -1), range("phydev.pause", 0, 1),
        range("pause_flag", 0, 3), range("rgmii_txc_dly", 0, 1), range("rgmii_rxc_dly", 0, 1),
        range("num_rx_queues", 1, 3), range("num_tx_queues", 1, 3),
        u32("rx_frame_size").withEdges(3520, 15744, 15745), u32("max_buf_size")
            .withEdges(1984, 15744),
        u32("rx_time_itr").withEdges(0, 1000), u32("rx_pkts_itr").withEdges(0, 1, 200),
        u32("tx_time_itr").withEdges(0, 1000), u32("tx_pkts_itr").withEdges(0, 1, 200),
        u32("itr_clk_rate").withEdges(333_333_333L, 66_000_000L)));
    in.addAll(List.of(devAddr("")));
    return harness("fec_restart")
        .inputs(in)
        .admit(r -> {
          if (r[23] == 0) { // the ahb clock: probe fails without one
            r[23] = 66_000_000L;
          }
          return r;
        })
        .notes("fec_enet_bd_init, set_multicast_list, the PTP helpers, fec_enet_reset_skb and"
            + " udelay are recording stubs (bd_init executed on its own); fec_ctrl_reset,"
            + " fec_set_hw_mac_addr, fec_enet_enable_ring, fec_enet_active_rxring and"
            + " fec_enet_itr_coal_set run as the tree's C; the 6.1/6.12 address copy's two"
            + " uninitialised bytes read 0 (the driver zeroes the stack first)")
        .java(kernel -> r -> runRestart(kernel, r))
        .build();
  }

  private static String runRestart(String kernel, long[] r) {
    FecDataHarnesses.Rig rig = rig(kernel, (int) r[0], r[1] != 0);
    FecEnetPrivate fep = rig.fep;
    FecHarnessKernel k = rig.k;
    fep.link = (int) r[2];
    k.mtu = (int) r[3];
    fep.fullDuplex = (int) r[4];
    fep.phySpeed = (int) r[5];
    rig.mmio.set(FecRegisters.FEC_RACC, (int) r[6]);
    fep.csumFlags = r[7] != 0 ? FecBds.FLAG_RX_CSUM_ENABLED : 0;
    fep.phyInterface = (int) r[8];
    k.hasPhydev = r[9] != 0;
    k.phySpeed = (int) r[10];
    k.phyPause = r[11] != 0;
    fep.pauseFlag = (int) r[12];
    fep.rgmiiTxcDly = r[13] != 0;
    fep.rgmiiRxcDly = r[14] != 0;
    fep.numRxQueues = (int) r[15];
    fep.numTxQueues = (int) r[16];
    fep.rxFrameSize = (int) r[17];
    fep.maxBufSize = (int) r[18];
    fep.rxTimeItr = (int) r[19];
    fep.rxPktsItr = (int) r[20];
    fep.txTimeItr = (int) r[21];
    fep.txPktsItr = (int) r[22];
    fep.itrClkRate = (int) r[23];
    for (int i = 0; i < 6; i++) {
      k.devAddr[i] = (int) r[24 + i];
    }
    for (int q = 0; q < 3; q++) {
      fep.rxQueue[q] = new FecRxq(q);
      fep.rxQueue[q].bdDma = 0x1000_0000 + q * 0x1000;
      fep.txQueue[q] = new FecTxq(q);
      fep.txQueue[q].bdDma = 0x2000_0000 + q * 0x1000;
    }
    new FecSetup(fep, new FecCoalesce(fep)) {
      @Override
      void bdInit() {
        rig.out().call("fec_enet_bd_init");
      }
    }.restart();
    return rig.out().toString();
  }

  private static PortHarness adjustLink() {
    return harness("fec_enet_adjust_link")
        .inputs(List.of(bool("netif_running"), bool("netif_device_present"),
            u32("quirks").withEdges(FecQuirk.HAS_EEE), range("link", 0, 1),
            range("full_duplex", 0, 1), s32("speed").withEdges(10, 100, 1000, -1),
            range("phy.link", 0, 1), range("phy.duplex", -1, 1),
            s32("phy.speed").withEdges(10, 100, 1000, -1), bool("phy.enable_tx_lpi"),
            u32("phy.eee_cfg.tx_lpi_timer")))
        .notes("fec_restart, fec_stop, fec_enet_eee_mode_set, phy_print_status and the"
            + " netif/NAPI calls are recording stubs")
        .java(kernel -> r -> {
          FecDataHarnesses.Rig rig = rig(kernel, (int) r[2], true);
          FecEnetPrivate fep = rig.fep;
          FecHarnessKernel k = rig.k;
          k.netifRunning = r[0] != 0;
          k.netifDevicePresent = r[1] != 0;
          fep.link = (int) r[3];
          fep.fullDuplex = (int) r[4];
          fep.speed = (int) r[5];
          k.phyLink = (int) r[6];
          k.phyDuplex = (int) r[7];
          k.phySpeed = (int) r[8];
          k.phyEnableTxLpi = r[9] != 0;
          k.phyTxLpiTimer = (int) r[10];
          k.eeeTimerArg = fep.patches.has(FecPatches.EEE_LPI_TIMER);
          new FecSetup(fep, new FecCoalesce(fep)) {
            @Override
            public void restart() {
              rig.out().call("fec_restart");
            }
          }.adjustLink();
          return rig.out().put("link", fep.link).put("full_duplex", fep.fullDuplex)
              .put("speed", fep.speed).toString();
        })
        .build();
  }
}
