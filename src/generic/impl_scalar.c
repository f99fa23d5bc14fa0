/*
 * impl_scalar.c -- the scalar kernel set: portable C, available on every
 * platform, and the reference every other kernel set is tested against.
 */
#include "../dispatch/impl.h"
#include "generic.h"

const unilane_impl unilane_impl_scalar = {
    "scalar",
    0,
    0, /* utf8_scalar_below: it is the scalar kernel */
    0, /* ascii_scalar_below */
    0, /* utf16_scalar_below */
    0, /* latin1_scalar_below */
    unilane_scalar_ascii_prefix,
    unilane_scalar_utf16_ascii_prefix,
    unilane_scalar_utf16_latin1_prefix,
    unilane_scalar_validate_utf8,
    unilane_scalar_validate_utf16,
    unilane_scalar_latin1_to_utf16,
    unilane_scalar_utf16_to_latin1,
    unilane_scalar_latin1_to_utf8,
    unilane_scalar_utf8_to_latin1,
    unilane_scalar_utf8_to_utf16,
    unilane_scalar_utf8_to_utf16_lossy,
    unilane_scalar_utf16_to_utf8,
    unilane_scalar_utf16_to_utf8_lossy,
    unilane_scalar_utf16_make_well_formed,
    unilane_scalar_utf8_length_from_latin1,
    unilane_scalar_utf8_length_from_utf16,
    unilane_scalar_utf16_length_from_utf8,
    unilane_scalar_utf16_length_from_utf8_lossy,
};
