package io.nicsim.portcount;

import static net.bytebuddy.matcher.ElementMatchers.declaresMethod;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isAnnotatedWith;
import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.isMethod;
import static net.bytebuddy.matcher.ElementMatchers.isSubTypeOf;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;

import io.nicsim.core.port.KernelPort;
import io.nicsim.core.port.KernelPorts;
import io.nicsim.core.port.exec.JavaNativePort;
import io.nicsim.core.port.exec.NativePort;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * The port-entry counter: a Java agent (Byte Buddy), attached to this JVM on demand, that
 * counts every entry of every {@code @KernelPort} method of {@code io.nicsim} and every call of a
 * tree's C ({@code NativePort.call}), into {@link PortEntries}. Off unless {@link #install} is
 * called: no class is touched, nothing costs anything. Installed, classes loaded afterwards are
 * instrumented as they load and those loaded before are retransformed (the advice adds no field
 * or method: the class format is unchanged).
 */
public final class PortCounter {
  private static final ElementMatcher.Junction<MethodDescription> PORTED =
      isAnnotatedWith(KernelPort.class).or(isAnnotatedWith(KernelPorts.class));
  private static final ElementMatcher.Junction<MethodDescription> C_CALL = named("call")
      .and(takesArgument(0, long[].class));
  private static final List<String> ERRORS = new CopyOnWriteArrayList<>();
  private static boolean installed;

  private PortCounter() { }

  /** Whether the agent is attached. */
  public static synchronized boolean installed() {
    return installed;
  }

  /**
   * Attaches the agent to this JVM (once; later calls do nothing). Fails with an {@link
   * IllegalStateException} naming why when the JVM refuses (no attach mechanism).
   */
  public static synchronized void install() {
    if (installed) {
      return;
    }
    Instrumentation inst;
    try {
      inst = ByteBuddyAgent.install();
    } catch (RuntimeException e) {
      throw new IllegalStateException("the port-entry counter could not attach to this JVM: "
          + e.getMessage(), e);
    }
    new AgentBuilder.Default()
        .disableClassFormatChanges()
        .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
        .with(new AgentBuilder.Listener.Adapter() {
          @Override
          public void onError(String typeName, ClassLoader classLoader,
              net.bytebuddy.utility.JavaModule module, boolean loaded, Throwable throwable) {
            ERRORS.add(typeName + ": " + throwable);
          }
        })
        .ignore(not(nameStartsWith("io.nicsim.")))
        .type(nameStartsWith("io.nicsim.").and(not(nameStartsWith("io.nicsim.portcount.")))
            .and(not(isInterface()))
            .and(declaresMethod(PORTED).or(isSubTypeOf(NativePort.class)
                .and(not(named(JavaNativePort.class.getName()))))))
        .transform((builder, type, loader, module, domain) -> {
          boolean ported = register(type);
          boolean native_ = type.isAssignableTo(NativePort.class)
              && !type.represents(JavaNativePort.class) && !type.isInterface();
          if (!ported && !native_) {
            return builder;
          }
          if (ported) {
            builder = builder.visit(Advice.to(EntryAdvice.class).on(isMethod().and(PORTED)))
                .visit(Advice.to(ConstructorAdvice.class).on(isConstructor().and(PORTED)));
          }
          if (native_) {
            builder = builder.visit(Advice.to(CCallAdvice.class)
                .on(isMethod().and(C_CALL).and(not(isAbstract()))));
          }
          return builder;
        })
        .installOn(inst);
    installed = true;
  }

  /**
   * Classes the agent failed to instrument, each with why (their entries go uncounted): a
   * count is only whole when this is empty.
   */
  public static List<String> errors() {
    return List.copyOf(ERRORS);
  }

  /** Registers {@code type}'s ported methods; whether it has any. */
  private static boolean register(TypeDescription type) {
    boolean any = false;
    for (MethodDescription.InDefinedShape m : type.getDeclaredMethods()) {
      List<String> labels = new ArrayList<>();
      for (AnnotationDescription a : m.getDeclaredAnnotations()) {
        if (a.getAnnotationType().represents(KernelPort.class)) {
          labels.add(label(a.prepare(KernelPort.class).load()));
        } else if (a.getAnnotationType().represents(KernelPorts.class)) {
          for (KernelPort k : a.prepare(KernelPorts.class).load().value()) {
            labels.add(label(k));
          }
        }
      }
      if (!labels.isEmpty()) {
        PortEntries.register(key(type, m), labels.toArray(String[]::new));
        any = true;
      }
    }
    return any;
  }

  private static String label(KernelPort k) {
    return k.file() + " " + k.function();
  }

  /** The key the advice's {@code @Advice.Origin("#t.#m#d")} spells for {@code m}. */
  static String key(TypeDescription type, MethodDescription m) {
    return type.getName() + "." + m.getInternalName() + m.getDescriptor();
  }

  /** Inlined at the top and bottom of every ported method. */
  static final class EntryAdvice {
    private EntryAdvice() { }

    @Advice.OnMethodEnter
    static long enter(@Advice.Origin("#t.#m#d") String key) {
      return PortEntries.enter(key);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Origin("#t.#m#d") String key, @Advice.Enter long token) {
      PortEntries.exit(key, token);
    }
  }

  /** Inlined at the top of a ported constructor (no exit advice: a constructor's throwable). */
  static final class ConstructorAdvice {
    private ConstructorAdvice() { }

    @Advice.OnMethodEnter
    static void enter(@Advice.Origin("#t.#m#d") String key) {
      PortEntries.constructed(key);
    }
  }

  /** Inlined at the top of a {@code NativePort}'s {@code call}: the tree's C of its label. */
  static final class CCallAdvice {
    private CCallAdvice() { }

    @Advice.OnMethodEnter
    static void enter(@Advice.This NativePort self) {
      PortEntries.cCall(self.label());
    }
  }
}
