/*
 * neon.h -- entry points of the NEON kernel set (little-endian AArch64).
 * Each has exactly the contract of the public function of the same name.
 */
#ifndef UNILANE_NEON_H
#define UNILANE_NEON_H

#include "../dispatch/config.h"

#if UNILANE_HAVE_NEON
#include <arm_neon.h>

/* prototypes: UNILANE_INTERNAL <type> unilane_neon_<op>(...); */

#endif /* UNILANE_HAVE_NEON */
#endif /* UNILANE_NEON_H */
