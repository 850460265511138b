package io.nicsim.fec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.PatchSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class FecPatchesTest {

  private static List<String> ids(PatchSet s) {
    return s.patches().stream().map(Patch::id).toList();
  }

  @Test
  void versionsSelectTheMainlineEras() {
    assertThat(ids(FecPatches.select(KernelVersion.of(5, 10), List.of()))).isEmpty();
    assertThat(ids(FecPatches.select(KernelVersion.of(6, 0), List.of())))
        .containsExactly("multi-queues-quirk");
    assertThat(ids(FecPatches.select(KernelVersion.of(6, 1), List.of())))
        .containsExactly("multi-queues-quirk", "rx-page-pool", "coal-keep", "coal-guard");
    assertThat(ids(FecPatches.select(KernelVersion.of(6, 16), List.of())))
        .doesNotContain("coal-disable")
        .contains("tx-ring-1024");
    assertThat(ids(FecPatches.select(KernelVersion.of(6, 17), List.of())))
        .contains("coal-disable")
        .doesNotContain("soc-rx-usecs");
  }

  @Test
  void stableReleasesCarryTheirLinesBackports() {
    // Debian's 6.1.192: allow-disable coalescing (6.1.149), the page-pool error (6.1.167) and
    // rx_bytes (6.1.159) fixes, no fec_ctrl_reset, 512-entry TX ring, no XDP TX buffers
    assertThat(ids(FecPatches.select(KernelVersion.parse("v6.1.192"), List.of())))
        .containsExactly("multi-queues-quirk", "rx-page-pool", "coal-keep", "coal-guard",
            "page-alloc-error", "coal-disable", "rx-bytes-shift16");
    assertThat(ids(FecPatches.select(KernelVersion.parse("v6.1.158"), List.of())))
        .doesNotContain("rx-bytes-shift16", "page-alloc-error");
    assertThat(ids(FecPatches.select(KernelVersion.parse("v6.1.148"), List.of())))
        .doesNotContain("coal-disable");
    // Debian's 6.12.117: fec_ctrl_reset (6.12.31) and allow-disable coalescing (6.12.43)
    assertThat(ids(FecPatches.select(KernelVersion.parse("6.12.117"), List.of())))
        .contains("tx-ring-1024", "xdp-tx-buf", "no-reset-skb", "eee-link", "ptp-reload",
            "page-alloc-error", "ctrl-reset", "coal-disable", "rx-bytes-shift16")
        .doesNotContain("eee-lpi-timer", "jumbo-frame");
    assertThat(ids(FecPatches.select(KernelVersion.parse("v6.12.30"), List.of())))
        .doesNotContain("ctrl-reset", "coal-disable");
    assertThat(ids(FecPatches.select(KernelVersion.parse("v6.12"), List.of())))
        .doesNotContain("ctrl-reset", "coal-disable");
  }

  @Test
  void theProposedPatchIsOnlyAddedByNameAndHasNoCommit() {
    PatchSet s = FecPatches.select(KernelVersion.of(6, 10), List.of("+soc-rx-usecs"));
    assertThat(s.has(FecPatches.SOC_RX_USECS)).isTrue();
    assertThat(FecPatches.SOC_RX_USECS.commit()).isNull();
    assertThat(FecPatches.SOC_RX_USECS.status()).isEqualTo(Patch.Status.PROPOSED);
    assertThat(s.toString()).isEqualTo("v6.10 +soc-rx-usecs");
  }

  @Test
  void commitPrefixesFindPatches() {
    assertThat(FecPatches.CATALOG.lookup("b7ad212")).isSameAs(FecPatches.COAL_DISABLE);
    assertThat(FecPatches.CATALOG.lookup("df727d4547de")).isSameAs(FecPatches.COAL_KEEP);
    for (Patch p : FecPatches.CATALOG.all()) {
      if (p.commit() != null) {
        assertThat(p.commit()).matches("[0-9a-f]{12}");
      }
    }
  }

  @Test
  void patchesThatNeedDf727AreRefusedWithoutIt() {
    assertThatThrownBy(() -> FecPatches.select(KernelVersion.of(5, 15), List.of("soc-rx-usecs")))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--patch: soc-rx-usecs applies on top of coal-keep");
    assertThatThrownBy(() -> FecPatches.select(KernelVersion.of(6, 6), List.of("-coal-keep")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("coal-guard");
    assertThat(FecPatches.select(KernelVersion.of(6, 6), List.of("-coal-guard", "-coal-keep")))
        .isNotNull();
  }

  @Test
  void theJumboSeriesIsV618AndItsVlanFixCameWith6188() {
    assertThat(ids(FecPatches.select(KernelVersion.of(6, 17), List.of())))
        .doesNotContain("jumbo-frame", "vlan-frame-len");
    assertThat(ids(FecPatches.select(KernelVersion.of(6, 18), List.of())))
        .contains("jumbo-frame", "coal-disable", "ctrl-reset")
        .doesNotContain("vlan-frame-len");
    assertThat(ids(FecPatches.select(KernelVersion.parse("v6.18.7"), List.of())))
        .doesNotContain("vlan-frame-len");
    assertThat(ids(FecPatches.select(KernelVersion.parse("v6.18.19"), List.of())))
        .contains("jumbo-frame", "vlan-frame-len");
    assertThat(ids(FecPatches.select(KernelVersion.parse("v6.12.118"), List.of())))
        .doesNotContain("jumbo-frame", "vlan-frame-len");
    assertThatThrownBy(() -> FecPatches.select(KernelVersion.of(6, 12),
        List.of("+vlan-frame-len")))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--patch: vlan-frame-len applies on top of jumbo-frame");
  }

  @Test
  void kernelsAfterTheModelAreRefused() {
    assertThatThrownBy(() -> FecPatches.select(KernelVersion.of(6, 19), List.of()))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--kernel: v6.19 is newer than the fec model");
  }

  @Test
  void kernelsBeforeTheModelAreRefused() {
    assertThatThrownBy(() -> FecPatches.select(KernelVersion.of(5, 4), List.of()))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--kernel: v5.4");
  }
}
