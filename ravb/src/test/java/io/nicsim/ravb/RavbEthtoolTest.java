package io.nicsim.ravb;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.hostkit.MacHosts;
import org.junit.jupiter.api.Test;

/** ravb_ethtool_ops has neither get_coalesce nor set_coalesce: -EOPNOTSUPP both ways. */
class RavbEthtoolTest {
  private final EthtoolOps ops =
      MacHosts.classPath().host("ravb", "rzg2l", null, "v6.18").driver().ethtool();

  @Test
  void getCoalesceIsNotSupported() {
    assertThatThrownBy(() -> Ethtool.getCoalesce(ops))
        .isInstanceOfSatisfying(KernelException.class,
            e -> org.assertj.core.api.Assertions.assertThat(e.errno()).isEqualTo(Errno.EOPNOTSUPP));
  }

  @Test
  void setCoalesceIsNotSupported() {
    assertThatThrownBy(() -> Ethtool.applyArgs(ops, CoalesceArgs.parse("rx-usecs 20")))
        .isInstanceOfSatisfying(KernelException.class,
            e -> org.assertj.core.api.Assertions.assertThat(e.errno()).isEqualTo(Errno.EOPNOTSUPP));
  }
}
