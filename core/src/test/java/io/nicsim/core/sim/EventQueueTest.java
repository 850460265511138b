package io.nicsim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The queue against a sorted map of (time, seq) keys under random adds, re-keys (earlier and
 * later), removals, top replacements and pops, with sizes that cross between the sorted layout
 * and the heap both ways: the top, its key and {@code othersAfter} must always agree.
 */
class EventQueueTest {
  private static final class E extends Event {
    @Override
    protected void fire() {}
  }

  /** Key of an event as the model orders it. */
  private static long[] key(Event e) {
    return new long[] {e.time, e.seq};
  }

  private static int cmp(long[] a, long[] b) {
    int c = Long.compare(a[0], b[0]);
    return c != 0 ? c : Long.compare(a[1], b[1]);
  }

  @Property(tries = 300)
  void agreesWithASortedModel(@ForAll long seed, @ForAll @IntRange(min = 1, max = 120) int peak) {
    run(new Random(seed), peak, 3000);
  }

  @Test
  void crossesTheLayoutThresholdsManyTimes() {
    Random r = new Random(42);
    for (int round = 0; round < 20; round++) {
      run(r, EventQueue.SORTED_MAX + 1 + r.nextInt(40), 5000);
    }
  }

  private static void run(Random r, int peak, int steps) {
    EventQueue q = new EventQueue();
    TreeMap<long[], Event> model = new TreeMap<>(EventQueueTest::cmp);
    List<Event> in = new ArrayList<>();
    long seq = 0;
    boolean sawHeap = false;
    boolean sawSortedAfterHeap = false;
    boolean shrankAfterHeap = false;
    for (int step = 0; step < steps; step++) {
      int size = in.size();
      // phases that mostly grow, then mostly shrink, so the layout changes both ways
      boolean growing = (step / 300) % 2 == 0;
      boolean grow = size == 0 || (size < peak && r.nextInt(10) < (growing ? 6 : 1));
      int op = grow ? 0 : 1 + r.nextInt(4);
      if (op == 0) {
        E e = new E();
        e.time = r.nextInt(50);
        e.seq = seq++;
        q.add(e);
        model.put(key(e), e);
        in.add(e);
      } else if (op == 1) {
        Event top = model.firstEntry().getValue();
        model.remove(key(top));
        q.pollTop(top);
        in.remove(top);
      } else if (op == 2) {
        Event e = in.get(r.nextInt(size));
        model.remove(key(e));
        q.remove(e);
        in.remove(e);
      } else if (op == 3) {
        Event e = in.get(r.nextInt(size));
        model.remove(key(e));
        e.time = Math.max(0, e.time + r.nextInt(41) - 20);
        e.seq = seq++;
        model.put(key(e), e);
        q.rekey(e);
      } else {
        Event top = model.firstEntry().getValue();
        model.remove(key(top));
        top.time += r.nextInt(30);
        top.seq = seq++;
        model.put(key(top), top);
        q.replaceTop(top);
      }
      assertThat(q.size()).isEqualTo(model.size());
      sawHeap |= !q.isSorted();
      sawSortedAfterHeap |= sawHeap && q.isSorted();
      shrankAfterHeap |= sawHeap && q.size() < EventQueue.SORTED_MIN;
      if (model.isEmpty()) {
        continue;
      }
      Event top = model.firstEntry().getValue();
      assertThat(q.peek()).isSameAs(top);
      assertThat(q.peekTime()).isEqualTo(top.time);
      assertThat(q.entrySeq(top)).isEqualTo(top.seq);
      long t = r.nextInt(60);
      boolean after = model.size() < 2 || model.higherKey(model.firstKey())[0] > t;
      assertThat(q.othersAfter(t)).isEqualTo(after);
    }
    if (peak > EventQueue.SORTED_MAX + 8) {
      assertThat(sawHeap).isTrue();
    }
    if (shrankAfterHeap) {
      // a random walk need not shrink back within its steps; when it did, the layout followed
      assertThat(sawSortedAfterHeap).isTrue();
    }
  }
}
