# Build for 32-bit x86 Linux (i386 ABI, 32-bit pointers and size_t) with
# Debian's gcc-i686-linux-gnu; the binaries run natively on an x86-64 host
# (no emulator). The AVX2 and AVX-512 kernel sets are compiled in and chosen
# at run time, as on x86-64.
#
#   cmake -B build-i386 -DCMAKE_TOOLCHAIN_FILE=cmake/i686-linux-gnu.cmake
#
# Why not the host gcc with -m32: Debian's gcc-multilib conflicts with the
# cross compilers (gcc-aarch64-linux-gnu, gcc-arm-linux-gnueabihf) that the
# other stages need, so one machine cannot have both; the i686 cross gcc is
# the same compiler for the same ABI and installs beside them.
set(UNILANE_CROSS_PROCESSOR i686)
set(UNILANE_CROSS_TRIPLE i686-linux-gnu)
set(UNILANE_CROSS_MULTIARCH i386-linux-gnu)
set(UNILANE_CROSS_QEMU "")
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
