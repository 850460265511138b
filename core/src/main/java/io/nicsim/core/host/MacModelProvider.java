package io.nicsim.core.host;

/**
 * The plug-in point for MAC models, found at run time with {@link java.util.ServiceLoader}.
 * A jar contributes a MAC by naming its provider class in
 * {@code META-INF/services/io.nicsim.core.host.MacModelProvider}; nicsim's own MACs (stmmac,
 * fec, …) are found the same way, so no command lists drivers. Inside the provider, Dagger
 * wires the model as before (a small component per MAC module).
 *
 * <p>The provider needs a public no-argument constructor. {@link #macModel()} is called once
 * per discovery and must not start any simulation.
 */
public interface MacModelProvider {

  /** The MAC model this jar contributes. */
  MacModel macModel();
}
