// The grader's measuring agent (java.lang.instrument, the JDK's own agent API): the deep size of
// an object in bytes, and the calls of named methods of a student's class. Staged as
// .searchgrader/MeasuringAgent.java, compiled with the submission and the driver, and started by
// `-javaagent:.searchgrader/agent.jar` (a jar holding only the manifest; the class itself is on
// the class path). Tests reach it through the driver's `call` step, by its qualified name:
//
//   searchgrader.MeasuringAgent.deepSize(object)          {"bytes", "objects", "by_class"}
//   searchgrader.MeasuringAgent.countCalls("Board", "hamming,manhattan")      arms the count
//   searchgrader.MeasuringAgent.callCounts()     {"manhattan": {"calls": 340, "computed": 12}}
package searchgrader;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

public final class MeasuringAgent {
  private static volatile Instrumentation instrumentation;

  private MeasuringAgent() {}

  /** Called by the JVM before main (`-javaagent`). */
  public static void premain(String options, Instrumentation given) {
    instrumentation = given;
  }

  private static Instrumentation instrumentation() {
    if (instrumentation == null)
      throw new IllegalStateException("the JVM was started without the grader's agent");
    return instrumentation;
  }

  /**
   * The deep size of `root`: the bytes of every object it reaches through instance fields and
   * array elements, each counted once, as Instrumentation.getObjectSize gives them (this JVM's
   * layout: headers, padding, compressed references). Class objects, class loaders, threads and
   * modules are shared with the whole program and not counted. Returns {"bytes": total,
   * "objects": how many, "by_class": {type name: bytes}}.
   */
  public static Map<String, Object> deepSize(Object root) {
    Instrumentation inst = instrumentation();
    IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
    ArrayDeque<Object> pending = new ArrayDeque<>();
    Map<String, Long> byClass = new TreeMap<>();
    long bytes = 0;
    long objects = 0;
    if (root != null) pending.push(root);
    while (!pending.isEmpty()) {
      Object object = pending.pop();
      if (seen.put(object, Boolean.TRUE) != null || shared(object)) continue;
      long size = inst.getObjectSize(object);
      bytes += size;
      ++objects;
      byClass.merge(object.getClass().getTypeName(), size, Long::sum);
      Class<?> type = object.getClass();
      if (type.isArray()) {
        if (!type.getComponentType().isPrimitive())
          for (int i = 0, n = Array.getLength(object); i < n; ++i) {
            Object item = Array.get(object, i);
            if (item != null) pending.push(item);
          }
        continue;
      }
      for (Class<?> c = type; c != null; c = c.getSuperclass())
        for (Field field : c.getDeclaredFields()) {
          if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive()) continue;
          Object value = read(inst, field, object);
          if (value != null) pending.push(value);
        }
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("bytes", bytes);
    result.put("objects", objects);
    result.put("by_class", byClass);
    return result;
  }

  private static boolean shared(Object object) {
    return object instanceof Class
        || object instanceof ClassLoader
        || object instanceof Thread
        || object instanceof Module;
  }

  // A field's value, opening the JDK package that holds it to the agent when it is closed (a
  // java.util.ArrayList's elementData is part of a Board that keeps its neighbors in one).
  private static Object read(Instrumentation inst, Field field, Object object) {
    if (!field.trySetAccessible()) {
      Module owner = field.getDeclaringClass().getModule();
      String pkg = field.getDeclaringClass().getPackageName();
      try {
        inst.redefineModule(
            owner,
            Set.of(),
            Map.of(),
            Map.of(pkg, Set.of(MeasuringAgent.class.getModule())),
            Set.of(),
            Map.of());
      } catch (RuntimeException cannot) {
        return null;
      }
      if (!field.trySetAccessible()) return null;
    }
    try {
      return field.get(object);
    } catch (IllegalAccessException cannot) {
      return null;
    }
  }

  // The counts of countCalls: per method, its calls and those that computed (read an array or
  // called a method, directly or below it, before returning). A counted method left by an
  // exception is never exited: its later calls then count as nested ones, that is not at all,
  // which errs toward the student.
  private static final Map<String, long[]> counts = new TreeMap<>();
  private static int depth;
  private static boolean worked;
  private static String outermost;

  /**
   * Counts, from now on, the calls of `methods` (names separated by commas; every overload) of
   * the loaded class `className` (its simple or qualified name), and which of them computed
   * rather than returned a cached field; every count starts at 0. Returns true; throws
   * IllegalArgumentException when no such class is loaded.
   */
  public static synchronized boolean countCalls(String className, String methods)
      throws Exception {
    Instrumentation inst = instrumentation();
    // A JVM serving tests holds each test's classes in its own loader: the running test's is
    // the calling thread's context loader.
    ClassLoader current = Thread.currentThread().getContextClassLoader();
    Class<?> target = null;
    for (Class<?> loaded : inst.getAllLoadedClasses())
      if (loaded.getClassLoader() != null
          && !loaded.isArray()
          && (loaded.getName().equals(className) || loaded.getSimpleName().equals(className))
          && (target == null || loaded.getClassLoader() == current)) {
        target = loaded;
        if (loaded.getClassLoader() == current) break;
      }
    if (target == null)
      throw new IllegalArgumentException("no class " + className + " is loaded to count calls in");
    Set<String> names = new TreeSet<>(Arrays.asList(methods.split(",")));
    counts.clear();
    for (String name : names) counts.put(name.trim(), new long[2]);
    depth = 0;
    worked = false;
    CallCounter.instrument(inst, target, names);  // from the class's original bytes each time
    return true;
  }

  /**
   * The counts since countCalls: {"manhattan": {"calls": 340, "computed": 12}, ...}; they start
   * again at 0.
   */
  public static synchronized Map<String, Map<String, Long>> callCounts() {
    instrumentation();  // without the agent nothing was counted: say so rather than give zeros
    Map<String, Map<String, Long>> result = new TreeMap<>();
    for (Map.Entry<String, long[]> entry : counts.entrySet()) {
      Map<String, Long> one = new LinkedHashMap<>();
      one.put("calls", entry.getValue()[0]);
      one.put("computed", entry.getValue()[1]);
      result.put(entry.getKey(), one);
      entry.getValue()[0] = 0;
      entry.getValue()[1] = 0;
    }
    return result;
  }

  /** Called on entry to a counted method (the rewritten class calls it). */
  public static synchronized void enter(String method) {
    if (depth++ > 0) return;
    outermost = method;
    worked = false;
    long[] count = counts.get(method);
    if (count != null) ++count[0];
  }

  /** Called before a counted method returns. */
  public static synchronized void exit() {
    if (depth == 0 || --depth > 0) return;
    long[] count = counts.get(outermost);
    if (worked && count != null) ++count[1];
  }

  /** Called before every array read and call of the counted class's code. */
  public static void work() {
    if (depth > 0) worked = true;
  }
}
