# Cross-build for IBM Z (s390x, 64-bit big-endian) Linux with Debian's
# gcc-s390x-linux-gnu, run under qemu-s390x (Debian qemu-user). The scalar
# kernel set is the only one compiled there: the point is a big-endian run
# of the whole suite (UTF-16 is native-endian by contract).
#
#   cmake -B build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/s390x-linux-gnu.cmake
#
# qemu finds the dynamic loader and libc under / (Debian's libc6:s390x, which
# check:s390x depends on): the cross libc in /usr/s390x-linux-gnu is another
# build of glibc, and its loader picks up the multiarch libc.so.6 that
# libsubunit needs, a mix that aborts at start-up (measured: "stack smashing
# detected" in an empty program).
set(UNILANE_CROSS_PROCESSOR s390x)
set(UNILANE_CROSS_TRIPLE s390x-linux-gnu)
set(UNILANE_CROSS_MULTIARCH s390x-linux-gnu)
set(UNILANE_CROSS_QEMU qemu-s390x)
set(UNILANE_CROSS_QEMU_ROOT /)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
