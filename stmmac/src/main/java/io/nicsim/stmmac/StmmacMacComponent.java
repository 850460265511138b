package io.nicsim.stmmac;

import dagger.Component;
import io.nicsim.core.host.MacModel;
import java.util.Map;

/** Wires the stmmac MAC model on its own, for {@link StmmacMacProvider}. */
@Component(modules = StmmacModule.class)
public interface StmmacMacComponent {

  /** The models {@link StmmacModule} contributes (just "stmmac"). */
  Map<String, MacModel> macModels();
}
