//===- RegionState.h - What the parts of a region build share --*- C++ -*-===//
//
// Part of privateer. The data the parts of RegionContext.h share while they
// build the model of one unit of parallel work: the region being built, the
// unit's variables and symbols, and where the access walk stands (branches,
// guards, barrier phases, inlined calls).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_REGIONSTATE_H
#define PRIVATEER_LIB_CLANG_CXX_REGIONSTATE_H

#include "Target.h"

#include "privateer/Clang/CXX/ConstructSemantics.h"
#include "privateer/Clang/CXX/ReachingDefinitions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace privateer {
namespace clangfe {

/// Where the walk stands among the team's barriers (Access::Phase and
/// ::PossibleBarriers).
struct PhaseMark {
  unsigned Phase = 0, Possible = 0;
  bool operator==(const PhaseMark &O) const {
    return Phase == O.Phase && Possible == O.Possible;
  }
};

/// The writes of one shared scalar met so far (RegionState::SharedWrites).
struct ScalarWrites {
  unsigned LastPhase = 0;
  bool OneThread = true;
};

/// The data the parts of a region share (RegionContext::State).
struct RegionState {
  RegionState(clang::ASTContext &AST, const UnitShape &Spec,
              ConstructSemantics &Semantics)
      : AST(AST), Spec(Spec), Semantics(Semantics) {}

  clang::ASTContext &AST;
  const UnitShape &Spec;
  ConstructSemantics &Semantics;
  ParallelRegion R;

  /// The statement one work item executes (loop body, region, task).
  const clang::Stmt *Body = nullptr;
  /// Section statements, for sections regions.
  llvm::SmallVector<const clang::Stmt *, 4> Sections;
  /// Variables declared in the unit: private to each work item.
  llvm::SmallPtrSet<const clang::VarDecl *, 32> ItemLocals;
  /// Variables declared in the team's region around the unit: private to
  /// each thread.
  llvm::SmallPtrSet<const clang::VarDecl *, 32> ThreadLocals;
  /// Variables whose value the unit changes.
  llvm::SmallPtrSet<const clang::VarDecl *, 32> Modified;
  /// Variables the unit changes or writes memory through (`p` of `p[i] = x`).
  llvm::SmallPtrSet<const clang::VarDecl *, 32> Stored;
  /// Variables the enclosing function assigns anywhere (computed lazily).
  std::optional<llvm::SmallPtrSet<const clang::VarDecl *, 32>> FunctionModified;
  /// Local arrays found written only by their initializer, or not
  /// (ValueFacts::writtenOnlyByInitializer).
  llvm::DenseMap<const clang::VarDecl *, bool> InitializerOnly;

