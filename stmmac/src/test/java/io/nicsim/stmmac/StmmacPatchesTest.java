package io.nicsim.stmmac;

import static io.nicsim.stmmac.StmmacPatches.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.PatchSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StmmacPatchesTest {

  @Test
  void catalogEntriesAreWellFormed() {
    Set<String> ids = new HashSet<>();
    KernelVersion previous = KernelVersion.of(4, 0);
    for (Patch p : CATALOG.all()) {
      assertThat(ids.add(p.id())).as("unique id %s", p.id()).isTrue();
      if (p.commit() != null) {
        assertThat(p.commit()).as(p.id()).matches("[0-9a-f]{12}");
      }
      if (p.status() == Patch.Status.MAINLINE) {
        assertThat(p.landedIn()).as(p.id()).isNotNull();
        assertThat(p.landedIn()).as("catalog is in landing order at %s", p.id())
            .isGreaterThanOrEqualTo(previous);
        previous = p.landedIn();
      } else {
        assertThat(p.landedIn()).as(p.id()).isNull();
      }
    }
  }

  @Test
  void everyPatchTheIssueNamesIsPresentByCommit() {
    for (String commit :
        List.of(
            "d5a05e69ac6e", "c2837423cb54", "4772f26db8d1", "db2f2842e6f5", "fa60b8163816",
            "2d1a42cf7f77", "a594166387fe", "039550960a22", "edceeba4af3d", "d21a374995df",
            "d2facb4b3983", "da2024510031", "d0bb82fd6018", "021bd5e36970", "8fce33317023")) {
      assertThat(CATALOG.lookup(commit).commit()).isEqualTo(commit);
    }
    assertThat(CATALOG.lookup("ic-burst-end-only").status()).isEqualTo(Patch.Status.VARIANT);
  }

  @Test
  void v4_19HasOnlyTheRework() {
    PatchSet s = forKernel("v4.19");
    assertThat(s.patches()).containsExactly(COAL_REWORK);
  }

  @Test
  void v5_4IsTheJiffiesThresholdEra() {
    PatchSet s = forKernel("v5.4");
    assertThat(s.has(NAPI_SPLIT)).isTrue();
    assertThat(s.has(TSTAMP_IC)).isTrue();
    assertThat(s.has(TX_FRAMES_1)).isTrue();
    assertThat(s.has(ETHTOOL_TX_WITHOUT_RIWT)).isTrue();
    assertThat(s.has(SET_IC_MODULO)).isFalse();
    assertThat(s.has(ARM_AT_END)).as("only in 5.4.y stable").isFalse();
    assertThat(s.has(HRTIMER)).isFalse();
  }

  @Test
  void v6_6HasTheZeroUsecsFixButNotTheNapiAwareArm() {
    PatchSet s = forKernel("v6.6");
    assertThat(s.has(ZERO_USECS)).isTrue();
    assertThat(s.has(HRTIMER)).isTrue();
    assertThat(s.has(PER_QUEUE_COALESCE)).isTrue();
    assertThat(s.has(NAPI_AWARE_ARM)).isFalse();
    assertThat(s.has(COAL_5MS)).isFalse();
  }

  @Test
  void v6_7AddsTheThree2023Patches() {
    PatchSet s = forKernel("v6.7");
    assertThat(forKernel("v6.7").patches())
        .containsAll(forKernel("v6.6").patches())
        .contains(NAPI_AWARE_ARM, ARM_AFTER_DMA_ENABLE, COAL_5MS);
    assertThat(s.has(ETHTOOL_NO_BEGIN)).isFalse();
  }

  @Test
  void v6_18HasNoneOfThe2026Patches() {
    PatchSet s = forKernel("v6.18");
    assertThat(s.has(ETHTOOL_NO_BEGIN)).isTrue();
    assertThat(s.has(HRTIMER_ACTIVE)).isFalse();
    assertThat(s.has(BURST_END_IC)).isFalse();
    assertThat(s.has(RIWT_ROUNDING)).isFalse();
    assertThat(s.has(RIWT_ZERO_REFUSED)).isTrue();
    assertThat(s.has(IC_BURST_END_ONLY)).isFalse();
  }

  @Test
  void stableReleasesCarryTheirLinesBackports() {
    // fa60b8163816 (v6.6) reached 6.1.y in 6.1.54 (9dbbc87d5b61)
    assertThat(forKernel("v6.1").has(ZERO_USECS)).isFalse();
    assertThat(forKernel("v6.1.53").has(ZERO_USECS)).isFalse();
    assertThat(forKernel("v6.1.54").has(ZERO_USECS)).isTrue();
    assertThat(forKernel("6.1.192").has(ZERO_USECS)).isTrue();
    // 6.1.192 has none of the 6.7 timer changes, and still the rx-usecs > 0 guard
    PatchSet s = forKernel("v6.1.192");
    assertThat(s.has(NAPI_AWARE_ARM)).isFalse();
    assertThat(s.has(COAL_5MS)).isFalse();
    assertThat(s.has(RIWT_ZERO_REFUSED)).isFalse();
    assertThat(s.base().toString()).isEqualTo("v6.1.192");
    assertThat(s.editsFromBase()).isEmpty();
    // a stable release's line is its own: 6.12.117 has what v6.12 has, and d21a374995df
    // (burst-end-ic, read in Debian's 6.12.117 stmmac_xmit), which no mainline release has
    assertThat(forKernel("v6.12.117").patches())
        .containsAll(forKernel("v6.12").patches()).contains(BURST_END_IC)
        .hasSize(forKernel("v6.12").patches().size() + 1);
    assertThat(forKernel("v6.12.116").has(BURST_END_IC)).isFalse();
    assertThat(forKernel("v6.18").has(BURST_END_IC)).isFalse();
  }

  @Test
  void versionsPastTheNewestKnownAreRefusedWithTheRange() {
    for (String v : List.of("v9.99", "v7.3", "v6.1.193", "v6.5.4")) {
      assertThatThrownBy(() -> forKernel(v))
          .as(v)
          .isInstanceOf(BadInputException.class)
          .hasMessageStartingWith("--kernel: '" + v + "'")
          .hasMessageContaining("v2.6..v7.2 (mainline), v6.1.1..v6.1.192 (6.1.y),"
              + " v6.12.1..v6.12.118 (6.12.y), v6.18.1..v6.18.19 (6.18.y)");
    }
  }

  @Test
  void editsByNameAndCommitPrefix() {
    PatchSet s = select("v6.7", List.of("+edceeba4af3", "-coal-5ms", "burst-end-ic"));
    assertThat(s.has(HRTIMER_ACTIVE)).isTrue();
    assertThat(s.has(BURST_END_IC)).isTrue();
    assertThat(s.has(COAL_5MS)).isFalse();
    assertThat(s.editsFromBase()).containsExactly("-coal-5ms", "+hrtimer-active", "+burst-end-ic");
  }

  @Test
  void versionsBeforeTheReworkAreRefused() {
    assertThatThrownBy(() -> forKernel("v4.18"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--kernel")
        .hasMessageContaining("v4.19");
  }

  @ParameterizedTest
  @CsvSource({
    "v4.19, 1000, 25, 0, 32, 255, false",
    "v5.2,  1000, 1,  0, 32, 255, false",
    "v5.4,  1000, 1, 25, 16, 16,  false",
    "v5.5,  1000, 25, 0, 16, 160, true",
    "v6.6,  1000, 25, 0, 16, 160, true",
    "v6.7,  5000, 25, 0, 16, 160, true",
    "v6.18, 5000, 25, 0, 16, 160, true"
  })
  void defaultsPerEra(
      String kernel, int usecs, int txFrames, int rxFrames, int minRiwt, int openRiwt,
      boolean keeps) {
    StmmacDefaults d = StmmacDefaults.of(forKernel(kernel));
    assertThat(d.coalTxTimerUs()).isEqualTo(usecs);
    assertThat(d.txFrames()).isEqualTo(txFrames);
    assertThat(d.rxFrames()).isEqualTo(rxFrames);
    assertThat(d.minDmaRiwt()).isEqualTo(minRiwt);
    assertThat(d.openRiwt()).isEqualTo(openRiwt);
    assertThat(d.openKeepsRiwt()).isEqualTo(keeps);
    assertThat(d.maxCoalTxTickUs()).isEqualTo(100000);
    assertThat(d.txMaxFrames()).isEqualTo(256);
  }

  @Test
  void removingTheReworkRestoresThe418Defaults() {
    StmmacDefaults d = StmmacDefaults.of(select("v4.19", List.of("-coal-rework")));
    assertThat(d.coalTxTimerUs()).isEqualTo(40000);
    assertThat(d.txFrames()).isEqualTo(64);
  }
}
