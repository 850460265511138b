package io.nicsim.core.host;

/**
 * The plug-in point for MAC models, found at run time with {@link java.util.ServiceLoader}.
 * A jar contributes a MAC by naming its provider class in
 * {@code META-INF/services/io.nicsim.core.host.MacModelProvider}; nicsim's own MACs (stmmac,
 * fec, …) are found the same way, so no command lists drivers. This is a MAC's one
 * registration: nicsim's own providers return {@code new XMacModel()}, and tests build hosts of
 * a model with hostkit's {@code MacHosts}, so a driver needs no Dagger module of its own.
 *
 * <p>The provider needs a public no-argument constructor. {@link #macModel()} is called once
 * per discovery and must not start any simulation.
 */
public interface MacModelProvider {

  /** The MAC model this jar contributes. */
  MacModel macModel();
}
