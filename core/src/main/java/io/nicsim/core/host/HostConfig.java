package io.nicsim.core.host;

import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.soc.InputSample;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.core.trace.Tracer;
import java.util.List;
import java.util.Objects;

/**
 * What one simulated host is made of.
 *
 * @param mac MAC model name ({@code stmmac}, {@code fec}, ...)
 * @param soc SoC profile name
 * @param kernel kernel version ({@code v6.7}) or null for the MAC model's default
 * @param patches {@code +ID}/{@code -ID} edits to the version's patch set
 * @param coalesce {@code ethtool -C} arguments applied after the interface is up
 * @param seed the simulation's random seed
 * @param cpuScale multiplier on every CPU cost (1 = the profile; 0.001 = a "fast CPU")
 * @param linkRateBps line rate, 0 = the profile's {@code params.link_rate_bps} or 1 Gbit/s
 * @param linkPropagationNs cable propagation delay to the link partner
 * @param irqCore core that takes the NIC's interrupts
 * @param appCore core the traffic application runs on (-1 = the last core)
 * @param kernelConfig kernel tunables
 * @param tracer trace sink (Tracer.NONE for none); a {@link HostTracer} is bound by the host
 *     once it is built
 * @param napi the kernel's software-coalescing settings (sysfs files, netlink napi-set)
 *     applied after the interface is up, before {@code coalesce}
 * @param kernelC a tree's C to run in place of the Java ports that have a bridge
 *     ({@code --ports c}), or null: the Java runs
 * @param sample an uncertainty study's draw of the inputs: the SoC profile is resolved with
 *     its values ({@link SocProfile#resolve(String, InputSample)}); null: the nominal profile
 * @param moduleParams the driver's module parameters, read at probe ({@code --module-param})
 * @param faults TX DMA hangs the run injects ({@code --fault tx-hang}), through the MAC model
 */
