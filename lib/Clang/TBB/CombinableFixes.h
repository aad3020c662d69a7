//===- CombinableFixes.h - TBB fixes: accumulations combined ----*- C++ -*-===//
//
// Part of privateer. An accumulation into a variable captured by reference
// (`sum += x[i]`, `if (x[i] > m) m = x[i];` in a parallel_for body)
// becomes a tbb::combinable: each
// thread updates its own copy (`.local()`), and the copies are combined
// into the variable once, after the call.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_COMBINABLEFIXES_H
#define PRIVATEER_CLANG_TBB_COMBINABLEFIXES_H

#include "privateer/Clang/ProgrammingModel.h"

namespace privateer {
namespace clangfe {

std::vector<clang::FixItHint> buildCombinableFix(const Finding &F,
                                                 const ModelledConstruct &C,
                                                 clang::ASTContext &Ctx,
                                                 std::string &WhyNot);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_COMBINABLEFIXES_H
