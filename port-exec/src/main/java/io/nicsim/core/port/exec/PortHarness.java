package io.nicsim.core.port.exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * How {@code port-check --execute} runs one ported C function beside its Java port on the same
 * inputs.
 *
 * <p>The engine takes the function's C text from the kernel tree at run time, with every
 * {@code #define}, enum, struct, static table and helper function it uses that {@link #sources()}
 * define (each kept under the {@code #if} it sits in), and compiles it with {@code gcc} between
 * the harness's own C ({@link #program()}): the compatibility header {@code nicsim_kernel.h}
 * (kernel integer types and macros, the output helpers), the harness's {@code //@ header}
 * section (the struct fields the function reads, recording stubs for what it calls) and its
 * {@code //@ driver} section (a {@code nicsim_run(const long long *in)} that sets the state from
 * one input record, calls the function and prints the result, every field written and the stub
 * calls). Names the harness's C defines are never taken from the tree, so a stub replaces the
 * kernel's function of that name.
 *
 * <p>{@link #java(String)} sets the Java port up as the tree's release behaves (its era and
 * patches) and returns a {@link JavaPort} producing the same record with {@link Out}. Records
 * that differ make the function {@code DIFFERS}, with the smallest input found that still
 * differs.
 */
public interface PortHarness {

  /** The C file, as the port's {@code @KernelPort} names it. */
  String file();

  /** The C function, as the port's {@code @KernelPort} names it. */
  String function();

  /**
   * Tree files the C may be taken from, in lookup order: the function's own file, the headers
   * holding its macros, types and inline helpers. A name defined in none of them must be
   * defined by the harness's C.
   */
  List<String> sources();

  /** The harness's own C: optional {@code //@ prelude}, then {@code //@ header} and {@code //@ driver}. */
  String program();

  /** The fields of one input record, in the order the C driver reads them. */
  List<InputField> inputs();

  /**
   * A generated record mapped into the port's domain (a precondition the caller guarantees, such
   * as "no more completed than queued"), or {@code null} to skip it. The same record goes to both
   * sides. The default keeps every record.
   */
  default long[] admit(long[] in) {
    return in;
  }

  /**
   * The Java port as the release {@code kernel} (a tree's Makefile version, {@code 6.1.192})
   * behaves.
   *
   * @throws NotRunnable when the port cannot be set up for that release
   */
  JavaPort java(String kernel);

  /** What a reader of the result must know (a restricted domain, a stubbed callee). */
  default String notes() {
    return "";
  }

  /**
   * Non-empty for a function that is not executed at all: the reason (reported as
   * {@code NOT RUN}). Such a harness needs no program, inputs or Java side.
   */
  default Optional<String> notRun() {
    return Optional.empty();
  }

  /**
   * In the loop only ({@code --ports c}): tree files whose functions are compiled into this
   * function's program as a group of their own, as the kernel compiles them into their own
   * object: each unit's macros are its own (pushed before it, popped after it, so two units may
   * define the same name differently, as dwmac_dma.h and dwmac4_dma.h do), its types and helpers
   * shared with the program. The harness's C calls them (an ops table pointing at them).
   */
  default List<Unit> inLoopUnits() {
    return List.of();
  }

  /**
   * One in-loop unit: the file, the tree files its names are looked up in after it (its
   * headers), and the functions taken from it.
   */
  record Unit(String file, List<String> sources, List<String> functions) {
    public Unit {
      Objects.requireNonNull(file, "file");
      sources = List.copyOf(sources);
      functions = List.copyOf(functions);
      if (functions.isEmpty()) {
        throw new IllegalArgumentException("an in-loop unit of " + file + " names no function");
      }
    }
  }

  /** A harness built field by field. */
  static Builder of(String file, String function) {
    return new Builder(file, function);
  }

  /** A function listed as {@code NOT RUN}, with the reason. */
  static PortHarness notRun(String file, String function, String reason) {
    Objects.requireNonNull(reason, "reason");
    return new Builder(file, function).notRunBecause(reason).build();
  }

  /** The text of a resource next to {@code owner} (its class loader, an absolute path). */
  static String resource(Class<?> owner, String path) {
    String name = path.startsWith("/") ? path.substring(1) : path;
    ClassLoader loader = owner.getClassLoader();
    try (InputStream in = loader == null ? null : loader.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("no resource " + name + " beside " + owner.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Builds a {@link PortHarness}. */
  final class Builder {
    private final String file;
    private final String function;
    private final List<String> sources = new ArrayList<>();
    private final List<InputField> inputs = new ArrayList<>();
    private String program = "";
    private UnaryOperator<long[]> admit = UnaryOperator.identity();
    private Function<String, JavaPort> java = k -> {
      throw new NotRunnable("no Java side");
    };
    private String notes = "";
    private String notRun;
    private final List<Unit> units = new ArrayList<>();

    private Builder(String file, String function) {
      this.file = Objects.requireNonNull(file, "file");
      this.function = Objects.requireNonNull(function, "function");
    }

    public Builder sources(String... files) {
      sources.addAll(List.of(files));
      return this;
    }

    public Builder sources(List<String> files) {
      sources.addAll(files);
      return this;
    }

    /** The harness's C text. */
    public Builder program(String text) {
      this.program = text;
      return this;
    }

    /** The harness's C text from a resource beside {@code owner}. */
    public Builder program(Class<?> owner, String resource) {
      return program(PortHarness.resource(owner, resource));
    }

    public Builder input(InputField field) {
      inputs.add(field);
      return this;
    }

    public Builder inputs(List<InputField> fields) {
      inputs.addAll(fields);
      return this;
    }

    public Builder admit(UnaryOperator<long[]> admit) {
      this.admit = admit;
      return this;
    }

    public Builder java(Function<String, JavaPort> java) {
      this.java = java;
      return this;
    }

    public Builder notes(String notes) {
      this.notes = notes;
      return this;
    }

    /** An in-loop unit ({@link PortHarness#inLoopUnits()}). */
    public Builder inLoopUnit(String unitFile, List<String> unitSources, String... functions) {
      units.add(new Unit(unitFile, unitSources, List.of(functions)));
      return this;
    }

    public Builder notRunBecause(String reason) {
      this.notRun = reason;
      return this;
    }

    public PortHarness build() {
      List<String> src = List.copyOf(sources);
      List<InputField> in = List.copyOf(inputs);
      String prog = program;
      UnaryOperator<long[]> adm = admit;
      Function<String, JavaPort> j = java;
      String n = notes;
      Optional<String> skip = Optional.ofNullable(notRun);
      List<Unit> u = List.copyOf(units);
      return new PortHarness() {
        @Override public List<Unit> inLoopUnits() {
          return u;
        }

        @Override public String file() {
          return file;
        }

        @Override public String function() {
          return function;
        }

        @Override public List<String> sources() {
          return src;
        }

        @Override public String program() {
          return prog;
        }

        @Override public List<InputField> inputs() {
          return in;
        }

        @Override public long[] admit(long[] record) {
          return adm.apply(record);
        }

        @Override public JavaPort java(String kernel) {
          return j.apply(kernel);
        }

        @Override public String notes() {
          return n;
        }

        @Override public Optional<String> notRun() {
          return skip;
        }

        @Override public String toString() {
          return file + " " + function;
        }
      };
    }
  }
}
