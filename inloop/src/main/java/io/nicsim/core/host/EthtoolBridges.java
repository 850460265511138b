package io.nicsim.core.host;

import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.List;

/**
 * {@code --ports c} for the ethtool core's {@code -C}: the tree's ethtool_set_coalesce
 * (net/ethtool/ioctl.c; ethtool_set_coalesce_supported inside) in place of {@link Ethtool}'s,
 * through the hook {@link Ethtool.SetCoalesceC} the host's kernel holds. The inverse of its
 * harness ({@code EthtoolHarnesses}): the driver's supported mask and the request as the record;
 * the driver's get_coalesce and set_coalesce, which the harness's stubs answer from the record
 * (0 first), are the model's driver ({@link EthtoolOps}, whose own bridge may run its C), run
 * where the C calls them with the struct the C handed over, and an answer of the model's other
 * than the record's reruns the C with it ({@link Replay}), the calls already applied skipped;
 * {@code ethtool_notify} is the driver's {@link EthtoolOps#coalesceNotify}. A negative return
 * is the Java's {@link KernelException} with that errno, so the refusal's one line is the
 * Java's.
 */
public final class EthtoolBridges implements PortBridgeProvider {
  private static final String IOCTL_C = "net/ethtool/ioctl.c";
  private static final int FIELDS = CoalesceParam.values().length;
  /** The record's get_coalesce answer and set_coalesce answer (indices into RETS). */
  private static final int GET_ANSWER = 1 + FIELDS;
  private static final int SET_ANSWER = 2 + FIELDS;
  /** The harness's nicsim_ret: the answers a stub can give, by index. */
  private static final List<Errno> RETS = Arrays.asList(null, Errno.EINVAL,
      Errno.EOPNOTSUPP, Errno.EBUSY);
  private static final long GET = NativeOut.id("get_coalesce");
  private static final long SET = NativeOut.id("set_coalesce");
  private static final long NOTIFY = NativeOut.id("ethtool_notify");

  @Override
  public List<PortBridge> bridges() {
    return List.of(new PortBridge() {
      @Override
      public String file() {
        return IOCTL_C;
      }

      @Override
      public String function() {
        return "ethtool_set_coalesce";
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        site.host().kernel().putInLoop(Ethtool.SetCoalesceC.class, new Hook(c));
        return true;
      }
    });
  }

  /** ethtool_set_coalesce's hook. */
  static final class Hook implements Ethtool.SetCoalesceC {
    private final NativePort c;
    private final long[] in;
    private final Replay replay;

    Hook(NativePort c) {
      this.c = c;
      this.in = new long[c.inputs()];
      this.replay = new Replay(c, in);
    }

    @Override
    public void setCoalesce(EthtoolOps ops, EthtoolCoalesce request) throws KernelException {
      Arrays.fill(in, 0);
      in[0] = Integer.toUnsignedLong(ops.supportedCoalesceParams());
      for (CoalesceParam p : CoalesceParam.values()) {
        in[1 + p.ordinal()] = request.get(p) & 0xFFFF_FFFFL; // u32, as CoalesceArgs parses
      }
      long ret = replay.run(o -> apply(ops, o));
      if (ret < 0) {
        throw new KernelException(PortBridge.errno(c, in, ret));
      }
    }

    /** One call of the C's, on the model's driver. */
    private int apply(EthtoolOps ops, NativeOut o) {
      if (o.kind() != NativeOut.CALL) {
        throw PortBridge.cannotApply(c, in, o);
      }
      long n = o.name();
      if (n == GET) {
        // its values are overwritten by copy_from_user: only its answer counts
        return replay.answer(GET_ANSWER, answer(o, () -> ops.getCoalesce(new EthtoolCoalesce())));
      }
      if (n == SET && o.args() == 1 + FIELDS) {
        EthtoolCoalesce got = new EthtoolCoalesce();
        for (CoalesceParam p : CoalesceParam.values()) {
          got.set(p, o.arg(1 + p.ordinal()));
        }
        return replay.answer(SET_ANSWER, answer(o, () -> ops.setCoalesce(got)));
      }
      if (n == NOTIFY) {
        ops.coalesceNotify();
        return Replay.NEXT;
      }
      throw PortBridge.cannotApply(c, in, o);
    }

    /** A driver callback that may refuse. */
    private interface Callback {
      void run() throws KernelException;
    }

    /** The model's answer as the record's index; one the record cannot hold fails the run. */
    private long answer(NativeOut o, Callback cb) {
      try {
        cb.run();
        return 0;
      } catch (KernelException e) {
        int i = RETS.indexOf(e.errno());
        if (i < 0) {
          throw new NativeFailure(c.function() + "'s driver callback refused with -"
              + e.errno() + ", an answer its record cannot hold (0, -EINVAL, -EOPNOTSUPP,"
              + " -EBUSY): input " + PortBridge.record(c, in));
        }
        return i;
      }
    }
  }
}
