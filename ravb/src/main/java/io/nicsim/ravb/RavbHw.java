package io.nicsim.ravb;

import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.Link;
import io.nicsim.core.nic.RxDmaEngine;
import io.nicsim.core.nic.RxModeration;
import io.nicsim.core.nic.TxDmaEngine;
import io.nicsim.core.sim.Simulator;
import java.util.Arrays;
import java.util.function.IntSupplier;

/**
 * The AVB-DMAC / GbEth hardware the driver sees, reduced to the best-effort queue's rings and
 * the interrupt registers the NAPI paths touch. There is no interrupt moderation: the DMAC sets
 * RIS0.FRF0 for every frame it writes to the RX ring and TIS.FTF0 for every frame it has sent;
 * an interrupt is asserted while a status bit is set and its RIC0 / TIC bit is set.
 *
 * <p>Descriptors: {@code die_dt}, the data size ({@code ds_cc} / {@code ds_tagl}) and, for RX,
 * the {@code msc} status are kept here as the driver reads them; OWN in the core's {@link
 * DescRing} is the hardware's side (an RX descriptor in DT_FEMPTY, a TX descriptor in
 * DT_FSINGLE/FSTART/FEND). The DMAC writes DT_FSINGLE, the length and msc 0 for each frame
 * (the model's frames fit one 2 KiB buffer) and DT_FEMPTY over each TX descriptor it has sent.
 *
 * <p>Lines: GbEth has one (ravb_interrupt, {@code !multi_irqs}); R-Car Gen3 has one a queue
 * and direction (ch0 rx_be and ch18 tx_be both call ravb_be_interrupt). The NC queue's lines
 * and the error, EMAC and gPTP causes carry no traffic in the model and are not created.
 * ISS.FRS / ISS.FTS read as the summary of RIS0 / TIS's queue bits (an assumption: the R-Car
 * manual documents them as summaries; only whether they are set matters to ravb_interrupt).
 */
final class RavbHw {
  static final int RIS0_FRF0 = 0x1;
  static final int RIS0_RESERVED = 0xFFFC0000; // GENMASK(31, 18)
  static final int TIS_FTF0 = 0x1;
  static final int TIS_FTF1 = 0x2;
  static final int TIS_TFUF = 0x100;
  static final int TIS_RESERVED = 0xFFF00000 | 0x0000F000 | 0x000000F0;
  static final int ISS_FRS = 0x1;
  static final int ISS_FTS = 0x4;
  static final int ISS_TFUS = 0x100;
  static final int ISS_ES = 0x40;
  static final int ISS_MS = 0x80;
  static final int ISS_CGIS = 0x2000;
  static final int TCCR_TSRQ0 = 0x1;
  static final int RIC0_FRE0 = 0x1;
  static final int RIC0_FRE1 = 0x2;
  static final int TIC_FTE0 = 0x1;
  static final int TIC_FTE1 = 0x2;
  static final int TIC_TFUE = 0x100;

  static final int DT_FMID = 0x40;
  static final int DT_FSTART = 0x50;
  static final int DT_FEND = 0x60;
  static final int DT_FSINGLE = 0x70;
  static final int DT_FEMPTY = 0xc0;
  static final int DT_EEMPTY = 0x30;

  int ris0;
  int ric0;
  int tis;
  int tic;
  int tccr;

  final RavbHwInfo info;
  final DescRing rxRing;
  final DescRing txRing;
  final int[] rxDieDt;
  final int[] rxDsCc;
  final int[] rxMsc;
  /** RX descriptors' dptr (the model maps nothing: 0 in a run; a harness record's values). */
  final int[] rxDptr;
  /** R-Car extended RX descriptors' timestamp: ts_n, ts_sl, ts_sh (0 in a run). */
  final int[] rxTsN;
  final int[] rxTsSl;
  final int[] rxTsSh;
  final int[] txDieDt;
  final int[] txDsTagl;
  /** TX descriptors' tagh_tsr (the timestamp tag's high bits and TX_TSR; NC queue only). */
  final int[] txTaghTsr;
  /** TX descriptors' dptr (the model maps nothing: 0 in a run; a harness record's values). */
  final int[] txDptr;
  final RxDmaEngine rxDma;
  final TxDmaEngine txDma;
  /** GbEth: the one line; R-Car Gen3: ch0 (rx_be). */
  final IrqLine rxLine;
  /** R-Car Gen3: ch18 (tx_be); GbEth: the same line as {@link #rxLine}. */
  final IrqLine txLine;
  long rxFrames;
  long txFrames;

