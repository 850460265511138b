package io.nicsim.core.host;

import io.nicsim.core.nic.FrameSink;
import java.util.HashMap;
import java.util.Map;

/** The link partner's side: frames go to the peer registered for their payload's type. */
public final class PeerMux implements FrameSink {
  private final Map<Class<?>, FrameSink> peers = new HashMap<>();
  private long unclaimed;

  public void register(Class<?> payloadType, FrameSink peer) {
    peers.put(payloadType, peer);
  }

  @Override
  public void receiveFrame(Object payload, long offset, int payloadLen, int len) {
    FrameSink p = payload == null ? null : peers.get(payload.getClass());
    if (p == null) {
      unclaimed++;
      return;
    }
    p.receiveFrame(payload, offset, payloadLen, len);
  }

  public long unclaimedCount() {
    return unclaimed;
  }
}
