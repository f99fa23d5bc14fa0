# cmake/linux-gnu-cross.cmake -- the part every Debian cross toolchain file
# of unilane shares (cmake/<triple>.cmake sets the variables below, then
# includes this file).
#
#   UNILANE_CROSS_TRIPLE     GNU triple of the compiler, e.g. aarch64-linux-gnu
#   UNILANE_CROSS_MULTIARCH  Debian multiarch directory of the target's -dev
#                            packages (check:<arch>), e.g. aarch64-linux-gnu
#   UNILANE_CROSS_QEMU       qemu-user program that runs the target's binaries,
#                            or empty when the host runs them natively
#   UNILANE_CROSS_QEMU_ROOT  the root qemu finds the target's dynamic loader
#                            and shared libraries under (-L)
#
# binfmt_misc is not assumed: ctest runs every test through
# CMAKE_CROSSCOMPILING_EMULATOR.
set(CMAKE_SYSTEM_NAME Linux)

set(UNILANE_CROSS_PREFIX ${UNILANE_CROSS_TRIPLE}- CACHE STRING "Cross toolchain prefix")
if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER ${UNILANE_CROSS_PREFIX}gcc)
endif()
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER ${UNILANE_CROSS_PREFIX}g++)
endif()

# Multiarch: Debian <arch> -dev packages (e.g. check:<arch>) land in
# /usr/lib/<multiarch>; the cross libc in /usr/<triple>.
set(CMAKE_LIBRARY_ARCHITECTURE ${UNILANE_CROSS_MULTIARCH})
set(CMAKE_FIND_ROOT_PATH /usr/${UNILANE_CROSS_TRIPLE} /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

if(UNILANE_CROSS_QEMU)
  find_program(UNILANE_QEMU_${CMAKE_SYSTEM_PROCESSOR} ${UNILANE_CROSS_QEMU} REQUIRED)
  set(CMAKE_CROSSCOMPILING_EMULATOR
      ${UNILANE_QEMU_${CMAKE_SYSTEM_PROCESSOR}};-L;${UNILANE_CROSS_QEMU_ROOT})
endif()
