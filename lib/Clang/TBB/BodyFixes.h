//===- BodyFixes.h - TBB fixes: scratch moved into the body -----*- C++ -*-===//
//
// Part of privateer. Where a TBB finding's fix is built: a scratch variable
// declared before the call and used only in the body moves into the body
// (before the range loop for a blocked_range body: one per chunk; a
// container of an index or element body is kept per thread instead, see
// ThreadSpecificFixes.h); accumulations become a tbb::combinable
// (CombinableFixes.h); thread-indexed sums an enumerable_thread_specific.
// Every other finding gets no fix, with the reason.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_BODYFIXES_H
#define PRIVATEER_CLANG_TBB_BODYFIXES_H

#include "privateer/Clang/ProgrammingModel.h"

namespace privateer {
namespace clangfe {

std::vector<clang::FixItHint> buildBodyFix(const Finding &F,
                                           const ModelledConstruct &C,
                                           clang::ASTContext &Ctx,
                                           std::string &WhyNot);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_BODYFIXES_H
