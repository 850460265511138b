package io.nicsim.core.soc;

import io.nicsim.core.config.BadInputException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A SoC profile: CPU cores and frequency, kernel HZ, clocks, MAC-specific parameters and
 * per-operation costs, each number with its provenance. Profiles are YAML resources at
 * {@code nicsim/socs/NAME.yaml} on the classpath (or files); one may {@code inherits} another
 * and override its entries.
 */
public final class SocProfile {
  /** A {@code --soc} value naming a file rather than a profile on the classpath. */
  public static final String FILE_PREFIX = "file:";
  /**
   * The profile schema this nicsim writes and reads ({@code schema: 2}). Schema 1 is the form
   * before uncertainty classes: numbers with a {@code source} and no {@code class}. A profile
   * of schema 1 is still read: each number without a class is given the default of
   * {@link #schema1Class}, with one warning line per profile ({@link #setWarningSink}), and
   * {@link ProfileUpgrade} writes those classes into the file. A profile without a
   * {@code schema:} key is of schema 2 when every number has a class, else of schema 1.
   */
  public static final int SCHEMA = 2;

  private final String name;
  private final String title;
  private final String mac;
  private final List<String> compatible;
  private final Map<String, Quantity> cpu;
  private final Map<String, Quantity> kernel;
  private final Map<String, Quantity> clocks;
  private final Map<String, Quantity> params;
  private final Map<String, Quantity> costs;
  private final int schema;

  SocProfile(Builder b) {
    this.schema = b.schema;
    this.name = b.name;
    this.title = b.title;
    this.mac = b.mac;
    this.compatible = List.copyOf(b.compatible);
    this.cpu = Collections.unmodifiableMap(new TreeMap<>(b.cpu));
    this.kernel = Collections.unmodifiableMap(new TreeMap<>(b.kernel));
    this.clocks = Collections.unmodifiableMap(new TreeMap<>(b.clocks));
    this.params = Collections.unmodifiableMap(new TreeMap<>(b.params));
    this.costs = Collections.unmodifiableMap(new TreeMap<>(b.costs));
  }

  /** Loads {@code nicsim/socs/NAME.yaml} from the classpath (parsed once per JVM). */
  public static SocProfile load(String name) {
    return ProfileLoader.load(name);
  }

  /**
   * A profile by name, or from a file when {@code soc} is {@code file:PATH} (what
   * {@code --soc-file} passes).
   */
  public static SocProfile resolve(String soc) {
    return ProfileLoader.resolve(soc);
  }

  /**
   * The same, with sample {@code sample}'s values for its uncertain numbers (an uncertainty
   * study's host); nominal when {@code sample} is null.
   */
  public static SocProfile resolve(String soc, InputSample sample) {
    return resolve(soc).sampled(sample);
  }

  /** Loads a profile from a YAML file (a user's own SoC). */
  public static SocProfile loadFile(Path file) {
    return ProfileLoader.loadFile(file);
  }

  /** Parses profile text (used by tests and fuzzing). */
  public static SocProfile parse(String label, String yamlText) {
    return ProfileLoader.parse(label, yamlText);
  }

  /**
   * The class a schema-1 number without one is given: {@code estimate} for a cost (the old
   * profiles' costs are cycle estimates), {@code exact} for everything else (core counts,
   * clocks, CONFIG_HZ, ring sizes and other settings, as those profiles stated them).
   */
  public static UncertaintyClass schema1Class(String field) {
    return ProfileSchema.schema1Class(field);
  }

  /**
   * Where warnings go (one line each, once per profile per JVM): stderr unless replaced; a
   * test or an embedding tool collects them. Returns the previous sink.
   */
  public static Consumer<String> setWarningSink(
      Consumer<String> sink) {
    return ProfileSchema.setWarningSink(sink);
  }

  /** The schema this profile's own file was read as (1 or {@link #SCHEMA}). */
  public int schema() {
    return schema;
  }

  /**
   * This profile with sample {@code s}'s values for its uncertain numbers (input ids
   * {@link #inputId}); itself when {@code s} is null.
   */
  public SocProfile sampled(InputSample s) {
    return ProfileSampling.sampled(this, s);
  }

  /** The name a study gives an input: {@code ORIGIN:section.key}. */
  public static String inputId(Quantity q, String section, String key) {
    return ProfileSampling.inputId(q, section, key);
  }

  /** Every number with its input id, in a stable order (for studies and reports). */
  public Map<String, Quantity> inputs() {
    return ProfileSampling.inputs(this);
  }

  /**
   * An I/O or YAML error as one line. For YAML: the parser's sentences without its source
   * excerpts, at the line and column of the problem.
   */
  public static String readError(IOException e) {
    return ProfileLoader.readError(e);
  }

