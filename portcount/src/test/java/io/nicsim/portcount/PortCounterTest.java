package io.nicsim.portcount;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.portcountfixture.Ports;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The agent counts a ported method's Java entries, tells an entry whose hook ran the C from
 * one whose Java body ran, keeps a Java caller of a bridged function a Java entry, and counts
 * a method that throws and one that ports two functions.
 */
class PortCounterTest {

  @AfterEach
  void off() {
    Ports.fC = null;
  }

  @Test
  void countsJavaEntriesAndEntriesThatRanAsC() {
    PortCounter.install();
    Ports.f(0); // not counting yet
    PortEntries.start();
    Ports.f(1);
    Ports.f(2);
    assertThat(PortEntries.java()).containsEntry("x.c f", 2L).doesNotContainKey("x.c g");
    Ports.fC = new Ports.FakeC();
    Ports.g(3); // g's Java runs; its two f calls run as C
    Map<String, Long> java = PortEntries.java();
    assertThat(java).containsEntry("x.c f", 2L).containsEntry("x.c g", 1L);
    assertThat(PortEntries.asC()).containsEntry("x.c f", 2L).doesNotContainKey("x.c g");
    assertThatThrownBy(Ports::h).isInstanceOf(IllegalStateException.class);
    assertThat(PortEntries.java()).containsEntry("x.c h", 1L).containsEntry("y.c h2", 1L);
    assertThat(PortEntries.javaByMethod().get("x.c f")).isEqualTo(Map.of("Ports.f", 2L));
    assertThat(PortEntries.labels()).contains("x.c f", "x.c g", "x.c h", "y.c h2");
    assertThat(PortCounter.errors()).isEmpty();
    assertThat(PortEntries.contradicting(Map.of(
        "x.c f", "runs as the tree's C inside the bridged g, its only caller",
        "x.c g", "runs as the tree's C inside the bridged k, its only caller",
        "x.c h", "not bridged yet"), PortEntries.java()))
        .as("f and g ran as Java; only g's and f's reasons claim otherwise")
        .isEqualTo(Map.of("x.c f", 2L, "x.c g", 1L));
    PortEntries.stop();
    Ports.f(4);
    assertThat(PortEntries.java()).containsEntry("x.c f", 2L);
    PortEntries.reset();
    assertThat(PortEntries.java()).isEmpty();
  }
}
