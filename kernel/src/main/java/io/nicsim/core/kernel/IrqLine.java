package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.HardirqSource;
import io.nicsim.core.sim.InvariantViolation;
import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * A device interrupt line routed to one core. Devices {@link #raise()} it; a level-triggered
 * line given an {@code asserted} condition is raised again after the handler while the
 * condition still holds (the handler did not acknowledge the cause). disable_irq /
 * enable_irq mask the line; an interrupt raised while masked is replayed on enable.
 *
 * <p><b>Counting a shared line.</b> {@link #count()} is the line's assertions: the times its
 * handler ran, what {@code /proc/interrupts} shows for the vector. A raise while the line is
 * already pending on its core merges into that assertion (the interrupt controller latches one
 * edge), and a level re-raise after the handler is a new one. One line often carries several
 * causes (a TX-done and an RX-done bit of one status register): with a {@link #causeSource}
 * (an {@link io.nicsim.core.nic.InterruptRegister} sets itself), each assertion also counts,
 * once for each cause bit pending when the handler starts (what the ISR reads), in
 * {@link #causeCount(int)}. So an assertion carrying TX and RX counts once in {@code count()}
 * and once under each cause: the causes of a shared line add up to more than its assertions,
 * and a report of a NIC's interrupt rate sums the assertions of its lines, never the causes.
 */
public final class IrqLine extends HardirqSource {

  /** The handler registered with request_irq; returns IRQ_HANDLED (true) or IRQ_NONE. */
  @FunctionalInterface
  public interface Handler {
    boolean handle(IrqLine line);
  }

  private final Kernel kernel;
  private final String name;
  private final int irq;
  private Handler handler;
  private Core affinity;
  private BooleanSupplier asserted;
  private int disableDepth;
  private boolean pendingWhileDisabled;
  private long count;
  private long unhandled;
  private IntSupplier causeSource;
  /** Assertions by cause bit (index = bit number), counted at handler entry. */
  private final long[] causeCounts = new long[32];
  /** Named causes: each name's bits and its assertions (an assertion counts once a name). */
  private String[] causeNames = new String[0];
  private int[] causeMasks = new int[0];
  private long[] namedCounts = new long[0];
  private int namedBits;

  public IrqLine(Kernel kernel, String name, int irq, Core affinity) {
    this.kernel = kernel;
    this.name = name;
    this.irq = irq;
    this.affinity = affinity;
    kernel.registerIrq(this);
  }

  /** request_irq. */
  public void request(Handler h) {
    this.handler = h;
  }

  /** Makes the line level-triggered on {@code condition}. */
  public void levelTriggered(BooleanSupplier condition) {
    this.asserted = condition;
  }

  /** /proc/irq/N/smp_affinity. */
  public void setAffinity(Core core) {
    this.affinity = core;
  }

  public Core affinity() {
    return affinity;
  }

  /** The device signals the interrupt. */
  public void raise() {
    if (handler == null) {
      return;
    }
    if (disableDepth > 0) {
      pendingWhileDisabled = true;
      return;
    }
    affinity.raiseHardirq(this);
  }

  /** disable_irq_nosync. */
  public void disable() {
    disableDepth++;
  }

  /** enable_irq: replays an interrupt that arrived while disabled. */
  public void enable() {
    if (disableDepth == 0) {
      throw new InvariantViolation("irq " + irq + " (" + name + ")",
          "unbalanced enable_irq");
    }
    if (--disableDepth == 0 && pendingWhileDisabled) {
      pendingWhileDisabled = false;
      raise();
    }
  }

  /**
   * Where the line's pending causes are read at each assertion: a bit mask, one bit per cause
   * (an interrupt status register's enabled-and-set bits). Set by the register that drives the
   * line; with none, only assertions are counted.
   */
  public void causeSource(IntSupplier pending) {
    this.causeSource = pending;
  }

  /**
   * Names cause bit(s) {@code bits} for reports ({@code "tx"}, {@code "rx"}); naming more bits
   * under a name already given adds them to it. An assertion counts once under a name however
   * many of its bits were pending (TX0 and TX1 done on one line are one "tx" assertion).
   */
  public void nameCause(int bits, String causeName) {
    int i = Arrays.asList(causeNames).indexOf(causeName);
    if (i < 0) {
      i = causeNames.length;
      causeNames = Arrays.copyOf(causeNames, i + 1);
      causeMasks = Arrays.copyOf(causeMasks, i + 1);
      namedCounts = Arrays.copyOf(namedCounts, i + 1);
      causeNames[i] = causeName;
    }
    causeMasks[i] |= bits;
    namedBits |= bits;
  }

  @Override
  protected void handle(Core core) {
    count++;
    if (causeSource != null) {
      int pending = causeSource.getAsInt();
      for (int p = pending; p != 0; p &= p - 1) {
        causeCounts[Integer.numberOfTrailingZeros(p)]++;
      }
      for (int i = 0; i < causeMasks.length; i++) {
        if ((pending & causeMasks[i]) != 0) {
          namedCounts[i]++;
        }
      }
    }
    boolean trace = kernel.tracer().enabled();
    if (trace) {
      kernel.tracer().irqHandlerEntry(core.cursor(), core.id(), irq, name);
    }
    boolean handled = handler.handle(this);
    if (!handled) {
      unhandled++;
    }
    if (trace) {
      kernel.tracer().irqHandlerExit(core.cursor(), core.id(), irq, handled);
    }
    if (asserted != null && disableDepth == 0 && asserted.getAsBoolean()) {
      affinity.raiseHardirq(this);
    }
  }

  @Override
  public String irqName() {
    return name;
  }

  @Override
  public int irqNumber() {
    return irq;
  }

  /** Times the handler ran. */
  public long count() {
    return count;
  }

  /** Assertions in which cause bit {@code bit} (a mask with one bit set) was pending. */
  public long causeCount(int bit) {
    if (Integer.bitCount(bit) != 1) {
      throw new IllegalArgumentException("causeCount takes one cause bit, not 0x"
          + Integer.toHexString(bit));
    }
    return causeCounts[Integer.numberOfTrailingZeros(bit)];
  }

  /** Assertions in which a cause named {@code causeName} was pending (0 for no such name). */
  public long causeCount(String causeName) {
    int i = Arrays.asList(causeNames).indexOf(causeName);
    return i < 0 ? 0 : namedCounts[i];
  }

  /**
   * Assertions per cause: each named cause, then each unnamed bit seen as {@code bitN}. Built
   * on demand for reports, never per interrupt.
   */
  public SortedMap<String, Long> causeCounts() {
    SortedMap<String, Long> out = new TreeMap<>();
    for (int i = 0; i < causeNames.length; i++) {
      out.put(causeNames[i], namedCounts[i]);
    }
    for (int b = 0; b < 32; b++) {
      if (causeCounts[b] > 0 && (namedBits & (1 << b)) == 0) {
        out.put("bit" + b, causeCounts[b]);
      }
    }
    return out;
  }

  /** Times the handler returned IRQ_NONE. */
  public long unhandledCount() {
    return unhandled;
  }
}
