/*
 * UnilaneBridge -- jstring <-> UTF-8 through unilane, with one conversion
 * each way (examples/jni/unilane_bridge.c). Copy both files, rename the class
 * (and the Java_UnilaneBridge_ prefix of the natives) for your package.
 */
public final class UnilaneBridge {
    static {
        System.loadLibrary("unilane_bridge");
    }

    private UnilaneBridge() {}

    /** The UTF-8 of s; IllegalArgumentException at an unpaired surrogate. */
    public static native byte[] toUtf8(String s);

    /** The UTF-8 of s, each unpaired surrogate as U+FFFD (EF BF BD). */
    public static native byte[] toUtf8Lossy(String s);

    /** The string of UTF-8 bytes b; IllegalArgumentException at the first
     *  ill-formed sequence (its byte offset in the message). */
    public static native String fromUtf8(byte[] b);

    /** The string of UTF-8 bytes b, each maximal ill-formed subpart as U+FFFD. */
    public static native String fromUtf8Lossy(byte[] b);
}
