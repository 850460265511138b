package io.nicsim.portcheck;

import io.nicsim.core.port.KernelPort;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/** Reads {@code @KernelPort} (repeated or not) off the methods and constructors of classes. */
public final class KernelPortReader {
  private KernelPortReader() {}

  public static List<PortedFunction> read(Iterable<Class<?>> classes) {
    List<PortedFunction.Annotation> found = new ArrayList<>();
    for (Class<?> type : classes) {
      collect(type, found);
    }
    return PortedFunction.group(found);
  }

  static void collect(Class<?> type, List<PortedFunction.Annotation> into) {
    List<Executable> members = new ArrayList<>();
    try {
      members.addAll(List.of(type.getDeclaredMethods()));
      members.addAll(List.of(type.getDeclaredConstructors()));
    } catch (LinkageError e) {
      throw new PortCheckException(
          "cannot read the methods of " + type.getName() + ": " + e.getClass().getSimpleName()
              + " " + e.getMessage());
    }
    for (Executable member : members) {
      for (KernelPort port : member.getAnnotationsByType(KernelPort.class)) {
        into.add(
            new PortedFunction.Annotation(
                port.file(), port.function(), port.versions(), describe(member), port.source()));
      }
    }
  }

  /** {@code pkg.Class#name(Type, Type)}; a constructor is named after its class. */
  static String describe(Executable member) {
    Class<?> owner = member.getDeclaringClass();
    String name = member instanceof Constructor<?> ? owner.getSimpleName() : member.getName();
    StringJoiner params = new StringJoiner(", ", "(", ")");
    for (Class<?> p : member.getParameterTypes()) {
      params.add(p.getSimpleName());
    }
    return owner.getName() + "#" + name + params;
  }
}
