package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.runs.RunEnv;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * validate --cpu's CI matrix: two short UDP cases on this machine's kernel (the backlog, and
 * the veth's own NAPI), host-veth calibrated from the first and predicting both. Runs as root
 * with tracefs and trace-cmd (CI's .ci/install); elsewhere skipped, saying what is missing.
 * The rates the model must hold (NET_RX softirqs and NAPI polls a second) agree within ±15%,
 * and every datagram arrives. The CPU shares depend on the machine's other load and are the
 * command's table, not this test's.
 */
class ValidateCpuMatrixTest {
  @Test
  void theRatesAgreeAndEveryDatagramArrives() throws Exception {
    List<String> missing = new ArrayList<>(Preflight.missing());
    missing.addAll(CpuTestbed.missing());
    assumeTrue(missing.isEmpty(), "the real side cannot run here: " + missing);
    List<CpuCase> matrix = new ArrayList<>();
    for (CpuCase c : CpuCase.ALL) {
      if (c.name().equals("udp64-20k") || c.name().equals("udp64-20k-gro")) {
        matrix.add(c);
      }
    }
    CpuValidator v = new CpuValidator(RunEnv.standard(), 1.5, 0.15, 1);
    CpuValidator.Outcome o = v.run(matrix, null);
    assertThat(o.runs()).hasSize(2);
    for (CpuValidator.CaseRun r : o.runs()) {
      assertThat(r.received()).as(r.c().name()).isEqualTo(r.sent());
      for (String f : List.of("NET_RX softirqs/s", "NAPI polls/s")) {
        assertThat(CpuReport.verdict(v, r, f)).as(r.c().name() + " " + f + " real "
            + r.real().get(f) + " model " + r.model().get(f)).isEqualTo("ok");
      }
    }
    assertThat(o.profileYaml()).contains("inherits: host-veth").contains("class: measured")
        .doesNotContain("other_load_pct");
  }
}
