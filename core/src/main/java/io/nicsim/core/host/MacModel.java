package io.nicsim.core.host;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchCatalog;

/**
 * A MAC model: the NIC hardware of one controller family and the Linux driver ported for it.
 * A jar contributes one through a {@link MacModelProvider} listed in
 * {@code META-INF/services/io.nicsim.core.host.MacModelProvider}; inside, wire it with a Dagger
 * module (see core/README.md "Writing a MAC model"):
 *
 * <pre>{@code
 * @Module
 * public interface MyMacModule {
 *   @Binds @IntoMap @StringKey("mymac")
 *   MacModel mymac(MyMacModel m);
 * }
 * }</pre>
 */
public interface MacModel {

  /** The name users select with {@code --mac}. */
  String name();

  /** One line for {@code nicsim list macs}. */
  String description();

  /**
   * The SoC profile used when the user names none (a reference MAC that ships its own), or
   * null: then {@code --soc} is required.
   */
  default String defaultSoc() {
    return null;
  }

  /** The kernel version used when the user names none. */
  KernelVersion defaultKernel();

  /** Every named upstream change the model can switch. */
  PatchCatalog patches();

  /**
   * Builds the hardware and the driver for one host. The driver is not opened yet; the host
   * calls {@code ndo_open} after this returns.
   */
  NicDriver build(HostContext ctx);
}
