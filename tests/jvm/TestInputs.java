/*
 * TestInputs -- the random inputs of the JVM tests (tests/jvm/, examples/jni/):
 * UTF-16 strings mixing the unit classes that matter (ASCII, NUL, 2- and
 * 3-byte units, lone and paired surrogates) and byte strings edited at random.
 */
import java.util.Arrays;
import java.util.Random;

final class TestInputs {
    private TestInputs() {}

    /* A random unit of one of the classes that matter to modified UTF-8. */
    static char unit(Random r, int cls) {
        switch (cls) {
        case 0: return (char) (1 + r.nextInt(0x7F));
        case 1: return 0;
        case 2: return (char) (0x80 + r.nextInt(0x780));
        case 3: {
            char c;
            do
                c = (char) (0x800 + r.nextInt(0xF800));
            while (c >= 0xD800 && c <= 0xDFFF);
            return c;
        }
        case 4: return (char) (0xD800 + r.nextInt(0x400));
        default: return (char) (0xDC00 + r.nextInt(0x400));
        }
    }

    /* A string of n units: each position a pair, or a unit of a class drawn
       with weights w (ASCII, NUL, 2-byte, 3-byte, high, low). */
    static String randomString(Random r, int n, int[] w) {
        int total = 0;
        for (int x : w)
            total += x;
        StringBuilder sb = new StringBuilder(n);
        while (sb.length() < n) {
            int p = r.nextInt(total + 1), cls = 0;
            if (p == total && sb.length() + 2 <= n) {
                sb.appendCodePoint(0x10000 + r.nextInt(0x100000));
                continue;
            }
            for (; cls < w.length - 1 && p >= w[cls]; cls++)
                p -= w[cls];
            sb.append(unit(r, cls));
        }
        return sb.toString();
    }

    static final int[][] MIXES = {
        { 1, 1, 1, 1, 1, 1 },      /* everything */
        { 60, 1, 1, 1, 1, 1 },     /* mostly ASCII, rare specials */
        { 0, 0, 1, 1, 0, 0 },      /* 2- and 3-byte */
        { 1, 0, 0, 0, 2, 2 },      /* surrogates, lone and paired */
        { 4, 1, 0, 0, 0, 0 },      /* ASCII and NUL */
    };

    static final byte[] EDGE = { 0x00, 0x01, 0x7F, (byte) 0x80, (byte) 0xBF, (byte) 0xC0, (byte) 0xC1,
                                 (byte) 0xC2, (byte) 0xDF, (byte) 0xE0, (byte) 0xED, (byte) 0xEF,
                                 (byte) 0xF0, (byte) 0xF4, (byte) 0xF8, (byte) 0xFF, 0x41 };

    /* One to three random edits: a byte replaced, inserted or deleted, or the
       end cut off. */
    static byte[] mutate(Random r, byte[] b) {
        byte[] x = b;
        for (int k = 1 + r.nextInt(3); k > 0; k--) {
            int op = r.nextInt(4), at = x.length == 0 ? 0 : r.nextInt(x.length);
            byte v = r.nextBoolean() ? EDGE[r.nextInt(EDGE.length)] : (byte) r.nextInt(256);
            if (op == 0 && x.length > 0) {
                x = x.clone();
                x[at] = v;
            } else if (op == 1) {
                byte[] y = new byte[x.length + 1];
                System.arraycopy(x, 0, y, 0, at);
                y[at] = v;
                System.arraycopy(x, at, y, at + 1, x.length - at);
                x = y;
            } else if (op == 2 && x.length > 0) {
                byte[] y = new byte[x.length - 1];
                System.arraycopy(x, 0, y, 0, at);
                System.arraycopy(x, at + 1, y, at, x.length - at - 1);
                x = y;
            } else if (x.length > 0) {
                x = Arrays.copyOf(x, at);
            }
        }
        return x;
    }

}
