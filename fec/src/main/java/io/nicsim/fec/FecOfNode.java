package io.nicsim.fec;

/**
 * {@code pdev->dev.of_node} as fec_enet_get_queue_num reads it (a {@code null} node is a device
 * without one): its availability, its u32 properties, and the device's {@code dev_warn}. probe
 * builds one from the SoC profile's queue counts; the harness answers from the record.
 */
interface FecOfNode {
  /** {@code of_device_is_available(np)}. */
  boolean available();

  /**
   * {@code of_property_read_u32(np, name, &v)}: the value read, or {@code null} when the read
   * fails (the caller's variable is left as it was).
   */
  Integer readU32(String name);

  /** {@code dev_warn(&pdev->dev, …)}, the text as printed. */
  void devWarn(String text);

  /** An available node holding both queue counts; its warnings go nowhere. */
  static FecOfNode queues(int numTx, int numRx) {
    return new FecOfNode() {
      @Override
      public boolean available() {
        return true;
      }

      @Override
      public Integer readU32(String name) {
        return name.equals("fsl,num-tx-queues") ? numTx : numRx;
      }

      @Override
      public void devWarn(String text) {
      }
    };
  }
}
