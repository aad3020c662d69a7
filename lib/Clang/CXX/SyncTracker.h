//===- SyncTracker.h - Barriers, guards, tasks and phases ------*- C++ -*-===//
//
// Part of privateer. What orders the accesses of a unit: barriers and the
// phases between them, guarded code (critical, atomic, locks, one thread),
// nested and child tasks, worksharing loops nested in the work item. It is
// the NestedCodeVisitor through which the programming model walks its own
// statements.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_SYNCTRACKER_H
#define PRIVATEER_LIB_CLANG_CXX_SYNCTRACKER_H

#include "RegionState.h"

#include "privateer/Clang/CXX/ConstructSemantics.h"

namespace privateer {
namespace clangfe {

class RegionContext;

/// The guards of the code around a branch, saved where an arm starts.
struct BranchGuards {
  bool InSingleItem = false;
  ExprRef PinnedItem;
  Guard CurrentGuard = Guard::None;
};

/// What orders the work item's accesses: barriers, guards, tasks.
class SyncTracker : public NestedCodeVisitor {
public:
  SyncTracker(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

  // The model's nested statements (NestedCodeVisitor).
  RegionKind unitKind() const override { return State.Spec.Kind; }
  bool inCalledFunction() const override { return !State.InlineStack.empty(); }
  void visit(const clang::Stmt *S) override;
  void visitGuarded(const clang::Stmt *S, Guard G,
                    std::optional<int64_t> Thread,
                    std::optional<std::string> Critical) override;
  void visitAssuming(const clang::Stmt *S,
                     llvm::ArrayRef<const clang::Expr *> Holds) override;
  void visitNestedTask(const clang::Stmt *S) override;
  void barrier() override;
  void schedulingPoint(clang::SourceLocation Where, const char *What) override;
  void childTasks(const clang::Stmt *Body) override;
  void worksharingLoop(const clang::Stmt *Body) override;
  /// Where the walk stands among the team's barriers; resetPhase goes back.
  PhaseMark phaseMark() const { return {State.Phase, State.PossibleBarriers}; }
  void resetPhase(PhaseMark M) {
    State.Phase = M.Phase;
    State.PossibleBarriers = M.Possible;
  }
  /// Leaves a branch or loop whose paths ended at \p Ends (one that can be
  /// skipped ends where it started): the barriers passed on every path
  /// count, and one on some paths only is a possible barrier.
  void joinPhases(std::initializer_list<PhaseMark> Ends);
  /// Notes the fewest barriers passed on a way out of \p Branch, the
  /// innermost branch of the walk (ParallelRegion::BranchEndPhase).
  void noteBranchEnd(const clang::Stmt *Branch);
  /// A break, continue or return here leaves the branches from
  /// BranchPath[Depth] inwards.
  void noteExit(size_t Depth);
  /// A call the walk does not follow may hold a barrier of the team.
  void notePossibleBarrier(const clang::CallExpr *Call);
  /// Whether only one thread of the team runs code under \p Cond
  /// (`tid == k`, `omp_get_num_threads() == 1`, or a conjunct of those).
  bool oneThreadOnly(const clang::Expr *Cond);
  /// Whether \p Cond is `nthreads == 1` for the team's size.
  bool teamOfOneTest(const clang::Expr *Cond);
  /// Enters the arm of a branch on \p Cond that runs where it holds: code
  /// of one work item (pinned to it), one thread's code (a Single guard),
  /// or else conditional code. Returns the guards to restore.
  BranchGuards enterBranch(const clang::Expr *Cond);
  /// Restores the guards \p Saved (for the other arm, or after the branch).
  void restoreGuards(const BranchGuards &Saved);

  /// Takes or releases a lock where \p S, a statement of a block whose
  /// walk began at \p BlockLockDepth, does (`omp_set_lock(&l);`,
  /// `m.unlock();`); false for any other statement.
  bool noteLockStatement(const clang::Stmt *S, unsigned BlockLockDepth);
  /// Takes the lock a lock guard \p V holds until its block ends; false
  /// for any other variable.
  bool noteLockGuard(const clang::VarDecl *V);

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_SYNCTRACKER_H
