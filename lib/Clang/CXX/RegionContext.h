//===- RegionContext.h - The parts that build a region ---------*- C++ -*-===//
//
// Part of privateer. Owns the state (RegionState.h) and the parts that build
// the model of one unit of parallel work from the Clang AST; each part holds
// the context, to call the others, and the state.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_REGIONCONTEXT_H
#define PRIVATEER_LIB_CLANG_CXX_REGIONCONTEXT_H

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
  // Statements, AccessLoops, AccessCalls, AccessTargets.cpp) ---
  void visitStmt(const clang::Stmt *S);
  void visitCompound(const clang::CompoundStmt *CS);
  void visitIf(const clang::IfStmt *If);
  /// `if (v > m) m = v;`: notes the max (or min) update the branch's
  /// assignment makes (PendingConditionalOp).
  void noteConditionalMinMax(const clang::IfStmt *If);
  /// Writes of the same element on both arms of an if, accesses
  /// [ThenBegin, ElseBegin) and [ElseBegin, end), are made where the if is.
  void hoistWritesOnBothArms(size_t ThenBegin, size_t ElseBegin,
                             bool ConditionalHere);
  void visitWhile(const clang::WhileStmt *W);
  void visitSwitch(const clang::SwitchStmt *Sw);
  void visitDo(const clang::DoStmt *Do);
  /// A return, break, continue or goto.
  void visitJump(const clang::Stmt *S);
  void visitFor(const clang::ForStmt *F);
  /// The conditions under which the body of loop \p L, whose variable is
  /// \p Var, runs when it steps by \p Step, a value known at run time.
  void runtimeStepConditions(const LoopShape &L, SymbolId Var,
                             const ExprRef &Step);
  void visitRangeFor(const clang::CXXForRangeStmt *F);
  /// Binds the iterator of `for (auto it = v.begin(); ...; ++it)` to the
  /// elements of v through a new loop symbol of kind \p Kind.
  std::optional<SymbolId> bindIterator(const clang::ForStmt *F,
                                       SymbolKind Kind);
  void visitDecl(const clang::VarDecl *V);
  void visitExpr(const clang::Expr *E, AccessKind Mode, bool ValueUsed);
  void visitBinary(const clang::BinaryOperator *BO, AccessKind Mode,
                   bool ValueUsed);
  /// `x = e`: a write, or an update when e combines x (`x = x + e`, or the
  /// pending conditional form of min/max).
  void visitAssignment(const clang::BinaryOperator *BO, bool ValueUsed);
  /// An overloaded operator: a subscript is an lvalue, an assignment to a
  /// whole object of class type a write of it; the rest read operands.
  void visitOperatorCall(const clang::CXXOperatorCallExpr *OC, AccessKind Mode,
                         bool ValueUsed);
  void visitIndices(const clang::Expr *E);
  void visitLValue(const clang::Expr *E, AccessKind Mode, ReductionOp Op,
                   bool ValueUsed);
  /// `m[k]` of a std::map or std::unordered_map (which inserts k when it
  /// is missing): the subscript; null for anything else.
  const clang::CXXOperatorCallExpr *mapSubscript(const clang::Expr *E) const;
  void visitPointerOperand(const clang::Expr *E);
  ReductionOp selfUpdateOp(const clang::Expr *LHS, const clang::Expr *RHS);
  bool sameTarget(const clang::Expr *A, const clang::Expr *B);
  void record(const Target &T, AccessKind Kind, const clang::Expr *Where,
              ReductionOp Op = ReductionOp::None, bool ResultUsed = false,
              bool Whole = false, ExprRef Range = nullptr);

  // --- The parts ---
  ExprTranslator Exprs{*this, *this};
  ValueFacts Facts{*this, *this};
  SyncTracker Sync{*this, *this};
  CallFollower Calls{*this, *this};
  TargetResolver Targets{*this, *this};
  AllocationTracker Allocations{*this, *this};
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_REGIONCONTEXT_H
