package io.nicsim.core.ethtool;

import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for net/ethtool/ioctl.c's coalescing:
 * {@code ethtool_set_coalesce_supported}, {@code ethtool_set_coalesce} and
 * {@code ethtool_set_per_queue_coalesce}, run whole with the driver's callbacks as recording
 * stubs answering from the record. The request travels as {@link #COALESCE}; the C drivers are
 * {@code src/main/resources/nicsim/portexec/ethtool/}.
 */
public final class EthtoolHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/ethtool/";
  private static final String IOCTL_C = "net/ethtool/ioctl.c";
  private static final List<String> SOURCES = List.of(IOCTL_C, "include/linux/ethtool.h",
      "include/uapi/linux/ethtool.h");
  private static final int FIELDS = CoalesceParam.values().length;

  /** A driver callback's answer by index (the C's nicsim_ret): 0 or a negative errno. */
  static final List<Errno> RETS = Arrays.asList(null, Errno.EINVAL, Errno.EOPNOTSUPP,
      Errno.EBUSY);

  /** supported_coalesce_params, then struct ethtool_coalesce's 22 fields in struct order. */
  static final List<InputField> COALESCE;

  static {
    List<InputField> f = new ArrayList<>();
    f.add(u32("supported_coalesce_params").withEdges(CoalesceParam.USECS,
        CoalesceParam.USECS | CoalesceParam.MAX_FRAMES, (1L << FIELDS) - 1, (1L << FIELDS) - 2));
    for (CoalesceParam p : CoalesceParam.values()) {
      f.add(u32("coalesce." + cName(p)).withEdges(0, 1));
    }
    COALESCE = List.copyOf(f);
  }

  /** The struct ethtool_coalesce member a parameter is. */
  private static String cName(CoalesceParam p) {
    return switch (p) {
      case RX_USECS -> "rx_coalesce_usecs";
      case RX_MAX_FRAMES -> "rx_max_coalesced_frames";
      case RX_USECS_IRQ -> "rx_coalesce_usecs_irq";
      case RX_MAX_FRAMES_IRQ -> "rx_max_coalesced_frames_irq";
      case TX_USECS -> "tx_coalesce_usecs";
      case TX_MAX_FRAMES -> "tx_max_coalesced_frames";
      case TX_USECS_IRQ -> "tx_coalesce_usecs_irq";
      case TX_MAX_FRAMES_IRQ -> "tx_max_coalesced_frames_irq";
      case STATS_BLOCK_USECS -> "stats_block_coalesce_usecs";
      case USE_ADAPTIVE_RX -> "use_adaptive_rx_coalesce";
      case USE_ADAPTIVE_TX -> "use_adaptive_tx_coalesce";
      case PKT_RATE_LOW -> "pkt_rate_low";
      case RX_USECS_LOW -> "rx_coalesce_usecs_low";
      case RX_MAX_FRAMES_LOW -> "rx_max_coalesced_frames_low";
      case TX_USECS_LOW -> "tx_coalesce_usecs_low";
      case TX_MAX_FRAMES_LOW -> "tx_max_coalesced_frames_low";
      case PKT_RATE_HIGH -> "pkt_rate_high";
      case RX_USECS_HIGH -> "rx_coalesce_usecs_high";
      case RX_MAX_FRAMES_HIGH -> "rx_max_coalesced_frames_high";
      case TX_USECS_HIGH -> "tx_coalesce_usecs_high";
      case TX_MAX_FRAMES_HIGH -> "tx_max_coalesced_frames_high";
      case RATE_SAMPLE_INTERVAL -> "rate_sample_interval";
    };
  }

  private static final String NOTE = "the driver's coalescing callbacks are recording stubs"
      + " answering 0, -EINVAL, -EOPNOTSUPP or -EBUSY from the record; every struct handed to"
      + " the driver is printed whole";

  @Override
  public List<PortHarness> harnesses() {
    return List.of(supported(), setCoalesce(), setPerQueue());
  }

  private static String program(String function) {
    return PortHarness.resource(EthtoolHarnesses.class, DIR + "common.c") + "\n"
        + PortHarness.resource(EthtoolHarnesses.class, DIR + function + ".c");
  }

  /** The request a record holds (record -> objects, with {@link Ops}). */
  static EthtoolCoalesce request(long[] r) {
    EthtoolCoalesce c = new EthtoolCoalesce();
    for (CoalesceParam p : CoalesceParam.values()) {
      c.set(p, r[1 + p.ordinal()]);
    }
    return c;
  }

  /** A struct handed to the driver, as the C's nicsim_coalesce_call prints it. */
  static void call(Out out, String name, long queue, EthtoolCoalesce c) {
    long[] args = new long[1 + FIELDS];
    args[0] = queue;
    for (CoalesceParam p : CoalesceParam.values()) {
      args[1 + p.ordinal()] = c.get(p);
    }
    out.call(name, args);
  }

  static long ret(Errno e) {
    return e == null ? 0 : -e.number();
  }

  private static void answer(long index) throws KernelException {
    Errno e = RETS.get((int) index);
    if (e != null) {
      throw new KernelException(e);
    }
  }

  /**
   * The driver the record describes: its supported mask and its callbacks, which print their
   * calls and answer from the record (the C's stubs).
   */
  static final class Ops implements EthtoolOps {
    final long[] r;
    final Out out;

    Ops(long[] r, Out out) {
      this.r = r;
      this.out = out;
    }

    @Override
    public int supportedCoalesceParams() {
      return (int) r[0];
    }

    @Override
    public void getCoalesce(EthtoolCoalesce c) throws KernelException {
      out.call("get_coalesce");
      for (CoalesceParam p : CoalesceParam.values()) {
        c.set(p, 1000 + p.ordinal());
      }
      answer(r[1 + FIELDS]);
    }

    @Override
    public void setCoalesce(EthtoolCoalesce c) throws KernelException {
      call(out, "set_coalesce", -1, c);
      answer(r[2 + FIELDS]);
    }

    @Override
    public void coalesceNotify() {
      out.call("ethtool_notify", 1); // the C's ETHTOOL_MSG_COALESCE_NTF
    }

    @Override
    public void getPerQueueCoalesce(int queue, EthtoolCoalesce c) throws KernelException {
      out.call("get_per_queue_coalesce", queue);
      for (CoalesceParam p : CoalesceParam.values()) {
        c.set(p, queue * 64L + p.ordinal() + 1);
      }
      if (queue == r[2 + FIELDS]) {
        answer(r[3 + FIELDS]);
      }
    }

    @Override
    public void setPerQueueCoalesce(int queue, EthtoolCoalesce c) throws KernelException {
      call(out, "set_per_queue_coalesce", queue, c);
      if (queue == r[4 + FIELDS]) {
        answer(r[5 + FIELDS]);
      }
    }
  }

  /** A port that may refuse, as its C return value. */
  private interface Call {
    void run() throws KernelException;
  }

  private static long run(Call c) {
    try {
      c.run();
      return 0;
    } catch (KernelException e) {
      return ret(e.errno());
    }
  }

  private static PortHarness supported() {
    return PortHarness.of(IOCTL_C, "ethtool_set_coalesce_supported")
        .sources(SOURCES)
        .program(program("ethtool_set_coalesce_supported"))
        .inputs(COALESCE)
        .java(kernel -> r -> new Out().put("ret",
            Ethtool.setCoalesceSupported(new Ops(r, new Out()), request(r))).toString())
        .build();
  }

  private static PortHarness setCoalesce() {
    List<InputField> in = new ArrayList<>(COALESCE);
    in.add(range("get_coalesce answer", 0, RETS.size() - 1));
    in.add(range("set_coalesce answer", 0, RETS.size() - 1));
    return PortHarness.of(IOCTL_C, "ethtool_set_coalesce")
        .sources(SOURCES)
        .program(program("ethtool_set_coalesce"))
        .inputs(in)
        .notes(NOTE + "; the driver has both get_coalesce and set_coalesce (every nicsim"
            + " driver does); copy_from_user does not fault; get_coalesce writes 1000 + i into"
            + " field i before the copy replaces it")
        .java(EthtoolHarnesses::setCoalesceSide)
        .build();
  }

  private static JavaPort setCoalesceSide(String kernel) {
    return r -> {
      Out out = new Out();
      Ops ops = new Ops(r, out);
      long ret = run(() -> Ethtool.ethtoolSetCoalesce(ops, request(r)));
      return out.put("ret", ret).toString();
    };
  }

  private static PortHarness setPerQueue() {
    List<InputField> in = new ArrayList<>(COALESCE);
    in.add(u64("queue_mask").withEdges(0, 1, 2, 3, 0xFFFF_FFFFL, 0x1_0000_0000L,
        0x8000_0000_0000_0000L, -1L));
    in.add(range("queue whose get_per_queue_coalesce fails (64: none)", 0, 64).withEdges(0, 1,
        31, 32, 63, 64));
    in.add(range("answer of the failing get", 1, RETS.size() - 1));
    in.add(range("queue whose set_per_queue_coalesce fails (64: none)", 0, 64).withEdges(0, 1,
        31, 32, 63, 64));
    in.add(range("answer of the failing set", 1, RETS.size() - 1));
    return PortHarness.of(IOCTL_C, "ethtool_set_per_queue_coalesce")
        .sources(SOURCES)
        .program(program("ethtool_set_per_queue_coalesce"))
        .inputs(in)
        .notes(NOTE + "; queues 0..63 (the Java's mask is 64 bits; the kernel's has 4096);"
            + " every queue's copy is the record's request (ethtool fills them alike);"
            + " kmalloc_array and copy_from_user do not fail; the driver has both per-queue"
            + " callbacks; get_per_queue_coalesce of queue q writes q * 64 + i + 1 into field i")
        .java(EthtoolHarnesses::setPerQueueSide)
        .build();
  }

  private static JavaPort setPerQueueSide(String kernel) {
    return r -> {
      Out out = new Out();
      Ops ops = new Ops(r, out);
      long ret = run(() -> Ethtool.ethtoolSetPerQueueCoalesce(ops, r[1 + FIELDS], request(r)));
      return out.put("ret", ret).toString();
    };
  }
}
