package io.nicsim.core.ethtool;

import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.port.KernelPort;
import java.util.ArrayList;
import java.util.List;

/**
 * The ethtool core's coalescing commands (the ioctl path of net/ethtool/ioctl.c, which is
 * what {@code ethtool -C} used before netlink and what its rules still are): the
 * supported-parameter check runs before the driver is called.
 */
public final class Ethtool {
  private Ethtool() {}

  /** ETHTOOL_GCOALESCE: {@code .begin}, then the driver's get. */
  public static EthtoolCoalesce getCoalesce(EthtoolOps ops) throws KernelException {
    ops.begin();
    EthtoolCoalesce out = new EthtoolCoalesce();
    ops.getCoalesce(out);
    return out;
  }

  /**
   * ETHTOOL_SCOALESCE: {@code .begin}; a non-zero field the driver does not list in
   * {@code supported_coalesce_params} is refused with -EOPNOTSUPP before the driver sees it.
   */
  @KernelPort(
      file = "net/ethtool/ioctl.c",
      function = "ethtool_set_coalesce",
      versions = "v5.7..v6.18",
      commits = {"95cddcb5cc20"},
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "copy_from_user and the netlink notification are not modelled")
  public static void setCoalesce(EthtoolOps ops, EthtoolCoalesce request) throws KernelException {
    ops.begin();
    if (!setCoalesceSupported(ops, request)) {
      throw new KernelException(Errno.EOPNOTSUPP);
    }
    ops.setCoalesce(request);
  }

  /** The rule: every non-zero field must be in the driver's supported mask. */
  @KernelPort(
      file = "net/ethtool/ioctl.c",
      function = "ethtool_set_coalesce_supported",
      versions = "v5.7..v6.18",
      commits = {"95cddcb5cc20"},
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9")
  public static boolean setCoalesceSupported(EthtoolOps ops, EthtoolCoalesce coalesce) {
    int supported = ops.supportedCoalesceParams();
    int nonzero = coalesce.nonzeroParams();
    return (supported & nonzero) == nonzero;
  }

  /**
   * What userspace {@code ethtool -C dev k v ...} does over the ioctl interface: read the
   * current values, change the named ones, write the whole structure back.
   */
  public static EthtoolCoalesce applyArgs(EthtoolOps ops, CoalesceArgs args)
      throws KernelException {
    EthtoolCoalesce cur = getCoalesce(ops);
    EthtoolCoalesce req = args.applyTo(cur);
    setCoalesce(ops, req);
    return getCoalesce(ops);
  }

  /**
   * ETHTOOL_PERQUEUE / ETHTOOL_SCOALESCE: for each queue in the mask, back up, check and set;
   * on the first failure every queue already changed gets its backup back.
   */
  @KernelPort(
      file = "net/ethtool/ioctl.c",
      function = "ethtool_set_per_queue_coalesce",
      versions = "v4.10..v6.18",
      commits = {"f38d138a7da6"},
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9")
  public static void setPerQueueCoalesce(EthtoolOps ops, long queueMask, EthtoolCoalesce request)
      throws KernelException {
    ops.begin();
    List<Integer> done = new ArrayList<>();
    List<EthtoolCoalesce> backup = new ArrayList<>();
    for (int bit = 0; bit < 64; bit++) {
      if ((queueMask & (1L << bit)) == 0) {
        continue;
      }
      try {
        EthtoolCoalesce saved = new EthtoolCoalesce();
        ops.getPerQueueCoalesce(bit, saved);
        backup.add(saved);
        done.add(bit);
        if (!setCoalesceSupported(ops, request)) {
          throw new KernelException(Errno.EOPNOTSUPP);
        }
        ops.setPerQueueCoalesce(bit, request);
      } catch (KernelException e) {
        // roll back the queues before the failing one (for_each_set_bit(i, mask, bit))
        for (int i = 0; i < done.size() - 1; i++) {
          try {
            ops.setPerQueueCoalesce(done.get(i), backup.get(i));
          } catch (KernelException ignored) {
            // the kernel ignores the roll-back's return value too
          }
        }
        throw e;
      }
    }
  }

  /** ETHTOOL_PERQUEUE / ETHTOOL_GCOALESCE for one queue. */
  public static EthtoolCoalesce getPerQueueCoalesce(EthtoolOps ops, int queue)
      throws KernelException {
    ops.begin();
    EthtoolCoalesce out = new EthtoolCoalesce();
    ops.getPerQueueCoalesce(queue, out);
    return out;
  }
}