  /** Hears the driver's register accesses (a harness compares them with the C's); none by default. */
  interface Access {
    void access(boolean write, RavbReg reg, int value);
  }

  Access access = (w, r, v) -> { };

  /** ISS as the driver reads it: the queue summaries in a run, a record's value in a harness. */
  IntSupplier issSource = this::iss;

  RavbHw(RavbHwInfo info, Simulator sim, Link link, IrqLine rxLine, IrqLine txLine, int rxSize,
      int txSize, long fetchNs) {
    this.info = info;
    this.rxLine = rxLine;
    this.txLine = txLine;
    rxRing = new DescRing("rx_be", rxSize);
    txRing = new DescRing("tx_be", txSize);
    rxDieDt = new int[rxSize];
    rxDsCc = new int[rxSize];
    rxMsc = new int[rxSize];
    rxDptr = new int[rxSize];
    rxTsN = new int[rxSize];
    rxTsSl = new int[rxSize];
    rxTsSh = new int[rxSize];
    txDieDt = new int[txSize];
    txDsTagl = new int[txSize];
    txTaghTsr = new int[txSize];
    txDptr = new int[txSize];
    Arrays.fill(txDieDt, DT_EEMPTY);
    if (sim == null) { // a harness: registers and descriptors only
      rxDma = null;
      txDma = null;
      return;
    }
    rxDma = new RxDmaEngine(rxRing, new RxModeration() {
      @Override
      public void frameReceived(boolean ic) {
        rxWritten(rxRing.wrap(rxDma.hwIndex() - 1 + rxRing.size()));
      }

      @Override
      public long interrupts() {
        return rxFrames;
      }
    });
    link.attachNic(rxDma);
    txDma = new TxDmaEngine(sim, txRing, link, fetchNs, (first, last, ic) -> txSent(first, last));
    if (info.multiIrqs) {
      rxLine.levelTriggered(() -> (ris0 & ric0 & RIS0_FRF0) != 0);
      txLine.levelTriggered(() -> (tis & tic & TIS_FTF0) != 0);
      rxLine.causeSource(() -> ris0 & ric0 & RIS0_FRF0);
      rxLine.nameCause(1, "rx");
      txLine.causeSource(() -> tis & tic & TIS_FTF0);
      txLine.nameCause(1, "tx");
    } else {
      rxLine.levelTriggered(this::gbethAsserted);
      rxLine.causeSource(() -> ((ris0 & ric0 & RIS0_FRF0) != 0 ? 1 : 0)
          | ((tis & tic & TIS_FTF0) != 0 ? 2 : 0));
      rxLine.nameCause(1, "rx");
      rxLine.nameCause(2, "tx");
    }
  }

  private boolean gbethAsserted() {
    return (ris0 & ric0 & RIS0_FRF0) != 0 || (tis & tic & TIS_FTF0) != 0;
  }

  /** The DMAC wrote a frame into RX descriptor {@code i}: DT_FSINGLE, its length, good. */
  private void rxWritten(int i) {
    rxDieDt[i] = DT_FSINGLE;
    rxDsCc[i] = rxRing.bufLen(i) & 0xFFF;
    rxMsc[i] = 0;
    rxFrames++;
    ris0 |= RIS0_FRF0;
    lines();
  }

  /** The DMAC sent descriptors first..last (one frame) and wrote DT_FEMPTY over them. */
  private void txSent(int first, int last) {
    for (int i = first; ; i = txRing.next(i)) {
      txDieDt[i] = DT_FEMPTY;
      if (i == last) {
        break;
      }
    }
    txFrames++;
    tis |= TIS_FTF0;
    lines();
  }

