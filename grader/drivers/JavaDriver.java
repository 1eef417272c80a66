// The Java driver of the driver protocol (docs/driver-protocol.md): runs a test's steps against
// a compiled Java submission by reflection, inside the sandboxed JVM, and reports each step as a
// JSON line. Staged as .searchgrader/JavaDriver.java and compiled with the submission (one javac,
// Gson on the class path); run as `java -cp .:.searchgrader/gson.jar searchgrader.JavaDriver`
// for one test (its request on stdin), or with `--serve` to serve a submission's tests one after
// another in one JVM, each in a class loader of its own (TestClassLoader.java).
package searchgrader;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.security.Permission;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

public final class JavaDriver {
  private static final int MAX_ITEMS = 10000;
  private static final int MAX_DEPTH = 100;
  private static final int MAX_REPR = 1 << 20;

  private final Gson gson = new GsonBuilder().serializeNulls().disableHtmlEscaping().create();
  private final PrintStream protocol;
  private final Map<String, Object> bound = new HashMap<>();
  private final List<String> notes = new ArrayList<>();
  private long captureLimit = 1 << 20;
  private Class<?> moduleClass;
  /** Where the submission's classes are found: the JVM's loader, or a served test's own. */
  private final ClassLoader loader;
  /** A step ran out of heap or stack (or met another VirtualMachineError). */
  private volatile boolean exhausted;
  private static volatile boolean finished;

  /** A value a `let` step bound: converted to the type of the first parameter it is passed to. */
  private static final class Pending {
    final JsonElement json;

    Pending(JsonElement json) {
      this.json = json;
    }
  }

  /** A step's failure that is the test's, not the student's code's (a missing name). */
  private static final class StepError extends Exception {
    private static final long serialVersionUID = 1L;
    final String type;

    StepError(String type, String message) {
      super(message);
      this.type = type;
    }
  }

  /** What a call of System.exit throws instead of ending the JVM. */
  private static final class ExitCalled extends SecurityException {
    private static final long serialVersionUID = 1L;
    ExitCalled(int status) {
      super("System.exit(" + status + ") was called");
    }
  }

  /** Captures what student code prints in one phase, keeping at most the capture limit. */
  private static final class Capture extends OutputStream {
    final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    final long limit;
    long total;

    Capture(long limit) {
      this.limit = limit;
    }

    @Override
    public synchronized void write(int b) {
      if (total++ < limit) kept.write(b);
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
      long room = Math.max(0, limit - total);
      kept.write(bytes, offset, (int) Math.min(room, length));
      total += length;
    }

    String text() {
      return new String(kept.toByteArray(), StandardCharsets.UTF_8);
    }
  }

  private JavaDriver(PrintStream protocol, ClassLoader loader) {
    this.protocol = protocol;
    this.loader = loader;
  }

  public static void main(String[] args) throws IOException {
    if (args.length > 0 && args[0].equals("--serve")) {
      serve();
      return;
    }
    PrintStream protocol =
        new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    byte[] input = System.in.readAllBytes();
    System.setIn(new ByteArrayInputStream(new byte[0]));
    forbidExit();
    new JavaDriver(protocol, JavaDriver.class.getClassLoader())
        .run(new String(input, StandardCharsets.UTF_8));
    end();
  }

  // Ends the JVM at once: a student's non-daemon thread never keeps a test or a session alive.
  private static void end() {
    finished = true;
    Runtime.getRuntime().halt(0);
  }

  // ---- serving tests (docs/driver-protocol.md, "In-process server") ------------------------

