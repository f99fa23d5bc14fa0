/* reach_hooks.c -- see reach_hooks.h. */
#include "reach_hooks.h"

#include <string.h>

#include <unilane.h>

#include "../src/dispatch/atomic.h"
#include "../src/dispatch/ops.h"
#include "../src/dispatch/test_hooks.h"

static const unilane_test_counter *rh_counter;
static uint64_t rh_last_calls, rh_last_entered, rh_ops;
static int rh_last_reached;
static double rh_reached, rh_unreached;

static const char *const rh_op_names[UNILANE_NOPS] = {
#define RH_NAME_(a, name, in, out, ret, family, bound) #name,
    UNILANE_OPS(RH_NAME_, _)
#undef RH_NAME_
};

int reach_select(const char *kernel)
{
    int ok = unilane_use_kernel(kernel) == 0 && strcmp(unilane_kernel(), kernel) == 0;
    rh_counter = ok ? unilane_test_counter_of(kernel) : NULL;
    if (rh_counter == NULL)
        return 0;
    unilane_test_set_direct(1);
    rh_last_calls = UNILANE_ATOMIC_LOAD64(unilane_test_calls());
    rh_last_entered = UNILANE_ATOMIC_LOAD64(&rh_counter->entered);
    rh_ops = UNILANE_ATOMIC_LOAD64(&rh_counter->ops);
    rh_last_reached = 0;
    rh_reached = rh_unreached = 0;
    return 1;
}

void reach_pass(void)
{
    uint64_t calls = UNILANE_ATOMIC_LOAD64(unilane_test_calls()), entered;
    if (rh_counter != NULL && calls != rh_last_calls) {
        entered = UNILANE_ATOMIC_LOAD64(&rh_counter->entered);
        rh_last_reached = entered != rh_last_entered;
        rh_last_calls = calls;
        rh_last_entered = entered;
    }
    if (rh_last_reached)
        rh_reached++;
    else
        rh_unreached++;
}

double reach_reached(void)
{
    return rh_reached;
}

double reach_unreached(void)
{
    return rh_unreached;
}

int reach_entered(int i)
{
    /* only a bit that was clear at reach_select proves an entry since then */
    uint64_t now = rh_counter ? UNILANE_ATOMIC_LOAD64(&rh_counter->ops) & ~rh_ops : 0;
    return i >= 0 && i < UNILANE_NOPS && ((now >> i) & 1);
}

const char *reach_op_name(int i)
{
    return i >= 0 && i < UNILANE_NOPS ? rh_op_names[i] : "";
}

int reach_nops(void)
{
    return UNILANE_NOPS;
}

int reach_op_index(const char *name)
{
    int i;
    for (i = 0; i < UNILANE_NOPS; i++)
        if (strcmp(rh_op_names[i], name) == 0)
            return i;
    return -1;
}
