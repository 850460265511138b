package io.nicsim.core.soc;

import org.junit.jupiter.api.Test;

/**
 * Every module's profiles (bench's class path holds them all: profiles, stmmac, fec, bcmgenet,
 * ideal, bench) have their JSON form beside them, holding the YAML's tree: profiles'
 * {@code CompiledProfilesTest} check, run where all the modules are.
 */
class ShippedProfilesCompiledTest {
  @Test
  void everyModulesProfilesHaveTheirCompiledFormBesideThem() throws Exception {
    new CompiledProfilesTest().everyShippedProfileHasItsCompiledFormBesideIt();
  }
}
