# Cross-build for 64-bit ARM Linux with Debian's gcc-aarch64-linux-gnu, run
# under qemu-user (Debian qemu-user).
#
#   cmake -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
set(UNILANE_CROSS_TRIPLE aarch64-linux-gnu)
set(UNILANE_CROSS_PROCESSOR aarch64)
set(UNILANE_CROSS_QEMU qemu-aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
