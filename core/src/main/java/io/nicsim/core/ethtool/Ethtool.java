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

  /**
   * {@code --ports c}'s ethtool_set_coalesce (inloop's {@code EthtoolBridges}): the tree's C,
   * ethtool_set_coalesce_supported inside, with the driver's get_coalesce and set_coalesce the
   * model's ({@code ops}) where the C calls them; a refusal as its errno.
   */
  public interface SetCoalesceC {
    /** ethtool_set_coalesce of {@code request} on the driver {@code ops}. */
    void setCoalesce(EthtoolOps ops, EthtoolCoalesce request) throws KernelException;
  }

  /** ETHTOOL_GCOALESCE: {@code .begin}, then the driver's get. */
  public static EthtoolCoalesce getCoalesce(EthtoolOps ops) throws KernelException {
    ops.begin();
    EthtoolCoalesce out = new EthtoolCoalesce();
    ops.getCoalesce(out);
    return out;
  }

  /** __dev_ethtool's ETHTOOL_SCOALESCE: the driver's {@code .begin}, then ethtool_set_coalesce. */
  public static void setCoalesce(EthtoolOps ops, EthtoolCoalesce request) throws KernelException {
    setCoalesce(ops, request, null);
  }

  /**
   * {@link #setCoalesce(EthtoolOps, EthtoolCoalesce)} with the tree's ethtool_set_coalesce
   * ({@code c}; null: the Java port).
   */
  public static void setCoalesce(EthtoolOps ops, EthtoolCoalesce request, SetCoalesceC c)
      throws KernelException {
    ops.begin();
    if (c != null) {
      c.setCoalesce(ops, request);
      return;
    }
    ethtoolSetCoalesce(ops, request);
  }

  /**
   * ethtool_set_coalesce: the driver's get_coalesce first (its error is the answer; its values
   * are then replaced by the request, as copy_from_user replaces them), then a non-zero field
   * the driver does not list in {@code supported_coalesce_params} is refused with -EOPNOTSUPP
   * before the driver's set_coalesce sees it; a set that succeeds is notified.
   */
  @KernelPort(
      file = "net/ethtool/ioctl.c",
      function = "ethtool_set_coalesce",
      versions = "v5.7..v6.18",
      commits = {"95cddcb5cc20"},
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "copy_from_user does not fail (the request is the caller's object); the driver"
          + " has both get_coalesce and set_coalesce (every nicsim driver); kernel_coalesce"
          + " (CQE mode, TX aggregation) is not modelled")
  static void ethtoolSetCoalesce(EthtoolOps ops, EthtoolCoalesce request)
      throws KernelException {
    ops.getCoalesce(new EthtoolCoalesce()); // overwritten by copy_from_user
    if (!setCoalesceSupported(ops, request)) {
      throw new KernelException(Errno.EOPNOTSUPP);
    }
    ops.setCoalesce(request);
    ops.coalesceNotify(); // ethtool_notify(dev, ETHTOOL_MSG_COALESCE_NTF)
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
    return applyArgs(ops, args, null);
  }

  /**
   * {@link #applyArgs(EthtoolOps, CoalesceArgs)} with the tree's ethtool_set_coalesce ({@code
   * c}; null: the Java port).
   */
  public static EthtoolCoalesce applyArgs(EthtoolOps ops, CoalesceArgs args, SetCoalesceC c)
      throws KernelException {
    EthtoolCoalesce cur = getCoalesce(ops);
    EthtoolCoalesce req = args.applyTo(cur);
    setCoalesce(ops, req, c);
    return getCoalesce(ops);
  }

  /** __dev_ethtool's ETHTOOL_PERQUEUE / ETHTOOL_SCOALESCE: {@code .begin}, then the set. */
  public static void setPerQueueCoalesce(EthtoolOps ops, long queueMask, EthtoolCoalesce request)
      throws KernelException {
    ops.begin();
    ethtoolSetPerQueueCoalesce(ops, queueMask, request);
  }

  /**
   * ethtool_set_per_queue_coalesce: for each queue in the mask, back up, check and set; on the
   * first failure every queue below the failing one gets its backup back.
   */
  @KernelPort(
      file = "net/ethtool/ioctl.c",
      function = "ethtool_set_per_queue_coalesce",
      versions = "v4.10..v6.18",
      commits = {"f38d138a7da6"},
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "queues 0..63 (the kernel's mask has MAX_NUM_QUEUE 4096 bits); every queue gets"
          + " the same request (the kernel copies one struct per queue from user memory, which"
          + " ethtool fills alike); kmalloc_array and copy_from_user do not fail")
  static void ethtoolSetPerQueueCoalesce(EthtoolOps ops, long queueMask,
      EthtoolCoalesce request) throws KernelException {
    List<EthtoolCoalesce> backup = new ArrayList<>();
    int bit = 0;
    KernelException failed = null;
    for (; bit < 64; bit++) {
      if ((queueMask & (1L << bit)) == 0) {
        continue;
      }
      try {
        EthtoolCoalesce saved = new EthtoolCoalesce();
        ops.getPerQueueCoalesce(bit, saved);
        backup.add(saved);
        if (!setCoalesceSupported(ops, request)) {
          throw new KernelException(Errno.EOPNOTSUPP);
        }
        ops.setPerQueueCoalesce(bit, request);
      } catch (KernelException e) {
        failed = e;
        break;
      }
    }
    if (failed != null) {
      // roll_back: for_each_set_bit(i, queue_mask, bit), each queue's backup in order
      int b = 0;
      for (int i = 0; i < bit; i++) {
        if ((queueMask & (1L << i)) == 0) {
          continue;
        }
        try {
          ops.setPerQueueCoalesce(i, backup.get(b++));
        } catch (KernelException ignored) {
          // the kernel ignores the roll-back's return value too
        }
      }
      throw failed;
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