  llvm::DenseMap<const clang::VarDecl *, SymbolId> Symbols;
  /// The loop statement whose variable a symbol of Symbols is (its value
  /// there; a use outside that loop reads another value).
  llvm::DenseMap<const clang::VarDecl *, const clang::Stmt *> SymbolScope;
  /// Reaching definitions per function, built when first needed.
  llvm::DenseMap<const clang::Decl *, std::unique_ptr<ReachingDefinitions>>
      Dataflow;
  /// Definitions being followed (a guard against cycles), and how many of
  /// them lie before the construct: values read there are not the work
  /// item's.
  llvm::SmallPtrSet<const Definition *, 8> DefinitionsInProgress;
  unsigned OutsideDefinitions = 0;
  /// Writes of shared scalars met so far: the last barrier phase of one,
  /// and whether each ran on one thread only.
  llvm::DenseMap<const clang::VarDecl *, ScalarWrites> SharedWrites;
  /// Unknown values computed before the construct, by expression.
  llvm::DenseMap<const clang::Expr *, SymbolId> ValueBefore;
  std::map<std::string, SymbolId> OpaqueBySpelling;
  std::optional<SymbolId> ThreadId;
  /// Symbols of induction variables reached through let-bound locals.
  llvm::DenseMap<const clang::VarDecl *, ExprRef> LetBound;
  llvm::SmallPtrSet<const clang::VarDecl *, 8> LetInProgress;
  /// Reference and pointer variables bound to a target.
  llvm::DenseMap<const clang::VarDecl *, std::optional<Target>> Aliases;
  /// Value parameters of inlined calls, bound to the caller's expressions.
  llvm::DenseMap<const clang::VarDecl *, ExprRef> ParamValues;
  /// Pointer parameters of inlined calls (bound in Aliases to the
  /// argument's target).
  llvm::SmallPtrSet<const clang::VarDecl *, 8> PointerParams;
  /// References bound to an element of a std::map or std::unordered_map
  /// (`auto &m = outer[k];`).
  llvm::SmallPtrSet<const clang::VarDecl *, 4> MapElementRefs;
  /// Pointer parameters of inlined calls whose argument is a null pointer
  /// (true) or the address of an object (false).
  llvm::DenseMap<const clang::VarDecl *, bool> NullPointerParams;
  std::map<std::pair<const clang::ValueDecl *, unsigned>, unsigned> BufferIds;
  llvm::SmallVector<const clang::FunctionDecl *, 4> InlineStack;
  /// The objects of the methods being followed, innermost last: `this`
  /// of each (Enclosing: the construct's own object, whose members are
  /// buffers of their own; else the object's target, none when unknown).
  struct ThisObject {
    bool Enclosing = false;
    std::optional<Target> Object;
  };
  llvm::SmallVector<ThisObject, 2> ThisObjects;
  /// The variables the lambdas being followed capture by copy: in their
  /// bodies a use names the closure's copy, not the variable.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> CopiedCaptures;
  /// How many of the lambdas being followed were made before the
  /// construct (Buffer::ThroughClosure for what they access).
  unsigned OutsideClosureDepth = 0;
  /// The call of the outermost lambda being followed, in the work item's
  /// code (Access::CalledAt).
  const clang::Expr *LambdaCall = nullptr;
  /// Where accesses of an inlined call are reported: the call in the unit.
  const clang::Expr *CallSite = nullptr;

  /// Variables whose storage was moved or swapped out of the work item.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> Escaped;
  /// Allocations recorded for each variable, to mark them freed.
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<size_t, 2>>
      AllocationsOf;
  unsigned LoopDepth = 0;
  unsigned Phase = 0;
  unsigned PossibleBarriers = 0;
  bool InNestedTask = false;
  /// A continue, return or goto of the work item's own code was passed:
  /// what follows does not run in every work item.
  bool LeftWorkItem = false;
  /// The variable or member a plain assignment being visited stores to, and
  /// the value it stores (Access::StoredValue).
  const clang::Expr *StoreTarget = nullptr;
  ExprRef StoreValue;
  /// The functions a visible-uses walk of mayUseThreadId has entered.
  llvm::SmallPtrSet<const clang::FunctionDecl *, 8> ThreadIdWalked;

  Guard CurrentGuard = Guard::None;
  /// The names of the critical sections the walk is in (Access::Criticals).
  std::vector<std::string> Criticals;
  unsigned LockDepth = 0;
  bool InConditional = false;
  /// Inside an operand that runs only on some evaluations (an arm of `?:`,
  /// the right side of `&&` or `||`): not on every path.
  unsigned InShortCircuit = 0;
  /// A return was passed in the function being visited: the rest of it is
  /// conditional.
  bool AfterReturn = false;
  /// The branches around the statement being visited (Access::Branch).
  std::vector<unsigned> BranchPath;
  /// Branches that are the bodies of loops and switches, for what a break
  /// or continue leaves; the depth of BranchPath at each inlined call, for
  /// what a return leaves; the fewest barriers passed where a branch is
  /// left before its end.
  std::set<unsigned> LoopBodies, SwitchBodies;
  std::vector<size_t> FunctionBranchDepth;
  std::map<unsigned, unsigned> ExitPhases;
  unsigned NextBranch = 0;
  /// Labels and cases seen so far (Access::Epoch).
  unsigned LabelEpoch = 0;
  bool InSingleItem = false;
  /// The comparisons the branches around the statement being visited hold
  /// (Access::Conditions).
  std::vector<Condition> PathConditions;
  ExprRef PinnedItem;
  /// Inside 'master' or 'masked': the thread that runs the code.
  std::optional<int64_t> GuardThread;
  /// Set by `if (v > m) m = v;`: the assignment it guards is a max update.
  ReductionOp PendingConditionalOp = ReductionOp::None;
  const clang::Expr *PendingConditionalLHS = nullptr;
  unsigned CurrentSection = 0;
  unsigned NextOrder = 0;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_REGIONSTATE_H
