package io.nicsim.core.sim;

/**
 * The model reached a state the kernel or hardware it mirrors can never be in (an skb freed
 * twice, a descriptor handed to the DMA twice, a NAPI polled while not scheduled, BQL completing
 * more than was queued). The run stops; the message names the simulated time, the component
 * and the state.
 */
public final class InvariantViolation extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String component;
  private final String state;
  private long timeNs = -1;

  public InvariantViolation(String component, String state) {
    super(null, null, false, false);
    this.component = component;
    this.state = state;
  }

  public String component() {
    return component;
  }

  public String state() {
    return state;
  }

  /** Simulated time of the violation, ns (-1 if it happened outside a run). */
  public long timeNs() {
    return timeNs;
  }

  /** Stamps the simulated time (once; the simulator does it for violations inside events). */
  public InvariantViolation at(long t) {
    if (timeNs < 0) {
      timeNs = t;
    }
    return this;
  }

  @Override
  public String getMessage() {
    String when = timeNs < 0 ? "" : String.format("at %d.%09d s ", timeNs / 1_000_000_000L,
        timeNs % 1_000_000_000L);
    return "invariant violated " + when + "in " + component + ": " + state;
  }
}
