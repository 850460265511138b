package io.nicsim.core.apps;

/**
 * An ICMP echo request or reply, as the ping payload object.
 *
 * @param seq icmp_seq
 * @param sentNs when ping took its send timestamp
 * @param reply false for the request, true for the reply
 */
public record IcmpEcho(int seq, long sentNs, boolean reply) {

  public IcmpEcho toReply() {
    return new IcmpEcho(seq, sentNs, true);
  }
}
