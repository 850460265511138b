package io.nicsim.portcheck.execfixture;

import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.List;

/**
 * The acme fixture's harnesses, as a consumer's jar ships them: its C driver
 * ({@code portexec/acme/acme_coal.c}), the tree files it takes C from, and the Java side.
 */
public final class AcmeCoalHarnesses implements PortHarnessProvider {
  static final List<String> SOURCES = List.of(AcmeCoalPorts.FILE,
      "drivers/net/ethernet/acme/acme_regs.h");
  public static final List<InputField> INPUTS = List.of(
      u32("usecs").withEdges(4_294_967, 4_294_968, 16_777, 16_778),
      u32("frames").withEdges(255, 256), range("mode", 0, 3));

  private static String program(int kind) {
    return PortHarness.resource(AcmeCoalHarnesses.class, "portexec/acme/acme_coal.c")
        + "\n//@ prelude\n#define NICSIM_KIND " + kind + "\n";
  }

  public static PortHarness usecsToTicks() {
    return PortHarness.of(AcmeCoalPorts.FILE, "acme_usecs_to_ticks")
        .sources(SOURCES).program(program(0)).inputs(INPUTS)
        .java(kernel -> r -> new Out()
            .u32("ret", AcmeCoalPorts.usecsToTicks((int) r[0], (int) r[2])).toString())
        .build();
  }

  public static PortHarness setCoalesce() {
    return PortHarness.of(AcmeCoalPorts.FILE, "acme_set_coalesce")
        .sources(SOURCES).program(program(1)).inputs(INPUTS)
        .java(kernel -> r -> {
          AcmeCoalPorts p = new AcmeCoalPorts();
          p.mode = (int) r[2];
          int ret = p.setCoalesce((int) r[0], (int) r[1]);
          Out out = new Out();
          p.errors.forEach(e -> out.message("netdev_err", e));
          p.writes.forEach(w -> out.call("writel", w[0], w[1]));
          return out.put("ret", ret).u32("rx_usecs", p.rxUsecs).u32("rx_frames", p.rxFrames)
              .toString();
        })
        .build();
  }

  /** The deliberately broken port's harness: the same C, {@link AcmeCoalPorts.Broken}'s Java. */
  public static PortHarness broken() {
    return PortHarness.of(AcmeCoalPorts.FILE, "acme_usecs_to_ticks")
        .sources(SOURCES).program(program(0)).inputs(INPUTS)
        .java(kernel -> r -> new Out()
            .u32("ret", AcmeCoalPorts.Broken.usecsToTicks((int) r[0], (int) r[2])).toString())
        .build();
  }

  @Override
  public List<PortHarness> harnesses() {
    return List.of(usecsToTicks(), setCoalesce());
  }
}
