# Cross-build for 32-bit ARM Linux (ARMv7-A, hard-float) with Debian's
# gcc-arm-linux-gnueabihf, run under qemu-user (Debian qemu-user). binfmt_misc
# is not assumed: ctest runs every test through CMAKE_CROSSCOMPILING_EMULATOR.
#
#   cmake -B build-armv7 -DCMAKE_TOOLCHAIN_FILE=cmake/arm-linux-gnueabihf.cmake
#
# No -mfpu=neon: the compiler keeps Debian armhf's default FPU (VFPv3-D16,
# no NEON), as a distribution build would, and the NEON kernel set "neon32"
# switches NEON on for its own files only (#pragma GCC target, see
# src/dispatch/config.h) and is chosen at run time from HWCAP_NEON. So the
# test run proves that the rest of the library needs no NEON: under
# QEMU_CPU=cortex-r5f (an ARMv7 core with VFPv3-D16 and no NEON) it must
# pick scalar and never execute a NEON instruction.
set(UNILANE_CROSS_TRIPLE arm-linux-gnueabihf)
set(UNILANE_CROSS_PROCESSOR armv7l)
set(UNILANE_CROSS_QEMU qemu-arm)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
