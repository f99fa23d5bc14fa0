/*
 * JniBench -- unilane's modified UTF-8 against the JVM's own JNI string
 * functions (bench/jni/bench_jni.c says what each column runs), per kernel,
 * text and size, on fresh inputs: each measurement rotates over many
 * distinct slices of the text (at least 8 MiB of UTF-16 or 4096 strings).
 *
 *   UNILANE_KERNEL=avx2 java -Djava.library.path=DIR JniBench CORPUS_DIR [reps] [header]
 */
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

public final class JniBench {
    static {
        System.loadLibrary("unilane_jnibench");
    }

    static native boolean prepare(String[] strs);
    static native long run(int which, int calls);
    static native String kernel();

    static final int[] SIZES = { 16, 256, 4096, 65536 };

    /* Distinct slices of n units of text (a surrogate pair is not split). */
    static String[] slices(String text, int n, Random r) {
        int count = Math.max(64, Math.min(4096, (8 << 20) / (2 * n)));
        String[] out = new String[count];
        StringBuilder big = new StringBuilder(text);
        while (big.length() < 2 * n + 2)
            big.append(text);
        String t = big.toString();
        for (int i = 0; i < count; i++) {
            int at = r.nextInt(t.length() - n - 1);
            if (Character.isLowSurrogate(t.charAt(at)))
                at++;
            int end = at + n;
            if (Character.isHighSurrogate(t.charAt(end - 1)))
                end--;
            out[i] = new String(t.substring(at, end).toCharArray()); /* its own copy */
        }
        return out;
    }

    /* Nanoseconds per call: the best of `reps` runs of about 50 ms each. */
    static double time(int which, int n, int reps) {
        int calls = Math.max(20, (int) (2_000_000L / n));
        run(which, calls); /* warm-up */
        double best = Double.MAX_VALUE;
        for (int k = 0; k < reps; k++)
            best = Math.min(best, (double) run(which, calls) / calls);
        return best;
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("--kernel")) {
            System.out.println(kernel());
            return;
        }
        Path dir = Path.of(args[0]);
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        boolean header = args.length > 2 && args[2].equals("header");
        String[] texts = { "english", "russian", "chinese" };
        if (header) {
            System.out.println("ns per call, best of " + reps + "; ratio = JVM / unilane (above 1: unilane faster)");
            System.out.printf("%-7s %-8s %6s | %10s %10s %6s | %10s %10s %6s%n", "kernel", "text", "units",
                          "u:mutf8", "GetUTFChrs", "ratio", "u:dec+NewS", "NewStrUTF", "ratio");
        }
        String k = kernel();
        {
            for (String name : texts) {
                String text = new String(Files.readAllBytes(dir.resolve(name + ".utf8.txt")), StandardCharsets.UTF_8);
                Random r = new Random(42);
                for (int n : SIZES) {
                    if (!prepare(slices(text, n, r)))
                        throw new IllegalStateException("prepare failed (mutf8 differs from GetStringUTFChars?)");
                    double ue = time(0, n, reps), je = time(1, n, reps);
                    double ud = time(2, n, reps), jd = time(3, n, reps);
                    System.out.printf("%-7s %-8s %6d | %10.1f %10.1f %6.2f | %10.1f %10.1f %6.2f%n", k, name, n,
                                      ue, je, je / ue, ud, jd, jd / ud);
                }
            }
        }
    }
}
