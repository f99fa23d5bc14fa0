/*
 * addon_test.c -- the test build of the Node-API example: the example's own
 * code (examples/node-addon/unilane_addon.c, included unchanged) plus four
 * functions over the counters of the test build of unilane
 * (UNILANE_TEST_SUPPORT=1, whose thunks count every entry into a kernel
 * set's code), so that test.js counts a check for a kernel only when the
 * unilane calls made since the previous check entered that kernel's entries
 * (tests/reach_hooks.c, shared with the JVM tests):
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

#include <node_api.h>

/* The example registers its exports with NAPI_MODULE_INIT(); here that body
   becomes example_init and this file's NAPI_MODULE_INIT calls it. */
#pragma push_macro("NAPI_MODULE_INIT")
#undef NAPI_MODULE_INIT
#define NAPI_MODULE_INIT() static napi_value example_init(napi_env env, napi_value exports)
#include "../../examples/node-addon/unilane_addon.c"
#undef NAPI_MODULE_INIT
#pragma pop_macro("NAPI_MODULE_INIT")

#include "../reach_hooks.h"

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
    NAPI_OR_FAIL(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    if (argc < 1 || napi_get_value_string_utf8(env, argv[0], k, sizeof k, &n) != napi_ok)
        return nh_bool(env, 0);
    return nh_bool(env, reach_select(k));
}

static napi_value nh_pass(napi_env env, napi_callback_info info)
{
    napi_value undef;
    (void)info;
    reach_pass();
    NAPI_OR_FAIL(env, napi_get_undefined(env, &undef));
    return undef;
}

static napi_value nh_counts(napi_env env, napi_callback_info info)
{
    napi_value a, v;
    (void)info;
    NAPI_OR_FAIL(env, napi_create_array_with_length(env, 2, &a));
    NAPI_OR_FAIL(env, napi_create_double(env, reach_reached(), &v));
    NAPI_OR_FAIL(env, napi_set_element(env, a, 0, v));
    NAPI_OR_FAIL(env, napi_create_double(env, reach_unreached(), &v));
    NAPI_OR_FAIL(env, napi_set_element(env, a, 1, v));
    return a;
}

static napi_value nh_entered(napi_env env, napi_callback_info info)
{
    napi_value a, v;
    uint32_t n = 0;
    int i;
    (void)info;
    NAPI_OR_FAIL(env, napi_create_array(env, &a));
    for (i = 0; i < reach_nops(); i++) {
        if (!reach_entered(i))
            continue;
        NAPI_OR_FAIL(env, napi_create_string_utf8(env, reach_op_name(i), NAPI_AUTO_LENGTH, &v));
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
