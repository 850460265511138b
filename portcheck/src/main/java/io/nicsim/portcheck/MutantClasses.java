package io.nicsim.portcheck;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * A mutated Java source compiled in memory against the running class path, and a class loader
 * that runs it: the mutated classes, and every other nicsim class defined again beside them
 * (child first) so that the harness and the port's callers link to the mutant. The port-check
 * SPI ({@code io.nicsim.core.port.*}), port-check itself, the JDK and libraries come from the
 * parent, so the harnesses the loader yields are ordinary {@code PortHarness}es.
 */
final class MutantClasses {
  private MutantClasses() {}

  /** The compiler refused the mutated source. */
  static final class DoesNotCompile extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DoesNotCompile(String message) {
      super(message);
    }
  }

  /** Class name → bytes of every class {@code source} (file {@code name}) compiles to. */
  static Map<String, byte[]> compile(String name, String source, String classPath) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new PortCheckException("--mutants needs a JDK (javax.tools finds no Java compiler"
          + " in " + System.getProperty("java.home") + ")");
    }
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Map<String, ByteArrayOutputStream> out = new HashMap<>();
    StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, null, null);
    JavaFileManager files = new ForwardingJavaFileManager<>(standard) {
      @Override
      public JavaFileObject getJavaFileForOutput(Location location, String className,
          JavaFileObject.Kind kind, FileObject sibling) {
        return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/')
            + kind.extension), kind) {
          @Override
          public OutputStream openOutputStream() {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            out.put(className, b);
            return b;
          }
        };
      }
    };
    JavaFileObject unit = new SimpleJavaFileObject(URI.create("mem:///" + name),
        JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return source;
      }
    };
    StringWriter messages = new StringWriter();
    Boolean ok = javac.getTask(messages, files, diagnostics,
        List.of("-classpath", classPath, "-proc:none", "-nowarn", "-g:none", "--release", "17"),
        null, List.of(unit)).call();
    if (!Boolean.TRUE.equals(ok)) {
      String first = diagnostics.getDiagnostics().stream()
          .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
          .map(d -> "line " + d.getLineNumber() + ": " + d.getMessage(null))
          .findFirst().orElse(messages.toString().strip());
      throw new DoesNotCompile(first);
    }
    Map<String, byte[]> classes = new HashMap<>();
    out.forEach((k, v) -> classes.put(k, v.toByteArray()));
    return classes;
  }

  /** Loads the mutated classes, and nicsim's others again beside them. */
  static final class Loader extends ClassLoader {
    private final Map<String, byte[]> mutated;

    Loader(Map<String, byte[]> mutated, ClassLoader parent) {
      super("port-check mutant", parent);
      this.mutated = mutated;
    }

    /** Classes the mutant's world shares with port-check. */
    private static boolean shared(String name) {
      return !name.startsWith("io.nicsim.") || name.startsWith("io.nicsim.core.port.")
          || name.startsWith("io.nicsim.portcheck.");
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          byte[] bytes = mutated.get(name);
          if (bytes == null && !shared(name)) {
            bytes = parentBytes(name);
          }
          c = bytes != null ? defineClass(name, bytes, 0, bytes.length)
              : getParent().loadClass(name);
        }
        if (resolve) {
          resolveClass(c);
        }
        return c;
      }
    }

    private byte[] parentBytes(String name) {
      try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
        return in == null ? null : in.readAllBytes();
      } catch (IOException e) {
        return null;
      }
    }
  }
}
