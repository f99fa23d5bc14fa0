/*
 * BridgeTest -- UnilaneBridge against the JVM's own UTF-8, for every kernel:
 * toUtf8 / toUtf8Lossy against String.getBytes(UTF_8) and fromUtf8 /
 * fromUtf8Lossy against new String(bytes, UTF_8) on well-formed input
 * (hand-picked, every length 0..300, 64 KiB); on ill-formed input, the
 * strict calls' errors at the place the test finds itself and the lossy
 * calls against the JVM's replacement.
 *
 *   java -Djava.library.path=DIR BridgeTest [required-kernels] [scale]
 */
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

public final class BridgeTest {

    /* The index of the first unpaired surrogate, or -1. */
    static int firstLone(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1)))
                i++;
            else if (Character.isSurrogate(c))
                return i;
        }
        return -1;
    }

    /* s with each unpaired surrogate replaced by U+FFFD. */
    static String wellFormed(String s) {
        StringBuilder sb = new StringBuilder(s);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1)))
                i++;
            else if (Character.isSurrogate(c))
                sb.setCharAt(i, '\uFFFD');
        }
        return sb.toString();
    }

    /*
     * The JVM's UTF-8 decoder (JDK 17) differs from the maximal-subpart rule
     * (WHATWG, unilane) in one place: it takes ED A0..BF as the start of a
     * 3-byte sequence, so ED A0 80 is one U+FFFD instead of three, ED A0 at
     * the end one instead of two. With that ED made FF (ill-formed alone in
     * both, ending whatever came before it as ED does), the JVM's replacement
     * is the maximal-subpart one: the bytes the JVM decodes for the check.
     */
    static byte[] jvmComparable(byte[] b) {
        byte[] x = b.clone();
        for (int i = 0; i + 1 < x.length; i++)
            if ((x[i] & 0xFF) == 0xED && (x[i + 1] & 0xFF) >= 0xA0 && (x[i + 1] & 0xFF) <= 0xBF)
                x[i] = (byte) 0xFF;
        return x;
    }

    static String message(IllegalArgumentException e) {
        return e.getMessage();
    }

    static long strings, lone, byteInputs;

    static void string(String s) {
        java.util.function.Supplier<String> d = () -> UnilaneTestHooks.units(s);
        int at = firstLone(s);
        byte[] java = wellFormed(s).getBytes(StandardCharsets.UTF_8);
        if (at < 0) {
            strings++;
            byte[] u = UnilaneBridge.toUtf8(s);
            UnilaneTestHooks.check(Arrays.equals(u, java), "toUtf8(s) == s.getBytes(UTF_8)", d);
            UnilaneTestHooks.check(Arrays.equals(UnilaneBridge.toUtf8Lossy(s), java), "toUtf8Lossy(s) == s.getBytes(UTF_8)", d);
            UnilaneTestHooks.check(UnilaneBridge.fromUtf8(java).equals(new String(java, StandardCharsets.UTF_8)) &&
                  UnilaneBridge.fromUtf8(java).equals(s), "fromUtf8(b) == new String(b, UTF_8)", d);
            UnilaneTestHooks.check(UnilaneBridge.fromUtf8Lossy(java).equals(s), "fromUtf8Lossy(b) == new String(b, UTF_8)", d);
            return;
        }
        lone++;
        String got = null;
        try {
            UnilaneBridge.toUtf8(s);
        } catch (IllegalArgumentException e) {
            got = message(e);
        }
        final String thrown = got;
        UnilaneTestHooks.check(got != null && got.startsWith("unpaired surrogate at " + at + ": "),
              "toUtf8 throws at the first unpaired surrogate", () -> d.get() + " got " + thrown);
        UnilaneTestHooks.check(Arrays.equals(UnilaneBridge.toUtf8Lossy(s), java),
              "toUtf8Lossy(s) == getBytes(UTF_8) of s with U+FFFD for each unpaired surrogate", d);
    }

    /* Ill-formed (or well-formed) bytes: strict throws iff the JVM's strict
       decoder reports an error; lossy equals new String(b, UTF_8). */
    static void bytes(byte[] b) {
        byteInputs++;
        java.util.function.Supplier<String> d = () -> UnilaneTestHooks.hex(b);
        boolean javaOk;
        try {
            StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(b));
            javaOk = true;
        } catch (java.nio.charset.CharacterCodingException e) {
            javaOk = false;
        }
        boolean mineOk = true;
        try {
            UnilaneBridge.fromUtf8(b);
        } catch (IllegalArgumentException e) {
            mineOk = false;
        }
        UnilaneTestHooks.check(mineOk == javaOk, "fromUtf8 throws iff the JVM's strict UTF-8 decoder does", d);
        String mine = UnilaneBridge.fromUtf8Lossy(b), java = new String(jvmComparable(b), StandardCharsets.UTF_8);
        UnilaneTestHooks.check(mine.equals(java), "fromUtf8Lossy(b) == new String(b, UTF_8) (encoded surrogates adjusted, see jvmComparable)",
              () -> UnilaneTestHooks.hex(b) + " unilane " + UnilaneTestHooks.units(mine) + " JVM " + UnilaneTestHooks.units(java));
    }

    static final int[][] WELL = { { 1, 1, 1, 1, 0, 0 }, { 60, 1, 1, 1, 0, 0 }, { 0, 0, 1, 1, 0, 0 }, { 1, 0, 0, 0, 0, 0 } };

    static final String[] HAND = {
        "", "\0", "a\0b", "\u007F", "\u0080", "\u07FF", "\u0800", "\uFEFFbom", "\uFFFD", "\uFFFF",
        "\uD83D\uDE00", "\uDBFF\uDFFF", "\uD800\uDC00", "h\u00E9llo w\u00F6rld", "\u65E5\u672C\u8A9E",
        "\uD800", "\uDFFF", "a\uDC00b", "\uD83D\uDE00\uD83D", "\uDE00\uD83D\uDE00", "x".repeat(100) + "\uD800",
    };

    public static void main(String[] args) throws Exception {
        Class.forName("UnilaneBridge"); /* loads the library, calls nothing */
        String required = args.length > 0 ? args[0] : "scalar";
        double scale = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
        Random r = new Random(0x6a6e695f62726467L);
        List<String> strs = new ArrayList<>(Arrays.asList(HAND));
        for (int n = 0; n <= 300; n++) {
            for (int[] w : WELL)
                strs.add(TestInputs.randomString(r, n, w));
            strs.add(TestInputs.randomString(r, n, TestInputs.MIXES[n % TestInputs.MIXES.length]));
        }
        for (int[] w : WELL)
            strs.add(TestInputs.randomString(r, 65536, w));
        strs.add(TestInputs.randomString(r, 65536, TestInputs.MIXES[0]));
        List<byte[]> bs = new ArrayList<>();
        for (int i = 0; i < (int) (8000 * scale); i++) {
            byte[] v = TestInputs.randomString(r, r.nextInt(301), WELL[i % WELL.length]).getBytes(StandardCharsets.UTF_8);
            bs.add(i % 2 == 0 ? v : TestInputs.mutate(r, v));
        }
        int rc = UnilaneTestHooks.forEachKernel("JNI bridge (examples/jni)", required,
            new String[] { "utf16_to_utf8", "utf16_to_utf8_lossy", "utf8_length_from_utf16", "utf8_to_utf16",
                           "utf8_to_utf16_lossy" }, () -> {
                strings = lone = byteInputs = 0;
                for (String s : strs)
                    string(s);
                for (byte[] b : bs)
                    bytes(b);
            }, () -> strings + " well-formed strings, " + lone + " with unpaired surrogates, " + byteInputs
                     + " byte inputs (half mutated)");
        System.exit(rc);
    }
}
