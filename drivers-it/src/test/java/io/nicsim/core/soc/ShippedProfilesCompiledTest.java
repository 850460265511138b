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
    // one profile of each module that ships some: the check below sees every module
    assertThat(SocCatalog.names()).contains("cortex-a9", "cyclone5", "imx6q", "bcm2711",
        "rzg2l", "ideal", "example-a72");
    new CompiledProfilesTest().everyShippedProfileHasItsCompiledFormBesideIt();
  }
}