  private boolean rxLevel;
  private boolean txLevel;

  /**
   * Raises a line when its level rises. A level that stays up (the handler masking one cause
   * while another is still pending) raises nothing more: the line re-asserts after its handler
   * while the level holds ({@link IrqLine#levelTriggered}).
   */
  private void lines() {
    if (rxLine == null) {
      return;
    }
    boolean rx;
    boolean tx;
    if (info.multiIrqs) {
      rx = (ris0 & ric0 & RIS0_FRF0) != 0;
      tx = (tis & tic & TIS_FTF0) != 0;
    } else {
      rx = gbethAsserted();
      tx = false;
    }
    if (rx && !rxLevel) {
      rxLine.raise();
    }
    if (tx && !txLevel) {
      txLine.raise();
    }
    rxLevel = rx;
    txLevel = tx;
  }

  /** ISS as read: the queue summaries (see the class comment). */
  private int iss() {
    int v = 0;
    if ((ris0 & ~RIS0_RESERVED) != 0) {
      v |= ISS_FRS;
    }
    if ((tis & (TIS_FTF0 | TIS_FTF1)) != 0) {
      v |= ISS_FTS;
    }
    if ((tis & TIS_TFUF) != 0) {
      v |= ISS_TFUS;
    }
    return v;
  }

  int read(RavbReg reg) {
    int v;
    switch (reg) {
      case TCCR: v = tccr; break;
      case ISS: v = issSource.getAsInt(); break;
      case RIS0: v = ris0; break;
      case RIC0: v = ric0; break;
      case TIS: v = tis; break;
      case TIC: v = tic; break;
      default: v = 0; // the enable/disable registers read as 0
    }
    access.access(false, reg, v);
    return v;
  }

  /** A write; {@code at} is the writer's time (a TCCR start request starts the TX DMA then). */
  void write(RavbReg reg, int v, long at) {
    access.access(true, reg, v);
    switch (reg) {
      case TCCR:
        tccr = v & ~TCCR_TSRQ0; // the start request bits read back as 0
        if ((v & TCCR_TSRQ0) != 0 && txDma != null) {
          txDma.doorbell(at);
        }
        break;
      case RIS0: ris0 &= v | RIS0_RESERVED; break; // write 0 to clear
      case TIS: tis &= v | TIS_RESERVED; break;
      case RIC0: ric0 = v; break;
      case TIC: tic = v; break;
      case RIE0: ric0 |= v; break;
      case RID0: ric0 &= ~v; break;
      case TIE: tic |= v; break;
      case TID: tic &= ~v; break;
      default: break;
    }
    lines();
  }

  // ---- descriptors

  /** The driver sets an RX descriptor's type; DT_FEMPTY hands it to the DMAC. */
  void setRxDieDt(int i, int dt) {
    rxDieDt[i] = dt;
    // the DMAC's side of the ring is a run's (a harness has descriptors only: its records
    // may revisit an entry, as a ring of another size than a power of two does at the u32 wrap)
    if (dt == DT_FEMPTY && rxDma != null) {
      rxRing.reset(i);
      rxRing.setBufLen(i, rxDsCc[i]);
      rxRing.setOwn(i);
    }
  }

  /** The driver sets a TX descriptor's type: FSINGLE/FSTART/FEND hand it over, EEMPTY frees it. */
  void setTxDieDt(int i, int dt) {
    txDieDt[i] = dt;
    switch (dt) {
      case DT_FSINGLE:
        txRing.set(i, DescRing.FS | DescRing.LS);
        txRing.setBufLen(i, txDsTagl[i] & 0xFFF);
        txRing.setOwn(i);
        break;
      case DT_FSTART:
        txRing.set(i, DescRing.FS);
        txRing.setBufLen(i, txDsTagl[i] & 0xFFF);
        txRing.setOwn(i);
        break;
      case DT_FEND:
        txRing.set(i, DescRing.LS);
        txRing.setBufLen(i, txDsTagl[i] & 0xFFF);
        txRing.setOwn(i);
        break;
      case DT_EEMPTY:
        txRing.reset(i);
        break;
      default:
        break;
    }
  }
}
