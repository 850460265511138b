package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole check on the acme fixtures: lock made on the old tree, checked on the new one. */
class PortCheckRunTest {
  @TempDir Path dir;
  Path lock;

  @BeforeEach
  void lockTheOldTree() {
    lock = dir.resolve("port-lock.json");
    PortCheckRun.run(request(Fixtures.oldTree(), Optional.empty(), true), Fixtures.acmePorts());
  }

  private PortCheckRun.Request request(Path tree, Optional<Path> against, boolean update) {
    return new PortCheckRun.Request(tree, against, lock, update);
  }

  private static Map<String, PortResult> byFunction(PortCheckRun.Outcome o) {
    return o.results().stream()
        .collect(Collectors.toMap(r -> r.port().function(), Function.identity()));
  }

  @Test
  void theOldTreeLocksEverythingItDefinesOnce() {
    PortCheckRun.Outcome o =
        PortCheckRun.run(request(Fixtures.oldTree(), Optional.empty(), false), Fixtures.acmePorts());
    Map<String, PortResult> r = byFunction(o);
    assertThat(r.get("acme_tx_timer_arm").state()).isEqualTo(PortState.OK);
    assertThat(r.get("acme_ring_refill").state()).isEqualTo(PortState.OK);
    assertThat(r.get("acme_old_reset").state()).isEqualTo(PortState.OK);
    assertThat(r.get("acme_irq").state()).isEqualTo(PortState.AMBIGUOUS);
    assertThat(PortLock.read(lock).get(Fixtures.MAIN, "acme_irq")).isEmpty();
    assertThat(PortLock.read(lock).get(Fixtures.MAIN, "acme_tx_clean").orElseThrow().kernel())
        .isEqualTo("6.6.0");
  }

  @Test
  void theNewTreeShowsEveryState() {
    PortCheckRun.Outcome o =
        PortCheckRun.run(request(Fixtures.newTree(), Optional.empty(), false), Fixtures.acmePorts());
    Map<String, PortResult> r = byFunction(o);
    assertThat(r.get("acme_tx_timer_arm").state()).isEqualTo(PortState.CHANGED);
    assertThat(r.get("acme_tx_clean").state()).isEqualTo(PortState.OK);
    assertThat(r.get("acme_poll").state()).isEqualTo(PortState.OK);
    assertThat(r.get("acme_set_ic").state()).isEqualTo(PortState.OK);
    assertThat(r.get("acme_legacy_sum").state()).isEqualTo(PortState.OK);
    assertThat(r.get("acme_open").state()).isEqualTo(PortState.OK);
    assertThat(r.get("acme_get_stats").state()).isEqualTo(PortState.OK);
    assertThat(r.get("acme_get_stats64").state()).isEqualTo(PortState.OK);
    assertThat(r.get("acme_irq").state()).isEqualTo(PortState.AMBIGUOUS);
    assertThat(r.get("acme_old_reset").state()).isEqualTo(PortState.MISSING);
    PortResult moved = r.get("acme_ring_refill");
    assertThat(moved.state()).isEqualTo(PortState.MOVED);
    assertThat(moved.location().definition().source().path())
        .isEqualTo("drivers/net/ethernet/acme/acme_dma.c");
    assertThat(moved.matchesLock()).isTrue();
    assertThat(o.exitCode()).isEqualTo(1);
    assertThat(o.results()).extracting(PortResult::port).isSortedAccordingTo(PortedFunction.ORDER);
  }

  @Test
  void aFunctionNotYetInTheLockIsNew() throws Exception {
    PortLock trimmed = PortLock.read(lock);
    trimmed.remove(Fixtures.MAIN, "acme_poll");
    trimmed.write(lock);
    PortCheckRun.Outcome o =
        PortCheckRun.run(request(Fixtures.oldTree(), Optional.empty(), false), Fixtures.acmePorts());
    assertThat(byFunction(o).get("acme_poll").state()).isEqualTo(PortState.NEW);
  }

