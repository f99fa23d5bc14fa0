# Cross-build for 64-bit ARM Linux with Debian's gcc-aarch64-linux-gnu, run
# under qemu-user (Debian qemu-user). binfmt_misc is not assumed: ctest runs
# every test through CMAKE_CROSSCOMPILING_EMULATOR.
#
#   cmake -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(UNILANE_CROSS_PREFIX aarch64-linux-gnu- CACHE STRING "Cross toolchain prefix")
if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER ${UNILANE_CROSS_PREFIX}gcc)
endif()
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER ${UNILANE_CROSS_PREFIX}g++)
endif()

# Multiarch: Debian arm64 -dev packages (e.g. check:arm64) land in
# /usr/lib/aarch64-linux-gnu; the cross libc in /usr/aarch64-linux-gnu.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

find_program(UNILANE_QEMU_AARCH64 qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${UNILANE_QEMU_AARCH64};-L;/usr/aarch64-linux-gnu)
