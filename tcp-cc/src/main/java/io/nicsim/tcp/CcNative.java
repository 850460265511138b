package io.nicsim.tcp;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * What every congestion module's {@code --ports c} call shares: the live socket captured as the
 * harness records have it ({@link TcpHarnesses#SOCK_FIELDS} then
 * {@link TcpHarnesses#CC_SOCK_FIELDS}, the inverse of {@link TcpHarnesses#sock} and
 * {@link TcpHarnesses#setCcSock}), and the socket fields and calls of the output record
 * ({@link TcpHarnesses#putCcSock}'s fields, a {@code WARN_ON}, {@code get_random_u32_below})
 * applied back to it. The module's private area ({@code struct bictcp}, {@code struct bbr}) is
 * rebuilt from the Java module's fields on every call and read back from the record after it,
 * so the Java object stays the one copy of the state.
 */
final class CcNative {
  static final long RET = NativeOut.id("ret");
  static final long WARN_ON = NativeOut.id("WARN_ON");
  static final long RANDOM = NativeOut.id("get_random_u32_below");
  private static final long PACING_RATE = NativeOut.id("sk_pacing_rate");
  private static final long PACING_STATUS = NativeOut.id("sk_pacing_status");
  private static final long SND_CWND = NativeOut.id("snd_cwnd");
  private static final long SND_SSTHRESH = NativeOut.id("snd_ssthresh");
  private static final long SND_CWND_CNT = NativeOut.id("snd_cwnd_cnt");
  private static final long APP_LIMITED = NativeOut.id("app_limited");

  /** Where the congestion modules' own fields start in their records. */
  static final int CC = TcpHarnesses.SOCK_FIELDS.size();
  static final int END = CC + TcpHarnesses.CC_SOCK_FIELDS.size();

  private CcNative() {}

  private static long u32(int v) {
    return Integer.toUnsignedLong(v);
  }

  /** The socket into {@code in[0 .. END)}. */
  static void capture(TcpSock sk, long[] in) {
    TcpHarnesses.captureSock(sk, in);
    in[CC] = u32(sk.srttUs);
    in[CC + 1] = u32(sk.lost);
    in[CC + 2] = sk.tcpClockCache;
    in[CC + 3] = sk.tcpWstampNs;
    in[CC + 4] = sk.icskCaState;
    in[CC + 5] = u32(sk.lsndtime);
    in[CC + 6] = sk.isCwndLimited ? 1 : 0;
    in[CC + 7] = u32(sk.maxPacketsOut);
  }

  /**
   * Applies the current token when it is one of the socket's fields or a call below the module
   * (a WARN, as the Java reports it to its host; the random draw, made before the call).
   *
   * @return false when the token is not the socket's
   */
  static boolean apply(TcpSock sk, NativeOut o) {
    int kind = o.kind();
    if (kind == NativeOut.CALL) {
      if (o.name() == WARN_ON) {
        sk.host.warnOn(sk);
        return true;
      }
      return o.name() == RANDOM; // drawn by call() before the C ran with its answer
    }
    if (kind != NativeOut.FIELD && kind != NativeOut.UFIELD) {
      return false;
    }
    long n = o.name();
    long v = o.value();
    if (n == PACING_RATE) {
      sk.skPacingRate = v;
    } else if (n == PACING_STATUS) {
      sk.skPacingStatus = (int) v;
    } else if (n == SND_CWND) {
      sk.sndCwnd = (int) v;
    } else if (n == SND_SSTHRESH) {
      sk.sndSsthresh = (int) v;
    } else if (n == SND_CWND_CNT) {
      sk.sndCwndCnt = (int) v;
    } else if (n == APP_LIMITED) {
      sk.appLimited = (int) v;
    } else {
      return false;
    }
    return true;
  }

  /**
   * Runs {@code c} on {@code in}; when the C draws {@code get_random_u32_below}, the host's
   * random number generator answers it (one draw, as the Java's own call makes) and the C runs
   * again with that answer at {@code in[randomAt]}: the record then holds what the C saw.
   */
  static NativeOut call(NativePort c, long[] in, TcpSock sk, int randomAt) {
    if (randomAt >= 0) {
      in[randomAt] = 0;
    }
    NativeOut o = c.call(in);
    if (randomAt < 0) {
      return o;
    }
    long ceil = -1;
    while (o.next()) {
      if (o.isCall(RANDOM)) {
        if (ceil >= 0) {
          throw NativeFailure.cannotApply(c, in, o); // one draw per call is all BBR makes
        }
        ceil = o.arg(0);
      }
    }
    o.rewind();
    if (ceil < 0) {
      return o;
    }
    in[randomAt] = Integer.toUnsignedLong(sk.host.randomU32Below((int) ceil));
    return c.call(in);
  }
}
