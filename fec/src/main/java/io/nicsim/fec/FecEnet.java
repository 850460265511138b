package io.nicsim.fec;

import static io.nicsim.fec.FecRegisters.*;

import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.nic.FrameSink;
import io.nicsim.core.nic.Link;
import io.nicsim.core.nic.RxDmaEngine;
import io.nicsim.core.nic.RxModeration;
import io.nicsim.core.nic.TxDmaEngine;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * The ENET controller behind {@link FecRegisters}: per ring a TX DMA engine, an RX DMA engine
 * and the two interrupt coalescers, the event register feeding up to three interrupt lines.
 *
 * <p>Modelling choices: frames from the link go to RX ring 0 (untagged traffic; the AVB
 * classifier that steers VLAN priorities to rings 1/2 is not modelled); interrupt line 0
 * carries ring 0 and every non-ring event, lines 1 and 2 carry rings 1 and 2; TDAR reads
 * non-zero while that TX DMA is running.
 */
public final class FecEnet implements FecRegisters.Listener {
  /** ETH_FCS_LEN: the CRC the MAC stores after every received frame. */
  static final int ETH_FCS_LEN = 4;
  private final Simulator sim;
  private final Kernel kernel;
  private final FecRegisters regs;
  private final Link link;
  private final long txFetchNs;
  private final EnetCoalescer[] rxCoal = new EnetCoalescer[FecConsts.FEC_ENET_MAX_RX_QS];
  private final EnetCoalescer[] txCoal = new EnetCoalescer[FecConsts.FEC_ENET_MAX_TX_QS];
  private final TxDmaEngine[] txDma = new TxDmaEngine[FecConsts.FEC_ENET_MAX_TX_QS];
  /** TX rings whose DMA has hung (fault injection): TDAR writes are ignored until restart. */
  private final boolean[] txHung = new boolean[FecConsts.FEC_ENET_MAX_TX_QS];
  private final RxDmaEngine[] rxDma = new RxDmaEngine[FecConsts.FEC_ENET_MAX_RX_QS];
  private IrqLine[] lines = new IrqLine[0];
  private int[] lineMasks = new int[0];
  private FecEnetPrivate fep;
  private boolean etheren;
  private long droppedWhileDisabled;
  /** When each event bit was last raised, by bit index (for the suite and traces). */
  private final long[] raisedAt = new long[32];
  private long txDoorbells;

  /**
   * @param ahbHz the ENET system clock, the ITR clock with ICCS = 1
   * @param txClockHz the MII/GMII TX clock (ICCS = 0)
   * @param txFetchNs from a TDAR write on an idle TX DMA to the frame's first bit
   */
  public FecEnet(Simulator sim, Kernel kernel, FecRegisters regs, Link link, long ahbHz,
      long txClockHz, long txFetchNs) {
    this.sim = sim;
    this.kernel = kernel;
    this.regs = regs;
    this.link = link;
    this.txFetchNs = txFetchNs;
    for (int q = 0; q < rxCoal.length; q++) {
      rxCoal[q] = coalescer(rxfGet(q), ahbHz, txClockHz);
      txCoal[q] = coalescer(txfGet(q), ahbHz, txClockHz);
    }
    regs.listener(this);
  }

  private EnetCoalescer coalescer(int eventBit, long ahbHz, long txClockHz) {
    EnetCoalescer[] self = new EnetCoalescer[1];
    Event expiry =
        new Event() {
          @Override
          protected void fire() {
            self[0].timerExpired();
          }
        };
    self[0] =
        new EnetCoalescer(
            new EnetCoalescer.Timer() {
              @Override
              public void arm(long atNs) {
                sim.schedule(expiry, atNs);
              }

              @Override
              public void cancel() {
                sim.cancel(expiry);
              }
            },
            () -> raise(eventBit),
            ahbHz,
            txClockHz);
    return self[0];
  }

  /** TX frames done that queue {@code q}'s coalescer has not yet signalled. */
  int txCoalPending(int q) {
    return txCoal[q].pending();
  }

  /** The driver state whose rings the DMA engines use (set before probe). */
  public void bind(FecEnetPrivate fep) {
    this.fep = fep;
  }

  /** The interrupt lines, after request_irq. */
  public void lines(IrqLine[] lines) {
    this.lines = lines;
    this.lineMasks = new int[lines.length];
    for (int l = 0; l < lines.length; l++) {
      int mask = rxfGet(l) | txfGet(l);
      if (l == 0) {
        mask |= ~(FEC_ENET_RXF | FEC_ENET_TXF); // every non-ring event
      }
      if (lines.length == 1) {
        mask = 0xffffffff;
      }
      lineMasks[l] = mask;
      final int m = mask;
      lines[l].levelTriggered(() -> (regs.ievent() & regs.imask() & m) != 0);
    }
  }

  /** The hardware sets event bits; an unmasked one asserts its line. */
  void raise(int bits) {
    raisedAt[Integer.numberOfTrailingZeros(bits)] = sim.now();
    regs.raise(bits);
    evaluateLines();
  }

  private void evaluateLines() {
    int pending = regs.ievent() & regs.imask();
    if (pending == 0) {
      return;
    }
    for (int l = 0; l < lines.length; l++) {
      if ((pending & lineMasks[l]) != 0) {
        lines[l].raise();
      }
    }
  }

