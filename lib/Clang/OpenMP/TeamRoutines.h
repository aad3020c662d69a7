//===- TeamRoutines.h - Functions a team runs -------------------*- C++ -*-===//
//
// Part of privateer. A function that holds an orphaned worksharing
// construct (`#pragma omp for` with no 'parallel' around it in the
// function), an orphaned 'single' or 'barrier', is meant to run inside a
// team: the 'parallel' that runs it is in a caller, often in another file.
// Every thread of that team runs the code outside its worksharing loops,
// so a shared update there (`s.energy += local;` after the loop) races
// whether or not the unit shows the 'parallel'.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMP_TEAMROUTINES_H
#define PRIVATEER_CLANG_OPENMP_TEAMROUTINES_H

#include "CallSites.h"

#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace privateer {
namespace clangfe {

/// Whether \p D, inside \p Enclosing (innermost first, up to its
/// function), is an orphaned construct that binds to a caller's team: a
/// worksharing construct, 'single', 'barrier', 'master' or 'masked' with
/// no parallel, teams, task or target construct around it in the function.
bool bindsToCallersTeam(
    const clang::OMPExecutableDirective *D,
    llvm::ArrayRef<const clang::OMPExecutableDirective *> Enclosing);

/// Whether the unit shows that \p F never runs in a team: it has internal
/// linkage and every call of it is outside any OpenMP construct, in
/// `main` or in a function that itself never runs in a team (a few
/// callers up).
bool runsOnlySerially(const clang::FunctionDecl *F, CallSiteIndex &Calls,
                      unsigned Depth = 0);

/// Whether some call of \p F in the unit is inside an OpenMP construct:
/// the construct's own region then follows the call.
bool calledInConstruct(const clang::FunctionDecl *F, CallSiteIndex &Calls);

/// Whether \p Body starts a team of its own somewhere (a 'parallel'): a
/// function that does is a serial driver, and an orphaned 'omp for' in it
/// runs on the one thread that calls it (a 'parallel' forgotten, perhaps),
/// not on a caller's team.
bool startsTeamItself(const clang::Stmt *Body);

/// Whether \p Body is written for a team: it combines a partial result
/// its worksharing loop accumulated into a local after that loop
/// (`s.energy += local`), or it uses what only a team needs (a barrier,
/// 'single', 'master', 'critical', 'atomic', a 'nowait', the thread
/// number). An orphaned 'omp for' alone may be a 'parallel' forgotten in
/// code called serially: its other findings are then "may".
bool writtenForTeam(const clang::Stmt *Body, const clang::ASTContext &Ctx);

/// The objects the orphaned worksharing constructs of \p Body divide among
/// the team: the reference and pointer parameters they name (and `this`,
/// as \p This). A worksharing loop shares out the work on one object of
/// the team; over an object of each thread's own it would leave each
/// thread a part of its own work.
struct DistributedObjects {
  llvm::SmallPtrSet<const clang::ValueDecl *, 8> Params;
  bool This = false;
};
DistributedObjects distributedObjects(const clang::Stmt *Body);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMP_TEAMROUTINES_H
