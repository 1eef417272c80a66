// Rewrites a loaded class for MeasuringAgent.countCalls (ASM, Debian's libasm-java, staged as
// .searchgrader/asm.jar): each counted method calls MeasuringAgent.enter(name) on entry and
// exit() before it returns, and every method of the class calls work() before each array read
// and each call it makes, so a counted call that only returns a cached field is told from one
// that computes. Loaded only when a test counts calls: other tests never load ASM.
package searchgrader;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

final class CallCounter {
  private static final String AGENT = "searchgrader/MeasuringAgent";

  private CallCounter() {}

  /**
   * Retransforms `target` (from its original bytes) so that `methods` are counted; throws what
   * retransformation throws.
   */
  static void instrument(Instrumentation inst, Class<?> target, Set<String> methods)
      throws Exception {
    ClassFileTransformer transformer =
        new ClassFileTransformer() {
          @Override
          public byte[] transform(
              ClassLoader loader,
              String name,
              Class<?> redefined,
              ProtectionDomain domain,
              byte[] bytes) {
            return redefined == target ? rewrite(bytes, methods) : null;
          }
        };
    inst.addTransformer(transformer, true);
    try {
      inst.retransformClasses(target);
    } finally {
      inst.removeTransformer(transformer);
    }
  }

  private static byte[] rewrite(byte[] bytes, Set<String> methods) {
    ClassReader reader = new ClassReader(bytes);
    // Every added call leaves the operand stack as it found it, so the class's stack map frames
    // stay valid; only the maximum stack depth may grow.
    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public MethodVisitor visitMethod(
              int access, String name, String descriptor, String signature, String[] thrown) {
            return new Counting(
                super.visitMethod(access, name, descriptor, signature, thrown),
                methods.contains(name) ? name : null);
          }
        },
        0);
    return writer.toByteArray();
  }

  // One method's rewriting; `counted` is its name when its calls are counted, else null.
  private static final class Counting extends MethodVisitor {
    private final String counted;

    Counting(MethodVisitor next, String counted) {
      super(Opcodes.ASM9, next);
      this.counted = counted;
    }

    private void hook(String method) {
      super.visitMethodInsn(Opcodes.INVOKESTATIC, AGENT, method, "()V", false);
    }

    @Override
    public void visitCode() {
      super.visitCode();
      if (counted == null) return;
      super.visitLdcInsn(counted);
      super.visitMethodInsn(Opcodes.INVOKESTATIC, AGENT, "enter", "(Ljava/lang/String;)V", false);
    }

    @Override
    public void visitInsn(int opcode) {
      if (opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD) hook("work");
      if (counted != null && opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) hook("exit");
      super.visitInsn(opcode);
    }

    @Override
    public void visitMethodInsn(
        int opcode, String owner, String name, String descriptor, boolean isInterface) {
      hook("work");
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    @Override
    public void visitInvokeDynamicInsn(
        String name, String descriptor, org.objectweb.asm.Handle bootstrap, Object... arguments) {
      hook("work");
      super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
    }
  }
}
