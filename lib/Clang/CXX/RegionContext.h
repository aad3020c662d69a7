//===- RegionContext.h - The parts that build a region ---------*- C++ -*-===//
//
// Part of privateer. Owns the state (RegionState.h) and the parts that build
// the model of one unit of parallel work from the Clang AST; each part holds
// the context, to call the others, and the state.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_REGIONCONTEXT_H
#define PRIVATEER_LIB_CLANG_CXX_REGIONCONTEXT_H

#include "AccessWalker.h"
#include "AllocationTracker.h"
#include "CallFollower.h"
#include "ExprTranslator.h"
#include "RegionState.h"
#include "SyncTracker.h"
#include "TargetResolver.h"
#include "ValueFacts.h"

#include "privateer/Clang/CXX/ConstructSemantics.h"
#include "privateer/Clang/CXX/ReachingDefinitions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

namespace privateer {
namespace clangfe {

class RegionContext : public RegionState {
public:
  RegionContext(clang::ASTContext &AST, const UnitShape &Spec,
                ConstructSemantics &Semantics);
  std::optional<ParallelRegion> build(ParallelRegion Seed);

  // --- Set-up and buffers (RegionBuilder.cpp) ---
  bool setUpWorkItems();
  /// The work items of a loop unit: one symbol per loop of the nest.
  bool setUpLoopItems();
  /// Binds the variable of work-item loop \p S (a for or range-for loop;
  /// \p First and \p Last bound its whole range when its header bounds a
  /// chunk) and returns its body; null for a loop we cannot model.
  const clang::Stmt *bindItemLoop(const clang::Stmt *S,
                                  const clang::Expr *First,
                                  const clang::Expr *Last);
  /// Sections, or the stages of a pipeline (one item through all stages).
  bool setUpSectionItems();
  /// One work item per iteration of the loops that generate the tasks.
  bool setUpTaskItems();
  /// The work item named by UnitShape::ItemParam (no loop statement).
  bool setUpItemParameter();
  void collectDeclsIn(const clang::Stmt *S,
                      llvm::SmallPtrSetImpl<const clang::VarDecl *> &Out);
  void collectModified(const clang::Stmt *S,
                       llvm::SmallPtrSetImpl<const clang::VarDecl *> &Out);
  void collectModified(const clang::Stmt *S) { collectModified(S, Modified); }
  Sharing sharingOf(const clang::VarDecl *V) const;
  bool isDeclaredInUnit(const clang::VarDecl *V) const;
  std::optional<unsigned> bufferFor(const Target &T);
  /// Kind and sharing of the buffer \p T points into (Level > 0).
  void describePointee(Buffer &B, const Target &T);
  /// Kind and sharing of the object \p T names itself (Level 0), of type
  /// \p Ty.
  void describeObject(Buffer &B, const Target &T, clang::QualType Ty,
                      bool NestedCopy, bool CalleeGlobal);
  /// Whether every thread of the team around a loop unit reads \p V after
  /// the construct (Buffer::ReadByTeamAfterConstruct).
  bool readByTeamAfterConstruct(const clang::VarDecl *V) const;

  // --- Facts the code states (StatedFacts.cpp) ---

  // --- Index translation and loops (IndexTranslator.cpp) ---

  // --- Values through definitions (ValueTracking.cpp) ---

  // --- Allocations (AllocationCollector.cpp) ---

  // --- Accesses (AccessCollector.cpp: records and expressions; Access

  // --- The parts ---
  ExprTranslator Exprs{*this, *this};
  ValueFacts Facts{*this, *this};
  SyncTracker Sync{*this, *this};
  CallFollower Calls{*this, *this};
  TargetResolver Targets{*this, *this};
  AllocationTracker Allocations{*this, *this};
  AccessWalker Walker{*this, *this};
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_REGIONCONTEXT_H
