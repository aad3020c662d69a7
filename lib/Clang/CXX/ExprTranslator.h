//===- ExprTranslator.h - Clang expressions to Model::Expr ------*- C++ -*-===//
//
// Part of privateer. Translates Clang expressions, with what ValueFacts knows
// of the values they read, into the model's symbolic expressions
// (Model::Expr): work-item symbols, loops, the thread number and team size,
// conversions, loads and opaque values.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_EXPRTRANSLATOR_H
#define PRIVATEER_LIB_CLANG_CXX_EXPRTRANSLATOR_H

#include "LoopShape.h"
#include "RegionState.h"

namespace privateer {
namespace clangfe {

class RegionContext;

/// Clang expressions to Model::Expr, with what ValueFacts knows of values.
class ExprTranslator {
public:
  ExprTranslator(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

  ExprRef translate(const clang::Expr *E);
  /// A variable's value: a work item's symbol, what its reaching
  /// definitions computed, its initializer, or an opaque value.
  ExprRef translateVariable(const clang::DeclRefExpr *DRE);
  /// A variable the unit reads and never writes: the same in every work
  /// item (a loop around the construct keeps its range).
  ExprRef translateUnitInvariant(const clang::VarDecl *V);
  ExprRef translateBinary(const clang::BinaryOperator *BO);
  /// An integral conversion that can change a value (to an unsigned or a
  /// narrower type: `(unsigned)key[i]`, `(uint8_t)v`): of data, a value of
  /// the new type's range; of a computed value (or data known to fit), the
  /// operand's value (loop variables and sizes are taken not to wrap);
  /// null for any other expression.
  ExprRef translateConversion(const clang::Expr *E);
  /// `x & m`: `x % (m + 1)` for x >= 0 and a constant mask of low bits, else
  /// a value between 0 and the mask.
  ExprRef translateBitAnd(const clang::BinaryOperator *BO);
  /// An element of a table whose contents the program fixes (`static
  /// const int bin_of[8] = {...}`); null for any other subscript.
  ExprRef translateTableElement(const clang::ArraySubscriptExpr *AS);
  /// A call: the thread number, a team's size or count, min/max, or an
  /// opaque result.
  ExprRef translateCall(const clang::CallExpr *Call);
  /// `a < b ? a : b` as min(a, b) (and the mirrored forms); null for any
  /// other conditional.
  /// Whether \p Object (a method call's object) names something one work
  /// item has for itself: a local of the work item, or an element its
  /// variable selects (`contigs[i]`).
  bool objectOfWorkItem(const clang::Expr *Object) const;
  ExprRef translateMinMax(const clang::ConditionalOperator *CO);
  /// A load (`idx[i]`, `p->n`), opaque: invariant when nothing it reads
  /// varies per work item.
  ExprRef translateLoad(const clang::Expr *E);
  ExprRef opaque(const clang::Expr *E, bool Dependent);
  /// A value unknown but the same for every work item, equal to no other
  /// (not shared with other expressions spelled alike).
  ExprRef unknownInvariant(const clang::Expr *E);
  SymbolId symbolForLoop(const LoopShape &L, SymbolKind Kind);
  std::optional<SymbolId> threadIdSymbol();
  /// The size of the team that runs the work items (ParallelRegion::
  /// TeamSize); the thread number is below it.
  SymbolId teamSizeSymbol();
  bool isThreadIdValue(const clang::Expr *E);
  bool isWorkItemInvariant(const ExprRef &E) const;
  std::string spell(const clang::Stmt *S) const;

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_EXPRTRANSLATOR_H
