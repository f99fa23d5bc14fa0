/*
 * UnilaneTestHooks -- the Java side of tests/jvm/jni_hooks.c: select a
 * kernel, count checks that passed on calls that entered its code, and run a
 * test body once per kernel the library can use on this machine.
 */
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

final class UnilaneTestHooks {
    private UnilaneTestHooks() {}

    static native boolean select(String kernel);
    static native String kernel();
    static native void pass();
    static native long reached();
    static native long unreached();
    static native boolean entered(String op);

    static final String[] ALL = { "scalar", "avx2", "avx512", "neon" };

    /** Passed checks of the current kernel's run, by what they compared. */
    static final Map<String, Long> counts = new TreeMap<>();

    /** One check: counted when ok, else the run fails with what and detail
     *  (made only then) and the kernel in use. */
    static void check(boolean ok, String what, Supplier<String> detail) {
        if (!ok)
            throw new AssertionError("[kernel " + kernel() + "] " + what + ": " + detail.get());
        pass();
        counts.merge(what, 1L, Long::sum);
    }

    static String units(String s) {
        StringBuilder sb = new StringBuilder("[" + s.length() + " units:");
        for (int i = 0; i < s.length() && i < 32; i++)
            sb.append(String.format(" %04X", (int) s.charAt(i)));
        return sb.append(s.length() > 32 ? " ...]" : "]").toString();
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder("[" + b.length + " bytes:");
        for (int i = 0; i < b.length && i < 64; i++)
            sb.append(String.format(" %02X", b[i] & 0xFF));
        return sb.append(b.length > 64 ? " ...]" : "]").toString();
    }

    interface Body {
        void run() throws Exception;
    }

    /**
     * Runs body once for each kernel the library can select (the ones in
     * `required`, comma-separated, must be among them), prints per kernel
     * how many checks passed on calls that entered its code and fails when
     * one of `ops` (registry names) was not entered; then what each check
     * compared, with `inputs` saying what was tested. Returns the exit status.
     */
    static int forEachKernel(String test, String required, String[] ops, Body body, Supplier<String> inputs) {
        List<String> ran = new ArrayList<>();
        for (String k : ALL) {
            if (!select(k))
                continue;
            if (!k.equals(kernel())) {
                System.out.println("FAIL " + test + ": selected " + k + ", active " + kernel());
                return 1;
            }
            counts.clear();
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
        System.out.println(test + ": " + inputs.get() + "; checks per kernel:");
        for (Map.Entry<String, Long> e : counts.entrySet())
            System.out.printf("  %8d  %s%n", e.getValue(), e.getKey());
        return 0;
    }
}