  /** The names of the profiles shipped on the classpath, for messages and `nicsim list`. */
  public static String available() {
    return ProfileLoader.available();
  }

  public String name() {
    return name;
  }

  public String title() {
    return title;
  }

  /** The MAC model this SoC's Ethernet controller uses (stmmac, fec, ...). */
  public String mac() {
    return mac;
  }

  /** Device-tree compatible list of the Ethernet node, most specific first. */
  public List<String> compatible() {
    return compatible;
  }

  public int cores() {
    return (int) cpu.get("cores").asLong();
  }

  public long cpuHz() {
    return cpu.get("hz").asLong();
  }

  /** CONFIG_HZ. */
  public int kernelHz() {
    return (int) kernel.get("hz").asLong();
  }

  public Map<String, Quantity> cpu() {
    return cpu;
  }

  public Map<String, Quantity> kernel() {
    return kernel;
  }

  public Map<String, Quantity> clocks() {
    return clocks;
  }

  public Map<String, Quantity> params() {
    return params;
  }

  public Map<String, Quantity> costs() {
    return costs;
  }

  /** A clock rate in Hz; a missing clock is refused with the profile and key named. */
  public long clockHz(String key) {
    return require(clocks, "clocks", key).asLong();
  }

  /** A parameter; refused when missing. */
  public Quantity param(String key) {
    return require(params, "params", key);
  }

  /** A parameter or a default when the profile has none. */
  public double param(String key, double dflt) {
    Quantity q = params.get(key);
    return q == null ? dflt : q.value();
  }

  /**
   * An integer parameter within {@code min..max}, or {@code dflt} when the profile has none; a
   * fraction or a value out of range is refused naming the profile, the key and the range.
   */
  public long param(String key, long dflt, long min, long max) {
    Quantity q = params.get(key);
    return q == null ? dflt : checked("params", key, q, min, max);
  }

  /** A required integer parameter within {@code min..max}. */
  public long param(String key, long min, long max) {
    return checked("params", key, require(params, "params", key), min, max);
  }

  /** A required clock within {@code min..max} Hz. */
  public long clockHz(String key, long min, long max) {
    return checked("clocks", key, require(clocks, "clocks", key), min, max);
  }

  private long checked(String section, String key, Quantity q, long min, long max) {
    double v = q.value();
    if (v != Math.rint(v)) {
      throw new BadInputException("soc profile " + name + ": " + section + "." + key + " = " + v
          + " is not a whole number (accepted: " + min + ".." + max + ")");
    }
    if (v < min || v > max) {
      throw new BadInputException("soc profile " + name + ": " + section + "." + key + " = "
          + (long) v + " is out of range (accepted: " + min + ".." + max + ")");
    }
    return (long) v;
  }

  private Quantity require(Map<String, Quantity> m, String section, String key) {
    Quantity q = m.get(key);
    if (q == null) {
      throw new BadInputException("soc profile " + name + ": " + section + "." + key
          + " is missing (accepted: {value: N, source: \"...\", class: ...})");
    }
    return q;
  }

  /** Entries fitted to published figures, as "section.key ← figure". */
  public List<String> calibrations() {
    List<String> out = new ArrayList<>();
    addCalibrations(out, "cpu", cpu);
    addCalibrations(out, "kernel", kernel);
    addCalibrations(out, "clocks", clocks);
    addCalibrations(out, "params", params);
    addCalibrations(out, "costs", costs);
    return out;
  }

  private static void addCalibrations(List<String> out, String sec, Map<String, Quantity> m) {
    m.forEach((k, q) -> {
      if (q.isCalibrated()) {
        out.add(sec + "." + k + " <- " + q.calibrated());
      }
    });
  }

  /** A profile under construction: what the loader fills and a sample copies. */
  static final class Builder {
    String name;
    String title;
    String mac;
    final List<String> compatible = new ArrayList<>();
    final Map<String, Quantity> cpu = new TreeMap<>();
    final Map<String, Quantity> kernel = new TreeMap<>();
    final Map<String, Quantity> clocks = new TreeMap<>();
    final Map<String, Quantity> params = new TreeMap<>();
    final Map<String, Quantity> costs = new TreeMap<>();
    int schema = SCHEMA;
    /** Schema-1 numbers given a default class: costs, others. */
    int[] defaulted;

    void from(SocProfile p) {
      title = p.title;
      mac = p.mac;
      compatible.addAll(p.compatible);
      cpu.putAll(p.cpu);
      kernel.putAll(p.kernel);
      clocks.putAll(p.clocks);
      params.putAll(p.params);
      costs.putAll(p.costs);
    }
  }
}