  // The JVM serves one test after another, each in a class loader and a thread group of its own:
  // its stdin is the supervisor's control socket (one message per read and write), the start
  // request's records go to stdout, and each test's request and streams are files the test's
  // message names. A test that exhausts the heap or the stack, or leaves threads running, is the
  // session's last: the JVM says so and ends after reporting it.
  private static void serve() throws IOException {
    FileInputStream control = new FileInputStream(FileDescriptor.in);
    FileOutputStream reply = new FileOutputStream(FileDescriptor.in);
    byte[] message = new byte[1 << 16];
    int length = control.read(message);
    if (length <= 0) end();
    System.setIn(new ByteArrayInputStream(new byte[0]));
    forbidExit();
    PrintStream startOut =
        new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    // The start loads the module once, as a test does (what its static initializer prints is
    // reported once, with the start); the classes each test uses are its own.
    new JavaDriver(startOut, new TestClassLoader())
        .run(new String(message, 0, length, StandardCharsets.UTF_8));
    reply.write("{\"ready\": true}".getBytes(StandardCharsets.UTF_8));
    PrintStream jvmOut = System.out;
    PrintStream jvmErr = System.err;
    for (int test = 1; ; ++test) {
      length = control.read(message);
      if (length <= 0) end();  // the supervisor closed the session
      JsonObject header =
          JsonParser.parseString(new String(message, 0, length, StandardCharsets.UTF_8))
              .getAsJsonObject();
      String request =
          new String(
              Files.readAllBytes(Paths.get(header.get("stdin").getAsString())),
              StandardCharsets.UTF_8);
      boolean last;
      try (FileOutputStream out = new FileOutputStream(header.get("stdout").getAsString());
          FileOutputStream err = new FileOutputStream(header.get("stderr").getAsString())) {
        PrintStream protocol = new PrintStream(out, false, StandardCharsets.UTF_8);
        System.setOut(protocol);
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        last = runTest(test, protocol, request);
        System.out.flush();
        System.err.flush();
      } finally {
        System.setOut(jvmOut);
        System.setErr(jvmErr);
      }
      reply.write(
          ("{\"ended\": true, \"status\": 0, \"last\": " + last + "}")
              .getBytes(StandardCharsets.UTF_8));
      if (last) end();
    }
  }

