// The class loader of one test in a JVM that serves many (JavaDriver --serve): the submission's
// classes and the course's library are loaded again for each test, child first, so a test
// starts from fresh classes (static fields as their initializers leave them, a MinPQ's counts at
// 0), as in a JVM of its own. The JDK, the grader's own classes (the driver, the measuring agent)
// and its libraries are shared with the JVM's class loader.
package searchgrader;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

final class TestClassLoader extends URLClassLoader {
  private static final String[] SHARED = {
    "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.", "org.xml.",
    "searchgrader.", "com.google.gson.", "org.objectweb.asm."
  };

  static {
    registerAsParallelCapable();
  }

  /** A loader over the JVM's own class path (java.class.path), its parent the JVM's loader. */
  TestClassLoader() {
    // Unnamed: a named loader's name would prefix every frame of a stack trace ("test//Board").
    super(classPath(), TestClassLoader.class.getClassLoader());
  }

  private static URL[] classPath() {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path", ".").split(File.pathSeparator)) {
      if (entry.isEmpty()) continue;
      try {
        urls.add(new File(entry).toURI().toURL());
      } catch (MalformedURLException ignored) {
        // not a path: the JVM's loader skipped it too
      }
    }
    return urls.toArray(new URL[0]);
  }

  private static boolean shared(String name) {
    for (String prefix : SHARED) if (name.startsWith(prefix)) return true;
    return false;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (shared(name)) return super.loadClass(name, resolve);
    synchronized (getClassLoadingLock(name)) {
      Class<?> loaded = findLoadedClass(name);
      if (loaded == null) {
        try {
          loaded = findClass(name);
        } catch (ClassNotFoundException notHere) {
          return super.loadClass(name, resolve);
        }
      }
      if (resolve) resolveClass(loaded);
      return loaded;
    }
  }
}
