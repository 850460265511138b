package io.nicsim.ideal;

import dagger.Component;
import io.nicsim.core.host.MacModel;
import java.util.Map;

/** Wires the ideal MAC model on its own, for {@link IdealMacProvider}. */
@Component(modules = IdealModule.class)
public interface IdealMacComponent {

  /** The models {@link IdealModule} contributes (just "ideal"). */
  Map<String, MacModel> macModels();
}
