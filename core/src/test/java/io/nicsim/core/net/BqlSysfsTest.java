package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.testkit.KernelKit;
import org.junit.jupiter.api.Test;

/** echo VALUE > queues/tx-N/byte_queue_limits/limit_{min,max}, as bql_set takes it. */
class BqlSysfsTest {
  private final KernelKit k = KernelKit.plain();
  private final NetDevice dev = new NetDevice(k.kernel, "eth0", 2, new SkbLedger());

  private Errno errno(String file, String value) {
    try {
      BqlSysfs.echo(dev, file, value);
    } catch (KernelException e) {
      return e.errno();
    }
    return null;
  }

  @Test
  void onlyTheLimitFilesOfAQueueAreBqlFiles() {
    assertThat(BqlSysfs.isBqlFile("queues/tx-0/byte_queue_limits/limit_min")).isTrue();
    assertThat(BqlSysfs.isBqlFile("queues/tx-12/byte_queue_limits/limit_max")).isTrue();
    assertThat(BqlSysfs.isBqlFile("queues/tx-0/byte_queue_limits/limit")).isFalse();
    assertThat(BqlSysfs.isBqlFile("queues/rx-0/rps_cpus")).isFalse();
    assertThat(BqlSysfs.isBqlFile("napi_defer_hard_irqs")).isFalse();
  }

  @Test
  void maxAndNumbersUpToDqlMaxLimitAreStored() throws KernelException {
    BqlSysfs.echo(dev, "queues/tx-1/byte_queue_limits/limit_min", "max");
    // the next completion raises the limit to limit_min
    dev.queue(1).dql().completed(0);
    assertThat(dev.queue(1).dql().limit()).isEqualTo(Dql.maxLimitAccepted());
    assertThat(dev.queue(0).dql().limit()).isZero();
    BqlSysfs.echo(dev, "queues/tx-0/byte_queue_limits/limit_min", "+3028");
    dev.queue(0).dql().completed(0);
    assertThat(dev.queue(0).dql().limit()).isEqualTo(3028);
    assertThat(errno("queues/tx-0/byte_queue_limits/limit_max",
        Long.toString(Dql.maxLimitAccepted()))).isNull();
  }

  @Test
  void refusalsCarryTheKernelsErrno() {
    String min = "queues/tx-0/byte_queue_limits/limit_min";
    assertThat(errno(min, Long.toString(Dql.maxLimitAccepted() + 1))).isEqualTo(Errno.EINVAL);
    assertThat(errno(min, "4294967296")).isEqualTo(Errno.ERANGE); // past u32
    assertThat(errno(min, "99999999999999999999")).isEqualTo(Errno.ERANGE); // past u64
    assertThat(errno(min, "-1")).isEqualTo(Errno.EINVAL);
    assertThat(errno(min, "12k")).isEqualTo(Errno.EINVAL);
    assertThat(errno(min, "")).isEqualTo(Errno.EINVAL);
    assertThat(errno(min, "maximum")).isEqualTo(Errno.EINVAL);
    // tx-2 of a two-queue device has no directory
    assertThat(errno("queues/tx-2/byte_queue_limits/limit_min", "0")).isEqualTo(Errno.ENOENT);
  }
}
