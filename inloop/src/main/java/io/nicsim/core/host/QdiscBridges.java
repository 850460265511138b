package io.nicsim.core.host;

import io.nicsim.core.net.DequeueSkbNative;
import io.nicsim.core.net.QdiscRunNative;
import io.nicsim.core.net.TbfDequeueNative;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;

/**
 * {@code --ports c} for the qdisc's run loop: the tree's __qdisc_run (net/sched/sch_generic.c)
 * on every qdisc of the host's device ({@link QdiscRunNative}); the model's qdisc_restart
 * (dequeue and sch_direct_xmit) runs where the C calls it. Its dequeue_skb is the tree's too
 * ({@link DequeueSkbNative}; try_bulk_dequeue_skb inside), the qdisc's ->dequeue the model's,
 * run where the C calls it. A path's token bucket (a {@code --path} burst) runs sch_tbf.c's
 * tbf_dequeue as the tree's C ({@link TbfDequeueNative}, found through the host's kernel).
 */
public final class QdiscBridges implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    return List.of(new PortBridge() {
      @Override
      public String file() {
        return "net/sched/sch_generic.c";
      }

      @Override
      public String function() {
        return "dequeue_skb";
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        DequeueSkbNative.install(site.host().dev(), c,
            (label, why) -> site.host().kernel().inLoop(InLoopPorts.class).ranAsJava(label, why));
        return true;
      }
    }, new PortBridge() {
      @Override
      public String file() {
        return "net/sched/sch_tbf.c";
      }

      @Override
      public String function() {
        return "tbf_dequeue";
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        site.host().kernel().putInLoop(TbfDequeueNative.class, new TbfDequeueNative(c));
        return true;
      }
    }, new PortBridge() {
      @Override
      public String file() {
        return "net/sched/sch_generic.c";
      }

      @Override
      public String function() {
        return "__qdisc_run";
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        QdiscRunNative.install(site.host().dev(), c,
            (label, why) -> site.host().kernel().inLoop(InLoopPorts.class).ranAsJava(label, why));
        return true;
      }
    });
  }
}
