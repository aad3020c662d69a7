//===- ValueFacts.h - What the code says of values -------------*- C++ -*-===//
//
// Part of privateer. What the code says of values: the reaching definitions
// of locals (ValueTracking.cpp), initializers of locals never reassigned,
// the uses of the thread number, the values that bound the team's size, the
// conditions branches hold and the facts the code states around a
// construct (StatedFacts.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_VALUEFACTS_H
#define PRIVATEER_LIB_CLANG_CXX_VALUEFACTS_H

#include "RegionState.h"

namespace privateer {
namespace clangfe {

class RegionContext;

/// What the code says of the values an expression reads.
class ValueFacts {
public:
  ValueFacts(RegionContext &Ctx, RegionState &State) : Ctx(Ctx), State(State) {}

  /// Adds to R.Facts what the construct's loops, its programming model
  /// (ConstructSemantics::statedConditions), the assertions before it and
  /// the branches around it say (see include/privateer/Model/Facts.h).
  void addStatedFacts();
  /// Whether a variable \p Cond reads may change after \p After in the
  /// function (assigned, incremented, its address taken anywhere), or
  /// \p Cond reads memory or calls a function.
  bool changedAfter(const clang::Expr *Cond, clang::SourceLocation After);
  /// The initializer of a function local declared before the unit and
  /// never reassigned, as an expression; null otherwise.
  ExprRef outerDefinition(const clang::VarDecl *V);
  /// Whether the enclosing function may change \p V anywhere (assigns it,
  /// takes its address, binds it to a non-const reference).
  bool modifiedInFunction(const clang::VarDecl *V);
  /// Whether \p V, a local array of the enclosing function with automatic
  /// storage, is written only by its initializer: every use reads one of
  /// its elements (`node[i]`), none decays to a pointer, takes an address
  /// or binds a reference, so no code can change what it holds.
  bool writtenOnlyByInitializer(const clang::VarDecl *V);
  /// Whether \p E reads a bound of the team's size (a TeamBound call:
  /// omp_get_max_threads(), omp_get_num_procs()...), anywhere inside it,
  /// directly or through an integer variable initialized from one.
  bool isMaxThreadsValue(const clang::Expr *E) const;
  /// Whether \p S uses the thread number, in itself or in the functions it
  /// calls (\p Depth levels deep; deeper or recursive calls may).
  /// With \p Unseen false: whether it visibly does (what the analysis
  /// cannot see does not count).
  bool mayUseThreadId(const clang::Stmt *S, unsigned Depth, bool Unseen = true);
  /// The reaching definitions of the function \p Use is in: the
  /// construct's, or one it calls that is being inlined; null when none
  /// covers it.
  const ReachingDefinitions *dataflowFor(const clang::DeclRefExpr *Use);
  /// The value the local \p V has where \p Use reads it, from the
  /// definitions that reach the use: a single one (an assignment, an
  /// initializer, an update of a known value) or a loop's secondary
  /// induction (`off` of `for (off = s, a = 0; ...; ++a, ++off)`); null
  /// when they do not determine it.
  ExprRef valueFromDefinitions(const clang::DeclRefExpr *Use,
                               const clang::VarDecl *V);
  /// The value \p D assigns, read where it is made.
  ExprRef valueOfDefinition(const Definition &D);
  /// Whether the value \p D gave is still what \p Use reads: nothing
  /// between them repeats \p D (a loop around it and not around the use)
  /// or runs it elsewhere (a task, a 'single', other threads).
  bool reachesUse(const Definition &D, const clang::DeclRefExpr *Use,
                  const ReachingDefinitions &RD) const;
  /// For the definitions \p Defs of \p V reaching \p Use: V's value as a
  /// secondary induction variable of the innermost loop around the use.
  ExprRef inductionValue(llvm::ArrayRef<const Definition *> Defs,
                         const clang::DeclRefExpr *Use,
                         const ReachingDefinitions &RD);
  /// Whether \p V's definitions outside the unit's code can be followed
  /// into it (its copy there starts with the value outside).
  bool definitionsFlowIn(const clang::VarDecl *V) const;
  /// Whether the unit writes shared scalar \p V only on one thread (single,
  /// master), all before a barrier the walk has passed since.
  bool publishedBeforeBarrier(const clang::VarDecl *V) const;
  /// Whether \p S is code of the unit (its work items' or its team's)
  /// rather than code before the construct.
  bool inUnitCode(const clang::Stmt *S, const ReachingDefinitions &RD) const;
  /// Whether the symbol bound to loop variable \p V names the value \p Use
  /// reads (the use is inside the loop that binds it).
  bool symbolInScope(const clang::VarDecl *V, const clang::DeclRefExpr *Use);
  /// For `v == e` on the work-item variable v: e (or 0 for `!v`).
  ExprRef singleWorkItemValue(const clang::Expr *Cond);
  /// The comparisons that hold after \p S in the code it is in, when \p S
  /// states one (`__builtin_assume(e)`, `[[assume(e)]]`, `assert(e)`, `if
  /// (!e) abort();`): a fact on the accesses that follow it in its block.
  void conditionsAfter(const clang::Stmt *S, std::vector<Condition> &Out);
  /// The comparisons that hold when \p Cond is \p Holds (its conjuncts,
  /// through `!` and De Morgan), as far as they compare integers.
  void conditionsOf(const clang::Expr *Cond, bool Holds,
                    std::vector<Condition> &Out);

  /// Whether a load expression (`idx[i]`, `p->n`) reads only values that no
  /// work item changes (so it is the same in every work item), with no
  /// calls.
  bool loadSameInEveryWorkItem(const clang::Expr *E);
  /// Whether \p E computes its value from names and constants alone: no
  /// memory it reads through a subscript, a pointer or a member of a
  /// pointed-to object, no operator call of a class.
  bool computedFromNamesAlone(const clang::Expr *E) const;

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_VALUEFACTS_H
