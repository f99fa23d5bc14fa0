/*
 * addon_test.c -- the test build of the Node-API example: the example's own
 * code (examples/node-addon/unilane_addon.c, included unchanged) plus four
 * functions over the counters of the test build of unilane
 * (UNILANE_TEST_SUPPORT=1, whose thunks count every entry into a kernel
 * set's code), so that test.js counts a check for a kernel only when the
 * unilane calls made since the previous check entered that kernel's entries
 * (the rule of tests/common.c and tests/jvm/jni_hooks.c):
 *
 *   testSelect(kernel)  make `kernel` the active set, every call to its
 *                       entries whatever the length; false if this machine
 *                       lacks it
 *   testPass()          one check passed
 *   testCounts()        [reached, not reached]
 *   testEntered()       the registry names of the entries entered since
 *                       testSelect
 */
#include <stdint.h>
#include <string.h>

#include <node_api.h>

/* The example registers its exports with NAPI_MODULE_INIT(); here that body
   becomes example_init and this file's NAPI_MODULE_INIT calls it. */
#pragma push_macro("NAPI_MODULE_INIT")
#undef NAPI_MODULE_INIT
#define NAPI_MODULE_INIT() static napi_value example_init(napi_env env, napi_value exports)
#include "../../examples/node-addon/unilane_addon.c"
#undef NAPI_MODULE_INIT
#pragma pop_macro("NAPI_MODULE_INIT")

#include "../../src/dispatch/atomic.h"
#include "../../src/dispatch/ops.h"
#include "../../src/dispatch/test_hooks.h"

static const unilane_test_counter *nh_counter;
static uint64_t nh_last_calls, nh_last_entered, nh_ops;
static int nh_last_reached;
static double nh_reached, nh_unreached;

static const char *const nh_op_names[UNILANE_NOPS] = {
#define NH_NAME_(a, name, in, out, ret, family, bound) #name,
    UNILANE_OPS(NH_NAME_, _)
#undef NH_NAME_
};

static napi_value nh_bool(napi_env env, int b)
{
    napi_value v;
    NAPI_OR_FAIL(env, napi_get_boolean(env, b != 0, &v));
    return v;
}

static napi_value nh_select(napi_env env, napi_callback_info info)
{
    size_t argc = 1, n;
    napi_value argv[1];
    char k[32];
    int ok;
    NAPI_OR_FAIL(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    if (argc < 1 || napi_get_value_string_utf8(env, argv[0], k, sizeof k, &n) != napi_ok)
        return nh_bool(env, 0);
    ok = unilane_use_kernel(k) == 0 && strcmp(unilane_kernel(), k) == 0;
    nh_counter = ok ? unilane_test_counter_of(k) : NULL;
    if (nh_counter == NULL)
        return nh_bool(env, 0);
    unilane_test_set_direct(1);
    nh_last_calls = UNILANE_ATOMIC_LOAD64(unilane_test_calls());
    nh_last_entered = UNILANE_ATOMIC_LOAD64(&nh_counter->entered);
    nh_ops = UNILANE_ATOMIC_LOAD64(&nh_counter->ops);
    nh_last_reached = 0;
    nh_reached = nh_unreached = 0;
    return nh_bool(env, 1);
}

static napi_value nh_pass(napi_env env, napi_callback_info info)
{
    uint64_t calls = UNILANE_ATOMIC_LOAD64(unilane_test_calls()), entered;
    napi_value undef;
    (void)info;
    if (nh_counter != NULL && calls != nh_last_calls) {
        entered = UNILANE_ATOMIC_LOAD64(&nh_counter->entered);
        nh_last_reached = entered != nh_last_entered;
        nh_last_calls = calls;
        nh_last_entered = entered;
    }
    if (nh_last_reached)
        nh_reached++;
    else
        nh_unreached++;
    NAPI_OR_FAIL(env, napi_get_undefined(env, &undef));
    return undef;
}

static napi_value nh_counts(napi_env env, napi_callback_info info)
{
    napi_value a, v;
    (void)info;
    NAPI_OR_FAIL(env, napi_create_array_with_length(env, 2, &a));
    NAPI_OR_FAIL(env, napi_create_double(env, nh_reached, &v));
    NAPI_OR_FAIL(env, napi_set_element(env, a, 0, v));
    NAPI_OR_FAIL(env, napi_create_double(env, nh_unreached, &v));
    NAPI_OR_FAIL(env, napi_set_element(env, a, 1, v));
    return a;
}

static napi_value nh_entered(napi_env env, napi_callback_info info)
{
    /* only a bit that was clear at testSelect proves an entry since then */
    uint64_t now = nh_counter ? UNILANE_ATOMIC_LOAD64(&nh_counter->ops) & ~nh_ops : 0;
    napi_value a, v;
    uint32_t n = 0;
    int i;
    (void)info;
    NAPI_OR_FAIL(env, napi_create_array(env, &a));
    for (i = 0; i < UNILANE_NOPS; i++) {
        if (!((now >> i) & 1))
            continue;
        NAPI_OR_FAIL(env, napi_create_string_utf8(env, nh_op_names[i], NAPI_AUTO_LENGTH, &v));
        NAPI_OR_FAIL(env, napi_set_element(env, a, n++, v));
    }
    return a;
}

NAPI_MODULE_INIT()
{
    napi_property_descriptor fns[] = {
        { "testSelect", NULL, nh_select, NULL, NULL, NULL, napi_enumerable, NULL },
        { "testPass", NULL, nh_pass, NULL, NULL, NULL, napi_enumerable, NULL },
        { "testCounts", NULL, nh_counts, NULL, NULL, NULL, napi_enumerable, NULL },
        { "testEntered", NULL, nh_entered, NULL, NULL, NULL, napi_enumerable, NULL },
    };
    exports = example_init(env, exports);
    if (exports == NULL)
        return NULL;
    NAPI_OR_FAIL(env, napi_define_properties(env, exports, sizeof fns / sizeof fns[0], fns));
    return exports;
}