  @Test
  void againstTheOldTreeShowsAUnifiedDiffOfTheChangedFunctionOnly() {
    PortCheckRun.Outcome o =
        PortCheckRun.run(
            request(Fixtures.newTree(), Optional.of(Fixtures.oldTree()), false),
            Fixtures.acmePorts());
    assertThat(o.comparisons()).containsOnlyKeys(Fixtures.MAIN + " acme_tx_timer_arm");
    Comparison c = o.comparisons().values().iterator().next();
    assertThat(c.note()).isEmpty();
    assertThat(c.diff())
        .startsWith("--- a/" + Fixtures.MAIN + "\n+++ b/" + Fixtures.MAIN + "\n@@ -")
        .contains("\n-\telse\n")
        .contains("\n+\telse if (!hrtimer_active(&tx_q->txtimer))\n");
    // hunk line numbers are the files': 3 lines of context before and after the changed line
    int oldLine = lineOf(Fixtures.oldTree(), "\telse\n");
    int newLine = lineOf(Fixtures.newTree(), "\telse if (!hrtimer_active");
    assertThat(c.diff()).contains("@@ -" + (oldLine - 3) + ",7 +" + (newLine - 3) + ",7 @@");
  }

  private static int lineOf(Path tree, String needle) {
    String text = Fixtures.source(tree, Fixtures.MAIN).text();
    return Fixtures.source(tree, Fixtures.MAIN).lineOf(text.indexOf(needle) + 1);
  }

  @Test
  void updateRecordsChangedAndMovedHashesKeepsUnchangedEntriesAndMissingOnes() throws Exception {
    PortLock before = PortLock.read(lock);
    PortCheckRun.Outcome o =
        PortCheckRun.run(request(Fixtures.newTree(), Optional.empty(), true), Fixtures.acmePorts());
    PortLock after = PortLock.read(lock);

    assertThat(o.changes()).extracting(LockUpdate.Change::function)
        .containsExactly("acme_tx_timer_arm");
    LockEntry arm = after.get(Fixtures.MAIN, "acme_tx_timer_arm").orElseThrow();
    assertThat(arm.kernel()).isEqualTo("6.18.2-rc1");
    assertThat(arm.hash()).isNotEqualTo(before.get(Fixtures.MAIN, "acme_tx_timer_arm").orElseThrow().hash());
    assertThat(after.get(Fixtures.MAIN, "acme_tx_clean")).isEqualTo(before.get(Fixtures.MAIN, "acme_tx_clean"));
    assertThat(after.get(Fixtures.MAIN, "acme_old_reset")).isEqualTo(before.get(Fixtures.MAIN, "acme_old_reset"));
    // After the update only the states an update cannot fix remain.
    assertThat(o.results()).filteredOn(PortResult::isDrift).extracting(PortResult::state)
        .containsExactlyInAnyOrder(PortState.MOVED, PortState.MISSING, PortState.AMBIGUOUS);
  }

  @Test
  void updateDropsEntriesNoPortClaimsAndIsIdempotent() throws Exception {
    List<PortedFunction> fewer =
        Fixtures.acmePorts().stream().filter(p -> !p.function().equals("acme_poll")).toList();
    PortCheckRun.Outcome check =
        PortCheckRun.run(request(Fixtures.oldTree(), Optional.empty(), false), fewer);
    assertThat(check.stale()).extracting(LockEntry::function).containsExactly("acme_poll");
    assertThat(check.exitCode()).isEqualTo(1); // acme_irq is AMBIGUOUS

    PortCheckRun.run(request(Fixtures.oldTree(), Optional.empty(), true), fewer);
    String once = Files.readString(lock);
    assertThat(once).doesNotContain("acme_poll");
    PortCheckRun.Outcome again =
        PortCheckRun.run(request(Fixtures.oldTree(), Optional.empty(), true), fewer);
    assertThat(again.changes()).isEmpty();
    assertThat(Files.readString(lock)).isEqualTo(once);
  }

  @Test
  void againstShowsAMovedFunctionWhoseTextChangedAcrossFiles() throws Exception {
    Path newer = Fixtures.copy(Fixtures.newTree(), dir.resolve("newer"));
    Path dma = newer.resolve("drivers/net/ethernet/acme/acme_dma.c");
    Files.writeString(dma, Files.readString(dma).replace("filled++;", "filled += 2;"));

    PortCheckRun.Outcome o =
        PortCheckRun.run(request(newer, Optional.of(Fixtures.oldTree()), false), Fixtures.acmePorts());

    PortResult moved = byFunction(o).get("acme_ring_refill");
    assertThat(moved.state()).isEqualTo(PortState.MOVED);
    assertThat(moved.matchesLock()).isFalse();
    Comparison c = o.comparisons().get("drivers/net/ethernet/acme/acme_ring.c acme_ring_refill");
    assertThat(c.diff())
        .startsWith("--- a/drivers/net/ethernet/acme/acme_ring.c\n+++ b/drivers/net/ethernet/acme/acme_dma.c\n")
        .contains("-\t\tfilled++;\n+\t\tfilled += 2;\n");
  }

