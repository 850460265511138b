package io.nicsim.fec;

import dagger.Component;
import io.nicsim.core.host.MacModel;
import java.util.Map;

/** Wires the fec MAC model on its own, for {@link FecMacProvider}. */
@Component(modules = FecModule.class)
public interface FecMacComponent {

  /** The models {@link FecModule} contributes (just "fec"). */
  Map<String, MacModel> macModels();
}