  // Runs one served test in a thread of a group of its own; true when the JVM should serve no
  // more (a VirtualMachineError, or a thread the test started is still alive).
  private static boolean runTest(int number, PrintStream protocol, String request) {
    ThreadGroup group = new ThreadGroup("test " + number);
    TestClassLoader loader = new TestClassLoader();
    JavaDriver driver = new JavaDriver(protocol, loader);
    Thread thread = new Thread(group, () -> driver.run(request), "main");
    thread.setContextClassLoader(loader);
    thread.start();
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) Thread.currentThread().interrupt();
    protocol.flush();
    return driver.exhausted || group.activeCount() > 0;
  }

  private void emit(JsonObject record) {
    protocol.print(gson.toJson(record));
    protocol.print('\n');
    protocol.flush();
  }

  private void run(String text) {
    JsonObject request = JsonParser.parseString(text).getAsJsonObject();
    if (request.has("capture_limit_bytes"))
      captureLimit = request.get("capture_limit_bytes").getAsLong();
    JsonObject hello = new JsonObject();
    hello.addProperty("sg", "hello");
    hello.addProperty("protocol", 1);
    hello.addProperty("java", System.getProperty("java.version"));
    emit(hello);

    String module = request.has("module") ? request.get("module").getAsString() : "";
    JsonObject imported = new JsonObject();
    imported.addProperty("sg", "import");
    boolean ok =
        runPhase(
            imported,
            () -> {
              if (!module.isEmpty()) moduleClass = loadClass(module, true);
              return JsonNull.INSTANCE;
            });
    if (!notes.isEmpty()) {
      JsonArray list = new JsonArray();
      for (String note : notes) list.add(note);
      imported.add("notes", list);
    }
    emit(imported);
    if (ok && request.has("steps")) {
      JsonArray steps = request.getAsJsonArray("steps");
      for (int i = 0; i < steps.size(); ++i) runStep(i, steps.get(i).getAsJsonObject());
    }
    JsonObject done = new JsonObject();
    done.addProperty("sg", "done");
    emit(done);
    protocol.flush();
  }

  // System.exit in student code throws instead (reported as the step's error), as Python's
  // SystemExit is; the driver itself ends with Runtime.halt.
  @SuppressWarnings("removal")
  private static void forbidExit() {
    PrintStream err = System.err;
    System.setErr(new PrintStream(OutputStream.nullOutputStream()));  // JDK 17's deprecation line
    try {
      System.setSecurityManager(
          new SecurityManager() {
            @Override
            public void checkPermission(Permission permission) {}

            @Override
            public void checkPermission(Permission permission, Object context) {}

            @Override
            public void checkExit(int status) {
              if (!finished) throw new ExitCalled(status);
            }
          });
    } catch (UnsupportedOperationException ignored) {
      // A JVM that forbids security managers: System.exit ends the test (reported as a stop).
    } finally {
      System.setErr(err);
    }
  }

  private void runStep(int index, JsonObject step) {
    JsonObject begin = new JsonObject();
    begin.addProperty("sg", "begin");
    begin.addProperty("index", index);
    emit(begin);
    JsonObject record = new JsonObject();
    record.addProperty("sg", "step");
    record.addProperty("index", index);
    runPhase(record, () -> perform(step));
    emit(record);
  }

  /** A phase's work: what it returns is the step's value. */
  private interface Work {
    JsonElement run() throws Throwable;
  }

  // Runs `work` with what it prints captured, and records its outcome in `record`: ok, value or
  // error, stdout, stderr and seconds (the import and each step alike). True when it succeeded.
  private boolean runPhase(JsonObject record, Work work) {
    Capture out = new Capture(captureLimit);
    Capture err = new Capture(captureLimit);
    PrintStream savedOut = System.out;
    PrintStream savedErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    long started = System.nanoTime();
    JsonElement value = JsonNull.INSTANCE;
    JsonObject error = null;
    try {
      value = work.run();
    } catch (StepError e) {
      error = errorRecord(e.type, e.getMessage(), "");
    } catch (Throwable t) {
      Throwable thrown = unwrap(t);
      if (thrown instanceof VirtualMachineError) exhausted = true;
      error = throwableRecord(thrown);
    } finally {
      System.out.flush();
      System.err.flush();
      System.setOut(savedOut);
      System.setErr(savedErr);
    }
    record.addProperty("ok", error == null);
    if (error == null) {
      record.add("value", value);
    } else {
      record.add("error", error);
    }
    record.addProperty("stdout", out.text());
    record.addProperty("stderr", err.text());
    record.addProperty("stdout_bytes", out.total);
    record.addProperty("stdout_truncated", out.total > out.limit);
    record.addProperty("seconds", (System.nanoTime() - started) / 1e9);
    return error == null;
  }

  private static Throwable unwrap(Throwable t) {
    while (t instanceof InvocationTargetException && t.getCause() != null) t = t.getCause();
    return t;
  }

  private static JsonObject errorRecord(String type, String message, String traceback) {
    JsonObject error = new JsonObject();
    error.addProperty("type", type);
    error.addProperty("message", message == null ? "" : message);
    error.addProperty("traceback", traceback);
    return error;
  }

  private static boolean graderFrame(StackTraceElement frame) {
    String name = frame.getClassName();
    return name.startsWith("searchgrader.")
        || name.startsWith("java.")
        || name.startsWith("javax.")
        || name.startsWith("jdk.")
        || name.startsWith("sun.")
        || name.startsWith("com.google.gson.");
  }

  // The exception as Java prints it, with the student's frames only (and its causes').
  private static JsonObject throwableRecord(Throwable t) {
    String type = t instanceof ExitCalled ? "SystemExit" : t.getClass().getSimpleName();
    StringBuilder trace = new StringBuilder();
    Throwable cause = t;
    for (int depth = 0; cause != null && depth < 5; ++depth, cause = cause.getCause()) {
      if (depth > 0) trace.append("Caused by: ");
      trace.append(cause instanceof ExitCalled ? "System.exit" : cause.toString()).append('\n');
      StackTraceElement[] frames = cause.getStackTrace();
      int shown = 0;
      for (StackTraceElement frame : frames) {
        if (graderFrame(frame)) continue;
        if (++shown > 40) {
          trace.append("\t...\n");
          break;
        }
        trace.append("\tat ").append(frame).append('\n');
      }
      if (cause instanceof StackOverflowError) break;
    }
    return errorRecord(type, t.getMessage(), trace.toString());
  }

  // ---- classes --------------------------------------------------------------------------

  private final Map<String, Class<?>> classes = new HashMap<>();

  // A class by its simple (or qualified) name: the default package first, then any package of
  // the compiled tree (an IDE's `package eightpuzzle;`), which is said in a note.
  private Class<?> loadClass(String name, boolean initialize) throws StepError {
    Class<?> known = classes.get(name);
    if (known != null) return known;
    Class<?> found = null;
    try {
      found = Class.forName(name, initialize, loader);
    } catch (ClassNotFoundException | NoClassDefFoundError e) {
      String qualified = findInPackage(new File("."), "", name, 0);
      if (qualified != null) {
        try {
          found = Class.forName(qualified, initialize, loader);
          notes.add(
              "your class "
                  + name
                  + " is declared in package "
                  + qualified.substring(0, qualified.lastIndexOf('.'))
                  + ": it was found there ("
                  + qualified
                  + ")");
        } catch (ClassNotFoundException | NoClassDefFoundError ignored) {
          found = null;
        }
      }
    }
    if (found == null)
      throw new StepError(
          "ClassNotFoundException", "your submission has no class " + name + " (public class " + name + " in " + name + ".java)");
    classes.put(name, found);
    return found;
  }

  private static String findInPackage(File dir, String pkg, String name, int depth) {
    File[] files = dir.listFiles();
    if (files == null || depth > 4) return null;
    for (File file : files) {
      if (file.isFile() && file.getName().equals(name + ".class") && !pkg.isEmpty())
        return pkg + "." + name;
    }
    for (File file : files) {
      String child = file.getName();
      if (!file.isDirectory() || child.startsWith(".") || child.equals("searchgrader")) continue;
      String found = findInPackage(file, pkg.isEmpty() ? child : pkg + "." + child, name, depth + 1);
      if (found != null) return found;
    }
    return null;
  }

  // ---- steps ----------------------------------------------------------------------------

  private static String string(JsonObject step, String key) throws StepError {
    if (!step.has(key) || !step.get(key).isJsonPrimitive())
      throw new StepError("ProtocolError", "the step has no '" + key + "'");
    return step.get(key).getAsString();
  }

  private static JsonArray array(JsonObject step, String key) {
    return step.has(key) && step.get(key).isJsonArray() ? step.getAsJsonArray(key) : new JsonArray();
  }

  private Object target(JsonObject step) throws StepError {
    String name = string(step, "target");
    if (!bound.containsKey(name)) throw new StepError("NameError", "nothing is bound to " + name);
    Object value = bound.get(name);
    if (value instanceof Pending) {
      value = natural(((Pending) value).json);
      bound.put(name, value);
    }
    return value;
  }

  private void bind(JsonObject step, Object value) {
    if (step.has("bind") && !step.get("bind").isJsonNull())
      bound.put(step.get("bind").getAsString(), value);
  }

  private JsonElement perform(JsonObject step) throws Throwable {
    String op = string(step, "op");
    switch (op) {
      case "new": {
        Class<?> type = loadClass(string(step, "class"), true);
        Object made = construct(type, array(step, "args"));
        bind(step, made);
        return JsonNull.INSTANCE;
      }
      case "call": {
        String function = string(step, "function");
        Class<?> owner = moduleClass;
        int dot = function.lastIndexOf('.');
        if (dot > 0) {
          owner = loadClass(function.substring(0, dot), true);
          function = function.substring(dot + 1);
        }
        if (owner == null) throw new StepError("NameError", "no class to call " + function + " on");
        Object result = invoke(owner, null, function, array(step, "args"));
        bind(step, result);
        return encode(result);
      }
      case "method": {
        Object target = target(step);
        if (target == null)
          throw new StepError("NullPointerException", string(step, "target") + " is null");
        Object result = invoke(target.getClass(), target, string(step, "method"), array(step, "args"));
        bind(step, result);
        return encode(result);
      }
      case "map": {
        JsonArray results = new JsonArray();
        JsonArray calls = array(step, "args_list");
        Object target = step.has("target") ? target(step) : null;
        String function = string(step, "function");
        for (int i = 0; i < calls.size(); ++i) {
          Object result =
              target == null
                  ? invoke(moduleClass, null, function, calls.get(i).getAsJsonArray())
                  : invoke(target.getClass(), target, function, calls.get(i).getAsJsonArray());
          results.add(encode(result));
        }
        return results;
      }
      case "getattr": {
        Object target = target(step);
        Field field = findField(target.getClass(), string(step, "attr"));
        return encode(field.get(target));
      }
      case "setattr": {
        Object target = target(step);
        Field field = findField(target.getClass(), string(step, "attr"));
        field.set(target, convert(step.get("value"), field.getType()));
        return JsonNull.INSTANCE;
      }
      case "setitem": {
        Object target = target(step);
        JsonArray index = array(step, "index");
        Object array = target;
        for (int i = 0; i + 1 < index.size(); ++i) array = Array.get(array, index.get(i).getAsInt());
        int last = index.get(index.size() - 1).getAsInt();
        Array.set(array, last, convert(step.get("value"), array.getClass().getComponentType()));
        return JsonNull.INSTANCE;
      }
      case "str": {
        return new JsonPrimitive(String.valueOf(target(step)));
      }
      case "let": {
        bound.put(string(step, "bind"), new Pending(step.get("value")));
        return JsonNull.INSTANCE;
      }
      case "get":
        return encode(target(step));
      case "has": {
        String name = string(step, "name");
        JsonObject has = new JsonObject();
        String kind = null;
        try {
          loadClass(name, false);
          kind = "class";
        } catch (StepError missing) {
          if (moduleClass != null)
            for (Method method : moduleClass.getDeclaredMethods())
              if (method.getName().equals(name)) kind = "method";
        }
        has.addProperty("defined", kind != null);
        has.addProperty("callable", kind != null);
        if (kind != null) has.addProperty("kind", kind);
        return has;
      }
      default:
        throw new StepError("ProtocolError", "the Java driver has no step '" + op + "'");
    }
  }

  private static Field findField(Class<?> type, String name) throws StepError {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      try {
        Field field = c.getDeclaredField(name);
        field.setAccessible(true);
        return field;
      } catch (NoSuchFieldException ignored) {
        // its superclass may declare it
      }
    }
    throw new StepError("NoSuchFieldError", type.getSimpleName() + " has no field " + name);
  }

  // ---- calls ----------------------------------------------------------------------------

  private static String signature(Executable candidate) {
    StringBuilder text = new StringBuilder(candidate.getName()).append('(');
    Class<?>[] types = candidate.getParameterTypes();
    for (int i = 0; i < types.length; ++i) {
      if (i > 0) text.append(", ");
      text.append(types[i].getSimpleName());
    }
    return text.append(')').toString();
  }

  // The arguments converted to `candidate`'s parameters, or null when they do not fit.
  private Object[] fit(Executable candidate, JsonArray args) {
    Class<?>[] types = candidate.getParameterTypes();
    if (types.length != args.size()) return null;
    Object[] values = new Object[types.length];
    for (int i = 0; i < types.length; ++i) {
      try {
        values[i] = convert(args.get(i), types[i]);
      } catch (IllegalArgumentException misfit) {
        return null;
      }
    }
    return values;
  }

  // Java's primitive widening: `from` converts to `to` without a cast.
  private static final List<Class<?>> WIDENING =
      List.of(byte.class, short.class, int.class, long.class, float.class, double.class);

  private static boolean converts(Class<?> from, Class<?> to) {
    if (to.isAssignableFrom(from)) return true;
    if (from == char.class) return WIDENING.indexOf(to) >= WIDENING.indexOf(int.class);
    int f = WIDENING.indexOf(from), t = WIDENING.indexOf(to);
    return f >= 0 && t >= 0 && f <= t;
  }

  // Of the candidates the arguments fit, the most specific, as javac chooses an overload
  // (twice(int) over twice(long) for 21): getDeclaredMethods() has no order to rely on.
  private <E extends Executable> E mostSpecific(List<E> fitting) {
    E best = null;
    for (E candidate : fitting) {
      if (best == null) {
        best = candidate;
        continue;
      }
      Class<?>[] a = candidate.getParameterTypes(), b = best.getParameterTypes();
      boolean narrower = true;
      for (int i = 0; i < a.length; ++i) narrower &= converts(a[i], b[i]);
      if (narrower && !Arrays.equals(a, b)) best = candidate;
    }
    return best;
  }

  private Object construct(Class<?> type, JsonArray args) throws Throwable {
    List<String> tried = new ArrayList<>();
    List<Constructor<?>> fitting = new ArrayList<>();
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      tried.add(type.getSimpleName() + signature(constructor).substring(constructor.getName().length()));
      if (fit(constructor, args) != null) fitting.add(constructor);
    }
    Constructor<?> chosen = mostSpecific(fitting);
    if (chosen != null) {
      chosen.setAccessible(true);
      return chosen.newInstance(fit(chosen, args));
    }
    throw new StepError(
        "NoSuchMethodError",
        type.getSimpleName() + " has no constructor for these " + args.size() + " arguments (it has: "
            + String.join(", ", tried) + ")");
  }

  private Object invoke(Class<?> type, Object target, String name, JsonArray args) throws Throwable {
    List<String> tried = new ArrayList<>();
    // The class's own methods first, then its superclasses' (an override hides what it overrides).
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      List<Method> fitting = new ArrayList<>();
      for (Method method : c.getDeclaredMethods()) {
        if (!method.getName().equals(name)) continue;
        if (target == null && !Modifier.isStatic(method.getModifiers())) continue;
        tried.add(signature(method));
        if (fit(method, args) != null) fitting.add(method);
      }
      Method chosen = mostSpecific(fitting);
      if (chosen != null) {
        chosen.setAccessible(true);
        return chosen.invoke(target, fit(chosen, args));
      }
    }
    if (tried.isEmpty())
      throw new StepError(
          "NoSuchMethodError",
          type.getSimpleName() + " has no " + (target == null ? "static " : "") + "method " + name);
    throw new StepError(
        "NoSuchMethodError",
        type.getSimpleName() + "." + name + " does not take these " + args.size()
            + " arguments (it has: " + String.join(", ", tried) + ")");
  }

  // ---- values ---------------------------------------------------------------------------

  // A JSON value as Java sees it without a declared type: a list of integers an int[], a list of
  // such lists an int[][], other lists ArrayLists.
  private Object natural(JsonElement json) {
    if (json == null || json.isJsonNull()) return null;
    if (json.isJsonPrimitive()) {
      JsonPrimitive p = json.getAsJsonPrimitive();
      if (p.isBoolean()) return p.getAsBoolean();
      if (p.isString()) return p.getAsString();
      BigInteger whole;
      try {
        whole = p.getAsBigDecimal().toBigIntegerExact();
      } catch (ArithmeticException fraction) {
        return p.getAsDouble();
      }
      return whole.bitLength() < 32 ? (Object) whole.intValue() : (Object) whole.longValue();
    }
    if (json.isJsonArray()) {
      JsonArray items = json.getAsJsonArray();
      if (allIntegers(items)) return convert(json, int[].class);
      boolean rows = items.size() > 0;
      for (JsonElement item : items) rows &= item.isJsonArray() && allIntegers(item.getAsJsonArray());
      if (rows) return convert(json, int[][].class);
      List<Object> list = new ArrayList<>();
      for (JsonElement item : items) list.add(natural(item));
      return list;
    }
    JsonObject object = json.getAsJsonObject();
    if (object.has("$ref")) return resolve(object);
    if (object.has("$tuple")) return natural(object.get("$tuple"));
    Map<String, Object> map = new HashMap<>();
    for (Map.Entry<String, JsonElement> entry : object.entrySet())
      map.put(entry.getKey(), natural(entry.getValue()));
    return map;
  }

  private static boolean allIntegers(JsonArray items) {
    for (JsonElement item : items) {
      if (!item.isJsonPrimitive() || !item.getAsJsonPrimitive().isNumber()) return false;
      try {
        item.getAsBigDecimal().intValueExact();
      } catch (ArithmeticException notInt) {
        return false;
      }
    }
    return true;
  }

  private Object resolve(JsonObject reference) {
    String name = reference.get("$ref").getAsString();
    if (!bound.containsKey(name)) throw new IllegalArgumentException("nothing bound to " + name);
    return bound.get(name);
  }

  // `json` as a value of `type`; IllegalArgumentException when it cannot be one.
  private Object convert(JsonElement json, Class<?> type) {
    if (json != null && json.isJsonObject() && json.getAsJsonObject().has("$ref")) {
      String name = json.getAsJsonObject().get("$ref").getAsString();
      Object value = resolve(json.getAsJsonObject());
      if (value instanceof Pending) {
        value = convert(((Pending) value).json, type);  // the caller's array, shared from now on
        bound.put(name, value);
      }
      if (value == null) {
        if (type.isPrimitive()) throw new IllegalArgumentException("null");
        return null;
      }
      if (boxed(type).isInstance(value)) return value;
      throw new IllegalArgumentException("type");
    }
    if (json == null || json.isJsonNull()) {
      if (type.isPrimitive()) throw new IllegalArgumentException("null for a primitive");
      return null;
    }
    if (json.isJsonObject() && json.getAsJsonObject().has("$tuple"))
      return convert(json.getAsJsonObject().get("$tuple"), type);
    if (json.isJsonPrimitive()) {
      JsonPrimitive p = json.getAsJsonPrimitive();
      Class<?> t = boxed(type);
      if (p.isBoolean()) {
        if (t == Boolean.class || type == Object.class) return p.getAsBoolean();
      } else if (p.isString()) {
        if (type == String.class || type == Object.class || type == CharSequence.class)
          return p.getAsString();
        if (t == Character.class && p.getAsString().length() == 1) return p.getAsString().charAt(0);
      } else {
        try {
          if (t == Integer.class) return p.getAsBigDecimal().intValueExact();
          if (t == Long.class) return p.getAsBigDecimal().longValueExact();
          if (t == Short.class) return p.getAsBigDecimal().shortValueExact();
          if (t == Byte.class) return p.getAsBigDecimal().byteValueExact();
        } catch (ArithmeticException notWhole) {
          throw new IllegalArgumentException("not an integer");
        }
        if (t == Double.class) return p.getAsDouble();
        if (t == Float.class) return p.getAsFloat();
        if (type == Object.class || type == Number.class) return natural(json);
      }
      throw new IllegalArgumentException("type");
    }
    if (json.isJsonArray()) {
      JsonArray items = json.getAsJsonArray();
      if (type.isArray()) {
        Object array = Array.newInstance(type.getComponentType(), items.size());
        for (int i = 0; i < items.size(); ++i)
          Array.set(array, i, convert(items.get(i), type.getComponentType()));
        return array;
      }
      if (type == Object.class) return natural(json);
      if (type.isAssignableFrom(ArrayList.class)) {
        List<Object> list = new ArrayList<>();
        for (JsonElement item : items) list.add(natural(item));
        return list;
      }
      throw new IllegalArgumentException("type");
    }
    if (type.isAssignableFrom(HashMap.class)) return natural(json);
    throw new IllegalArgumentException("type");
  }

  private static Class<?> boxed(Class<?> type) {
    if (!type.isPrimitive()) return type;
    if (type == int.class) return Integer.class;
    if (type == long.class) return Long.class;
    if (type == double.class) return Double.class;
    if (type == boolean.class) return Boolean.class;
    if (type == char.class) return Character.class;
    if (type == float.class) return Float.class;
    if (type == short.class) return Short.class;
    if (type == byte.class) return Byte.class;
    return Void.class;
  }

  private JsonElement encode(Object value) {
    return encode(value, 0, new IdentityHashMap<>());
  }

  private static JsonObject repr(Object value) {
    JsonObject object = new JsonObject();
    String text;
    try {
      text = String.valueOf(value);
    } catch (Throwable t) {
      text = "<toString() threw " + t.getClass().getSimpleName() + ">";
    }
    if (text.length() > MAX_REPR) text = text.substring(0, MAX_REPR);
    object.addProperty("$repr", text);
    object.addProperty("$type", value.getClass().getName());
    return object;
  }

  // A Java value in the protocol's encoding: numbers, strings and booleans as they are, arrays
  // and Iterables as lists, Maps as {"$dict"}, any other object as its toString() ($repr).
  private JsonElement encode(Object value, int depth, IdentityHashMap<Object, Boolean> open) {
    if (value == null) return JsonNull.INSTANCE;
    if (value instanceof Boolean) return new JsonPrimitive((Boolean) value);
    if (value instanceof Character) return new JsonPrimitive(value.toString());
    if (value instanceof String) return new JsonPrimitive((String) value);
    if (value instanceof Number) {
      Number number = (Number) value;
      if ((value instanceof Double || value instanceof Float)
          && (Double.isNaN(number.doubleValue()) || Double.isInfinite(number.doubleValue())))
        return repr(value);
      return new JsonPrimitive(number);
    }
    boolean container =
        value.getClass().isArray() || value instanceof Iterable || value instanceof Map;
    if (!container) return repr(value);
    if (depth > MAX_DEPTH || open.containsKey(value)) return repr(value);
    open.put(value, true);
    try {
      if (value.getClass().isArray()) {
        JsonArray list = new JsonArray();
        int length = Array.getLength(value);
        for (int i = 0; i < length && i < MAX_ITEMS * 100; ++i)
          list.add(encode(Array.get(value, i), depth + 1, open));
        return list;
      }
      if (value instanceof Map) {
        JsonArray pairs = new JsonArray();
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
          JsonArray pair = new JsonArray();
          pair.add(encode(entry.getKey(), depth + 1, open));
          pair.add(encode(entry.getValue(), depth + 1, open));
          pairs.add(pair);
        }
        JsonObject dict = new JsonObject();
        dict.add("$dict", pairs);
        return dict;
      }
      JsonArray list = new JsonArray();
      int count = 0;
      for (Object item : (Iterable<?>) value) {
        if (++count > MAX_ITEMS) break;
        list.add(encode(item, depth + 1, open));
      }
      if (value instanceof Collection) return list;
      JsonObject iterated = new JsonObject();
      iterated.add("$iterator", list);
      iterated.addProperty("type", value.getClass().getName());
      return iterated;
    } finally {
      open.remove(value);
    }
  }
}
