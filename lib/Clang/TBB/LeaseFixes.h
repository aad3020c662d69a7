//===- LeaseFixes.h - TBB fixes: a buffer leased per work item --*- C++ -*-===//
//
// Part of privateer. A work item that takes its thread's slot of a scratch
// buffer and keeps it across nested parallel work (where the waiting thread
// can run another work item that takes the same slot) gets a buffer leased
// from a privateer::buffer_pool for its lifetime instead.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_LEASEFIXES_H
#define PRIVATEER_CLANG_TBB_LEASEFIXES_H

#include "privateer/Clang/ProgrammingModel.h"

namespace privateer {
namespace clangfe {

/// The edits of a Remedy::Kind::LeaseFromPool finding about a TBB call.
std::vector<clang::FixItHint> buildLeaseFix(const Finding &F,
                                            const ModelledConstruct &C,
                                            clang::ASTContext &Ctx,
                                            std::string &WhyNot);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_LEASEFIXES_H
