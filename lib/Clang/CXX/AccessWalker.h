//===- AccessWalker.h - The accesses of a work item ------------*- C++ -*-===//
//
// Part of privateer. The walk of a work item's code that finds its accesses:
// statements and branches (AccessStatements.cpp), loops (AccessLoops.cpp),
// expressions and the record of each access with its path, conditions,
// phase and protection (AccessWalker.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_ACCESSWALKER_H
#define PRIVATEER_LIB_CLANG_CXX_ACCESSWALKER_H

#include "LoopShape.h"
#include "RegionState.h"

namespace privateer {
namespace clangfe {

class RegionContext;

/// The walk of a work item's code that records its accesses.
class AccessWalker {
public:
  AccessWalker(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

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

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_ACCESSWALKER_H
