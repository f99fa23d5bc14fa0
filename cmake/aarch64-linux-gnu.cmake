# Cross-build for 64-bit ARM Linux with Debian's gcc-aarch64-linux-gnu, run
# under qemu-user (Debian qemu-user).
#
#   cmake -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(UNILANE_CROSS_TRIPLE aarch64-linux-gnu)
set(UNILANE_CROSS_MULTIARCH aarch64-linux-gnu)
set(UNILANE_CROSS_QEMU qemu-aarch64)
set(UNILANE_CROSS_QEMU_ROOT /usr/aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