  @Test
  void againstATreeWithoutTheFunctionSaysSoInsteadOfADiff() throws Exception {
    Path older = Fixtures.copy(Fixtures.oldTree(), dir.resolve("older"));
    Path main = older.resolve(Fixtures.MAIN);
    Files.writeString(main, Files.readString(main).replace("acme_tx_timer_arm", "acme_tx_timer_start"));

    PortCheckRun.Outcome o =
        PortCheckRun.run(request(Fixtures.newTree(), Optional.of(older), false), Fixtures.acmePorts());

    Comparison c = o.comparisons().get(Fixtures.MAIN + " acme_tx_timer_arm");
    assertThat(c.before()).isEmpty();
    assertThat(c.diff()).isEmpty();
    assertThat(c.note()).startsWith("not comparable in the old tree: not defined in " + Fixtures.MAIN);
  }

  @Test
  void againstATreeThatIsNotTheLockedOneWarns() {
    // lock the new tree, then compare a further edit against the *old* tree
    PortCheckRun.run(request(Fixtures.newTree(), Optional.empty(), true), Fixtures.acmePorts());
    Path newer = Fixtures.copy(Fixtures.newTree(), dir.resolve("newer2"));
    try {
      Path main = newer.resolve(Fixtures.MAIN);
      Files.writeString(main, Files.readString(main).replace("if (!tx_coal_timer)", "if (tx_coal_timer == 0)"));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    PortCheckRun.Outcome o =
        PortCheckRun.run(request(newer, Optional.of(Fixtures.oldTree()), false), Fixtures.acmePorts());
    Comparison c = o.comparisons().get(Fixtures.MAIN + " acme_tx_timer_arm");
    assertThat(c.note()).contains("is not the tree the port was made from");
    assertThat(c.diff()).contains("+\tif (tx_coal_timer == 0)");
  }

  @Test
  void againstSaysWhenOnlyTheDeclarationChanged() throws Exception {
    Path newer = Fixtures.copy(Fixtures.newTree(), dir.resolve("newer3"));
    Path main = newer.resolve(Fixtures.MAIN);
    Files.writeString(main, Files.readString(main)
        .replace("static bool\nacme_set_ic(", "static __cold bool\nacme_set_ic("));

    PortCheckRun.Outcome o =
        PortCheckRun.run(request(newer, Optional.of(Fixtures.oldTree()), false), Fixtures.acmePorts());

    assertThat(byFunction(o).get("acme_set_ic").state()).isEqualTo(PortState.CHANGED);
    Comparison c = o.comparisons().get(Fixtures.MAIN + " acme_set_ic");
    assertThat(c.note()).isEqualTo("only the declaration changed; the body is the same");
    assertThat(c.diff()).contains("-static bool\n+static __cold bool\n");
    // a body change gets no such note
    assertThat(o.comparisons().get(Fixtures.MAIN + " acme_tx_timer_arm").note()).isEmpty();
  }

  @Test
  void aPortOfTheFileAFunctionLeftIsOutOfRangeWhereAnotherPortCoversItsNewFile() {
    // acme_ring_refill lives in acme_dma.c in the 6.18.2-rc1 tree: a port of acme_ring.c whose
    // range ended when it moved, beside a port of acme_dma.c from then on, is out of range
    PortedFunction refill = Fixtures.acmePorts().stream()
        .filter(p -> p.function().equals("acme_ring_refill")).findFirst().orElseThrow();
    List<PortedFunction> ports = new java.util.ArrayList<>(Fixtures.acmePorts().stream()
        .map(p -> p == refill
            ? new PortedFunction(p.file(), p.function(), p.ports(), List.of("v6.1..v6.12"))
            : p)
        .toList());
    ports.add(new PortedFunction("drivers/net/ethernet/acme/acme_dma.c", refill.function(),
        refill.ports(), List.of("v6.13..v6.18")));
    ports.sort(PortedFunction.ORDER);
    PortCheckRun.Outcome o =
        PortCheckRun.run(request(Fixtures.newTree(), Optional.empty(), false), ports);
    PortResult old = o.results().stream()
        .filter(r -> r.port().file().equals(refill.file())
            && r.port().function().equals("acme_ring_refill"))
        .findFirst().orElseThrow();
    assertThat(old.state()).isEqualTo(PortState.OUT_OF_RANGE);
    assertThat(old.isDrift()).isFalse();
    // without a port of the new file, the move is drift: MOVED, whatever the old range says
    List<PortedFunction> alone = Fixtures.acmePorts().stream()
        .map(p -> p == refill
            ? new PortedFunction(p.file(), p.function(), p.ports(), List.of("v6.1..v6.12"))
            : p)
        .toList();
    assertThat(byFunction(PortCheckRun.run(request(Fixtures.newTree(), Optional.empty(), false),
        alone)).get("acme_ring_refill").state()).isEqualTo(PortState.MOVED);
  }

  @Test
  void aFunctionMissingFromATreeOutsideItsVersionsIsOutOfRangeAndNotDrift() {
    // acme_old_reset is gone from the 6.18.2-rc1 tree; a range ending at 6.12 says so
    List<PortedFunction> ports = Fixtures.acmePorts().stream()
        .map(p -> p.function().equals("acme_old_reset")
            ? new PortedFunction(p.file(), p.function(), p.ports(), List.of("v6.1..v6.12"))
            : p)
        .toList();
    PortCheckRun.Outcome o =
        PortCheckRun.run(request(Fixtures.newTree(), Optional.empty(), false), ports);
    assertThat(byFunction(o).get("acme_old_reset").state()).isEqualTo(PortState.OUT_OF_RANGE);
    assertThat(byFunction(o).get("acme_old_reset").isDrift()).isFalse();
    assertThat(TextReport.render(o))
        .contains("OUT_OF_RANGE " + Fixtures.MAIN + " acme_old_reset\n"
            + "             not in this tree, outside v6.1..v6.12\n");
    // inside its range (or with no readable range) the same absence is MISSING
    assertThat(byFunction(PortCheckRun.run(request(Fixtures.newTree(), Optional.empty(), false),
        Fixtures.acmePorts())).get("acme_old_reset").state()).isEqualTo(PortState.MISSING);
    // once the drifted ports are gone, out-of-range ones do not fail the run
    List<PortedFunction> quiet = ports.stream()
        .filter(p -> List.of("acme_old_reset", "acme_tx_clean", "acme_poll").contains(p.function()))
        .toList();
    PortCheckRun.Outcome clean =
        PortCheckRun.run(request(Fixtures.newTree(), Optional.empty(), false), quiet);
    assertThat(clean.exitCode()).isZero();
    assertThat(TextReport.summary(clean)).endsWith(": every port in range matches the lock");
  }

  @Test
  void aFunctionFoundInATreeOlderThanItsRangeIsAContradiction() {
    List<PortedFunction> ports = Fixtures.acmePorts().stream()
        .map(p -> p.function().equals("acme_tx_clean")
            ? new PortedFunction(p.file(), p.function(), p.ports(), List.of("v6.19..v7.0"))
            : p)
        .toList();
    PortCheckRun.Outcome o =
        PortCheckRun.run(request(Fixtures.newTree(), Optional.empty(), false), ports);
    assertThat(o.foundOutsideRange()).extracting(r -> r.port().function())
        .containsExactly("acme_tx_clean");
    assertThat(TextReport.render(o)).contains("versions contradicts the tree: " + Fixtures.MAIN
        + " acme_tx_clean is at " + Fixtures.MAIN + ":");
  }

  @Test
  void aSelectionChecksOnlyItsPortsAndLeavesTheOtherLockEntriesAlone() {
    List<PortedFunction> mine =
        PortedFunction.select(Fixtures.acmePorts(), List.of(), List.of(
            "io.nicsim.portcheck.fixture.AcmePorts"));
    assertThat(mine).hasSameSizeAs(Fixtures.acmePorts());
    assertThat(PortedFunction.select(Fixtures.acmePorts(), List.of("com.example"), List.of()))
        .isEmpty();
    List<PortedFunction> one = mine.stream()
        .filter(p -> p.function().equals("acme_tx_clean")).toList();
    int before = PortLock.read(lock).entries().size();
    PortCheckRun.Outcome o = PortCheckRun.run(
        new PortCheckRun.Request(Fixtures.newTree(), Optional.empty(), lock, true, true), one);
    assertThat(o.results()).hasSize(1);
    assertThat(o.stale()).isEmpty();
    assertThat(PortLock.read(lock).entries()).hasSize(before);
  }
}
