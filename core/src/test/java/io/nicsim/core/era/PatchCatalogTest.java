package io.nicsim.core.era;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PatchCatalogTest {
  private final Patch a = new Patch("old-fix", "aaaaaaaaaaaa", "old fix",
      KernelVersion.of(5, 4), Patch.Status.MAINLINE, "s");
  private final Patch b = new Patch("new-fix", "bbbbbbbbbbbb", "new fix",
      KernelVersion.of(6, 7), Patch.Status.MAINLINE, "s");
  private final Patch c = new Patch("net-next", "cccccccccccc", "pending", null,
      Patch.Status.APPLIED, "s");
  private final PatchCatalog cat = new PatchCatalog("drv", List.of(a, b, c));

  @Test
  void aVersionSelectsTheMainlinePatchesAtOrBeforeIt() {
    assertThat(cat.forKernel(KernelVersion.parse("v6.6")).patches()).containsExactly(a);
    assertThat(cat.forKernel(KernelVersion.parse("6.7")).patches()).containsExactly(a, b);
    assertThat(cat.forKernel(KernelVersion.parse("v4.19")).patches()).isEmpty();
  }

  @Test
  void editsAddAndRemoveByIdOrCommitPrefix() {
    PatchSet s = cat.select(KernelVersion.parse("v6.7"), List.of("+ccccccc", "-new-fix"));
    assertThat(s.patches()).containsExactly(a, c);
    assertThat(s.editsFromBase()).containsExactly("-new-fix", "+net-next");
    assertThat(s.toString()).isEqualTo("v6.7 -new-fix +net-next");
  }

  @Test
  void unknownOrMalformedEditsAreRefusedWithTheList() {
    assertThatThrownBy(() -> cat.select(KernelVersion.parse("v6.7"), List.of("+nope")))
        .isInstanceOf(BadInputException.class).hasMessageContaining("old-fix, new-fix, net-next");
    assertThatThrownBy(() -> cat.select(KernelVersion.parse("v6.7"), List.of("-")))
        .isInstanceOf(BadInputException.class);
    assertThatThrownBy(() -> KernelVersion.parse("six"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("--kernel");
  }
}
