package io.nicsim.core.host;

/**
 * What every host component offers. Declare a Dagger component that extends this, lists
 * {@link HostModule} and either {@link MacDiscovery.ClassPathModule} (every MAC on the class
 * path) or the MAC modules it wants, and has a factory taking a {@link HostConfig}.
 */
public interface HostComponent {

  /** The host, built on first call; throws BadInputException for a refused config. */
  Host host();

  /** The MAC models this component knows, by name. */
  MacModels macModels();
}
