package io.nicsim.core.host;

import io.nicsim.core.nic.FrameSink;
import java.util.HashMap;
import java.util.Map;

/** The link partner's side: frames go to the peer registered for their payload's type. */
public final class PeerMux implements FrameSink {
  private final Map<Class<?>, FrameSink> peers = new HashMap<>();
  private long unclaimed;
  /** The last payload type looked up and its peer (a flood sends one type frame after frame). */
  private Class<?> lastType;
  private FrameSink lastPeer;

  public void register(Class<?> payloadType, FrameSink peer) {
    peers.put(payloadType, peer);
    lastType = null;
    lastPeer = null;
  }

  @Override
  public void receiveFrame(Object payload, long offset, int payloadLen, int len) {
    FrameSink p = null;
    if (payload != null) {
      Class<?> type = payload.getClass();
      if (type == lastType) {
        p = lastPeer;
      } else {
        p = peers.get(type);
        lastType = type;
        lastPeer = p;
      }
    }
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
