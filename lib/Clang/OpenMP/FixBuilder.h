//===- FixBuilder.h - Fix plans to Clang fix-it hints -----------*- C++ -*-===//
//
// Part of privateer. Maps a finding's front-end-neutral fix plan to exact
// text edits of the source (clauses, atomics, splits, padding, leases,
// aligned allocations; one file per kind in lib/Clang/*Fixes.cpp). Refuses,
// with a reason, whenever the edit could be wrong: inside a macro
// expansion, in a system header, or a privatization of a variable the code
// uses after the construct.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_FIXBUILDER_H
#define PRIVATEER_CLANG_FIXBUILDER_H

#include "privateer/Analysis/Finding.h"

#include "clang/Basic/Diagnostic.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class OMPExecutableDirective;
class FunctionDecl;
} // namespace clang

namespace privateer {
namespace clangfe {

/// The edits of \p F's fix, about the construct \p Directive in
/// \p Function, or none with \p WhyNot set.
std::vector<clang::FixItHint>
buildFix(const Finding &F, const clang::OMPExecutableDirective *Directive,
         const clang::FunctionDecl *Function, clang::ASTContext &Ctx,
         std::string &WhyNot);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_FIXBUILDER_H
