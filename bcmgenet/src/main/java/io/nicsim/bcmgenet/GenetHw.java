package io.nicsim.bcmgenet;

import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.InterruptRegister;
import io.nicsim.core.nic.Link;
import io.nicsim.core.nic.RxDmaEngine;
import io.nicsim.core.nic.RxModeration;
import io.nicsim.core.nic.TxDmaEngine;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * The GENET v5 hardware the driver sees, reduced to what its coalescing paths touch: the
 * INTRL2_1 interrupt controller (RX ring 0 done at bit 16, TX ring 0 done at bit 0), and one
 * RDMA and one TDMA ring with their producer/consumer indices, done thresholds and the RDMA
 * timeout. Register values are the 32-bit words the driver reads and writes.
 *
 * <p>Interrupt moderation as the driver's comments describe it: RDMA raises its done interrupt
 * after {@code DMA_MBUF_DONE_THRESH} buffers, or when {@code DMA_RING0_TIMEOUT} ticks of 8.192 µs
 * (125 MHz / 1024) have passed since the first buffer not yet signalled (the hardware manual is
 * not public; the timer start is the usual one and an assumption); a timeout of 0 is no timer.
 * TDMA raises its done interrupt after {@code DMA_MBUF_DONE_THRESH} buffers or when the ring
 * runs empty ("GENET TDMA hardware does not support a configurable timeout, but will always
 * generate an interrupt either after MBDONE packets have been transmitted, or when the ring is
 * empty").
 */
final class GenetHw {
  static final int UMAC_IRQ1_RX_INTR_SHIFT = 16;
  static final int RX0_BIT = 1 << UMAC_IRQ1_RX_INTR_SHIFT;
  static final int TX0_BIT = 1;
  /** One RDMA timeout tick: 1024 cycles of the 125 MHz system clock. */
  static final long TIMEOUT_TICK_NS = 8192;

  final InterruptRegister intrl2;
  final DescRing rxRing;
  final DescRing txRing;
  final RxDmaEngine rdma;
  final TxDmaEngine tdma;

  // RDMA ring 0
  int rdmaProdIndex; // 16-bit producer count; discard counter in the upper half
  int rdmaConsIndex;
  int rdmaDoneThresh;
  int rdmaTimeout; // DMA_RING0_TIMEOUT (low 16 bits used)
  private int rdmaDiscardBase;
  private int rdmaPending;
  private long rdmaRaised;

  // TDMA ring 0
  int tdmaProdIndex;
  int tdmaConsIndex;
  int tdmaDoneThresh;
  private int tdmaPending;
  private long tdmaRaised;

  /**
   * Hears the driver's coalescing and INTRL2 register writes, by accessor and register name (the
   * {@code port-check --execute} harness compares them with the C's); nobody by default.
   */
  interface Writes {
    void written(String accessor, String reg, int index, int value);
  }

  static final Writes NO_WRITES = (accessor, reg, index, value) -> { };

  Writes writes = NO_WRITES;

  /** Hears the coalescing code's register reads, as {@link Writes} hears its writes. */
  interface Reads {
    void read(String accessor, String reg, int index);
  }

  static final Reads NO_READS = (accessor, reg, index) -> { };

  Reads reads = NO_READS;

  private final Simulator sim;
  private final Event rdmaTimer =
      new Event() {
        @Override
        protected void fire() {
          rdmaDone();
        }
      };

  GenetHw(Simulator sim, Link link, IrqLine line, int rxSize, int txSize, long fetchNs) {
    this.sim = sim;
    intrl2 = new InterruptRegister(line);
    rxRing = new DescRing("rx0", rxSize);
    txRing = new DescRing("tx0", txSize);
    rdma = new RxDmaEngine(rxRing, new RxModeration() {
      @Override
      public void frameReceived(boolean ic) {
        rdmaFrame();
      }

      @Override
      public long interrupts() {
        return rdmaRaised;
      }
    });
    link.attachNic(rdma);
    tdma = new TxDmaEngine(sim, txRing, link, fetchNs, (first, last, ic) -> tdmaChainDone(first,
        last));
  }

  private void rdmaFrame() {
    rdmaProdIndex = (rdmaProdIndex + 1) & 0xFFFF;
    rdmaPending++;
    if (rdmaPending == 1 && (rdmaTimeout & 0xFFFF) != 0) {
      sim.scheduleIn(rdmaTimer, (rdmaTimeout & 0xFFFF) * TIMEOUT_TICK_NS);
    }
    if (rdmaPending >= rdmaDoneThresh) {
      rdmaDone();
    }
  }

  private void rdmaDone() {
    sim.cancel(rdmaTimer);
    rdmaPending = 0;
    rdmaRaised++;
    intrl2.set(RX0_BIT);
  }

  private void tdmaChainDone(int first, int last) {
    int n = txRing.wrap(last - first + txRing.size()) + 1;
    tdmaConsIndex = (tdmaConsIndex + n) & 0xFFFF;
    tdmaPending += n;
    if (tdmaPending >= tdmaDoneThresh || tdmaConsIndex == tdmaProdIndex) {
      tdmaPending = 0;
      tdmaRaised++;
      intrl2.set(TX0_BIT);
    }
  }

  /** RDMA_PROD_INDEX as read: producer count and, above it, the discard counter. */
  int readRdmaProdIndex() {
    int discards = (int) (rdma.missedCount() - rdmaDiscardBase) & 0xFFFF;
    return (discards << 16) | (rdmaProdIndex & 0xFFFF);
  }

  /** What the next RDMA_PROD_INDEX reads return: a harness record's producer and discard count. */
  void setRdmaProdIndexRead(int v) {
    rdmaProdIndex = v & 0xFFFF;
    rdmaDiscardBase = (int) rdma.missedCount() - (v >>> 16);
  }

  /** A write of 0 to RDMA_PROD_INDEX clears the discard counter (and the producer count). */
  void writeRdmaProdIndex(int v) {
    rdmaDiscardBase = (int) rdma.missedCount();
    rdmaProdIndex = v & 0xFFFF;
  }

  /** TDMA_PROD_INDEX write: the doorbell. */
  void writeTdmaProdIndex(int v, long at) {
    tdmaProdIndex = v & 0xFFFF;
    tdma.doorbell(at);
  }

  /**
   * Whether TDMA will raise its done interrupt (TX0 in INTRL2_1 status) without another
   * doorbell, given {@code owned} BDs that it still owns on ring 0 and will send: as {@link
   * #tdmaChainDone} decides it, either the buffers done since the last interrupt reach
   * DMA_MBUF_DONE_THRESH, or one of those chains (one BD each: the driver hands no frags)
   * leaves the consumer index on the producer index (the ring runs empty). Read-only.
   */
  boolean tdmaDoneWillRaise(int owned) {
    if (owned <= 0) {
      return false;
    }
    if (tdmaPending + owned >= tdmaDoneThresh) {
      return true;
    }
    int toEmpty = (tdmaProdIndex - tdmaConsIndex) & 0xFFFF;
    return toEmpty >= 1 && toEmpty <= owned;
  }

  /** Buffers TDMA has completed since it last raised its done interrupt. */
  int tdmaPending() {
    return tdmaPending;
  }

  long rdmaInterrupts() {
    return rdmaRaised;
  }

  long tdmaInterrupts() {
    return tdmaRaised;
  }
}
