//===- LowerOnly.cpp - Flang's lowering alone, the Fortran baseline -------===//
//
// Part of privateer's benchmarks. `bench-flang-lower-only <flang -fc1
// arguments>` lowers a Fortran file exactly as privateer-fortran does (in
// process, to HLFIR, nothing printed) and does nothing with the module:
// what privateer-fortran costs beyond it is its analysis.
//
//===----------------------------------------------------------------------===//

#include "FlangLowering.h"

#include <string>
#include <vector>

int main(int argc, char **argv) {
  privateer::fortran::initializeFlang();
  std::vector<std::string> Args(argv + 1, argv + argc);
  return privateer::fortran::lowerFortran(Args, [](mlir::ModuleOp) {}) ? 0 : 1;
}
