# The part the Debian cross toolchain files share (cmake/aarch64-linux-gnu.cmake,
# cmake/arm-linux-gnueabihf.cmake, cmake/s390x-linux-gnu.cmake,
# cmake/i686-linux-gnu.cmake): they set UNILANE_CROSS_TRIPLE (the GNU
# triplet), UNILANE_CROSS_PROCESSOR and UNILANE_CROSS_QEMU, then include this
# file. Tests run under qemu-user through CMAKE_CROSSCOMPILING_EMULATOR
# (binfmt_misc is not assumed). Optional:
#   UNILANE_CROSS_MULTIARCH  Debian's multiarch name where it is not the
#                            triplet (i686-linux-gnu: i386-linux-gnu)
#   UNILANE_CROSS_QEMU       empty: the host runs the binaries natively
#   UNILANE_CROSS_QEMU_ROOT  qemu's -L root (default /usr/<triplet>)
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${UNILANE_CROSS_PROCESSOR})

set(UNILANE_CROSS_PREFIX ${UNILANE_CROSS_TRIPLE}- CACHE STRING "Cross toolchain prefix")
if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER ${UNILANE_CROSS_PREFIX}gcc)
endif()
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER ${UNILANE_CROSS_PREFIX}g++)
endif()

# Multiarch: Debian's -dev packages of the architecture (e.g. check:arm64,
# check:armhf) land in /usr/lib/<triple>; the cross libc in /usr/<triple>.
if(NOT DEFINED UNILANE_CROSS_MULTIARCH)
  set(UNILANE_CROSS_MULTIARCH ${UNILANE_CROSS_TRIPLE})
endif()
set(CMAKE_LIBRARY_ARCHITECTURE ${UNILANE_CROSS_MULTIARCH})
set(CMAKE_FIND_ROOT_PATH /usr/${UNILANE_CROSS_TRIPLE} /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

if(UNILANE_CROSS_QEMU)
  if(NOT DEFINED UNILANE_CROSS_QEMU_ROOT)
    set(UNILANE_CROSS_QEMU_ROOT /usr/${UNILANE_CROSS_TRIPLE})
  endif()
  find_program(UNILANE_CROSS_QEMU_PATH ${UNILANE_CROSS_QEMU} REQUIRED)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${UNILANE_CROSS_QEMU_PATH};-L;${UNILANE_CROSS_QEMU_ROOT})
endif()
