package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.kernel.NetCorePatches;
import io.nicsim.core.testkit.KernelKit;
import org.junit.jupiter.api.Test;

/** net-sysfs.c's stores (kstrtoul, the change functions per era) and netdev-genl's napi-set. */
class NetSysfsTest {

  private static NetSysfs sysfs(KernelKit k, String version, int bits, boolean withNapi) {
    k.kernel.setNetCore(NetCorePatches.forKernel(KernelVersion.parse(version)));
    if (withNapi) {
      new Napi(k.kernel, "rx", "eth0", (n, b) -> 0, 64).enable();
    }
    return new NetSysfs(k.kernel.napiDevice("eth0"), k.kernel.netCore(), bits);
  }

  private static Errno errno(ThrowingWrite w) {
    try {
      w.run();
    } catch (KernelException e) {
      return e.errno();
    }
    return null;
  }

  interface ThrowingWrite {
    void run() throws KernelException;
  }

  @Test
  void kstrtoulTakesWhatTheKernelTakes() throws KernelException {
    assertThat(NetSysfs.kstrtoul("200000\n", 64)).isEqualTo(200000);
    assertThat(NetSysfs.kstrtoul("+7", 64)).isEqualTo(7);
    assertThat(NetSysfs.kstrtoul("0x10\n", 64)).isEqualTo(16);
    assertThat(NetSysfs.kstrtoul("010", 64)).isEqualTo(8);
    assertThat(NetSysfs.kstrtoul("0", 64)).isZero();
    assertThat(NetSysfs.kstrtoul("18446744073709551615", 64)).isEqualTo(-1L);
    assertThat(errno(() -> NetSysfs.kstrtoul("18446744073709551616", 64))).isEqualTo(Errno.ERANGE);
    assertThat(errno(() -> NetSysfs.kstrtoul("4294967296", 32))).isEqualTo(Errno.ERANGE);
    for (String bad : new String[] {"-1", " 5", "5 ", "0x", "08", "1e3", "", "\n", "5\n\n", "12ms"}) {
      assertThat(errno(() -> NetSysfs.kstrtoul(bad, 64))).as("'%s'", bad).isEqualTo(Errno.EINVAL);
    }
  }

  @Test
  void deferAboveS32MaxIsErangeFromV612AndTruncatedIntoAnIntBefore() throws KernelException {
    NetSysfs s612 = sysfs(KernelKit.plain(), "v6.12", 64, true);
    assertThat(errno(() -> s612.echo("napi_defer_hard_irqs", "2147483648"))).isEqualTo(Errno.ERANGE);
    s612.echo("napi_defer_hard_irqs", "2147483647");
    assertThat(s612.cat("napi_defer_hard_irqs")).isEqualTo("2147483647\n");

    NetSysfs s61 = sysfs(KernelKit.plain(), "v6.1", 64, true);
    s61.echo("napi_defer_hard_irqs", "4294967295");
    assertThat(s61.cat("napi_defer_hard_irqs")).as("fmt_dec of an int").isEqualTo("-1\n");
    s61.echo("napi_defer_hard_irqs", "4294967298"); // 2^32 + 2 keeps its low 32 bits
    assertThat(s61.cat("napi_defer_hard_irqs")).isEqualTo("2\n");
  }

  @Test
  void filesOfALaterKernelCannotBeCreated() {
    NetSysfs s = sysfs(KernelKit.plain(), "v5.4", 64, true);
    assertThat(errno(() -> s.echo("napi_defer_hard_irqs", "1"))).isEqualTo(Errno.EACCES);
    assertThat(errno(() -> s.echo("threaded", "1"))).isEqualTo(Errno.EACCES);
    assertThat(errno(() -> s.echo("napi_defer_hard_irq", "1"))).isEqualTo(Errno.EACCES);
    assertThat(errno(() -> s.echo("gro_flush_timeout", "1000"))).isNull();
  }

  /**
   * modify_napi_threaded takes 0 or 1 in every release, 6.18.19's included: threaded busy
   * polling (2) is set over netlink, not sysfs (the port accepted 2 from v6.18).
   */
  @Test
  void threadedTakesZeroOrOneInEveryRelease() throws KernelException {
    NetSysfs s612 = sysfs(KernelKit.plain(), "v6.12", 64, true);
    assertThat(errno(() -> s612.echo("threaded", "2"))).isEqualTo(Errno.EOPNOTSUPP);
    s612.echo("threaded", "1");
    assertThat(s612.cat("threaded")).isEqualTo("1\n");
    NetSysfs s618 = sysfs(KernelKit.plain(), "v6.18", 64, true);
    assertThat(errno(() -> s618.echo("threaded", "2"))).isEqualTo(Errno.EOPNOTSUPP);
    s618.echo("threaded", "1");
    assertThat(s618.cat("threaded")).isEqualTo("1\n");
    assertThat(errno(() -> s618.echo("threaded", "3"))).isEqualTo(Errno.EOPNOTSUPP);
    NetSysfs none = sysfs(KernelKit.plain(), "v6.12", 64, false);
    assertThat(errno(() -> none.echo("threaded", "1"))).as("no NAPI").isEqualTo(Errno.EOPNOTSUPP);
  }

  @Test
  void gro_flush_timeoutIsAnUnsignedLong() throws KernelException {
    NetSysfs s32 = sysfs(KernelKit.plain(), "v6.12", 32, true);
    s32.echo("gro_flush_timeout", "4294967295");
    assertThat(errno(() -> s32.echo("gro_flush_timeout", "4294967296"))).isEqualTo(Errno.ERANGE);
    assertThat(s32.cat("gro_flush_timeout")).isEqualTo("4294967295\n");
  }

  @Test
  void sysfsWritesReachEveryNapiAndNapiSetOneFromV613() throws KernelException {
    KernelKit k = KernelKit.plain();
    NetSysfs s = sysfs(k, "v6.13", 64, true);
    Napi second = new Napi(k.kernel, "rx1", "eth0", (n, b) -> 0, 64);
    s.echo("napi_defer_hard_irqs", "2");
    s.echo("gro_flush_timeout", "20000");
    for (Napi n : k.kernel.napiDevice("eth0").napis()) {
      assertThat(n.deferHardIrqs()).isEqualTo(2);
      assertThat(n.groFlushTimeout()).isEqualTo(20000);
    }
    NapiNetlink nl = new NapiNetlink(k.kernel);
    nl.napiSet(second.napiId(), 5L, null, 2_000_000L);
    assertThat(second.deferHardIrqs()).isEqualTo(5);
    assertThat(second.irqSuspendTimeout()).isEqualTo(2_000_000);
    assertThat(k.kernel.napiDevice("eth0").napis().get(0).deferHardIrqs()).isEqualTo(2);
    assertThat(errno(() -> nl.napiSet(second.napiId(), 1L << 31, null, null)))
        .isEqualTo(Errno.ERANGE);
    assertThat(errno(() -> nl.napiSet(99, 1L, null, null))).isEqualTo(Errno.ENOENT);

    KernelKit old = KernelKit.plain();
    sysfs(old, "v6.12", 64, true);
    NapiNetlink nl612 = new NapiNetlink(old.kernel);
    int id = old.kernel.napis().get(0).napiId();
    assertThat(errno(() -> nl612.napiSet(id, 1L, null, null))).isEqualTo(Errno.EOPNOTSUPP);
  }
}
