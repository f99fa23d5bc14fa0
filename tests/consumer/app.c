/*
 * app.c -- a minimal consumer of unilane, built by scripts/test_consumers.sh
 * in every way a user can get the library: the two amalgamated files, an
 * installed prefix (find_package, pkg-config), add_subdirectory and
 * FetchContent. It decodes a UTF-8 buffer, prints the UTF-16 length and the
 * kernel in use, and exits non-zero on any mismatch.
 */
#include <stdio.h>
#include <string.h>

#include "unilane.h"

#define APP_FAIL(...) (fprintf(stderr, "app: FAIL: " __VA_ARGS__), fputc('\n', stderr), 1)

int main(void)
{
    /* "Grüße, 世界! 😀" followed by U+0000 and "ok" (U+0000 is data). */
    static const char text[] = "Gr\xC3\xBC\xC3\x9F"
                               "e, \xE4\xB8\x96\xE7\x95\x8C! \xF0\x9F\x98\x80"
                               "\0ok";
    static const uint16_t expect[] = { 'G',    'r', 0x00FC, 0x00DF, 'e',    ',',    ' ', 0x4E16,
                                       0x754C, '!', ' ',    0xD83D, 0xDE00, 0x0000, 'o', 'k' };
    const size_t len = sizeof text - 1;
    const size_t n16 = sizeof expect / sizeof expect[0];
    char version[32];
    uint16_t u16[64];
    char u8[64 * 3];
    unilane_result r;
    size_t n;

    snprintf(version, sizeof version, "%d.%d.%d", UNILANE_VERSION_MAJOR, UNILANE_VERSION_MINOR,
             UNILANE_VERSION_PATCH);
    if (strcmp(version, unilane_version()) != 0)
        return APP_FAIL("header version %s, library version %s", version, unilane_version());

    n = unilane_utf16_length_from_utf8(text, len);
    r = unilane_utf8_to_utf16(text, len, u16);
    if (r.status != UNILANE_OK || r.read != len || r.written != n16 || n != n16)
        return APP_FAIL(
            "utf8_to_utf16: status %d (%s) read %zu written %zu length %zu, expected %zu",
            (int)r.status, unilane_status_string(r.status), r.read, r.written, n, n16);
    if (memcmp(u16, expect, sizeof expect) != 0)
        return APP_FAIL("utf8_to_utf16: wrong output");

    n = unilane_utf8_length_from_utf16(u16, r.written);
    r = unilane_utf16_to_utf8(u16, r.written, u8);
    if (r.status != UNILANE_OK || r.written != len || n != len || memcmp(u8, text, len) != 0)
        return APP_FAIL("round trip to UTF-8: status %d written %zu length %zu", (int)r.status,
                        r.written, n);

    /* An error keeps the good prefix: "ab" then a stray continuation byte. */
    r = unilane_utf8_to_utf16("ab\x80z", 4, u16);
    if (r.status != UNILANE_TOO_LONG || r.read != 2 || r.written != 2)
        return APP_FAIL("error case: status %d read %zu written %zu", (int)r.status, r.read,
                        r.written);

    printf("unilane %s, kernel %s: %zu UTF-8 bytes -> %zu UTF-16 units\n", unilane_version(),
           unilane_kernel(), len, n16);
    return 0;
}
