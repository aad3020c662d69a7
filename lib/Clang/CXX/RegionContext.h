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
#include "RegionAssembler.h"
#include "RegionState.h"
#include "SyncTracker.h"
#include "TargetResolver.h"
#include "ValueFacts.h"

#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

namespace privateer {
namespace clangfe {

/// Owns the state and the parts that build one region.
class RegionContext {
public:
  RegionContext(clang::ASTContext &AST, const UnitShape &Spec,
                ConstructSemantics &Semantics);
  // The parts hold references to the context and its state.
  RegionContext(const RegionContext &) = delete;
  RegionContext &operator=(const RegionContext &) = delete;

  /// The state the parts share, then the parts (each holds this context
  /// and the state).
  RegionState State;
  ExprTranslator Exprs{*this, State};
  ValueFacts Facts{*this, State};
  SyncTracker Sync{*this, State};
  CallFollower Follower{*this, State};
  TargetResolver Targets{*this, State};
  AllocationTracker Allocations{*this, State};
  AccessWalker Walker{*this, State};
  RegionAssembler Assembler{*this, State};
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_REGIONCONTEXT_H
