/*
 * UnilaneTestHooks -- the Java side of tests/jvm/jni_hooks.c: select a
 * kernel, count checks that passed on calls that entered its code, and run a
 * test body once per kernel the library can use on this machine.
 */
import java.util.ArrayList;
import java.util.List;

final class UnilaneTestHooks {
    private UnilaneTestHooks() {}

    static native boolean select(String kernel);
    static native String kernel();
    static native void pass();
    static native long reached();
    static native long unreached();
    static native boolean entered(String op);

    static final String[] ALL = { "scalar", "avx2", "avx512", "neon" };

    /** A failed check: message with the kernel in use. */
    static AssertionError fail(String msg) {
        return new AssertionError("[kernel " + kernel() + "] " + msg);
    }

    interface Body {
        void run() throws Exception;
    }

    /**
     * Runs body once for each kernel the library can select (the ones in
     * `required`, comma-separated, must be among them), prints per kernel
     * how many checks passed on calls that entered its code and fails when
     * one of `ops` (registry names) was not entered. Returns the exit status.
     */
    static int forEachKernel(String test, String required, String[] ops, Body body) {
        List<String> ran = new ArrayList<>();
        for (String k : ALL) {
            if (!select(k))
                continue;
            if (!k.equals(kernel())) {
                System.out.println("FAIL " + test + ": selected " + k + ", active " + kernel());
                return 1;
            }
            try {
                body.run();
            } catch (Throwable t) {
                System.out.println("FAIL " + test + ": " + t);
                t.printStackTrace(System.out);
                return 1;
            }
            StringBuilder missing = new StringBuilder();
            for (String op : ops)
                if (!entered(op))
                    missing.append(' ').append(op);
            System.out.printf("kernel %-7s: %d checks passed on calls that entered its code, %d not reached (%s; entries entered: %s)%n",
                              k, reached(), unreached(), test, String.join(" ", ops));
            if (missing.length() > 0 || reached() == 0) {
                System.out.println("FAIL " + test + ": kernel " + k + " entries not entered:" + missing);
                return 1;
            }
            ran.add(k);
        }
        for (String k : required.split(",")) {
            if (!k.isEmpty() && !ran.contains(k)) {
                System.out.println("FAIL " + test + ": required kernel " + k + " not available");
                return 1;
            }
        }
        return 0;
    }
}
