package io.nicsim.boardtrace.fit;

import io.nicsim.boardtrace.spans.Span;

/** A per-span work count a span's time is regressed on. */
public enum Regressor {
  SPAN("per call"),
  POLL("per NAPI poll"),
  RX("per received packet"),
  FREE("per freed skb"),
  QUEUED("per queued packet"),
  TIMER("per hrtimer callback"),
  RAISE("per softirq raised"),
  KIB("per KiB");

  private final String words;

  Regressor(String words) {
    this.words = words;
  }

  public String words() {
    return words;
  }

  /** This count in {@code s}. */
  public double of(Span s) {
    return switch (this) {
      case SPAN -> 1;
      case POLL -> s.polls;
      case RX -> s.rx;
      case FREE -> s.frees;
      case QUEUED -> s.queued;
      case TIMER -> s.timers;
      case RAISE -> s.raises;
      case KIB -> s.bytes / 1024.0;
    };
  }
}