  @Override
  public void written(int offset, int value) {
    switch (offset) {
      case FEC_IMASK:
        evaluateLines();
        break;
      case FEC_ECNTRL:
        ecntl(value);
        break;
      case FEC_RXIC0:
      case FEC_RXIC1:
      case FEC_RXIC2:
        rxCoal[(offset - FEC_RXIC0) >> 2].write(value);
        break;
      case FEC_TXIC0:
      case FEC_TXIC1:
      case FEC_TXIC2:
        txCoal[(offset - FEC_TXIC0) >> 2].write(value);
        break;
      case FEC_X_DES_ACTIVE_0:
        txDoorbell(0);
        break;
      case FEC_X_DES_ACTIVE_1:
        txDoorbell(1);
        break;
      case FEC_X_DES_ACTIVE_2:
        txDoorbell(2);
        break;
      case FEC_X_DES_START_0:
        txStart(0);
        break;
      case FEC_X_DES_START_1:
        txStart(1);
        break;
      case FEC_X_DES_START_2:
        txStart(2);
        break;
      case FEC_R_DES_START_0:
        rxStart(0);
        break;
      case FEC_R_DES_START_1:
        rxStart(1);
        break;
      case FEC_R_DES_START_2:
        rxStart(2);
        break;
      default:
        break; // RDAR: the RX DMA takes any empty BD as it comes
    }
  }

  @Override
  public int readDoorbell(int offset) {
    for (int q = 0; q < txDma.length; q++) {
      if (offset == xDesActive(q)) {
        return txDma[q] != null && txDma[q].running() ? 1 << 24 : 0;
      }
    }
    return 0;
  }

  private void ecntl(int value) {
    boolean on = (value & FEC_ECR_ETHEREN) != 0;
    if (!on) {
      for (TxDmaEngine t : txDma) {
        if (t != null) {
          t.reset(t.hwIndex()); // transmitter stopped; the frame on the wire is lost
        }
      }
    }
    etheren = on;
  }

  private void txDoorbell(int q) {
    txDoorbells++;
    if (txDma[q] != null && etheren && !txHung[q]) {
      txDma[q].doorbell(kernel.now());
    }
  }

  private void txStart(int q) {
    if (txDma[q] == null) {
      final EnetCoalescer coal = txCoal[q];
      txDma[q] =
          new TxDmaEngine(sim, fep.txQueue[q].bd, link, txFetchNs,
              (first, last, ic) -> {
                if (ic) {
                  coal.frameDone(sim.now());
                }
              });
    }
    txDma[q].reset(0);
    txHung[q] = false;
  }

  /**
   * Fault injection: ring {@code q}'s TX DMA stops where it is and ignores TDAR until the ring
   * is started again (fec_restart writes the ring's start register), as a wedged uDMA does.
   */
  public void hangTxDma(int q) {
    txHung[q] = true;
    txDma[q].reset(txDma[q].hwIndex());
  }

  public boolean txDmaHung(int q) {
    return txHung[q];
  }

  /**
   * The end of a hang fec_restart did not clear first ({@code --fault tx-hang,for=}): the uDMA
   * resumes where it stopped, as on a TDAR write.
   */
  public void releaseTxDma(int q) {
    if (!txHung[q]) {
      return;
    }
    txHung[q] = false;
    if (txDma[q] != null && etheren) {
      txDma[q].doorbell(kernel.now());
    }
  }

  private void rxStart(int q) {
    if (rxDma[q] == null) {
      final EnetCoalescer coal = rxCoal[q];
      final FecRxq rxq = fep.rxQueue[q];
      final RxDmaEngine[] self = new RxDmaEngine[1];
      rxDma[q] =
          new RxDmaEngine(rxq.bd,
              new RxModeration() {
                @Override
                public void frameReceived(boolean ic) {
                  // the write-back: the frame's last BD gets L (the engine has moved past it)
                  rxq.bds.rxWriteBack(rxq.bd.wrap(self[0].hwIndex() - 1),
                      FecBds.BD_ENET_RX_LAST);
                  if (ic) {
                    coal.frameDone(sim.now());
                  }
                }

                @Override
                public long interrupts() {
                  return coal.raised();
                }
              });
      self[0] = rxDma[q];
      if (q == 0) {
        final RxDmaEngine ring0 = rxDma[0];
        link.attachNic(
            new FrameSink() {
              @Override
              public void receiveFrame(Object payload, long offset, int payloadLen, int len) {
                if (!etheren) {
                  droppedWhileDisabled++;
                  return;
                }
                // cbd_datlen counts the FCS, and RACC's two alignment bytes with SHIFT16
                ring0.receiveFrame(payload, offset, payloadLen,
                    len + ETH_FCS_LEN + (regs.shift16() ? 2 : 0));
              }
            });
      }
    }
    rxDma[q].reset(0);
  }

  public EnetCoalescer rxCoalescer(int q) {
    return rxCoal[q];
  }

  public EnetCoalescer txCoalescer(int q) {
    return txCoal[q];
  }

  public TxDmaEngine txDma(int q) {
    return txDma[q];
  }

  public RxDmaEngine rxDma(int q) {
    return rxDma[q];
  }

  /** When the event bit {@code bit} (one of FEC_ENET_*) was last raised, ns (0: never). */
  public long lastRaisedNs(int bit) {
    return raisedAt[Integer.numberOfTrailingZeros(bit)];
  }

  public long droppedWhileDisabled() {
    return droppedWhileDisabled;
  }

  public long txDoorbells() {
    return txDoorbells;
  }
}
