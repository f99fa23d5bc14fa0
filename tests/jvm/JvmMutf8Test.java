/*
 * JvmMutf8Test -- unilane's Java modified UTF-8 against a real JVM, for
 * every kernel: unilane_utf16_to_mutf8 against JNI GetStringUTFChars and
 * DataOutputStream.writeUTF, unilane_mutf8_length_from_utf16 against
 * GetStringUTFLength, unilane_mutf8_to_utf16 against DataInputStream.readUTF
 * (same acceptance, same string, the error's position as readUTF reports
 * it), and NewStringUTF on unilane's output.
 *
 *   java -Djava.library.path=DIR JvmMutf8Test [required-kernels] [scale]
 */
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

public final class JvmMutf8Test {
    static {
        System.loadLibrary("unilane_jvmtest");
    }

    static native byte[] toMutf8(String s);
    static native long mutf8Length(String s);
    static native int fromMutf8(byte[] b, char[] out, long[] info);
    static native byte[] jniUtfChars(String s);
    static native int jniUtfLength(String s);
    static native String jniNewStringUtf(byte[] b);

    /* unilane_status values (include/unilane.h). */
    static final int OK = 0, HEADER_BITS = 1, TOO_SHORT = 2, TOO_LONG = 3;


    /* writeUTF's bytes: {2-byte length, body}, or null when it refuses. */
    static byte[] writeUtf(String s) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try {
            new DataOutputStream(bos).writeUTF(s);
        } catch (UTFDataFormatException e) {
            return null;
        }
        return bos.toByteArray();
    }

    static String readError; /* the message of readUtf's last exception */

    /* readUTF of body (at most 65535 bytes): the string, or null with the
       exception's message in readError. */
    static String readUtf(byte[] body) throws IOException {
        byte[] framed = new byte[body.length + 2];
        framed[0] = (byte) (body.length >> 8);
        framed[1] = (byte) body.length;
        System.arraycopy(body, 0, framed, 2, body.length);
        try {
            return new DataInputStream(new ByteArrayInputStream(framed)).readUTF();
        } catch (UTFDataFormatException e) {
            readError = e.getMessage();
            return null;
        }
    }

    static long strings, byteInputs;

    /* Every encoder check on one string. */
    static void encode(String s) throws IOException {
        strings++;
        java.util.function.Supplier<String> d = () -> UnilaneTestHooks.units(s);
        byte[] m = toMutf8(s);
        UnilaneTestHooks.check(m != null, "utf16_to_mutf8 within its bound, nothing written past its return", d);
        byte[] jni = jniUtfChars(s);
        UnilaneTestHooks.check(Arrays.equals(m, jni), "utf16_to_mutf8 == GetStringUTFChars",
              () -> d.get() + " unilane " + UnilaneTestHooks.hex(m) + " JVM " + UnilaneTestHooks.hex(jni));
        long n = mutf8Length(s);
        int jn = jniUtfLength(s);
        UnilaneTestHooks.check(n == jn && n == m.length, "mutf8_length_from_utf16 == GetStringUTFLength == bytes written",
              () -> d.get() + " unilane " + n + " JVM " + jn + " written " + m.length);
        byte[] w = writeUtf(s);
        if (m.length > 65535) {
            UnilaneTestHooks.check(w == null, "writeUTF refuses exactly the strings whose mutf8 is > 65535 bytes", d);
        } else {
            UnilaneTestHooks.check(w != null, "writeUTF refuses exactly the strings whose mutf8 is > 65535 bytes", d);
            int wl = ((w[0] & 0xFF) << 8) | (w[1] & 0xFF);
            byte[] body = Arrays.copyOfRange(w, 2, w.length);
            UnilaneTestHooks.check(wl == m.length && Arrays.equals(m, body), "utf16_to_mutf8 == writeUTF body",
                  () -> d.get() + " unilane " + UnilaneTestHooks.hex(m) + " writeUTF " + UnilaneTestHooks.hex(body));
        }
        String back = jniNewStringUtf(m);
        UnilaneTestHooks.check(s.equals(back), "NewStringUTF(utf16_to_mutf8(s)) == s", () -> d.get() + " got " + UnilaneTestHooks.units(back));
        char[] out = new char[m.length];
        long[] info = new long[2];
        int st = fromMutf8(m, out, info);
        UnilaneTestHooks.check(st == OK && info[0] == m.length && s.equals(new String(out, 0, (int) info[1])),
              "mutf8_to_utf16(utf16_to_mutf8(s)) == s", () -> d.get() + " status " + st + " read " + info[0]);
    }

    /* Every decoder check on one byte string (at most 65535 bytes). */
    static void decode(byte[] b) throws IOException {
        byteInputs++;
        java.util.function.Supplier<String> d = () -> UnilaneTestHooks.hex(b);
        char[] out = new char[b.length];
        long[] info = new long[2];
        int st = fromMutf8(b, out, info);
        UnilaneTestHooks.check(st >= 0, "mutf8_to_utf16 within its bound, nothing written past `written`", d);
        String mine = new String(out, 0, (int) info[1]);
        String java = readUtf(b);
        boolean javaOk = java != null;
        UnilaneTestHooks.check(javaOk == (st == OK), "mutf8_to_utf16 accepts exactly what readUTF accepts",
              () -> d.get() + " unilane status " + st + " at " + info[0] + ", readUTF " + (javaOk ? UnilaneTestHooks.units(java) : readError));
        if (st == OK) {
            UnilaneTestHooks.check(mine.equals(java) && info[0] == b.length, "mutf8_to_utf16 == readUTF",
                  () -> d.get() + " unilane " + UnilaneTestHooks.units(mine) + " readUTF " + UnilaneTestHooks.units(java));
            return;
        }
        int at = (int) info[0];
        int lead = b[at] & 0xFF;
        /* The status the contract gives the byte at `read` (the test's own
           reading of it, not the library's). */
        int want = lead >= 0x80 && lead <= 0xBF ? TOO_LONG : lead >= 0xF0 ? HEADER_BITS : TOO_SHORT;
        UnilaneTestHooks.check(st == want && lead >= 0x80, "mutf8_to_utf16 error status from the byte at `read`",
              () -> d.get() + " status " + st + " at " + at);
        /* readUTF's message names the same place: the lead itself for a
           byte that cannot start a character, two bytes after a lead whose
           continuation is bad, "partial character at end" when the lead's
           sequence runs past the end. */
        String msg;
        if (st != TOO_SHORT)
            msg = "malformed input around byte " + at;
        else if (at + (lead >= 0xE0 ? 3 : 2) > b.length)
            msg = "malformed input: partial character at end";
        else
            msg = "malformed input around byte " + (at + 2);
        UnilaneTestHooks.check(readError.equals(msg), "mutf8_to_utf16 error at the place readUTF names",
              () -> d.get() + " unilane status " + st + " at " + at + ", readUTF " + readError);
        String prefix = readUtf(Arrays.copyOf(b, at));
        UnilaneTestHooks.check(mine.equals(prefix), "mutf8_to_utf16 on error: the output is readUTF of src[0..read)",
              () -> d.get() + " unilane " + UnilaneTestHooks.units(mine) + " readUTF " + UnilaneTestHooks.units(prefix));
    }

    static byte[] body(String s) throws IOException {
        byte[] w = writeUtf(s);
        return Arrays.copyOfRange(w, 2, w.length);
    }

    static final String[] HAND = {
        "", "\0", "a\0b", "\0\0\0", "A", "\u007F", "\u0080", "\u00FF", "\u0100", "\u07FF", "\u0800",
        "\uD7FF", "\uE000", "\uFEFF", "\uFFFD", "\uFFFE", "\uFFFF", "\uD800", "\uDBFF", "\uDC00",
        "\uDFFF", "\uD83D\uDE00", "\uDBFF\uDFFF", "\uD800\uDC00", "\uDE00\uD83D", "\uD800\uD800",
        "\uDC00\uDC00", "a\uD800", "\uDC00a", "\uD83D\uDE00\uD83D", "\uDE00\uD83D\uDE00",
        "h\u00E9llo w\u00F6rld", "\u65E5\u672C\u8A9E", "\u0000\u0080\u0800\uD800\uDC00\uFFFF",
        "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ\0",
    };

    static final byte[][] HAND_BYTES = {
        {}, { 0 }, { (byte) 0xC0, (byte) 0x80 }, { (byte) 0xC1, (byte) 0xBF },
        { (byte) 0xE0, (byte) 0x80, (byte) 0x80 }, { (byte) 0xE0, (byte) 0x81, (byte) 0xBF },
        { (byte) 0xED, (byte) 0xA0, (byte) 0x80 }, { (byte) 0xED, (byte) 0xBF, (byte) 0xBF },
        { (byte) 0xED, (byte) 0xA0, (byte) 0xBD, (byte) 0xED, (byte) 0xB8, (byte) 0x80 },
        { (byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80 }, { (byte) 0x80 }, { (byte) 0xBF },
        { (byte) 0xC2 }, { (byte) 0xE0, (byte) 0x80 }, { (byte) 0xC2, 0x41 }, { (byte) 0xE0, (byte) 0x80, 0x41 },
        { (byte) 0xE0, 0x41, (byte) 0x80 }, { (byte) 0xF8, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80 },
        { (byte) 0xFF }, { 0x41, (byte) 0xC2, (byte) 0xA9, (byte) 0xC0 },
    };

    public static void main(String[] args) throws Exception {
        String required = args.length > 0 ? args[0] : "scalar";
        double scale = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
        long seed = 0x6a766d5f6d757466L;
        /* The inputs: the same for every kernel. */
        List<String> strs = new ArrayList<>(Arrays.asList(HAND));
        Random r = new Random(seed);
        for (int n = 0; n <= 300; n++)
            for (int[] w : TestInputs.MIXES)
                strs.add(TestInputs.randomString(r, n, w));
        int big = 65536;
        for (int[] w : TestInputs.MIXES)
            strs.add(TestInputs.randomString(r, big, w));
        strs.add("a".repeat(65535));
        strs.add("a".repeat(65536));
        strs.add("\u0800".repeat(21845));
        strs.add("\u0800".repeat(21845) + "a");
        strs.add("\0".repeat(32767) + "a");
        strs.add("\0".repeat(32768));
        strs.add("\uD800".repeat(21845));

        List<byte[]> bytes = new ArrayList<>(Arrays.asList(HAND_BYTES));
        for (int i = 0; i < 256; i++)
            bytes.add(new byte[] { (byte) i });
        byte[] pad = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef".getBytes("US-ASCII");
        for (int i = 0; i < 65536; i++) {
            byte[] two = { (byte) (i >> 8), (byte) i };
            bytes.add(two);
            if (i % 7 == 0) { /* inside a vector-sized context, both ends */
                byte[] ctx = new byte[2 * pad.length + 2];
                System.arraycopy(pad, 0, ctx, 0, pad.length);
                ctx[pad.length] = two[0];
                ctx[pad.length + 1] = two[1];
                System.arraycopy(pad, 0, ctx, pad.length + 2, pad.length);
                bytes.add(ctx);
            }
        }
        int nrand = (int) (20000 * scale);
        for (int i = 0; i < nrand; i++) {
            String s = TestInputs.randomString(r, r.nextInt(301), TestInputs.MIXES[r.nextInt(TestInputs.MIXES.length)]);
            byte[] valid = body(s);
            switch (i % 4) {
            case 0: bytes.add(valid); break;
            case 1:
            case 2: bytes.add(TestInputs.mutate(r, valid)); break;
            default: {
                byte[] x = new byte[r.nextInt(301)];
                for (int j = 0; j < x.length; j++)
                    x[j] = r.nextInt(3) == 0 ? TestInputs.EDGE[r.nextInt(TestInputs.EDGE.length)] : (byte) r.nextInt(128);
                bytes.add(x);
            }
            }
        }
        for (int[] w : TestInputs.MIXES) { /* long ones, at readUTF's limit */
            byte[] v = body(TestInputs.randomString(r, 21845, w));
            bytes.add(v);
            bytes.add(TestInputs.mutate(r, v));
        }
        bytes.add(body("a".repeat(65535)));
        bytes.add(TestInputs.mutate(r, body("a".repeat(65535))));

        final List<String> fs = strs;
        final List<byte[]> fb = bytes;
        int rc = UnilaneTestHooks.forEachKernel("JVM modified UTF-8", required,
            new String[] { "utf16_to_mutf8", "mutf8_length_from_utf16", "mutf8_to_utf16" }, () -> {
                strings = byteInputs = 0;
                for (String s : fs)
                    encode(s);
                for (byte[] b : fb)
                    decode(b);
            }, () -> strings + " strings (hand-picked, every length 0..300, 64 KiB), " + byteInputs
                     + " byte inputs (every 1- and 2-byte input, random, mutated, 64 KiB)");
        System.exit(rc);
    }
}