public record HostConfig(
    String mac,
    String soc,
    String kernel,
    List<String> patches,
    CoalesceArgs coalesce,
    long seed,
    double cpuScale,
    long linkRateBps,
    long linkPropagationNs,
    int irqCore,
    int appCore,
    KernelConfig kernelConfig,
    Tracer tracer,
    NapiWrites napi,
    KernelC kernelC,
    InputSample sample,
    ModuleParams moduleParams,
    List<TxHang> faults) {

  public HostConfig {
    Objects.requireNonNull(mac, "mac");
    Objects.requireNonNull(soc, "soc");
    patches = patches == null ? List.of() : List.copyOf(patches);
    coalesce = coalesce == null ? CoalesceArgs.none() : coalesce;
    kernelConfig = kernelConfig == null ? KernelConfig.defaults() : kernelConfig;
    tracer = tracer == null ? Tracer.NONE : tracer;
    napi = napi == null ? NapiWrites.none() : napi;
    moduleParams = moduleParams == null ? ModuleParams.none() : moduleParams;
    faults = faults == null ? List.of() : List.copyOf(faults);
  }

  /**
   * The config without module parameters and faults: the canonical constructor before they
   * travelled in the config, kept so that a MAC model compiled against it still links (the API
   * policy).
   */
  public HostConfig(String mac, String soc, String kernel, List<String> patches,
      CoalesceArgs coalesce, long seed, double cpuScale, long linkRateBps,
      long linkPropagationNs, int irqCore, int appCore, KernelConfig kernelConfig,
      Tracer tracer, NapiWrites napi, KernelC kernelC, InputSample sample) {
    this(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps, linkPropagationNs,
        irqCore, appCore, kernelConfig, tracer, napi, kernelC, sample, null, null);
  }

  /**
   * The config without an input sample: the canonical constructor before the sample travelled
   * in the config, kept so that a MAC model compiled against it still links (the API policy).
   */
  public HostConfig(String mac, String soc, String kernel, List<String> patches,
      CoalesceArgs coalesce, long seed, double cpuScale, long linkRateBps,
      long linkPropagationNs, int irqCore, int appCore, KernelConfig kernelConfig,
      Tracer tracer, NapiWrites napi, KernelC kernelC) {
    this(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps, linkPropagationNs,
        irqCore, appCore, kernelConfig, tracer, napi, kernelC, null);
  }

  /**
   * The config without a tree's C: the canonical constructor before {@code --ports c}, kept so
   * that a MAC model compiled against it still links (the API policy).
   */
  public HostConfig(String mac, String soc, String kernel, List<String> patches,
      CoalesceArgs coalesce, long seed, double cpuScale, long linkRateBps,
      long linkPropagationNs, int irqCore, int appCore, KernelConfig kernelConfig,
      Tracer tracer, NapiWrites napi) {
    this(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps, linkPropagationNs,
        irqCore, appCore, kernelConfig, tracer, napi, null, null);
  }

  /**
   * The config without software-coalescing writes: the canonical constructor before they
   * existed, kept so that a MAC model compiled against it still links (the API policy).
   */
  public HostConfig(String mac, String soc, String kernel, List<String> patches,
      CoalesceArgs coalesce, long seed, double cpuScale, long linkRateBps,
      long linkPropagationNs, int irqCore, int appCore, KernelConfig kernelConfig,
      Tracer tracer) {
    this(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps, linkPropagationNs,
        irqCore, appCore, kernelConfig, tracer, NapiWrites.none(), null, null);
  }

  /** A config with defaults for everything but the MAC and SoC. */
  public static HostConfig of(String mac, String soc) {
    return new HostConfig(mac, soc, null, List.of(), CoalesceArgs.none(), 1, 1.0, 0, 50, 0, -1,
        KernelConfig.defaults(), Tracer.NONE, NapiWrites.none(), null, null, null, null);
  }

  public HostConfig withSoc(String s) {
    return new HostConfig(mac, s, kernel, patches, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, napi, kernelC, sample,
        moduleParams, faults);
  }

  public HostConfig withKernel(String v) {
    return new HostConfig(mac, soc, v, patches, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, napi, kernelC, sample,
        moduleParams, faults);
  }

  public HostConfig withPatches(List<String> p) {
    return new HostConfig(mac, soc, kernel, p, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, napi, kernelC, sample,
        moduleParams, faults);
  }

  public HostConfig withCoalesce(CoalesceArgs c) {
    return new HostConfig(mac, soc, kernel, patches, c, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, napi, kernelC, sample,
        moduleParams, faults);
  }

  public HostConfig withSeed(long s) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, s, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, napi, kernelC, sample,
        moduleParams, faults);
  }

  public HostConfig withCpuScale(double scale) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, seed, scale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, napi, kernelC, sample,
        moduleParams, faults);
  }

  public HostConfig withLink(long rateBps, long propagationNs) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, seed, cpuScale, rateBps,
        propagationNs, irqCore, appCore, kernelConfig, tracer, napi, kernelC, sample,
        moduleParams, faults);
  }

  public HostConfig withCores(int irq, int app) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irq, app, kernelConfig, tracer, napi, kernelC, sample,
        moduleParams, faults);
  }

  public HostConfig withKernelConfig(KernelConfig k) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, k, tracer, napi, kernelC, sample,
        moduleParams, faults);
  }

  public HostConfig withTracer(Tracer t) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, t, napi, kernelC, sample,
        moduleParams, faults);
  }

  public HostConfig withNapi(NapiWrites w) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, w, kernelC, sample,
        moduleParams, faults);
  }

  /** The same config running {@code c}'s functions as C ({@code --ports c}); null: Java. */
  public HostConfig withKernelC(KernelC c) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, napi, c, sample,
        moduleParams, faults);
  }

  /**
   * The same config with an uncertainty study's draw {@code s}: the host's SoC profile takes
   * its values; null: the nominal profile.
   */
  public HostConfig withSample(InputSample s) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, napi, kernelC, s,
        moduleParams, faults);
  }

  /** The same config loading the driver with {@code p} ({@code --module-param}). */
  public HostConfig withModuleParams(ModuleParams p) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, napi, kernelC, sample, p,
        faults);
  }

  /** The same config injecting {@code f} ({@code --fault}). */
  public HostConfig withFaults(List<TxHang> f) {
    return new HostConfig(mac, soc, kernel, patches, coalesce, seed, cpuScale, linkRateBps,
        linkPropagationNs, irqCore, appCore, kernelConfig, tracer, napi, kernelC, sample,
        moduleParams, f);
  }
}
