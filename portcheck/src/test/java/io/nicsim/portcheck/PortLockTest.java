package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortLockTest {
  private static final String H1 = "1".repeat(64);
  private static final String H2 = "2".repeat(64);

  @TempDir Path dir;

  @Test
  void formatIsSortedOneEntryPerLineWhateverTheInsertionOrder() {
    LockEntry b = new LockEntry("net/core/dev.c", "napi_schedule", "6.18.0", H2);
    LockEntry a1 = new LockEntry("drivers/x.c", "x_b", "6.6.0", H1);
    LockEntry a0 = new LockEntry("drivers/x.c", "x_a", "6.6.0", H1);
    String text = new PortLock(List.of(b, a1, a0)).format();
    assertThat(text).isEqualTo(new PortLock(List.of(a0, b, a1)).format());
    assertThat(text.lines().toList())
        .containsExactly(
            "{",
            "  \"format\": 2,",
            "  \"ports\": [",
            "    {\"file\": \"drivers/x.c\", \"function\": \"x_a\", \"kernel\": \"6.6.0\", \"hash\": \"" + H1 + "\"},",
            "    {\"file\": \"drivers/x.c\", \"function\": \"x_b\", \"kernel\": \"6.6.0\", \"hash\": \"" + H1 + "\"},",
            "    {\"file\": \"net/core/dev.c\", \"function\": \"napi_schedule\", \"kernel\": \"6.18.0\", \"hash\": \"" + H2 + "\"}",
            "  ]",
            "}");
  }

  @Test
  void writeThenReadRoundTripsAndLeavesNoTemporaryFile() throws Exception {
    Path file = dir.resolve("port-lock.json");
    PortLock lock = new PortLock(List.of(new LockEntry("a \"q\".c", "f", "unknown", H1)));
    lock.write(file);
    assertThat(PortLock.read(file).entries()).isEqualTo(lock.entries());
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(file);
    }
  }

  @Test
  void missingFileIsAnEmptyLock() {
    assertThat(PortLock.read(dir.resolve("absent.json")).entries()).isEmpty();
  }

  @Test
  void malformedFilesAreRefusedInOneLine() {
    assertThatThrownBy(() -> PortLock.parse("{ not json", "lock.json"))
        .isInstanceOf(PortCheckException.class)
        .hasMessageStartingWith("lock.json: not a valid port lock: not JSON");
    assertThatThrownBy(() -> PortLock.parse("{\"format\": 9, \"ports\": []}", "lock.json"))
        .hasMessageContaining("format 9 is not supported");
    assertThatThrownBy(
            () -> PortLock.parse("{\"format\": 1, \"ports\": [{\"file\": \"a.c\"}]}", "lock.json"))
        .hasMessage("lock.json: ports[0] needs \"file\", \"function\" and a 64-hex-digit \"hash\"");
  }

  @Test
  void aTreeIsComparedWithItsOwnReleaseElseTheNearestBelowElseTheOldestAbove() {
    LockEntry e61 = new LockEntry("lib/dim/dim.c", "dim_turn", "6.1.192", H1, "SAME", 10_000);
    LockEntry e612 = new LockEntry("lib/dim/dim.c", "dim_turn", "6.12.117", H2);
    PortLock lock = new PortLock(List.of(e612, e61));
    assertThat(lock.nearest("lib/dim/dim.c", "dim_turn", KernelRelease.parse("6.1.192")))
        .contains(e61);
    assertThat(lock.nearest("lib/dim/dim.c", "dim_turn", KernelRelease.parse("6.6")))
        .contains(e61);
    assertThat(lock.nearest("lib/dim/dim.c", "dim_turn", KernelRelease.parse("6.18.19")))
        .contains(e612);
    assertThat(lock.nearest("lib/dim/dim.c", "dim_turn", KernelRelease.parse("5.15")))
        .contains(e61);
    assertThat(lock.get("lib/dim/dim.c", "dim_turn")).as("unknown release: the newest")
        .contains(e612);
    assertThat(lock.of("lib/dim/dim.c", "dim_turn")).containsExactly(e61, e612);
    lock.remove("lib/dim/dim.c", "dim_turn");
    assertThat(lock.entries()).isEmpty();
  }

  @Test
  void executionVerdictsRoundTripAndVersionOneLocksStillRead() throws Exception {
    Path file = dir.resolve("port-lock.json");
    PortLock lock = new PortLock(List.of(
        new LockEntry("a.c", "f", "6.12.117", H1, "SAME", 10_000),
        new LockEntry("a.c", "f", "6.18.19", H2, "NOT RUN", 0)));
    lock.write(file);
    assertThat(Files.readString(file)).contains(
        "{\"file\": \"a.c\", \"function\": \"f\", \"kernel\": \"6.12.117\", \"hash\": \"" + H1
            + "\", \"executed\": \"SAME\", \"inputs\": 10000}");
    assertThat(PortLock.read(file).entries()).isEqualTo(lock.entries());
    PortLock v1 = PortLock.parse("{\"format\": 1, \"ports\": [{\"file\": \"a.c\", "
        + "\"function\": \"f\", \"kernel\": \"6.12.117\", \"hash\": \"" + H1 + "\"}]}", "old");
    assertThat(v1.entries()).containsExactly(new LockEntry("a.c", "f", "6.12.117", H1));
    assertThatThrownBy(() -> PortLock.parse("{\"format\": 2, \"ports\": [{\"file\": \"a.c\", "
        + "\"function\": \"f\", \"hash\": \"" + H1 + "\", \"executed\": \"MAYBE\"}]}", "lock"))
        .hasMessageContaining("\"executed\" is 'MAYBE' (accepted: SAME, DIFFERS, NOT RUN)");
  }
}
