package io.nicsim.core.soc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Every module's profiles (profiles, stmmac, fec, bcmgenet, ravb, ideal, hostkit: this module's
 * class path holds them all) have their JSON form beside them, holding the YAML's tree:
 * profiles' {@code CompiledProfilesTest} check, run where all the modules are.
 */
class ShippedProfilesCompiledTest {
  @Test
  void everyModulesProfilesHaveTheirCompiledFormBesideThem() throws Exception {
    // one SoC of each driver and of hostkit (profiles' own CPU bases, cortex-a55 among them,
    // are required by the check below): it sees every module
    assertThat(SocCatalog.names()).contains("cyclone5", "imx6q", "bcm2711", "rzg2l", "ideal",
        "example-a72");
    new CompiledProfilesTest().everyShippedProfileHasItsCompiledFormBesideIt();
  }
}
