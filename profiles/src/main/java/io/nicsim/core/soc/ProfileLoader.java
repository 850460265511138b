package io.nicsim.core.soc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.config.InputKind;
import io.nicsim.core.soc.SocProfile.Builder;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Loading a SoC profile: the classpath's {@code nicsim/socs/NAME.yaml} (or the build's JSON form
 * of it, {@link CompiledProfiles}), a file or text, parsed into a {@link SocProfile} with every
 * check of its form: keys, provenance, uncertainty classes and ranges, costs, core counts and
 * CONFIG_HZ, inheritance (a child at another clock scales the costs it inherits). A file of
 * schema 1 is read through {@link ProfileSchema}. {@link SocProfile}'s static methods are the
 * entry points.
 */
final class ProfileLoader {
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");
  /** What CostOp accepts as a name. */
  private static final Pattern OP_NAME = Pattern.compile("[a-z][a-z0-9_]*");
  /** The largest cost an operation may have: one second. */
  static final long MAX_COST_NS = 1_000_000_000L;
  /** Profiles are small; anything larger is not one. */
  static final long MAX_FILE_BYTES = 1 << 20;
  private static final Set<String> TOP_KEYS =
      Set.of("schema", "name", "title", "mac", "inherits", "compatible", "cpu", "kernel",
          "clocks", "params", "costs", "notes");

  private ProfileLoader() {}

  /**
   * Profiles parsed so far, by name. A profile is immutable and its resource cannot change
   * while the JVM runs, and a command that builds many hosts (reproduce, a sweep) would
   * otherwise parse the same YAML for each.
   */
  private static final Map<String, SocProfile> PARSED = new ConcurrentHashMap<>();

  /** Loads {@code nicsim/socs/NAME.yaml} from the classpath. */
  static SocProfile load(String name) {
    SocProfile p = name == null ? null : PARSED.get(name);
    if (p == null) {
      p = load(name, new LinkedHashSet<>(), "--soc");
      PARSED.putIfAbsent(name, p);
    }
    return p;
  }

