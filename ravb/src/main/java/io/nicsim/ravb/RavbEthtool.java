package io.nicsim.ravb;

import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;

/**
 * ravb_ethtool_ops has no get_coalesce or set_coalesce (none of the trees read: 6.1.192,
 * 6.12.118, 6.18.19): the ethtool core answers both {@code -c} and {@code -C} with -EOPNOTSUPP
 * (net/ethtool/coalesce.c's and ioctl.c's checks for the missing ops). Its moderation is the
 * kernel's software coalescing, set through sysfs ({@code napi_defer_hard_irqs},
 * {@code gro_flush_timeout}, {@code threaded}) or netlink napi-set.
 */
final class RavbEthtool implements EthtoolOps {
  @Override
  public int supportedCoalesceParams() {
    return 0;
  }

  @Override
  public void getCoalesce(EthtoolCoalesce out) throws KernelException {
    throw new KernelException(Errno.EOPNOTSUPP); // no .get_coalesce
  }

  @Override
  public void setCoalesce(EthtoolCoalesce in) throws KernelException {
    throw new KernelException(Errno.EOPNOTSUPP); // no .set_coalesce
  }

  @Override
  public String coalesceLimits() {
    return "nothing: its moderation is software (napi_defer_hard_irqs, gro_flush_timeout and"
        + " threaded in sysfs, or --napi-set)";
  }
}
