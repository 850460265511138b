package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.HardirqSource;
import java.util.function.BooleanSupplier;

/**
 * A device interrupt line routed to one core. Devices {@link #raise()} it; a level-triggered
 * line given an {@code asserted} condition is raised again after the handler while the
 * condition still holds (the handler did not acknowledge the cause). disable_irq /
 * enable_irq mask the line; an interrupt raised while masked is replayed on enable.
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
      throw new io.nicsim.core.sim.InvariantViolation("irq " + irq + " (" + name + ")",
          "unbalanced enable_irq");
    }
    if (--disableDepth == 0 && pendingWhileDisabled) {
      pendingWhileDisabled = false;
      raise();
    }
  }

  @Override
  protected void handle(Core core) {
    count++;
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

  /** Times the handler returned IRQ_NONE. */
  public long unhandledCount() {
    return unhandled;
  }
}