  /**
   * {@code field} is what named the profile: {@code --soc}, or a profile's {@code inherits}
   * (an unknown parent is that file's fault, not the option's).
   */
  private static SocProfile load(String name, Set<String> chain, String field) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw BadInputException.field(field, "'" + name + "' is not a profile name", available());
    }
    if (!chain.add(name)) {
      throw new BadInputException("soc profile " + name + ": inherits itself via " + chain);
    }
    String res = "nicsim/socs/" + name + ".yaml";
    ClassLoader cl = SocProfile.class.getClassLoader();
    URL yaml = cl.getResource(res);
    if (yaml == null) {
      throw BadInputException.field(field, "unknown SoC profile '" + name + "'", available());
    }
    // the build's JSON form of this very file (beside it, in the same jar or directory) when
    // there is one: the same tree, read several times faster (CompiledProfiles)
    URL json = cl.getResource("nicsim/socs/" + name + ".json");
    boolean compiled = json != null && json.toString().equals(
        yaml.toString().substring(0, yaml.toString().length() - 5) + ".json");
    try (InputStream in = (compiled ? json : yaml).openStream()) {
      return parse(name, compiled ? CompiledProfiles.read(in) : YamlTree.read(in), chain);
    } catch (IOException e) {
      throw new BadInputException("soc profile " + name + ": " + readError(e));
    }
  }

  /**
   * A profile by name, or from a file when {@code soc} is {@code file:PATH} (what
   * {@code --soc-file} passes).
   */
  static SocProfile resolve(String soc) {
    if (soc != null && soc.startsWith(SocProfile.FILE_PREFIX)) {
      return loadFile(Path.of(soc.substring(SocProfile.FILE_PREFIX.length())));
    }
    return load(soc);
  }

  /** Loads a profile from a YAML file (a user's own SoC). */
  static SocProfile loadFile(Path file) {
    String label = file.toString();
    if (Files.isDirectory(file)) {
      throw new BadInputException("soc profile " + label + ": is a directory (accepted: a YAML"
          + " file)");
    }
    String kind = InputKind.notARegularFile(file);
    if (kind != null) {
      throw new BadInputException("soc profile " + label + ": " + kind + " (accepted: a YAML"
          + " file)");
    }
    if (!Files.isReadable(file)) {
      throw new BadInputException("soc profile " + label + ": cannot be read (permission"
          + " denied)");
    }
    JsonNode root;
    try {
      if (Files.size(file) > MAX_FILE_BYTES) {
        throw new BadInputException("soc profile " + label + ": larger than " + MAX_FILE_BYTES
            + " bytes (accepted: a profile of a few KiB)");
      }
      root = YamlTree.read(Files.readString(file));
    } catch (MalformedInputException e) {
      throw new BadInputException("soc profile " + label + ": not UTF-8 text");
    } catch (IOException e) {
      throw new BadInputException("soc profile " + label + ": " + readError(e));
    }
    return parse(label, root, new LinkedHashSet<>(List.of(label)));
  }

  /** Parses profile text (used by tests and fuzzing). */
  static SocProfile parse(String label, String yamlText) {
    try {
      return parse(label, YamlTree.read(yamlText), new LinkedHashSet<>(List.of(label)));
    } catch (IOException e) {
      throw new BadInputException("soc profile " + label + ": " + readError(e));
    }
  }

  private static SocProfile parse(String label, JsonNode root, Set<String> chain) {
    if (root == null || !root.isObject()) {
      throw new BadInputException("soc profile " + label + ": not a YAML mapping");
    }
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!TOP_KEYS.contains(key)) {
        throw new BadInputException(
            "soc profile " + label + ": unknown key '" + key + "' (accepted: "
                + String.join(", ", new TreeSet<>(TOP_KEYS)) + ")");
      }
    }
    int schema = ProfileSchema.schema(label, root);
    Builder b = new Builder();
    b.defaulted = new int[2];
    b.schema = schema;
    SocProfile parent = null;
    if (root.hasNonNull("inherits")) {
      parent = load(text(label, root, "inherits"), chain,
          "soc profile " + label + ": inherits");
      b.from(parent);
    }
    b.name = root.hasNonNull("name") ? text(label, root, "name") : b.name;
    if (b.name == null) {
      throw new BadInputException("soc profile " + label + ": name is missing");
    }
    b.title = root.hasNonNull("title") ? text(label, root, "title") : b.title;
    b.mac = root.hasNonNull("mac") ? text(label, root, "mac") : b.mac;
    if (root.has("compatible")) {
      JsonNode c = root.get("compatible");
      if (!c.isArray()) {
        throw new BadInputException("soc profile " + label + ": compatible must be a list");
      }
      b.compatible.clear();
      for (JsonNode s : c) {
        if (!s.isTextual()) {
          throw new BadInputException("soc profile " + label + ": compatible entries are strings");
        }
        b.compatible.add(s.asText());
      }
    }
    section(label, root, "cpu", b.cpu, b);
    section(label, root, "kernel", b.kernel, b);
    section(label, root, "clocks", b.clocks, b);
    section(label, root, "params", b.params, b);
    section(label, root, "costs", b.costs, b);
    if (b.defaulted[0] + b.defaulted[1] > 0) {
      // once per profile: a file named two ways (relative, absolute) is one profile
      ProfileSchema.warnSchema1(label, b.name, b.defaulted[0], b.defaulted[1]);
    }
    if (parent != null) {
      scaleInheritedCosts(label, root, parent, b);
    }
    for (Map.Entry<String, Quantity> e : b.costs.entrySet()) {
      if (!OP_NAME.matcher(e.getKey()).matches()) {
        throw new BadInputException("soc profile " + label + ": costs." + e.getKey()
            + " is not an operation name (accepted: lower_snake_case, e.g. hrtimer_start)");
      }
      double v = e.getValue().value();
      if (v < 0 || v > MAX_COST_NS) {
        throw new BadInputException("soc profile " + label + ": costs." + e.getKey()
            + (v < 0 ? " is negative" : " = " + v + " is out of range") + " (accepted: 0.."
            + MAX_COST_NS + " ns)");
      }
    }
    requireRange(label, "cpu", b.cpu, "cores", 1, 64);
    double cores = b.cpu.get("cores").value();
    if (cores != Math.rint(cores)) {
      // a core count is a count: 2.5 would run as (int) 2.5 or round to 3 CPUs
      throw new BadInputException("soc profile " + label + ": cpu.cores = " + cores
          + " is not a whole number (accepted: 1..64 cores)");
    }
    requireRange(label, "cpu", b.cpu, "hz", 1, 1e11);
    requireRange(label, "kernel", b.kernel, "hz", 100, 1000);
    double hz = b.kernel.get("hz").value();
    if (hz != 100 && hz != 250 && hz != 300 && hz != 1000) {
      // CONFIG_HZ is one of the Kconfig choices
      throw new BadInputException("soc profile " + label + ": kernel.hz = " + hz
          + " is not a CONFIG_HZ choice (accepted: 100, 250, 300, 1000)");
    }
    return new SocProfile(b);
  }

  /**
   * Costs are CPU work: what carries from a base profile to a SoC at another clock is the
   * cycle count, so a cost the child inherits (does not state itself) is scaled by the parent's
   * clock over the child's. A child at the parent's clock inherits costs as they are.
   */
  private static void scaleInheritedCosts(String label, JsonNode root, SocProfile parent,
      Builder b) {
    Quantity childHz = b.cpu.get("hz");
    Quantity parentHz = parent.cpu().get("hz");
    if (childHz == null || parentHz == null || childHz.value() == parentHz.value()
        || !(childHz.value() > 0)) {
      return;
    }
    double f = parentHz.value() / childHz.value();
    JsonNode own = root.get("costs");
    String note = " [scaled x" + String.format(Locale.ROOT, "%.3f", f) + " from "
        + parent.name() + "'s " + mhz(parentHz.value()) + " to " + mhz(childHz.value()) + "]";
    for (Map.Entry<String, Quantity> e : b.costs.entrySet()) {
      if (own != null && own.has(e.getKey())) {
        continue;
      }
      Quantity q = e.getValue();
      // the same cycle estimate at another clock: its class, range and input id carry over
      e.setValue(new Quantity(Math.rint(q.value() * f), q.source() + note, q.calibrated(),
          q.uncertainty(), q.range(), q.origin()));
    }
  }

  private static String mhz(double hz) {
    return Math.round(hz / 1e6) + " MHz";
  }

  private static void requireRange(String label, String section, Map<String, Quantity> m,
      String key, double min, double max) {
    Quantity q = m.get(key);
    if (q == null) {
      throw new BadInputException(
          "soc profile " + label + ": " + section + "." + key + " is missing");
    }
    if (q.value() < min || q.value() > max) {
      throw new BadInputException("soc profile " + label + ": " + section + "." + key + " = "
          + q.value() + " is out of range (accepted: " + (long) min + ".." + (long) max + ")");
    }
  }

  private static void section(String label, JsonNode root, String key, Map<String, Quantity> into,
      Builder b) {
    if (!root.has(key)) {
      return;
    }
    JsonNode sec = root.get(key);
    if (!sec.isObject()) {
      throw new BadInputException("soc profile " + label + ": " + key + " must be a mapping");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = sec.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      into.put(e.getKey(), quantity(label, key + "." + e.getKey(), e.getValue(), b));
    }
  }

  private static final String FORM =
      "{value: N, source: \"where it comes from\", class: exact|datasheet|measured|estimate|"
          + "assumption} (or calibrated: \"figure\"; range: N% overrides the class's range)";
  /** Discrete choices (a CONFIG_HZ, a core count): a study never moves them. */
  private static final Set<String> DISCRETE = Set.of("cpu.cores", "kernel.hz");

  private static Quantity quantity(String label, String field, JsonNode n, Builder b) {
    String form = FORM;
    if (n.isNumber()) {
      throw new BadInputException(
          "soc profile " + label + ": " + field + " needs its provenance (accepted: " + form + ")");
    }
    if (!n.isObject()) {
      throw new BadInputException(
          "soc profile " + label + ": " + field + " is malformed (accepted: " + form + ")");
    }
    JsonNode v = n.get("value");
    JsonNode s = n.get("source");
    if (v == null || !v.isNumber()) {
      throw new BadInputException(
          "soc profile " + label + ": " + field + ".value must be a number (accepted: " + form + ")");
    }
    if (s == null || !s.isTextual() || s.asText().isBlank()) {
      throw new BadInputException(
          "soc profile " + label + ": " + field + ".source is missing (accepted: " + form + ")");
    }
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      if (!QUANTITY_KEYS.contains(k)) {
        throw new BadInputException("soc profile " + label + ": " + field + "." + k
            + " is not a field (accepted: value, source, class, range, calibrated)");
      }
    }
    double value = v.asDouble();
    if (!Double.isFinite(value)) {
      throw new BadInputException("soc profile " + label + ": " + field + ".value is not finite");
    }
    JsonNode c = n.get("calibrated");
    if (c != null && !c.isTextual()) {
      throw new BadInputException(
          "soc profile " + label + ": " + field + ".calibrated must name the fitted figure");
    }
    UncertaintyClass cls;
    if (b.schema == 1 && !n.has("class") && c == null) {
      cls = ProfileSchema.schema1Class(field);
      b.defaulted[field.startsWith("costs.") ? 0 : 1]++;
    } else {
      cls = uncertaintyClass(label, field, n, c != null);
    }
    double range = cls.defaultRange();
    JsonNode r = n.get("range");
    if (r != null) {
      range = range(label, field, r);
      if (!s.asText().toLowerCase(Locale.ROOT).contains("range")) {
        throw new BadInputException("soc profile " + label + ": " + field + ".range overrides"
            + " the " + cls.spelling() + " default; its source must say why (accepted: a source"
            + " containing 'range: why')");
      }
    }
    if (DISCRETE.contains(field) && range != 0) {
      throw new BadInputException("soc profile " + label + ": " + field + " is a discrete"
          + " choice and is never sampled (accepted: class: exact, no range)");
    }
    return new Quantity(value, s.asText(), c == null ? null : c.asText(), cls, range, label);
  }

  private static final Set<String> QUANTITY_KEYS =
      Set.of("value", "source", "calibrated", "class", "range");

  private static UncertaintyClass uncertaintyClass(String label, String field, JsonNode n,
      boolean calibrated) {
    JsonNode k = n.get("class");
    if (k == null) {
      if (calibrated) {
        return UncertaintyClass.CALIBRATED;
      }
      throw new BadInputException("soc profile " + label + ": " + field + " has no uncertainty"
          + " (accepted: class: " + UncertaintyClass.accepted().replace(", ", "|")
          + ", or range: N%)");
    }
    UncertaintyClass cls = k.isTextual() ? UncertaintyClass.of(k.asText()) : null;
    if (cls == null) {
      throw new BadInputException("soc profile " + label + ": " + field + ".class '"
          + k.asText() + "' is not a class (accepted: " + UncertaintyClass.accepted() + ")");
    }
    if (calibrated != (cls == UncertaintyClass.CALIBRATED)) {
      throw new BadInputException("soc profile " + label + ": " + field + ".class "
          + (calibrated ? "of a calibrated number is calibrated" : "calibrated needs calibrated:"
          + " naming the fitted figure") + " (accepted: " + UncertaintyClass.accepted() + ")");
    }
    return cls;
  }

  /** {@code 12%} or a fraction {@code 0.12}: the relative half-width, below 100%. */
  static double range(String label, String field, JsonNode r) {
    double f = Double.NaN;
    if (r.isNumber()) {
      f = r.asDouble();
    } else if (r.isTextual() && r.asText().trim().matches("[0-9]+(\\.[0-9]+)?%")) {
      String t = r.asText().trim();
      f = Double.parseDouble(t.substring(0, t.length() - 1)) / 100.0;
    }
    if (!(f >= 0 && f < 1)) {
      throw new BadInputException("soc profile " + label + ": " + field + ".range '"
          + r.asText() + "' is not a range (accepted: 0%..99%, or a fraction 0..0.99)");
    }
    return f;
  }

  private static String text(String label, JsonNode root, String key) {
    JsonNode n = root.get(key);
    if (!n.isTextual()) {
      throw new BadInputException("soc profile " + label + ": " + key + " must be text");
    }
    return n.asText();
  }

  private static final Pattern YAML_MARK =
      Pattern.compile("^\\s*in '[^']*', line (\\d+), column (\\d+):?\\s*$");

  /**
   * An I/O or YAML error as one line. For YAML: the parser's sentences without its source
   * excerpts, at the line and column of the problem.
   */
  static String readError(IOException e) {
    if (!(e instanceof JsonProcessingException j)) {
      return firstLine(e.getMessage());
    }
    String msg = j.getOriginalMessage() == null ? "" : j.getOriginalMessage();
    List<String> sentences = new ArrayList<>();
    String where = null;
    String[] lines = msg.split("\\R");
    for (int i = 0; i < lines.length; i++) {
      Matcher m = YAML_MARK.matcher(lines[i]);
      if (m.matches()) {
        where = "line " + m.group(1) + ", column " + m.group(2);
        // the excerpt and the caret under it follow the mark
        while (i + 1 < lines.length && !lines[i + 1].trim().equals("^")) {
          i++;
        }
        i++;
        continue;
      }
      String t = lines[i].trim();
      if (!t.isEmpty()) {
        sentences.add(t);
      }
    }
    if (where == null && j.getLocation() != null && j.getLocation().getLineNr() > 0) {
      where = "line " + j.getLocation().getLineNr() + ", column " + j.getLocation().getColumnNr();
    }
    String what = String.join("; ", sentences);
    if (what.length() > 200) {
      what = what.substring(0, 200) + "…";
    }
    return "not valid YAML" + (where == null ? "" : " at " + where)
        + (what.isEmpty() ? "" : ": " + what);
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /** The names of the profiles shipped on the classpath, for messages and `nicsim list`. */
  static String available() {
    List<String> names = SocCatalog.names();
    return names.isEmpty() ? "none installed" : String.join(", ", names);
  }
}
