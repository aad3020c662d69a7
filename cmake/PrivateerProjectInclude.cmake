#===- PrivateerProjectInclude.cmake - privateer without editing CMakeLists -===#
#
# Part of privateer. Loads the plugin into every C and C++ compile of a
# project whose CMakeLists.txt is not to be edited:
#
#   cmake -S . -B build -DCMAKE_C_COMPILER=clang-22 \
#     -DCMAKE_PROJECT_INCLUDE=<prefix>/lib/cmake/Privateer/PrivateerProjectInclude.cmake \
#     [-DPRIVATEER_CHECKS="-*;privateer-shared-buffer"] [-DPRIVATEER_WERROR=ON] \
#     [-DPRIVATEER_EXPLAIN_SILENCE=ON]
#
# CMake runs this file after the top-level project() (and after each
# project() of a subproject, which it leaves alone: the options are the
# top-level directory's, and every target below inherits them).
#
#===----------------------------------------------------------------------===#

get_property(privateer_included GLOBAL PROPERTY PRIVATEER_PROJECT_INCLUDED)
if(NOT privateer_included)
  set_property(GLOBAL PROPERTY PRIVATEER_PROJECT_INCLUDED TRUE)
  include("${CMAKE_CURRENT_LIST_DIR}/PrivateerConfig.cmake")
  set(privateer_args "")
  if(PRIVATEER_CHECKS)
    list(APPEND privateer_args CHECKS ${PRIVATEER_CHECKS})
  endif()
  if(PRIVATEER_WERROR)
    list(APPEND privateer_args WERROR)
  endif()
  if(PRIVATEER_EXPLAIN_SILENCE)
    list(APPEND privateer_args EXPLAIN_SILENCE)
  endif()
  privateer_enable_directory(${privateer_args})
endif()
