package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The fingerprint set tells records apart as a set of the records themselves would: the edge
 * values the generator favours (0, 1, -1, the powers of two around the wrap points, the sign bit)
 * in every combination over a few fields, and random records, are each new exactly once.
 */
class RecordSetTest {

  @Test
  void recordsOfEdgeValuesAreToldApartAsTheirValuesAre() {
    long[] edges = {0, 1, -1, 2, 1L << 31, 1L << 32, (1L << 32) - 1, 1L << 63, (1L << 63) - 1,
        -(1L << 31), 1L << 15, 1L << 16};
    RecordSet set = new RecordSet();
    Set<List<Long>> exact = new HashSet<>();
    int n = edges.length;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        for (int k = 0; k < n; k++) {
          for (int m = 0; m < n; m++) {
            long[] r = {edges[i], 5, edges[j], edges[k], 7, edges[m]};
            assertThat(set.add(r)).isEqualTo(exact.add(List.of(r[0], r[1], r[2], r[3], r[4],
                r[5])));
          }
        }
      }
    }
    assertThat(set.size()).isEqualTo(exact.size()).isEqualTo(n * n * n * n);
  }

  @Test
  void aRecordIsNewOnceAndRandomRecordsAreAllNew() {
    RecordSet set = new RecordSet();
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 100_000; i++) {
      long[] r = new long[1 + random.nextInt(40)];
      for (int f = 0; f < r.length; f++) {
        r[f] = random.nextLong();
      }
      assertThat(set.add(r)).isTrue();
      assertThat(set.add(r.clone())).isFalse();
    }
    assertThat(set.size()).isEqualTo(100_000);
  }
}
