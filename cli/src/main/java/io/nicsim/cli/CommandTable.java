package io.nicsim.cli;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IAnnotatedElement;
import picocli.CommandLine.Model.IExtensible;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.IScope;
import picocli.CommandLine.Model.IScoped;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.ITypeInfo;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The picocli annotations of the subcommands, read once by the launcher's training run and
 * written down, so that a fresh process builds its command's model without reflecting over
 * annotations. In a fresh JVM, reading an annotation makes the JDK generate a proxy class per
 * annotation type (seven for {@code list macs}) and picocli's reflective model building runs
 * in the interpreter: together about a quarter of a {@code list macs} process's CPU.
 *
 * <p>The table holds, per class, the values of every attribute of its {@code @Command} and of
 * each field's {@code @Option}, {@code @Parameters}, {@code @Mixin} or {@code @Spec}. At run time
 * the values come back as plain implementations of those annotation interfaces handed to
 * picocli's own builders ({@link OptionSpec#builder(IAnnotatedElement, CommandLine.IFactory)}
 * and {@link CommandSpec#updateCommandAttributes}), so picocli draws the same conclusions
 * (arity, labels, converters, defaults) as from the real annotations; the walk over the class
 * hierarchy is {@code CommandReflection.extractCommandSpec}'s for the features nicsim uses.
 *
 * <p>A command is written only if the model built from the table equals picocli's reflective
 * one ({@link #sameModel}: every attribute of every option and positional parameter, the
 * mixins, the spec elements, and the usage help text); a command that uses anything else
 * (argument groups, subcommands of its own, method annotations, a version provider, resource
 * bundles) is left out and built by reflection, as is any class missing from the table.
 */
public final class CommandTable {
  /** The table the launcher passes (written next to the class-data archive). */
  static final String PROPERTY = "nicsim.commands";

  /** Where the training run writes the table. */
  static final String WRITE_PROPERTY = "nicsim.commands.write";

  private static final String HELP_MIXIN = "picocli.CommandLine$AutoHelpMixin";
  private static final String HELP_MIXIN_KEY = "mixinStandardHelpOptions";

  /** The table's text; a class's records are parsed when a model needs them. */
  private final String text;

  /** Where each class's records start and end in {@link #text}. */
  private final Map<String, int[]> index;

  /** Per class: its {@code @Command} values (or null) and its annotated fields in order. */
  private final Map<String, Entry> classes = new HashMap<>();

  /** Per annotation type: every attribute's default (records hold only the others). */
  private final Map<String, Map<String, String>> defaults;

  private CommandTable(String text, Map<String, int[]> index,
      Map<String, Map<String, String>> defaults) {
    this.text = text;
    this.index = index;
    this.defaults = defaults;
  }

  /** The class's records, or null if the table does not hold it. */
  private Entry entry(String name) {
    Entry e = classes.get(name);
    if (e == null) {
      int[] range = index.get(name);
      if (range == null) {
        return null;
      }
      e = new Entry();
      for (String line : lines(text, range[0], range[1])) {
        String[] f = line.split("\t", -1);
        switch (f[0]) {
          case "command" -> e.command = pairs(f, 1);
          case "member" -> e.members.add(new Member(f[1], f[2], pairs(f, 3)));
          default -> throw new IllegalStateException("unknown record " + f[0]);
        }
      }
      classes.put(name, e);
    }
    return e;
  }

  private static final class Entry {
    Map<String, String> command;
    final List<Member> members = new ArrayList<>();
  }

  private static final class Member {
    final String field;
    final String kind;
    final Map<String, String> values;

    Member(String field, String kind, Map<String, String> values) {
      this.field = field;
      this.kind = kind;
      this.values = values;
    }
  }

  // ---------------------------------------------------------------- the launcher's table

  private static volatile CommandTable loaded;
  private static volatile boolean tried;

  /** The table the launcher named, or null (none, or unreadable: reflection then). */
  static CommandTable launcherTable() {
    if (!tried) {
      synchronized (CommandTable.class) {
        if (!tried) {
          String p = System.getProperty(PROPERTY);
          if (p != null) {
            try {
              loaded = parse(Files.readString(Path.of(p), StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException e) {
              loaded = null;
            }
          }
          tried = true;
        }
      }
    }
    return loaded;
  }

  /** Forgets the table read (tests that set the property). */
  static synchronized void reset() {
    loaded = null;
    tried = false;
  }

  // ---------------------------------------------------------------- building a model

  /**
   * The model of {@code userObject} built from the table, as {@code new CommandLine(userObject,
   * factory)} would build it by reflection; null when the table does not cover its class.
   */
  CommandSpec spec(Object userObject, CommandLine.IFactory factory) {
    try {
      return build(userObject, factory);
    } catch (RuntimeException e) {
      return null; // anything unforeseen: reflection builds it
    } catch (Exception e) {
      return null;
    }
  }

  private List<Class<?>> hierarchy(Class<?> cls) {
    List<Class<?>> top = new ArrayList<>();
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      top.add(0, c);
    }
    return top;
  }

  private CommandSpec build(Object userObject, CommandLine.IFactory factory) throws Exception {
    List<Class<?>> chain = hierarchy(userObject.getClass());
    for (Class<?> c : chain) {
      if (entry(c.getName()) == null) {
        return null;
      }
    }
    CommandSpec result = CommandSpec.wrapWithoutInspection(userObject, factory);
    boolean helpOptions = false;
    for (Class<?> c : chain) {
      Entry e = entry(c.getName());
      if (e.command != null) {
        CommandValues cmd = new CommandValues(e.command, defaults.get("Command"));
        result.updateCommandAttributes(cmd, factory);
        helpOptions |= cmd.mixinStandardHelpOptions();
      }
      for (Member m : e.members) {
        Field f = c.getDeclaredField(m.field);
        Element el = new Element(f, userObject, annotation(m, defaults.get(m.kind)));
        switch (m.kind) {
          case "Mixin" -> {
            Object mixin = el.get();
            if (mixin == null) {
              mixin = factory.create(f.getType());
              el.set(mixin);
            }
            CommandSpec mixinSpec = build(mixin, factory);
            if (mixinSpec == null) {
              return null;
            }
            result.addMixin(el.getMixinName(), mixinSpec, el);
            for (IAnnotatedElement s : mixinSpec.specElements()) {
              if (s.getAnnotation(Spec.class).value() == Spec.Target.MIXEE) {
                s.setter().set(result);
              }
            }
          }
          case "Option" -> result.addOption(OptionSpec.builder(el, factory).build());
          case "Parameters" -> result.addPositional(PositionalParamSpec.builder(el, factory).build());
          case "Spec" -> {
            result.addSpecElement(el);
            if (el.getAnnotation(Spec.class).value() == Spec.Target.SELF) {
              el.set(result);
            }
          }
          default -> {
            return null;
          }
        }
      }
    }
    if (helpOptions) {
      // CommandSpec.mixinStandardHelpOptions(true), with the help mixin's model from the table
      Class<?> helpClass = Class.forName(HELP_MIXIN);
      Constructor<?> ctor = helpClass.getDeclaredConstructor();
      ctor.setAccessible(true);
      CommandSpec mixin = build(ctor.newInstance(), CommandLine.defaultFactory());
      if (mixin == null) {
        return null;
      }
      boolean overlap = false;
      for (String key : mixin.optionsMap().keySet()) {
        if (result.optionsMap().containsKey(key)) {
          overlap = true;
          break;
        }
      }
      if (!overlap) {
        result.addMixin(HELP_MIXIN_KEY, mixin);
      }
    }
    return result;
  }

  private static Annotation annotation(Member m, Map<String, String> defaults) {
    return switch (m.kind) {
      case "Option" -> new OptionValues(m.values, defaults);
      case "Parameters" -> new ParametersValues(m.values, defaults);
      case "Mixin" -> new MixinValues(m.values, defaults);
      case "Spec" -> new SpecValues(m.values, defaults);
      default -> throw new IllegalStateException(m.kind);
    };
  }

  /**
   * A field as picocli's {@code TypedMember} presents it, with its annotation from the table:
   * the same name, type, binding (the field of {@code instance}) and initial-value state.
   */
  private static final class Element implements IAnnotatedElement, IExtensible, IGetter,
      ISetter, IScoped {
    private final Field field;
    private final Object instance;
    private final Annotation annotation;
    private ITypeInfo typeInfo;

    Element(Field field, Object instance, Annotation annotation) {
      this.field = field;
      this.instance = instance;
      this.annotation = annotation;
      field.setAccessible(true);
    }

    @Override
    public Object userObject() {
      return field;
    }

    @Override
    public boolean isAnnotationPresent(Class<? extends Annotation> type) {
      return type.isInstance(annotation);
    }

    @Override
    public <T extends Annotation> T getAnnotation(Class<T> type) {
      return type.isInstance(annotation) ? type.cast(annotation) : null;
    }

    @Override
    public String getName() {
      return field.getName();
    }

    @Override
    public String getMixinName() {
      String name = ((Mixin) annotation).name();
      return name == null || name.isEmpty() ? getName() : name;
    }

    @Override
    public boolean isArgSpec() {
      return isOption() || isParameter();
    }

    @Override
    public boolean isOption() {
      return annotation instanceof Option;
    }

    @Override
    public boolean isParameter() {
      return annotation instanceof Parameters;
    }

    @Override
    public boolean isArgGroup() {
      return false;
    }

    @Override
    public boolean isMixin() {
      return annotation instanceof Mixin;
    }

    @Override
    public boolean isUnmatched() {
      return false;
    }

    @Override
    public boolean isSpec() {
      return annotation instanceof Spec;
    }

    @Override
    public boolean isParentCommand() {
      return false;
    }

    @Override
    public boolean isMultiValue() {
      Class<?> t = field.getType();
      return (t.isArray() && t != char[].class) || Collection.class.isAssignableFrom(t)
          || Map.class.isAssignableFrom(t);
    }

    @Override
    public boolean isInteractive() {
      return annotation instanceof Option o ? o.interactive()
          : annotation instanceof Parameters p && p.interactive();
    }

    @Override
    public boolean hasInitialValue() {
      return true; // picocli's POSTPONED: read from the field when first needed
    }

    @Override
    public boolean isMethodParameter() {
      return false;
    }

    @Override
    public int getMethodParamPosition() {
      return -1;
    }

    @Override
    public IScope scope() {
      return new Scope(instance);
    }

    @Override
    public IScope getScope() {
      return scope();
    }

    @Override
    public IGetter getter() {
      return this;
    }

    @Override
    public ISetter setter() {
      return this;
    }

    @Override
    public ITypeInfo getTypeInfo() {
      if (typeInfo == null) {
        // picocli's RuntimeTypeInfo, as TypedMember makes it: the field's type and the
        // auxiliary types RuntimeTypeInfo.inferTypes finds (sameModel checks they agree)
        Class<?>[] declared = annotation instanceof Option o ? o.type()
            : annotation instanceof Parameters p ? p.type() : new Class<?>[0];
        typeInfo = PositionalParamSpec.builder().type(field.getType())
            .auxiliaryTypes(inferTypes(field, declared)).build().typeInfo();
      }
      return typeInfo;
    }

    /** RuntimeTypeInfo.inferTypes for a field (picocli 4.7), for the types nicsim's have. */
    private static Class<?>[] inferTypes(Field field, Class<?>[] declared) {
      if (declared.length > 0) {
        return declared;
      }
      Class<?> type = field.getType();
      if (type.isArray()) {
        return new Class<?>[] {type.getComponentType()};
      }
      boolean multi = Collection.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type);
      if (multi || type.getName().equals("java.util.Optional")) {
        Type g = field.getGenericType();
        if (!(g instanceof ParameterizedType p)) {
          return new Class<?>[] {String.class, String.class};
        }
        Type[] args = p.getActualTypeArguments();
        Class<?>[] out = new Class<?>[args.length];
        for (int i = 0; i < args.length; i++) {
          Type t = args[i];
          if (t instanceof WildcardType w) {
            t = w.getLowerBounds().length > 0 ? w.getLowerBounds()[0] : w.getUpperBounds()[0];
          }
          if (!(t instanceof Class<?> c)) {
            throw new IllegalStateException("type argument " + t + " of " + field);
          }
          out[i] = c;
        }
        return out;
      }
      return new Class<?>[] {type};
    }

    @Override
    public String getToString() {
      if (isMixin()) {
        return abbreviate("mixin from member " + field.toGenericString());
      }
      return "field " + abbreviate(field.toGenericString());
    }

    private static String abbreviate(String text) {
      return text.replace("private ", "").replace("protected ", "").replace("public ", "")
          .replace("java.lang.", "");
    }

    @Override
    public String toString() {
      return field.toString();
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> T getExtension(Class<T> cls) {
      if (cls.isEnum() && cls.getName().equals("picocli.CommandLine$Model$InitialValueState")) {
        return (T) Enum.valueOf((Class) cls, "POSTPONED");
      }
      return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T get() {
      try {
        return (T) field.get(instance);
      } catch (IllegalAccessException e) {
        throw new CommandLine.PicocliException("Could not get value for field " + field, e);
      }
    }

    @Override
    public <T> T set(T value) {
      try {
        @SuppressWarnings("unchecked")
        T old = (T) field.get(instance);
        field.set(instance, value);
        return old;
      } catch (IllegalAccessException e) {
        throw new CommandLine.PicocliException("Could not set value for field " + field + " to "
            + value, e);
      }
    }
  }

  /** The object whose fields an element binds (picocli's {@code ObjectScope}). */
  private static final class Scope implements IScope {
    private final Object value;

    Scope(Object value) {
      this.value = value;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T get() {
      return (T) value;
    }

    @Override
    public <T> T set(T v) {
      throw new UnsupportedOperationException("a command's scope is fixed");
    }
  }

  // ---------------------------------------------------------------- annotation values

  /** An annotation's attribute values as the table holds them (every attribute, as text). */
  private abstract static class Values {
    private static final Map<String, Class<?>> PRIMITIVES = Map.of("boolean", boolean.class,
        "byte", byte.class, "char", char.class, "short", short.class, "int", int.class,
        "long", long.class, "float", float.class, "double", double.class, "void", void.class);
    private final Map<String, String> v;
    private final Map<String, String> defaults;

    Values(Map<String, String> v, Map<String, String> defaults) {
      this.v = v;
      this.defaults = defaults;
    }

    String str(String k) {
      String s = v.get(k);
      return s != null ? s : Objects.requireNonNull(defaults.get(k), k);
    }

    String[] strs(String k) {
      return splitArray(str(k));
    }

    boolean bool(String k) {
      return Boolean.parseBoolean(str(k));
    }

    int num(String k) {
      return Integer.parseInt(str(k));
    }

    Class<?> cls(String k) {
      return load(str(k));
    }

    @SuppressWarnings("rawtypes")
    Class[] classes(String k) {
      String[] names = strs(k);
      Class[] out = new Class[names.length];
      for (int i = 0; i < names.length; i++) {
        out[i] = load(names[i]);
      }
      return out;
    }

    <E extends Enum<E>> E en(String k, Class<E> type) {
      return Enum.valueOf(type, str(k));
    }

    private static Class<?> load(String name) {
      Class<?> p = PRIMITIVES.get(name);
      if (p != null) {
        return p;
      }
      try {
        return Class.forName(name, false, CommandTable.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException("the command table names a missing class " + name, e);
      }
    }

    /** Picocli compares annotations only by their values, never by identity or hash. */
    @Override
    public String toString() {
      return getClass().getSimpleName() + v;
    }
  }

  /**
   * The attributes {@code @Option} and {@code @Parameters} share (the subclasses' interfaces
   * declare them; these bodies implement both).
   */
  private abstract static class ArgValues extends Values {
    ArgValues(Map<String, String> v, Map<String, String> defaults) {
      super(v, defaults);
    }

    public String[] description() { return strs("description"); }
    public String arity() { return str("arity"); }
    public String paramLabel() { return str("paramLabel"); }
    public boolean hideParamSyntax() { return bool("hideParamSyntax"); }
    public Class<?>[] type() { return classes("type"); }
    @SuppressWarnings("unchecked")
    public Class<? extends ITypeConverter<?>>[] converter() { return classes("converter"); }
    public String split() { return str("split"); }
    public String splitSynopsisLabel() { return str("splitSynopsisLabel"); }
    public boolean hidden() { return bool("hidden"); }
    public String defaultValue() { return str("defaultValue"); }
    public Help.Visibility showDefaultValue() {
      return en("showDefaultValue", Help.Visibility.class);
    }
    @SuppressWarnings("unchecked")
    public Class<? extends Iterable<String>> completionCandidates() {
      return (Class<? extends Iterable<String>>) cls("completionCandidates");
    }
    public boolean interactive() { return bool("interactive"); }
    public boolean echo() { return bool("echo"); }
    public String prompt() { return str("prompt"); }
    public String descriptionKey() { return str("descriptionKey"); }
    public ScopeType scope() { return en("scope", ScopeType.class); }
    public String mapFallbackValue() { return str("mapFallbackValue"); }
    @SuppressWarnings("unchecked")
    public Class<? extends CommandLine.IParameterConsumer> parameterConsumer() {
      return (Class<? extends CommandLine.IParameterConsumer>) cls("parameterConsumer");
    }
    @SuppressWarnings("unchecked")
    public Class<? extends CommandLine.IParameterPreprocessor> preprocessor() {
      return (Class<? extends CommandLine.IParameterPreprocessor>) cls("preprocessor");
    }
  }

  private static final class OptionValues extends ArgValues implements Option {
    OptionValues(Map<String, String> v, Map<String, String> defaults) {
      super(v, defaults);
    }

    @Override public Class<? extends Annotation> annotationType() { return Option.class; }
    @Override public String[] names() { return strs("names"); }
    @Override public boolean required() { return bool("required"); }
    @Override public boolean help() { return bool("help"); }
    @Override public boolean usageHelp() { return bool("usageHelp"); }
    @Override public boolean versionHelp() { return bool("versionHelp"); }
    @Override public int order() { return num("order"); }
    @Override public boolean negatable() { return bool("negatable"); }
    @Override public String fallbackValue() { return str("fallbackValue"); }
  }

  private static final class ParametersValues extends ArgValues implements Parameters {
    ParametersValues(Map<String, String> v, Map<String, String> defaults) {
      super(v, defaults);
    }

    @Override public Class<? extends Annotation> annotationType() { return Parameters.class; }
    @Override public String index() { return str("index"); }
  }

  private static final class MixinValues extends Values implements Mixin {
    MixinValues(Map<String, String> v, Map<String, String> defaults) {
      super(v, defaults);
    }

    @Override public Class<? extends Annotation> annotationType() { return Mixin.class; }
    @Override public String name() { return str("name"); }
  }

  private static final class SpecValues extends Values implements Spec {
    SpecValues(Map<String, String> v, Map<String, String> defaults) {
      super(v, defaults);
    }

    @Override public Class<? extends Annotation> annotationType() { return Spec.class; }
    @Override public Spec.Target value() { return en("value", Spec.Target.class); }
  }

  private static final class CommandValues extends Values implements Command {
    CommandValues(Map<String, String> v, Map<String, String> defaults) {
      super(v, defaults);
    }

    @Override public Class<? extends Annotation> annotationType() { return Command.class; }
    @Override public String name() { return str("name"); }
    @Override public String[] aliases() { return strs("aliases"); }
    @Override public Class<?>[] subcommands() { return classes("subcommands"); }
    @Override public boolean subcommandsRepeatable() { return bool("subcommandsRepeatable"); }
    @Override public boolean addMethodSubcommands() { return bool("addMethodSubcommands"); }
    @Override public String separator() { return str("separator"); }
    @Override public String[] version() { return strs("version"); }
    @SuppressWarnings("unchecked")
    @Override public Class<? extends CommandLine.IVersionProvider> versionProvider() {
      return (Class<? extends CommandLine.IVersionProvider>) cls("versionProvider");
    }
    @Override public boolean mixinStandardHelpOptions() {
      return bool("mixinStandardHelpOptions");
    }
    @Override public boolean helpCommand() { return bool("helpCommand"); }
    @Override public String headerHeading() { return str("headerHeading"); }
    @Override public String[] header() { return strs("header"); }
    @Override public String synopsisHeading() { return str("synopsisHeading"); }
    @Override public boolean abbreviateSynopsis() { return bool("abbreviateSynopsis"); }
    @Override public String[] customSynopsis() { return strs("customSynopsis"); }
    @Override public String synopsisSubcommandLabel() { return str("synopsisSubcommandLabel"); }
    @Override public String descriptionHeading() { return str("descriptionHeading"); }
    @Override public String[] description() { return strs("description"); }
    @Override public String parameterListHeading() { return str("parameterListHeading"); }
    @Override public String optionListHeading() { return str("optionListHeading"); }
    @Override public boolean sortOptions() { return bool("sortOptions"); }
    @Override public boolean sortSynopsis() { return bool("sortSynopsis"); }
    @Override public char requiredOptionMarker() { return str("requiredOptionMarker").charAt(0); }
    @SuppressWarnings("unchecked")
    @Override public Class<? extends CommandLine.IDefaultValueProvider> defaultValueProvider() {
      return (Class<? extends CommandLine.IDefaultValueProvider>) cls("defaultValueProvider");
    }
    @Override public boolean showDefaultValues() { return bool("showDefaultValues"); }
    @Override public boolean showAtFileInUsageHelp() { return bool("showAtFileInUsageHelp"); }
    @Override public boolean showEndOfOptionsDelimiterInUsageHelp() {
      return bool("showEndOfOptionsDelimiterInUsageHelp");
    }
    @Override public String commandListHeading() { return str("commandListHeading"); }
    @Override public String footerHeading() { return str("footerHeading"); }
    @Override public String[] footer() { return strs("footer"); }
    @Override public boolean hidden() { return bool("hidden"); }
    @Override public String resourceBundle() { return str("resourceBundle"); }
    @Override public int usageHelpWidth() { return num("usageHelpWidth"); }
    @Override public boolean usageHelpAutoWidth() { return bool("usageHelpAutoWidth"); }
    @Override public int exitCodeOnSuccess() { return num("exitCodeOnSuccess"); }
    @Override public int exitCodeOnUsageHelp() { return num("exitCodeOnUsageHelp"); }
    @Override public int exitCodeOnVersionHelp() { return num("exitCodeOnVersionHelp"); }
    @Override public int exitCodeOnInvalidInput() { return num("exitCodeOnInvalidInput"); }
    @Override public int exitCodeOnExecutionException() {
      return num("exitCodeOnExecutionException");
    }
    @Override public String exitCodeListHeading() { return str("exitCodeListHeading"); }
    @Override public String[] exitCodeList() { return strs("exitCodeList"); }
    @Override public ScopeType scope() { return en("scope", ScopeType.class); }
    @SuppressWarnings("unchecked")
    @Override public Class<? extends CommandLine.IModelTransformer> modelTransformer() {
      return (Class<? extends CommandLine.IModelTransformer>) cls("modelTransformer");
    }
    @SuppressWarnings("unchecked")
    @Override public Class<? extends CommandLine.IParameterPreprocessor> preprocessor() {
      return (Class<? extends CommandLine.IParameterPreprocessor>) cls("preprocessor");
    }
  }

  // ---------------------------------------------------------------- the text form

  // One record a line, tab-separated fields: "class NAME", "command K V K V …",
  // "member FIELD KIND K V …". Backslash escapes tab, newline, return and itself; an array is
  // "[" and its elements separated by U+001F.
  private static final char SEP = '\u001f';

  private static String[] splitArray(String s) {
    if (!s.startsWith("[")) {
      throw new IllegalStateException("not an array: " + s);
    }
    if (s.length() == 1) {
      return new String[0];
    }
    List<String> out = new ArrayList<>();
    int from = 1;
    for (int i = 1; i <= s.length(); i++) {
      if (i == s.length() || s.charAt(i) == SEP) {
        out.add(s.substring(from, i));
        from = i + 1;
      }
    }
    return out.toArray(new String[0]);
  }

  private static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> b.append("\\\\");
        case '\t' -> b.append("\\t");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  private static String unescape(String s) {
    if (s.indexOf('\\') < 0) {
      return s;
    }
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char n = s.charAt(++i);
        b.append(n == 't' ? '\t' : n == 'n' ? '\n' : n == 'r' ? '\r' : n);
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  static CommandTable parse(String text) {
    Map<String, int[]> index = new HashMap<>();
    Map<String, Map<String, String>> defaults = new HashMap<>();
    int[] open = null;
    int start = 0;
    while (start < text.length()) {
      int end = text.indexOf('\n', start);
      if (end < 0) {
        end = text.length();
      }
      if (text.startsWith("class\t", start)) {
        open = new int[] {end + 1, end + 1};
        index.put(unescape(text.substring(start + 6, end)), open);
      } else if (text.startsWith("defaults\t", start)) {
        String[] f = text.substring(start, end).split("\t", -1);
        defaults.put(f[1], pairs(f, 2));
        open = null;
      } else if (open != null) {
        open[1] = Math.min(end + 1, text.length());
      }
      start = end + 1;
    }
    return new CommandTable(text, index, defaults);
  }

  private static List<String> lines(String text, int from, int to) {
    List<String> out = new ArrayList<>();
    int start = from;
    while (start < to) {
      int end = text.indexOf('\n', start);
      if (end < 0 || end > to) {
        end = to;
      }
      if (end > start) {
        out.add(text.substring(start, end));
      }
      start = end + 1;
    }
    return out;
  }

  private static Map<String, String> pairs(String[] f, int from) {
    Map<String, String> m = new HashMap<>();
    for (int i = from; i + 1 < f.length; i += 2) {
      m.put(unescape(f[i]), unescape(f[i + 1]));
    }
    return m;
  }

  // ---------------------------------------------------------------- writing (training run)

  /**
   * The table for {@code roots} (command classes) and what they reach: each root whose model
   * from the table equals picocli's reflective one, with its classes and mixins' classes;
   * others are left out.
   */
  static String write(Collection<Class<?>> roots, CommandLine.IFactory factory) {
    Map<String, String> written = new LinkedHashMap<>();
    for (Class<?> root : roots) {
      Map<String, String> records = new LinkedHashMap<>();
      if (check(root, factory, written, records) == null) {
        written.putAll(records);
      }
    }
    if (written.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    try {
      out.append(defaultsRecords());
    } catch (Exception e) {
      return "";
    }
    written.values().forEach(out::append);
    return out.toString();
  }

  private static String defaultsRecords() throws Exception {
    StringBuilder b = new StringBuilder();
    for (Class<? extends Annotation> t : List.of(Command.class, Option.class, Parameters.class,
        Mixin.class, Spec.class)) {
      b.append("defaults\t").append(t.getSimpleName()).append(values(null, t)).append('\n');
    }
    return b.toString();
  }

  /**
   * Null if {@code root}'s model built from its table records (put in {@code records}, beside
   * those {@code written} already) equals picocli's reflective one; else why it is left out.
   */
  static String check(Class<?> root, CommandLine.IFactory factory, Map<String, String> written,
      Map<String, String> records) {
    try {
      Object instance = factory.create(root);
      String why = capture(instance.getClass(), records);
      if (why == null) {
        why = capture(Class.forName(HELP_MIXIN), records);
      }
      if (why != null) {
        return why;
      }
      Map<String, String> all = new LinkedHashMap<>(written);
      all.putAll(records);
      CommandTable table = parse(defaultsRecords() + String.join("", all.values()));
      CommandSpec fromTable = table.build(factory.create(root), factory);
      if (fromTable == null) {
        return "a class is missing from the table";
      }
      return sameModel(new CommandLine(fromTable, factory),
          new CommandLine(factory.create(root), factory));
    } catch (Exception | LinkageError e) {
      return e.toString();
    }
  }

  private static final List<Class<? extends Annotation>> FIELD_KINDS =
      List.of(Option.class, Parameters.class, Mixin.class, Spec.class);

  private static final List<String> PICOCLI_ANNOTATIONS = List.of("ArgGroup", "Unmatched",
      "ParentCommand", "Option", "Parameters", "Mixin", "Spec", "Command");

  /** Records cls and its superclasses and mixins; null, or what it uses that the table lacks. */
  private static String capture(Class<?> cls, Map<String, String> records) throws Exception {
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      if (records.containsKey(c.getName())) {
        continue;
      }
      StringBuilder b = new StringBuilder("class\t").append(escape(c.getName())).append('\n');
      Command cmd = c.getAnnotation(Command.class);
      if (cmd != null) {
        if (cmd.subcommands().length > 0 || !cmd.resourceBundle().isEmpty()
            || !cmd.versionProvider().getName().equals("picocli.CommandLine$NoVersionProvider")
            || cmd.scope() == ScopeType.INHERIT) {
          return c.getName() + ": subcommands, a resource bundle, a version provider or"
              + " inherited scope";
        }
        b.append("command").append(values(cmd, Command.class)).append('\n');
      }
      for (Method m : c.getDeclaredMethods()) {
        for (Annotation a : m.getDeclaredAnnotations()) {
          if (isPicocli(a)) {
            return c.getName() + "." + m.getName() + ": an annotated method";
          }
        }
      }
      records.put(c.getName(), ""); // placeholder: a mixin of its own type ends here
      for (Field f : c.getDeclaredFields()) {
        List<Annotation> found = new ArrayList<>();
        for (Annotation a : f.getDeclaredAnnotations()) {
          if (isPicocli(a)) {
            found.add(a);
          }
        }
        if (found.isEmpty()) {
          continue;
        }
        if (found.size() > 1 || !FIELD_KINDS.contains(found.get(0).annotationType())) {
          return c.getName() + "." + f.getName() + ": " + found;
        }
        Annotation a = found.get(0);
        String kind = a.annotationType().getSimpleName();
        if (Modifier.isStatic(f.getModifiers())) {
          return c.getName() + "." + f.getName() + ": static";
        }
        String vals = values(a, a.annotationType());
        b.append("member\t").append(escape(f.getName())).append('\t').append(kind).append(vals)
            .append('\n');
        if (a instanceof Mixin) {
          f.setAccessible(true);
          String why = capture(f.getType(), records);
          if (why != null) {
            return why;
          }
        }
      }
      records.put(c.getName(), b.toString());
    }
    return null;
  }

  private static boolean isPicocli(Annotation a) {
    Class<?> t = a.annotationType();
    return t.getDeclaringClass() == CommandLine.class
        && PICOCLI_ANNOTATIONS.contains(t.getSimpleName());
  }

  private static String values(Annotation a, Class<? extends Annotation> type) throws Exception {
    StringBuilder b = new StringBuilder();
    Method[] methods = type.getDeclaredMethods();
    Arrays.sort(methods, (x, y) -> x.getName().compareTo(y.getName()));
    for (Method m : methods) {
      if (m.getParameterCount() != 0) {
        continue;
      }
      Object v = a == null ? m.getDefaultValue() : m.invoke(a);
      if (v == null) {
        continue; // no default (Option.names): every record has it
      }
      if (a != null && m.getDefaultValue() != null
          && encode(m.getDefaultValue()).equals(encode(v))) {
        continue; // the defaults record has it
      }
      b.append('\t').append(escape(m.getName())).append('\t').append(escape(encode(v)));
    }
    return b.toString();
  }

  private static String encode(Object v) {
      String text;
      if (v instanceof String s) {
        text = s;
      } else if (v instanceof String[] s) {
        text = array(s);
      } else if (v instanceof Class<?> c) {
        text = c.getName();
      } else if (v instanceof Class<?>[] cs) {
        String[] names = new String[cs.length];
        for (int i = 0; i < cs.length; i++) {
          names[i] = cs[i].getName();
        }
        text = array(names);
      } else if (v instanceof Enum<?> e) {
        text = e.name();
      } else if (v instanceof Boolean || v instanceof Integer || v instanceof Character) {
        text = String.valueOf(v);
      } else {
        throw new IllegalStateException("an attribute of type " + v.getClass());
      }
      return text;
  }

  private static String array(String[] items) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < items.length; i++) {
      if (items[i].indexOf(SEP) >= 0) {
        throw new IllegalStateException("separator in " + items[i]);
      }
      if (i > 0) {
        b.append(SEP);
      }
      b.append(items[i]);
    }
    return b.toString();
  }

  // ---------------------------------------------------------------- comparing two models

  /**
   * Null if the two command lines' models agree in everything picocli parses, converts,
   * injects and prints by; else what differs first.
   */
  static String sameModel(CommandLine a, CommandLine b) {
    CommandSpec x = a.getCommandSpec();
    CommandSpec y = b.getCommandSpec();
    String d = diff("name", x.name(), y.name());
    d = d != null ? d : diff("aliases", List.of(x.aliases()), List.of(y.aliases()));
    d = d != null ? d : diff("version", List.of(x.version()), List.of(y.version()));
    d = d != null ? d : diff("mixins", x.mixins().keySet(), y.mixins().keySet());
    d = d != null ? d : diff("spec elements", x.specElements().size(), y.specElements().size());
    d = d != null ? d : diff("arg groups", x.argGroups().size(), y.argGroups().size());
    d = d != null ? d : diff("subcommands", x.subcommands().keySet(), y.subcommands().keySet());
    d = d != null ? d : diff("separator", x.parser().separator(), y.parser().separator());
    d = d != null ? d : diff("exit codes", x.exitCodeOnInvalidInput() + "/"
        + x.exitCodeOnExecutionException(), y.exitCodeOnInvalidInput() + "/"
        + y.exitCodeOnExecutionException());
    d = d != null ? d : diff("options", x.options().size(), y.options().size());
    d = d != null ? d : diff("positionals", x.positionalParameters().size(),
        y.positionalParameters().size());
    for (int i = 0; d == null && i < x.options().size(); i++) {
      OptionSpec o = x.options().get(i);
      OptionSpec p = y.options().get(i);
      d = diff("option " + i + " names", List.of(o.names()), List.of(p.names()));
      d = d != null ? d : diff(o.longestName(), describe(o), describe(p));
    }
    for (int i = 0; d == null && i < x.positionalParameters().size(); i++) {
      PositionalParamSpec o = x.positionalParameters().get(i);
      PositionalParamSpec p = y.positionalParameters().get(i);
      d = diff("positional " + i, describe(o) + " index " + o.index(),
          describe(p) + " index " + p.index());
    }
    d = d != null ? d : diff("usage", usage(a), usage(b));
    return d;
  }

  private static String usage(CommandLine c) {
    return c.getUsageMessage(Help.Ansi.OFF);
  }

  private static String describe(ArgSpec s) {
    List<Object> v = new ArrayList<>();
    v.add(s.userObject());
    v.add(s.arity());
    v.add(s.arity().isUnspecified());
    v.add(s.paramLabel());
    v.add(s.hideParamSyntax());
    v.add(List.of(s.description()));
    v.add(s.descriptionKey());
    v.add(s.required());
    v.add(s.interactive());
    v.add(s.echo());
    v.add(s.prompt());
    v.add(s.splitRegex());
    v.add(s.splitRegexSynopsisLabel());
    v.add(s.hidden());
    v.add(s.type());
    v.add(List.of(s.auxiliaryTypes()));
    v.add(s.typeInfo().isEnum());
    v.add(s.typeInfo().isMultiValue());
    v.add(s.typeInfo().isBoolean());
    v.add(s.typeInfo().getClassName());
    v.add(s.defaultValue());
    v.add(s.mapFallbackValue());
    v.add(s.showDefaultValue());
    v.add(s.hasInitialValue());
    v.add(String.valueOf(s.initialValue()));
    v.add(s.scopeType());
    v.add(s.inherited());
    v.add(s.isMultiValue());
    v.add(s.completionCandidates() == null ? null : listOf(s.completionCandidates()));
    v.add(classesOf(s.converters()));
    v.add(s.parameterConsumer() == null ? null : s.parameterConsumer().getClass());
    v.add(s.preprocessor() == null ? null : s.preprocessor().getClass());
    v.add(s.toString());
    if (s instanceof OptionSpec o) {
      v.add(o.help());
      v.add(o.usageHelp());
      v.add(o.versionHelp());
      v.add(o.order());
      v.add(o.negatable());
      v.add(o.fallbackValue());
    }
    return v.toString();
  }

  private static List<String> listOf(Iterable<String> it) {
    List<String> out = new ArrayList<>();
    it.forEach(out::add);
    return out;
  }

  private static List<Class<?>> classesOf(Object[] items) {
    List<Class<?>> out = new ArrayList<>();
    if (items != null) {
      for (Object o : items) {
        out.add(o == null ? null : o.getClass());
      }
    }
    return out;
  }

  private static String diff(String what, Object x, Object y) {
    return Objects.equals(x, y) ? null : what + ": " + x + " vs " + y;
  }
}
