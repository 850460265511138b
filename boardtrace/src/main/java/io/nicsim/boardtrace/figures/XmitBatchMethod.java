package io.nicsim.boardtrace.figures;

/**
 * How a trace tells xmit batches (the skbs one dev_hard_start_xmit call hands the driver with
 * xmit_more set on all but the last).
 */
public enum XmitBatchMethod {
  /**
   * net_dev_start_xmit prints xmit_more (nicsim's traces do; the kernel's tracepoint does not):
   * a batch ends at the transmit with xmit_more=0.
   */
  XMIT_MORE("xmit_more runs"),
  /**
   * The kernel's tracepoints: a batch is a run of transmits on one CPU with no other event of
   * that CPU between them (net_dev_xmit followed at once by the next net_dev_start_xmit). Two
   * bulk dequeues back to back look like one, so this is an upper bound of the xmit_more runs.
   */
  INFERRED("back-to-back transmits on one CPU");

  private final String description;

  XmitBatchMethod(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }
}
