package io.nicsim.core.ethtool;

import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;

/**
 * The coalescing part of {@code struct ethtool_ops} a driver implements. The ethtool core
 * ({@link Ethtool}) calls these after its own checks, as net/ethtool/ioctl.c does.
 */
public interface EthtoolOps {

  /** {@code supported_coalesce_params}: the ETHTOOL_COALESCE_* mask the driver accepts. */
  int supportedCoalesceParams();

  /** {@code .begin}: called before every get/set; drivers may refuse (e.g. -EBUSY when down). */
  default void begin() throws KernelException {}

  /** {@code .get_coalesce}. */
  void getCoalesce(EthtoolCoalesce out) throws KernelException;

  /** {@code .set_coalesce}. */
  void setCoalesce(EthtoolCoalesce in) throws KernelException;

  /** {@code .get_per_queue_coalesce}; -EOPNOTSUPP when the driver has none. */
  default void getPerQueueCoalesce(int queue, EthtoolCoalesce out) throws KernelException {
    throw new KernelException(Errno.EOPNOTSUPP);
  }

  /** {@code .set_per_queue_coalesce}; -EOPNOTSUPP when the driver has none. */
  default void setPerQueueCoalesce(int queue, EthtoolCoalesce in) throws KernelException {
    throw new KernelException(Errno.EOPNOTSUPP);
  }

  /**
   * ethtool_notify(dev, ETHTOOL_MSG_COALESCE_NTF) after a set the driver accepted: the netlink
   * notification (no nicsim listener reads it).
   */
  default void coalesceNotify() {}

  /**
   * What the driver's set_coalesce accepts, in nicsim's words (e.g. {@code tx-usecs 0..100000,
   * tx-frames 0..256}), shown beside every refusal (after the kernel's message, if it logs one);
   * null if the driver does not say.
   */
  default String coalesceLimits() {
    return null;
  }

  /**
   * The refusal of {@code ethtool -C 'args'} as one line: the kernel's errno and message, and
   * the driver's limits.
   */
  static String refusal(String driver, String args, EthtoolOps ops, KernelException e) {
    String limits = ops.coalesceLimits();
    return "ethtool -C '" + args + "': the " + driver + " driver refused: " + e.getMessage()
        + (limits == null ? "" : " (" + driver + " accepts " + limits + ")");
  }
}
