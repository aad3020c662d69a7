//===- ThreadSpecific.h - What TBB's objects per thread share ---*- C++ -*-===//
//
// Part of privateer. The TBB rewrites that give each thread an object of
// its own (tbb::enumerable_thread_specific, tbb::combinable) spell the
// class once, include its header once, and hold to one rule: a copy a work
// item takes through local() stays its own only while the work item does
// not wait for nested parallel work.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_THREADSPECIFIC_H
#define PRIVATEER_CLANG_TBB_THREADSPECIFIC_H

#include "privateer/Clang/CXX/Edits/EditBuilder.h"
#include "privateer/Clang/ProgrammingModel.h"

#include "clang/AST/Expr.h"

#include <string>

namespace privateer {
namespace clangfe {
namespace tbbfix {

/// The class the rewrites declare. Every work item calls local() once or
/// more, so its lookup is the rewrite's cost: ets_key_per_instance finds
/// the thread's element through a native thread-local key (measured 2.5x
/// faster than the default, which hashes the thread's id, on 100 million
/// `local() += x` calls; the default was slower than the false sharing it
/// removes). It takes one key per live instance, of the PTHREAD_KEYS_MAX
/// (1024 in glibc) a process has.
std::string threadSpecificType(const std::string &T);

/// Why a copy per thread taken through local() is not the work item's own
/// while it runs, if it is not: the body waits for nested parallel work
/// (the waiting thread can run another work item of the call).
llvm::Error bodyLeavesThread(const ModelledConstruct &C);

/// `#include <tbb/Header>` for tbb::\p Class unless the unit declares it:
/// after the file's first TBB include, else after the include that brought
/// \p Call's callee in.
void includeTBBClass(EditBuilder &E, const clang::CallExpr *Call,
                     llvm::StringRef Class, llvm::StringRef Header);

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_THREADSPECIFIC_H
