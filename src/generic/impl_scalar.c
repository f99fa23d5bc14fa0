/*
 * impl_scalar.c -- the scalar kernel set: portable C, available on every
 * platform, and the reference every other kernel set is tested against.
 */
#include "../dispatch/impl.h"
#include "generic.h"

/* No thresholds: it is the scalar kernel. */
UNILANE_DEFINE_KERNEL(scalar, 0, 0, 0, 0, 0);
