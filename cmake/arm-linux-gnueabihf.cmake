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
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR armv7l)

set(UNILANE_CROSS_PREFIX arm-linux-gnueabihf- CACHE STRING "Cross toolchain prefix")
if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER ${UNILANE_CROSS_PREFIX}gcc)
endif()
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER ${UNILANE_CROSS_PREFIX}g++)
endif()

# Multiarch: Debian armhf -dev packages (e.g. check:armhf) land in
# /usr/lib/arm-linux-gnueabihf; the cross libc in /usr/arm-linux-gnueabihf.
set(CMAKE_LIBRARY_ARCHITECTURE arm-linux-gnueabihf)
set(CMAKE_FIND_ROOT_PATH /usr/arm-linux-gnueabihf /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

find_program(UNILANE_QEMU_ARM qemu-arm REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${UNILANE_QEMU_ARM};-L;/usr/arm-linux-gnueabihf)
