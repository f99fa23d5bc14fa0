# The part the Debian cross toolchain files share (cmake/aarch64-linux-gnu.cmake,
# cmake/arm-linux-gnueabihf.cmake): they set UNILANE_CROSS_TRIPLE (the GNU
# triplet, which is also Debian's multiarch name), UNILANE_CROSS_PROCESSOR
# and UNILANE_CROSS_QEMU, then include this file. Tests run under qemu-user
# through CMAKE_CROSSCOMPILING_EMULATOR (binfmt_misc is not assumed).
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
set(CMAKE_LIBRARY_ARCHITECTURE ${UNILANE_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH /usr/${UNILANE_CROSS_TRIPLE} /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

find_program(UNILANE_CROSS_QEMU_PATH ${UNILANE_CROSS_QEMU} REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${UNILANE_CROSS_QEMU_PATH};-L;/usr/${UNILANE_CROSS_TRIPLE})
