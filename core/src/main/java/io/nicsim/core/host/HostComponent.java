package io.nicsim.core.host;

import java.util.Map;

/**
 * What every host component offers. Declare a Dagger component that extends this, lists
 * {@link HostModule} and the MAC modules, and has a factory taking a {@link HostConfig}.
 */
public interface HostComponent {

  /** The host, built on first call; throws BadInputException for a refused config. */
  Host host();

  /** The MAC models this component knows, by name. */
  Map<String, MacModel> macModels();
}
