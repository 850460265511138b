package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import org.junit.jupiter.api.Test;

class SkbHeadTruesizeTest {

  @Test
  void theKernelsDefinitionsGiveTheHeadSizesOfATypicalArm64Config() {
    assertThat(SkbHeadTruesize.maxTcpHeader()).isEqualTo(320); // L1_CACHE_ALIGN(128 + 144)
    assertThat(SkbHeadTruesize.skbHeadAlign(320)).isEqualTo(640);
    assertThat(SkbHeadTruesize.smallHeadCacheSize()).isEqualTo(640);
    assertThat(SkbHeadTruesize.kmallocSizeRoundup(640)).isEqualTo(1024);
    assertThat(SkbHeadTruesize.kmallocSizeRoundup(1024)).isEqualTo(1024);
    // SKB_TRUESIZE(1): the constant TcpSysctl.skbTruesize1 holds
    assertThat(SkbHeadTruesize.skbTruesize(1)).isEqualTo(new TcpSysctl().skbTruesize1);
  }

  @Test
  void truesizeIsTheKmallocHeadBefore6_3AndTheSmallHeadCacheFrom6_3() {
    assertThat(SkbHeadTruesize.of(false)).isEqualTo(1280);
    assertThat(SkbHeadTruesize.of(true)).isEqualTo(896);
    assertThat(TcpPatches.CATALOG.forKernel(KernelVersion.of(6, 2)).has(TcpPatches.SMALL_HEAD_CACHE))
        .isFalse();
    assertThat(TcpPatches.CATALOG.forKernel(KernelVersion.of(6, 3)).has(TcpPatches.SMALL_HEAD_CACHE))
        .isTrue();
    // never backported: 6.1.192 still allocates TCP heads from kmalloc-1k
    assertThat(TcpPatches.CATALOG.forKernel(KernelVersion.parse("v6.1.192"))
        .has(TcpPatches.SMALL_HEAD_CACHE)).isFalse();
  }

  @Test
  void aSocketTakesItsErasHeadTruesizeUnlessTheSysctlSetsOne() {
    TcpSysctl sysctl = new TcpSysctl();
    TcpSock old = new TcpSock(null, sysctl, TcpPatches.CATALOG.forKernel(KernelVersion.of(6, 1)),
        null);
    TcpSock now = new TcpSock(null, sysctl, TcpPatches.CATALOG.forKernel(KernelVersion.of(6, 6)),
        null);
    assertThat(old.skbHeadTruesize).isEqualTo(1280);
    assertThat(now.skbHeadTruesize).isEqualTo(896);
    sysctl.skbHeadTruesize = 1000;
    assertThat(new TcpSock(null, sysctl, TcpPatches.CATALOG.forKernel(KernelVersion.of(6, 6)),
        null).skbHeadTruesize).isEqualTo(1000);
  }

  @Test
  void tsqBackportIsIn6_1_60AndLater() {
    assertThat(TcpPatches.CATALOG.forKernel(KernelVersion.parse("v6.1.59"))
        .has(TcpPatches.TSQ_RTX_SINGLE_SKB)).isFalse();
    assertThat(TcpPatches.CATALOG.forKernel(KernelVersion.parse("v6.1.192"))
        .has(TcpPatches.TSQ_RTX_SINGLE_SKB)).isTrue();
  }
}
