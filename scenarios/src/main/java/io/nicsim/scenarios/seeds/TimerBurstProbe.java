package io.nicsim.scenarios.seeds;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.apps.UdpSocket;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.trace.Tracer;
import io.nicsim.formats.trace.TeeTracer;
import io.nicsim.formats.trace.Timeline;
import io.nicsim.formats.trace.TimelineRecorder;
import io.nicsim.runs.host.HostFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the stmmac TX coalescing timer expires for a short burst of ten 64-byte datagrams
 * 100 µs apart (fewer frames than tx-frames: only the timer completes them). A 20 ms flood
 * first warms BQL: its limit starts at 0 after open and grows only on completions, so a cold
 * burst would leave the qdisc one completion (one timer period) at a time.
 */
final class TimerBurstProbe {
  static final long WARMUP_NS = 20_000_000L;
  static final long BURST_AT_NS = 50_000_000L;
  static final int FRAMES = 10;
  static final long SPACING_NS = 100_000L;

  /** Times of the measured burst's first and last frame on the wire and the timer expiry. */
  record Result(long firstFrameNs, long lastFrameNs, long expiryNs, List<Long> starts,
      Timeline timeline) {
    double expiryAfterFirstMs() {
      return (expiryNs - firstFrameNs) / 1e6;
    }

    double expiryAfterLastMs() {
      return (expiryNs - lastFrameNs) / 1e6;
    }
  }

  private TimerBurstProbe() {}

  static Result run(HostFactory hosts, String soc, String kernel, List<String> patches,
      long seed) {
    List<Long> expiries = new ArrayList<>();
    List<Long> starts = new ArrayList<>();
    Tracer tracer = new Tracer() {
      @Override
      public boolean enabled() {
        return true;
      }

      @Override
      public void hrtimerStart(long ts, int cpu, String timer, String function, long expires,
          long softexpires) {
        if (function.equals("stmmac_tx_timer")) {
          starts.add(ts);
        }
      }

      @Override
      public void hrtimerExpireEntry(long ts, int cpu, String timer, String function, long now) {
        if (function.equals("stmmac_tx_timer")) {
          expiries.add(ts);
        }
      }
    };
    TimelineRecorder recorder =
        new TimelineRecorder(new Timeline(BURST_AT_NS + 20_000_000L, 100_000));
    Host h = hosts.create(HostConfig.of("stmmac", soc).withKernel(kernel).withPatches(patches)
        .withSeed(seed).withTracer(TeeTracer.of(List.of(tracer, recorder)))).host();
    List<Long> frames = new ArrayList<>();
    h.link().setTap((time, toPeer, payload, off, plen, len) -> {
      if (toPeer) {
        frames.add(time);
      }
      recorder.frame(time, toPeer, payload, off, plen, len);
    });
    h.peer().register(UdpDatagram.class, new UdpSink(h.sim()));
    UdpSocket sock = new UdpSocket(UdpSocket.WMEM_DEFAULT);
    long rate = 64L * 8 * 1_000_000_000L / SPACING_NS;
    long duration = FRAMES * SPACING_NS;
    UdpFlood.on(h).socket(sock).length(64).rateBps(0).truesize(768).durationNs(WARMUP_NS).build()
        .start(h.appCore());
    UdpFlood.on(h)
        .socket(sock).length(64).rateBps(rate).truesize(768).startNs(BURST_AT_NS)
        .durationNs(duration).build().start(h.appCore());
    h.run(BURST_AT_NS + 20_000_000L);
    long first = frames.stream().filter(t -> t >= BURST_AT_NS).findFirst().orElseThrow();
    long last = frames.get(frames.size() - 1);
    long expiry = expiries.stream().filter(t -> t >= first).findFirst().orElseThrow(
        () -> new IllegalStateException("no TX timer expiry after the measured burst"));
    List<Long> burstStarts = starts.stream().filter(t -> t >= BURST_AT_NS).toList();
    return new Result(first, last, expiry, burstStarts, recorder.timeline());
  }
}
